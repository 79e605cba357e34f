import ChecklistKit
import Testing

struct FileLocationsTests {
    @Test func theFileOptionWins() {
        let file = FileLocations.dataFile(
            option: "/x/mine.plist", environment: ["CHECKLISTS_FILE": "/env.plist", "HOME": "/home/me"])
        #expect(file == "/x/mine.plist")
    }

    @Test func theEnvironmentVariableComesNext() {
        let file = FileLocations.dataFile(
            option: nil, environment: ["CHECKLISTS_FILE": "/env.plist", "XDG_DATA_HOME": "/data"])
        #expect(file == "/env.plist")
    }

    @Test func xdgDataHomeThenHome() {
        #expect(
            FileLocations.dataFile(option: nil, environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/me"])
                == "/data/checklists/Checklists.plist")
        #expect(
            FileLocations.dataFile(option: nil, environment: ["HOME": "/home/me"])
                == "/home/me/.local/share/checklists/Checklists.plist")
    }

    @Test func aRelativeXDGFolderIsIgnored() {
        #expect(
            FileLocations.dataFile(option: nil, environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"])
                == "/h/.local/share/checklists/Checklists.plist")
    }

    @Test func historyLivesInTheStateFolder() {
        #expect(
            FileLocations.historyFile(environment: ["XDG_STATE_HOME": "/state", "HOME": "/h"])
                == "/state/checklists/history")
        #expect(FileLocations.historyFile(environment: ["HOME": "/h"]) == "/h/.local/state/checklists/history")
    }
}
