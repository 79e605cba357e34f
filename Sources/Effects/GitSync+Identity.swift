import ChecklistKit

#if canImport(Glibc)
import Glibc
#endif

/// Who the commits `sync` makes are by, when git has no identity of its own: `checklists <USER@HOST>`.
extension GitSync {
    /// The `-c` options that give commits `checklists <USER@HOST>` when git has no identity.
    func identity(_ git: Git) throws -> [String] {
        var options: [String] = []
        if try !git.succeeds(["config", "user.name"]) { options += ["-c", "user.name=checklists"] }
        if try !git.succeeds(["config", "user.email"]) {
            let user = environment["USER"] ?? environment["LOGNAME"] ?? Self.userName
            options += ["-c", "user.email=\(user)@\(Self.hostName)"]
        }
        return options
    }

    /// The name of the user this process runs as (cron and services may not set `USER`).
    static var userName: String {
        guard let entry = getpwuid(getuid()), let name = entry.pointee.pw_name else { return "user" }
        return String(cString: name)
    }

    /// This machine's name.
    static var hostName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
