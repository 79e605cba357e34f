/// Where the program's files are looked for by default — the data file, the REPL history, the
/// reminders record, the undo journals, the CalDAV accounts and states — from options and the
/// environment (SPEC §2).
public enum FileLocations {
    /// The data file: `--file`, else `$CHECKLISTS_FILE`, else `$XDG_DATA_HOME/checklists/Checklists.plist`,
    /// else `~/.local/share/checklists/Checklists.plist`.
    public static func dataFile(option: String?, environment: [String: String]) -> String {
        if let option, !option.isEmpty { return option }
        if let file = environment["CHECKLISTS_FILE"], !file.isEmpty { return file }
        return base(environment, variable: "XDG_DATA_HOME", fallback: ".local/share") + "/checklists/Checklists.plist"
    }

    /// The REPL history file: `$XDG_STATE_HOME/checklists/history`, else `~/.local/state/checklists/history`.
    public static func historyFile(environment: [String: String]) -> String {
        base(environment, variable: "XDG_STATE_HOME", fallback: ".local/state") + "/checklists/history"
    }

    /// The record of fired reminders: `$XDG_STATE_HOME/checklists/reminders`, else
    /// `~/.local/state/checklists/reminders`.
    public static func remindersFile(environment: [String: String]) -> String {
        base(environment, variable: "XDG_STATE_HOME", fallback: ".local/state") + "/checklists/reminders"
    }

    /// The folder of undo journals: `$XDG_STATE_HOME/checklists/undo`, else `~/.local/state/checklists/undo`.
    public static func undoFolder(environment: [String: String]) -> String {
        base(environment, variable: "XDG_STATE_HOME", fallback: ".local/state") + "/checklists/undo"
    }

    /// The CalDAV accounts: `$XDG_CONFIG_HOME/checklists/caldav`, else `~/.config/checklists/caldav`.
    public static func calDAVAccountFolder(environment: [String: String]) -> String {
        base(environment, variable: "XDG_CONFIG_HOME", fallback: ".config") + "/checklists/caldav"
    }

    /// The CalDAV sync states: `$XDG_STATE_HOME/checklists/caldav`, else `~/.local/state/checklists/caldav`.
    public static func calDAVStateFolder(environment: [String: String]) -> String {
        base(environment, variable: "XDG_STATE_HOME", fallback: ".local/state") + "/checklists/caldav"
    }

    /// An XDG base folder; relative values are ignored as the XDG specification says.
    private static func base(_ environment: [String: String], variable: String, fallback: String) -> String {
        if let value = environment[variable], value.hasPrefix("/") { return value }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
        return home + "/" + fallback
    }
}
