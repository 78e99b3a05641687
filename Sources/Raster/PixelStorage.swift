#if canImport(Glibc)
import Glibc
#endif

/// Allocates the byte arrays behind bitmaps.
///
/// A 4096 × 4096 bitmap is 64 MiB: with 4 KiB pages that is 16,384 page faults on first
/// touch and as many TLB entries on every pass of the diff. Where the kernel grants
/// transparent huge pages only on request (`madvise` mode, the usual default), asking for
/// them before the first write makes allocation several times cheaper and lets the diff's
/// scan run at memory speed. Small bitmaps are left alone.
enum PixelStorage {
    /// Bitmaps smaller than this get no huge-page hint.
    static let hugePageThreshold = 4 << 20
    private static let hugePageSize = 2 << 20

    /// A byte array of `byteCount` bytes, every one of which `initializer` must write.
    static func make(byteCount: Int, _ initializer: (UnsafeMutableRawBufferPointer) -> Void) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initialized in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            adviseHugePages(raw)
            initializer(raw)
            initialized = byteCount
        }
    }

    /// A byte array of `byteCount` bytes that `initializer` fills, or an empty one when it
    /// returns false (a decode that failed part-way): the bytes it did not write are never
    /// touched, so a header claiming a gigabyte of pixels over a hundred bytes of data costs
    /// only the pages its rows reached, not a gigabyte of zeros.
    static func makeOrEmpty(byteCount: Int, _ initializer: (UnsafeMutableRawBufferPointer) -> Bool) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initialized in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            adviseHugePages(raw)
            initialized = initializer(raw) ? byteCount : 0
        }
    }

    /// Hints the kernel to back the 2 MiB-aligned middle of `buffer` with huge pages.
    /// A hint only: refusals are ignored.
    private static func adviseHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
        guard buffer.count >= hugePageThreshold, let base = buffer.baseAddress else { return }
        let start = (UInt(bitPattern: base) + UInt(hugePageSize - 1)) & ~UInt(hugePageSize - 1)
        let end = (UInt(bitPattern: base) + UInt(buffer.count)) & ~UInt(hugePageSize - 1)
        guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(pointer, Int(end - start), MADV_HUGEPAGE)
        #endif
    }
}
