import ChecklistKit
import Testing

/// Claims that let several watchers deliver each reminder once without holding a lock (SPEC §9).
struct ReminderClaimsTests {
    private let eggs = FiredReminders.Key(itemID: 1, due: 10, text: "Eggs")
    private let milk = FiredReminders.Key(itemID: 2, due: 10, text: "Milk")

    @Test func aClaimHoldsOffOtherWatchersUntilItExpires() {
        var claims = ReminderClaims()
        claims.claim([eggs], by: "first", until: 100)
        #expect(claims.held(byOthersThan: "second", at: 50) == [eggs])
        #expect(claims.held(byOthersThan: "first", at: 50).isEmpty)
        #expect(claims.nextExpiry(byOthersThan: "second", at: 50) == 100)
        // The claim of a watcher killed meanwhile: another takes the reminder over.
        #expect(claims.held(byOthersThan: "second", at: 100).isEmpty)
        #expect(claims.nextExpiry(byOthersThan: "second", at: 100) == nil)
        claims.removeSettled(at: 100, fired: FiredReminders())
        #expect(claims.claims.isEmpty)
    }

    @Test func aWatcherReleasesOnlyItsOwnClaims() {
        var claims = ReminderClaims()
        claims.claim([eggs], by: "first", until: 100)
        claims.claim([milk], by: "second", until: 100)
        claims.release([eggs, milk], by: "first")
        #expect(claims.claims.keys.sorted { $0.itemID < $1.itemID } == [milk])
    }

    @Test func aClaimOfAReminderThatFiredIsSettled() {
        var claims = ReminderClaims()
        claims.claim([eggs, milk], by: "first", until: 100)
        claims.removeSettled(at: 50, fired: FiredReminders([eggs]))
        #expect(Array(claims.claims.keys) == [milk])
    }
}
