/// Adler-32 (RFC 1950), the checksum at the end of a zlib stream, 32 bytes a step.
///
/// zlib 1.2.13's `adler32` adds one byte at a time; for the 50 MB of filtered rows of a
/// 4096 × 4096 diff image it was 7% of a whole `blueprint diff -o`. Over a block of K steps,
/// `a` gains the sum of the bytes and `b` gains `n·a` plus every byte weighted by how many
/// bytes follow it, counting itself: per lane, 32 × (the sums of the steps before) + (32 − lane)
/// × (the lane's sum). Lanes hold at most 255·K(K−1)/2 < 2³² for K = 128.
enum Adler32 {
    private static let modulus: UInt64 = 65521
    private static let steps = 128
    private static let weights: SIMD32<UInt32> = {
        var w = SIMD32<UInt32>()
        for lane in 0..<32 { w[lane] = UInt32(32 - lane) }
        return w
    }()

    /// The checksum of the bytes so far (`1` before any) extended by `count` more bytes.
    static func update(_ adler: UInt32, _ bytes: UnsafePointer<UInt8>, count: Int) -> UInt32 {
        var a = UInt64(adler & 0xFFFF), b = UInt64(adler >> 16)
        let raw = UnsafeRawPointer(bytes)
        var offset = 0
        while count - offset >= 32 {
            let k = min(steps, (count - offset) / 32)
            var sums = SIMD32<UInt32>(), before = SIMD32<UInt32>()
            for _ in 0..<k {
                before &+= sums
                sums &+= SIMD32<UInt32>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: offset, as: SIMD32<UInt8>.self))
                offset &+= 32
            }
            let n = UInt64(32 * k)
            b += n * a + 32 * UInt64(before.wrappedSum()) + UInt64((sums &* weights).wrappedSum())
            a += UInt64(sums.wrappedSum())
            a %= modulus
            b %= modulus
        }
        while offset < count {
            a += UInt64(bytes[offset])
            b += a
            offset += 1
        }
        return UInt32(b % modulus) << 16 | UInt32(a % modulus)
    }
}
