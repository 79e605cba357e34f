import Foundation

/// Makes a folder refuse new files, even for root.
///
/// The tests run as root in CI, where permission bits do not stop writes. For root the folder is
/// made immutable (`chattr +i`, the `FS_IMMUTABLE_FL` inode flag, which needs
/// `CAP_LINUX_IMMUTABLE` and an ext2/3/4, XFS or Btrfs file system); for anyone else it is made
/// read-only (`chmod 0500`). Tests that need this are skipped where neither works.
public enum Unwritable {
    /// Whether this machine can make a folder unwritable for this process.
    public static let isSupported: Bool = {
        guard let folder = try? TemporaryFolder() else { return false }
        guard make(folder.path) else { return false }
        defer { restore(folder.path) }
        return !FileManager.default.createFile(atPath: folder.file("probe"), contents: Data())
    }()

    /// Makes `folder` refuse new files; returns whether that worked.
    @discardableResult
    public static func make(_ folder: String) -> Bool {
        if getuid() != 0 { return chmod(folder, 0o500) == 0 }
        return chattr("+i", folder)
    }

    /// Undoes `make`.
    public static func restore(_ folder: String) {
        if getuid() != 0 {
            chmod(folder, 0o700)
        } else if FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr") {
            var info = stat()
            if stat(folder, &info) == 0 { _ = chattr("-i", folder) }
        }
    }

    private static func chattr(_ flag: String, _ path: String) -> Bool {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/chattr")
        process.arguments = [flag, path]
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return false
        }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
