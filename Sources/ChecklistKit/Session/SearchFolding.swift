/// Folds text for `find`: lower case, accents and other combining marks removed.
///
/// Without Foundation there is no public Unicode decomposition, so precomposed letters are
/// mapped to their base letter through their Unicode names ("LATIN SMALL LETTER E WITH
/// ACUTE" → "e"), and combining marks are dropped; the results are cached per scalar.
enum SearchFolding {
    /// The folded form of `text`, to compare with `contains`.
    static func key(_ text: String) -> String {
        var folded = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar.value < 0xC0 {
                folded.append(scalar)
            } else if let base = baseScalars[scalar] {
                folded.append(base)
            } else if !isMark(scalar) {
                folded.append(scalar)
            }
        }
        return String(folded)
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: true
        default: false
        }
    }

    /// Precomposed letters of the Latin, Greek and Cyrillic blocks mapped to their base letters.
    private static let baseScalars: [Unicode.Scalar: Unicode.Scalar] = {
        var byName: [String: Unicode.Scalar] = [:]
        let ranges: [ClosedRange<UInt32>] = [0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x370...0x4FF, 0x1E00...0x1FFF]
        for range in ranges {
            for value in range {
                if let scalar = Unicode.Scalar(value), let name = scalar.properties.name { byName[name] = scalar }
            }
        }
        var result: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (name, scalar) in byName {
            let words = name.split(separator: " ")
            guard let with = words.firstIndex(of: "WITH"), with > 0 else { continue }
            let baseName = words[..<with].joined(separator: " ")
            if let base = byName[baseName] {
                result[scalar] =
                    Unicode.Scalar(String(base).lowercased().unicodeScalars.first?.value ?? base.value)
                    ?? base
            }
        }
        return result
    }()
}
