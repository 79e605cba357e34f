import ChecklistKit

#if canImport(Glibc)
import Glibc
#endif

/// Finds the CalDAV password at each sync, never storing it: `$CHECKLISTS_CALDAV_PASSWORD`, else
/// the user's `~/.netrc` entry for the host, else the Secret Service through `secret-tool`.
enum CalDAVPassword {
    /// The password for `user` on `host`, if one is found.
    static func find(host: String, user: String?, environment: [String: String]) -> String? {
        if let password = environment["CHECKLISTS_CALDAV_PASSWORD"], !password.isEmpty { return password }
        if let home = environment["HOME"], let password = netrc(home + "/.netrc", host: host, user: user) {
            return password
        }
        guard let user, ChildProcess.isAvailable("secret-tool", path: environment["PATH"]),
            let found = try? ChildProcess.run(
                "secret-tool", ["lookup", "service", "checklists", "host", host, "user", user], environment: environment
            ),
            found.succeeded, !found.output.isEmpty
        else { return nil }
        return found.outputText
    }

    /// The password of the `machine HOST` entry of a netrc file (with `login USER` when given).
    static func netrc(_ path: String, host: String, user: String?) -> String? {
        guard let bytes = StateFile.read(path) else { return nil }
        let words = String(decoding: bytes, as: UTF8.self).split { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
            .map(String.init)
        var index = 0
        var machine: String?
        var login: String?
        var password: String?
        func finish() -> String? {
            guard machine == host || machine == "default", user == nil || login == nil || login == user else {
                return nil
            }
            return password
        }
        while index < words.count {
            let word = words[index]
            let value = index + 1 < words.count ? words[index + 1] : nil
            switch word {
            case "machine", "default":
                if let found = finish() { return found }
                machine = word == "default" ? "default" : value
                login = nil
                password = nil
                index += word == "default" ? 1 : 2
            case "login":
                login = value
                index += 2
            case "password":
                password = value
                index += 2
            default:
                index += 1
            }
        }
        return finish()
    }
}
