import CSystemShims
import ChecklistKit

#if canImport(Glibc)
import Glibc
#endif

/// Sets the C library's allocator up for a process that builds megabyte-sized buffers on every save.
///
/// Loading and saving a data file of a few megabytes touches several times its size in fresh
/// heap memory; each 4 KiB page touched for the first time is a page fault. At 10,000 items a
/// one-shot change touched 2.7 MB of heap, 677 faults and 0.8 ms. Most of the pages the change
/// will touch are asked for at once instead (`MADV_POPULATE_WRITE`), which the kernel fills in one
/// call. Both settings are hints: where the kernel or the C library lacks them, nothing changes
/// but the speed.
///
/// Transparent huge pages, which this used before, are not used: a virtual machine whose host
/// takes back freed memory (virtio-balloon's free page reporting, as on Firecracker) hands out
/// huge pages the host must fault in again, and zeroing one then took 3.5 ms instead of 0.2 ms, in
/// a quarter to a third of the runs (`clear_page_erms` in perf's samples of the slow runs).
enum AllocatorSetup {
    /// Files smaller than this load and save in too little memory for the reservation to pay.
    private static let reservationThreshold = 512 << 10

    /// `MADV_POPULATE_WRITE` (Linux 5.14); older kernels refuse it with `EINVAL`, and nothing else changes.
    private static let populateWrite: Int32 = 23

    /// Keeps freed buffers for reuse, and reserves heap for a data file of `fileSize` bytes with the
    /// pages a one-shot change touches already in place; does nothing when `tuning` leaves the
    /// allocator alone (the save-path timings).
    static func prepare(fileSize: Int, tuning: SaveTuning = .current) {
        #if canImport(Glibc)
        guard tuning.setsUpAllocator else { return }
        // Without these, glibc hands each save's buffers back to the kernel and the next save
        // faults them in again, which cost about as much as the encoding itself in batch mode:
        // big buffers come from the heap, which keeps what is freed. (mallopt is in <malloc.h>,
        // which Swift's Glibc module leaves out; it comes from CSystemShims.)
        let fromHeap = csystem_mallopt(M_MMAP_THRESHOLD, 256 << 20) == 1
        _ = csystem_mallopt(M_TRIM_THRESHOLD, 1 << 30)
        // A C library that refuses the threshold would map the reservation apart and unmap it
        // when it is freed: nothing would be left to fill in.
        guard fromHeap, fileSize >= reservationThreshold else { return }
        // Grow the heap once by about what a load and a save use (the file read, the model, the
        // encoder's tables and the new file) and hand the block back to the heap: later allocations
        // are carved from it, the file read first. A one-shot change touches 1.33 (`add`, `check`,
        // `show`) to 1.5 (`delete`, a file just copied in) times the file's size of it (the read,
        // the decoded checklist, the new objects); 4/3 is filled in now. A page filled in and not
        // used cost 2.5 µs here, one used and not filled in a fault, 1 µs more than filling it.
        // At most 192 MiB: larger blocks would come from mmap (M_MMAP_THRESHOLD), not the heap.
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let reserve = min(fileSize, 24 << 20) * 8
        guard page > 0, let block = malloc(reserve) else { return }
        let address = Int(bitPattern: block)
        let start = (address + page - 1) & ~(page - 1)
        let end = min(address + reserve, start + 4 * fileSize / 3) & ~(page - 1)
        if end > start, let first = UnsafeMutableRawPointer(bitPattern: start) {
            _ = csystem_madvise(first, end - start, populateWrite)
        }
        free(block)
        #endif
    }
}
