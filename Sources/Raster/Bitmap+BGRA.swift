extension Bitmap {
    /// Creates an opaque bitmap from pixels stored blue, green, red and one unused byte —
    /// cairo's `RGB24` image surface on a little-endian machine.
    ///
    /// - Parameters:
    ///   - width: the width in pixels.
    ///   - height: the height in pixels.
    ///   - stride: the bytes from one row to the next, at least `width * 4`.
    ///   - pixels: at least `stride * height` bytes.
    /// - Throws: `RasterError.invalidPixelBuffer` when the buffer is too short for the size.
    /// - Complexity: O(width × height).
    public init(width: Int, height: Int, stride: Int, opaqueBGRX pixels: UnsafeRawBufferPointer) throws {
        guard width >= 0, height >= 0, stride >= width * 4, pixels.count >= stride * height else {
            throw RasterError.invalidPixelBuffer(width: width, height: height, byteCount: pixels.count)
        }
        self.init(width: width, height: height) { out in
            let target = out.bindMemory(to: UInt32.self)
            for y in 0..<height {
                let row = pixels.baseAddress! + y * stride
                let base = y * width
                for x in 0..<width {
                    let v = UInt32(littleEndian: row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self))
                    // v = 0xXXRRGGBB; RGBA in memory order is 0xFFBBGGRR as a little-endian word.
                    let r = (v >> 16) & 0xFF, g = (v >> 8) & 0xFF, b = v & 0xFF
                    target[base + x] = UInt32(littleEndian: 0xFF00_0000 | (b << 16) | (g << 8) | r)
                }
            }
        }
    }
}
