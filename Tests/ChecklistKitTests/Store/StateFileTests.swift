import TestSupport
import Testing

@testable import ChecklistKit

/// `StateFile`: the files a data file keeps beside it in the state folder, named after it.
struct StateFileTests {
    @Test func aNameIsTheFNV1aHashOfThePathInLowercaseHex() {
        // The published FNV-1a 64-bit test vectors.
        #expect(StateFile.name(for: "") == "cbf29ce484222325")
        #expect(StateFile.name(for: "a") == "af63dc4c8601ec8c")
        #expect(StateFile.name(for: "foobar") == "85944171f73967e8")
    }

    @Test func namesAreThoseEarlierReleasesGaveTheirJournals() {
        // Written as `String(hash, radix: 16)` did: no leading zeros, so a hash below 2^60 has
        // fewer than 16 digits. Journals and state files already on disk keep their names.
        var generator = SplitMix64(seed: 23)
        var shorter = 0
        for _ in 0..<5_000 {
            let path = "/home/u/" + String(generator.next() % 1_000_000_007) + "/Checklists.plist"
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
            #expect(StateFile.name(for: path) == String(hash, radix: 16))
            if hash >> 60 == 0 { shorter += 1 }
        }
        #expect(shorter > 0, "some hash had a leading zero digit")
    }
}
