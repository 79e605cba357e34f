#if canImport(Glibc)
import Glibc
#endif

/// Looks up C library functions that Swift's Glibc module leaves out (their headers need
/// `_GNU_SOURCE`, or are not part of the module), such as `sync_file_range` and `mallopt`.
package enum CLibraryFunction {
    /// The function called `name` in the loaded libraries as the C function type `F`; nil when absent.
    package static func named<F>(_ name: String, as type: F.Type) -> F? {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, name) else { return nil }
        return unsafeBitCast(symbol, to: type)
        #else
        return nil
        #endif
    }
}
