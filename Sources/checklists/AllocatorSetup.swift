import CSystemShims
import ChecklistKit

#if canImport(Glibc)
import Glibc
#endif

/// Sets the C library's allocator up for a process that builds megabyte-sized buffers on every save.
///
/// Loading and saving a data file of a few megabytes touches several times its size in fresh
/// heap memory; each 4 KiB page touched for the first time is a page fault. At 10,000 items that
/// was about 1,700 faults and 2 ms of a 17 ms one-shot change. Backing the heap with transparent
/// huge pages makes one fault serve 2 MiB. Both settings are hints: where the kernel or the C
/// library lacks them, nothing changes but the speed.
enum AllocatorSetup {
    /// The size of a transparent huge page on x86_64 and on arm64 with 4 KiB pages. With 64 KiB
    /// pages (512 MiB huge pages) the reservation holds no whole huge page: the advice does nothing.
    private static let hugePage = 2 << 20

    /// Files smaller than this load and save in too little memory for huge pages to pay.
    private static let hugePageThreshold = 512 << 10

    /// Keeps freed buffers for reuse, and reserves huge-page-backed heap for a data file of `fileSize`
    /// bytes; does nothing when `tuning` leaves the allocator alone (the save-path timings).
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
        // when it is freed: nothing would be left to advise.
        guard fromHeap, fileSize >= hugePageThreshold else { return }
        // Grow the heap once by about what a load and a save use (the file read, the model, the
        // encoder's tables and the new file), hand the block back to the heap, and ask for huge
        // pages on it: later allocations are carved from it.
        // At most 192 MiB: larger blocks would come from mmap (M_MMAP_THRESHOLD), not the heap.
        let reserve = min(fileSize, 24 << 20) * 8 + 2 * hugePage
        guard let block = malloc(reserve) else { return }
        let address = Int(bitPattern: block)
        let start = (address + hugePage - 1) & ~(hugePage - 1)
        let end = (address + reserve) & ~(hugePage - 1)
        // The heap starts at a random address (ASLR), so the block's part below the first huge page
        // boundary is 0 to 2 MiB of ordinary pages, and the next allocation, the file read, would
        // start there: on average 220 of its pages faulted one by one (perf: 54 to 148 and more
        // faults from run to run, about 1 ms). That part stays allocated, never touched: shrinking
        // the block in place hands the rest back, so the next allocation starts at the boundary.
        // glibc's chunk header is 8 bytes, the chunk rounded to 16: asking for `start - address - 8`
        // bytes keeps exactly `start - address`. Elsewhere it is only less exact.
        let kept = start - address - 8
        if kept >= 24 {
            _ = realloc(block, kept)
        } else {
            free(block)
        }
        if end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) {
            _ = csystem_madvise(aligned, end - start, MADV_HUGEPAGE)
        }
        #endif
    }
}
