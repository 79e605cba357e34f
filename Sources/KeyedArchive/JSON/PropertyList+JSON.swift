extension PropertyList {
    /// The canonical JSON tree of `../shared/fixtures/README.md`: the raw property list as Python's plistlib reads it.
    ///
    /// dict → object, array → array, string → string, integer → number, bool → true/false,
    /// real → `{"real": "<Python repr>"}`, date → `{"date": "…Z"}`, data → `{"data": "<base64>"}`,
    /// UID → `{"uid": n}`.
    public var canonicalJSON: JSONValue {
        switch self {
        case .dictionary(let dictionary):
            .object(zip(dictionary.keys, dictionary.values).map { (key: $0, value: $1.canonicalJSON) })
        case .array(let elements): .array(elements.map(\.canonicalJSON))
        case .string(let string): .string(string)
        case .integer(let integer): .number(String(integer))
        case .unsignedInteger(let integer): .number(String(integer))
        case .real(let real): .object([(key: "real", value: .string(Self.pythonRepr(real)))])
        case .bool(let bool): .bool(bool)
        case .date(let seconds):
            .object([(key: "date", value: .string(CivilTime.iso8601Microseconds(referenceSeconds: seconds)))])
        case .data(let bytes): .object([(key: "data", value: .string(Base64.encode(bytes)))])
        case .uid(let uid): .object([(key: "uid", value: .number(String(uid)))])
        }
    }

    /// Formats a double as Python's `repr` does: shortest round-trip digits, fixed notation
    /// for decimal exponents from -4 to 15, scientific with a two-digit exponent otherwise.
    public static func pythonRepr(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        // Swift's description gives the same shortest digits; only the layout differs.
        var text = Substring(value.description)
        let negative = text.hasPrefix("-")
        if negative { text = text.dropFirst() }
        var exponent = 0
        if let mark = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: mark)...]) ?? 0
            text = text[..<mark]
        }
        let point = text.firstIndex(of: ".") ?? text.endIndex
        let integerDigits = text[..<point]
        let fractionDigits = point < text.endIndex ? text[text.index(after: point)...] : ""
        var digits = Array(integerDigits + fractionDigits)
        var pointPosition = integerDigits.count + exponent
        while digits.count > 1, digits.first == "0" {
            digits.removeFirst()
            pointPosition -= 1
        }
        while digits.count > 1, digits.last == "0" { digits.removeLast() }
        let sign = negative ? "-" : ""
        if digits == ["0"] { return sign + "0.0" }
        let scientificExponent = pointPosition - 1
        if scientificExponent >= -4 && scientificExponent < 16 {
            if pointPosition <= 0 {
                return sign + "0." + String(repeating: "0", count: -pointPosition) + String(digits)
            }
            if pointPosition >= digits.count {
                return sign + String(digits) + String(repeating: "0", count: pointPosition - digits.count) + ".0"
            }
            return sign + String(digits[..<pointPosition]) + "." + String(digits[pointPosition...])
        }
        let mantissa = digits.count > 1 ? String(digits[0]) + "." + String(digits[1...]) : String(digits[0])
        let magnitude = abs(scientificExponent)
        let exponentText = (magnitude < 10 ? "0" : "") + String(magnitude)
        return sign + mantissa + "e" + (scientificExponent < 0 ? "-" : "+") + exponentText
    }
}
