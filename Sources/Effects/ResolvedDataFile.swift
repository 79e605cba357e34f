#if canImport(Glibc)
import Glibc
#endif

/// The data file as it really is on disk, for git: its absolute path with symbolic links followed,
/// its folder and its name (where the program looks for it is `FileLocations`).
struct ResolvedDataFile {
    /// The absolute path of the data file (the target, when it is a symbolic link).
    let path: String
    /// The folder holding it.
    let folder: String
    /// Its name in that folder.
    let name: String

    /// Locates `path`, following symbolic links to the real file (or folder, while the file is missing).
    init(path: String) throws(SyncError) {
        var absolute = path
        if let real = realpath(path, nil) {
            absolute = String(cString: real)
            free(real)
        } else if !path.hasPrefix("/"), let current = getcwd(nil, 0) {
            absolute = String(cString: current) + "/" + path
            free(current)
        }
        let slash = absolute.lastIndex(of: "/") ?? absolute.startIndex
        var folder = String(absolute[..<slash])
        name = String(absolute[absolute.index(after: slash)...])
        if let real = realpath(folder.isEmpty ? "/" : folder, nil) {
            folder = String(cString: real)
            free(real)
        } else {
            throw .gitFailed(step: "setup", detail: "\(folder): \(String(cString: strerror(errno)))")
        }
        self.folder = folder
        self.path = (folder == "/" ? "" : folder) + "/" + name
    }
}
