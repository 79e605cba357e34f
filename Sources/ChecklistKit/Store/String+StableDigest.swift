extension String {
    /// A short digest of the text that is the same on every machine and in every version (FNV-1a,
    /// 64 bits, in hex): for naming files after paths and marking versions, not for secrets.
    public var stableDigest: String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        // The digits of `String(hash, radix: 16)`, written out: that initializer is generic and, not
        // specialized here, looked its types up by name at every one-shot change.
        var digits: [UInt8] = []
        repeat {
            let digit = UInt8(truncatingIfNeeded: hash & 0xF)
            digits.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
            hash >>= 4
        } while hash != 0
        digits.reverse()
        return String(decoding: digits, as: UTF8.self)
    }
}
