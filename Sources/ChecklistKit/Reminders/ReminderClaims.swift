/// Reminders being delivered, each claimed by one watcher until a time (SPEC §9: several watchers
/// on one file fire each reminder once).
///
/// A watcher claims what is due under the record's lock, releases the lock, delivers, and under the
/// lock again turns its claims into fired reminders, or drops those whose delivery failed so that
/// they are tried again. Other watchers leave a claimed reminder alone while the claim holds; the
/// claim of a watcher that was killed meanwhile expires, and another watcher takes the reminder over.
public struct ReminderClaims: Sendable, Equatable {
    /// One claim: who holds it, and until when.
    public struct Claim: Sendable, Equatable {
        /// The watcher that claimed it (unique to one process).
        public var claimant: String
        /// When the claim expires, in seconds since 2001.
        public var expires: Double

        /// A claim of `claimant` until `expires`.
        public init(claimant: String, expires: Double) {
            self.claimant = claimant
            self.expires = expires
        }
    }

    /// The claims, by the reminder claimed.
    public private(set) var claims: [FiredReminders.Key: Claim]

    /// The claims `claims`.
    public init(_ claims: [FiredReminders.Key: Claim] = [:]) {
        self.claims = claims
    }

    /// The reminders that watchers other than `claimant` hold at `now`.
    public func held(byOthersThan claimant: String, at now: Double) -> Set<FiredReminders.Key> {
        Set(claims.filter { $0.value.claimant != claimant && $0.value.expires > now }.keys)
    }

    /// When the first claim that a watcher other than `claimant` holds at `now` expires, if any.
    public func nextExpiry(byOthersThan claimant: String, at now: Double) -> Double? {
        claims.values.filter { $0.claimant != claimant && $0.expires > now }.map(\.expires).min()
    }

    /// Claims `keys` for `claimant` until `expires`.
    public mutating func claim(_ keys: [FiredReminders.Key], by claimant: String, until expires: Double) {
        for key in keys { claims[key] = Claim(claimant: claimant, expires: expires) }
    }

    /// Drops the claims of `keys` that `claimant` holds (one taken over by another watcher stays).
    public mutating func release(_ keys: [FiredReminders.Key], by claimant: String) {
        for key in keys where claims[key]?.claimant == claimant { claims[key] = nil }
    }

    /// Drops the claims that expired by `now`, and those of reminders that `fired` holds.
    public mutating func removeSettled(at now: Double, fired: FiredReminders) {
        claims = claims.filter { $0.value.expires > now && !fired.contains($0.key) }
    }
}
