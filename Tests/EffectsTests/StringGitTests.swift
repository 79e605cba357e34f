import Testing

@testable import Effects

struct StringGitTests {
    @Test func aPathStandsInsideDoubleQuotesForTheShell() {
        #expect("/usr/bin/checklists".shellEscapedInDoubleQuotes == "/usr/bin/checklists")
        #expect(#"/a "b"/$c/`d`/e\f"#.shellEscapedInDoubleQuotes == #"/a \"b\"/\$c/\`d\`/e\\f"#)
    }

    @Test func aPathBecomesAPatternMatchingOnlyItself() {
        #expect("Checklists.plist".gitPattern == "Checklists.plist")
        #expect("my lists/a*b?[c].plist".gitPattern == "my[ ]lists/a[*]b[?][[]c[]].plist")
        #expect("#x!".gitPattern == "#x!")
    }

    @Test func aPatternOfAPathGivesThePathBack() {
        for path in ["Checklists.plist", "my lists/a*b?[c].plist", #"back\slash"#, "#x!"] {
            #expect(path.gitPattern.gitPatternPath == path)
        }
        #expect("*.plist".gitPatternPath == nil)
        #expect("a[bc]".gitPatternPath == nil)
    }

    @Test func newlinesAroundTextAreTrimmed() {
        #expect("\n\nfatal: gone\n".trimmingNewlines == "fatal: gone")
        #expect("".trimmingNewlines == "")
    }
}
