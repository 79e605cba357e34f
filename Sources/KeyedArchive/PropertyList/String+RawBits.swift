extension String {
    /// The two words of the `String` value itself: equal bits mean an equal string while one of
    /// them is alive (its storage, if any, cannot be reused meanwhile); unequal bits prove nothing.
    ///
    /// Caches compare these instead of bytes for the literal keys and names decoders pass.
    var rawBits: (UInt64, UInt64) {
        unsafeBitCast(self, to: (UInt64, UInt64).self)
    }
}
