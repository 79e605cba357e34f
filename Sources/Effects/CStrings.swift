#if canImport(Glibc)
import Glibc
#endif

/// A NULL-terminated array of C strings (`argv`, `envp`), alive for as long as this value.
final class CStrings {
    private let pointers: [UnsafeMutablePointer<CChar>?]

    /// Copies `strings` into C memory.
    init(_ strings: [String]) {
        pointers = strings.map { strdup($0) } + [nil]
    }

    deinit {
        for pointer in pointers { free(pointer) }
    }

    /// Calls `body` with the array's address.
    func withPointers<Result>(_ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result) -> Result {
        pointers.withUnsafeBufferPointer { buffer in
            // The array ends in nil, so it is never empty.
            body(buffer.baseAddress ?? UnsafePointer(bitPattern: 1).unsafelyUnwrapped)
        }
    }
}
