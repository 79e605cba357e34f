#if SAVE_TUNING_SWITCH && canImport(Glibc)
import Glibc
#endif

/// The save path's mechanisms, each one switchable, with what it was measured to save
/// (Benchmarks/RESULTS.md, "The save path, mechanism by mechanism": a one-shot `toggle` and a
/// batch change, each on a 10,000-item file).
///
/// Production always uses `standard`, every mechanism on. Only a build made to time them
/// (`swift build -c release -Xswiftc -DSAVE_TUNING_SWITCH`; RESULTS.md says how they were timed)
/// reads the environment variable `CHECKLISTS_SAVE_TUNING` to switch them (see `init(switches:)`).
public struct SaveTuning: Equatable, Sendable {
    /// The allocator keeps freed buffers and reserves heap before loading, with the pages a
    /// one-shot change touches filled in at once (`mallopt`, `madvise(MADV_POPULATE_WRITE)`; done
    /// by the executable's `AllocatorSetup`): saves 23 % of a one-shot change, nothing measurable
    /// in a batch.
    public var setsUpAllocator: Bool
    /// The new file is written in 512 KiB pieces while the rest is encoded, instead of encoded
    /// whole, then written; what the next field needs (measured with it, not alone).
    public var streamsPieces: Bool
    /// Each piece starts on its way to the disk as soon as it is written (`sync_file_range`), so
    /// the fsync waits for the last one only: 3–4 % of a one-shot change, 7–12 % of a batch change
    /// alone, 17–22 % with the next one.
    public var startsWriteback: Bool
    /// The file being replaced is held open across the rename and closed on another thread, which
    /// moves the freeing of its pages off the save: nothing in a one-shot change, 5–11 % of a batch
    /// change alone, 17–22 % with the one before.
    public var closesReplacedInBackground: Bool

    /// Every mechanism on: what the program ships with.
    public static let standard = SaveTuning(
        setsUpAllocator: true, streamsPieces: true, startsWriteback: true, closesReplacedInBackground: true)

    /// How many bytes of the new file are written at a time while it is encoded.
    public var pieceSize: Int { streamsPieces ? 512 << 10 : 1 << 40 }

    /// A tuning with each mechanism as given.
    public init(setsUpAllocator: Bool, streamsPieces: Bool, startsWriteback: Bool, closesReplacedInBackground: Bool) {
        self.setsUpAllocator = setsUpAllocator
        self.streamsPieces = streamsPieces
        self.startsWriteback = startsWriteback
        self.closesReplacedInBackground = closesReplacedInBackground
    }

    /// The mechanisms named in `switches`, a comma-separated list of `allocator`, `pieces`,
    /// `writeback` and `close`, on, and every other one off (the empty list: the plain path, the
    /// whole file encoded, then written, fsynced and renamed, and the folder fsynced); nil when a
    /// name is none of these.
    public init?(switches: String) {
        let names = Set(switches.split(separator: ",").map(String.init))
        guard names.isSubset(of: ["allocator", "pieces", "writeback", "close"]) else { return nil }
        self.init(
            setsUpAllocator: names.contains("allocator"), streamsPieces: names.contains("pieces"),
            startsWriteback: names.contains("writeback"), closesReplacedInBackground: names.contains("close"))
    }

    /// The tuning of this process: `standard`, unless this is a build for the save-path timings
    /// and `CHECKLISTS_SAVE_TUNING` names the mechanisms to use.
    public static let current: SaveTuning = {
        #if SAVE_TUNING_SWITCH && canImport(Glibc)
        if let value = getenv("CHECKLISTS_SAVE_TUNING"), let tuning = SaveTuning(switches: String(cString: value)) {
            return tuning
        }
        #endif
        return standard
    }()
}
