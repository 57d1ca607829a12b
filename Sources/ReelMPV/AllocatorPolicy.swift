import Foundation

/// The C allocator's policy for the process, set once when the first engine is created (#14).
///
/// glibc raises its mmap threshold to the largest block freed so far (up to 32 MiB), and its trim
/// threshold to twice that. A playing engine allocates and frees blocks of several MiB, so from
/// then on they come from the heap of whichever arena the allocating thread uses, and once freed
/// stay there as the arena's top chunk: below the raised trim threshold, and out of reach of
/// `malloc_trim`, which only trims the main arena's top. Measured on 2 cores (16 arenas): each
/// arena came to hold 10–11 MiB resident with a few KiB in use, 170 MiB resident where 97
/// suffice, growing by 16 MiB over 100 engines created and destroyed.
///
/// A fixed threshold of 4 MiB sends blocks that large to `mmap`, which returns them to the
/// system when freed, and stops the dynamic adjustment. Decoded 1080p frames (3 MiB) stay on
/// the heap, so playback does not map and unmap per frame. The trim threshold is set back to
/// glibc's 128 KiB default, in case an earlier free had already raised it. A process that chose its own
/// policy (`GLIBC_TUNABLES`, `MALLOC_MMAP_THRESHOLD_`) keeps it.
enum AllocatorPolicy {
    /// The threshold, in bytes, at and above which glibc serves an allocation with `mmap`.
    static let mmapThreshold: Int32 = 4 << 20

    /// The free space, in bytes, at the top of an arena above which glibc returns it.
    static let trimThreshold: Int32 = 128 << 10

    /// Applies the policy the first time it is read; true when it was applied.
    static let applied: Bool = {
        let environment = ProcessInfo.processInfo.environment
        guard environment["GLIBC_TUNABLES"] == nil, environment["MALLOC_MMAP_THRESHOLD_"] == nil,
            let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt")
        else { return false }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        let mmapThresholdParameter: Int32 = -3  // M_MMAP_THRESHOLD in <malloc.h>
        let trimThresholdParameter: Int32 = -1  // M_TRIM_THRESHOLD
        return mallopt(mmapThresholdParameter, mmapThreshold) == 1
            && mallopt(trimThresholdParameter, trimThreshold) == 1
    }()
}
