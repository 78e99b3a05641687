import CPNG

/// Writes PNG streams through libpng's classic write API, via `cpng_encode` in CPNG's shim
/// (which keeps libpng's setjmp/longjmp inside C).
enum PNGEncoder {
    /// Encodes a bitmap.
    ///
    /// Fully opaque bitmaps are written as RGB (a quarter less data to filter and compress);
    /// others as RGBA.
    ///
    /// - Throws: `RasterError.emptyImage` for a bitmap without pixels, `.encodingFailed`
    ///   with libpng's message.
    static func encode(_ bitmap: Bitmap, compression: PNGCompression) throws -> [UInt8] {
        guard bitmap.width > 0, bitmap.height > 0 else {
            throw RasterError.emptyImage(width: bitmap.width, height: bitmap.height)
        }
        let keepAlpha = !bitmap.isOpaque
        var buffer = cpng_buffer()
        defer { cpng_buffer_free(&buffer) }
        var message = [CChar](repeating: 0, count: 256)
        // A generous first guess avoids most regrowth: a UI image compresses to well under a
        // quarter of its raw size.
        let guess = max(bitmap.pixelCount, 4096)
        let status = bitmap.withUnsafeBytes { raw in
            cpng_encode(raw.baseAddress!.assumingMemoryBound(to: UInt8.self),
                        png_uint_32(bitmap.width), png_uint_32(bitmap.height),
                        keepAlpha ? 1 : 0, 0, Int32(compression.level), Int32(compression.filters.rawValue),
                        Int32(compression.strategy.rawValue),
                        guess, &buffer, &message, message.count)
        }
        guard status == 0 else {
            let end = message.firstIndex(of: 0) ?? message.count
            throw RasterError.encodingFailed(message: String(decoding: message[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return [UInt8](UnsafeRawBufferPointer(start: buffer.data, count: buffer.size))
    }

    /// Encodes opaque pixels stored blue, green, red, then an ignored fourth byte per pixel,
    /// rows `stride` bytes apart, as an RGB PNG without converting them first.
    static func encodeOpaqueBGRX(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int,
                                 compression: PNGCompression) throws -> [UInt8] {
        guard width > 0, height > 0 else {
            throw RasterError.emptyImage(width: width, height: height)
        }
        guard pixels.count >= width * height * 4 else {
            throw RasterError.invalidPixelBuffer(width: width, height: height, byteCount: pixels.count)
        }
        var buffer = cpng_buffer()
        defer { cpng_buffer_free(&buffer) }
        var message = [CChar](repeating: 0, count: 256)
        let status = cpng_encode(pixels.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                 png_uint_32(width), png_uint_32(height), 0, 1,
                                 Int32(compression.level), Int32(compression.filters.rawValue),
                                 Int32(compression.strategy.rawValue),
                                 max(width * height, 4096), &buffer, &message, message.count)
        guard status == 0 else {
            let end = message.firstIndex(of: 0) ?? message.count
            throw RasterError.encodingFailed(message: String(decoding: message[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return [UInt8](UnsafeRawBufferPointer(start: buffer.data, count: buffer.size))
    }

    /// Encodes an image whose rows `row(y)` hands over one at a time, in order (`width * 4`
    /// bytes of RGBA, valid until the next call): the same stream `encode` writes for the same
    /// pixels, without the whole image in memory.
    ///
    /// - Parameter keepAlpha: write RGBA (true) or RGB, dropping every fourth byte (false).
    static func encode(width: Int, height: Int, keepAlpha: Bool, compression: PNGCompression,
                       row: (Int) -> UnsafePointer<UInt8>) throws -> [UInt8] {
        guard width > 0, height > 0 else {
            throw RasterError.emptyImage(width: width, height: height)
        }
        var buffer = cpng_buffer()
        defer { cpng_buffer_free(&buffer) }
        var message = [CChar](repeating: 0, count: 256)
        let status = withoutActuallyEscaping(row) { row in
            let source = RowSource(row: row)
            return withExtendedLifetime(source) {
                cpng_encode_rows({ context, y in
                    Unmanaged<RowSource>.fromOpaque(context!).takeUnretainedValue().row(Int(y))
                }, Unmanaged.passUnretained(source).toOpaque(), png_uint_32(width), png_uint_32(height),
                keepAlpha ? 1 : 0, 0, Int32(compression.level), Int32(compression.filters.rawValue),
                Int32(compression.strategy.rawValue), max(width * height, 4096), &buffer, &message, message.count)
            }
        }
        guard status == 0 else {
            let end = message.firstIndex(of: 0) ?? message.count
            throw RasterError.encodingFailed(message: String(decoding: message[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return [UInt8](UnsafeRawBufferPointer(start: buffer.data, count: buffer.size))
    }
}

/// Carries a Swift closure through libpng's C row callback.
private final class RowSource {
    let row: (Int) -> UnsafePointer<UInt8>
    init(row: @escaping (Int) -> UnsafePointer<UInt8>) { self.row = row }
}
