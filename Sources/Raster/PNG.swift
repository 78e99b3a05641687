import BlueprintSupport

/// PNG files in and out: decode to a `Bitmap`, encode a `Bitmap`, atomically.
///
/// ```swift
/// let expected = try PNG.read(path: "goldens/login.png")
/// try PNG.write(actual, to: "artifacts/login.png", compression: .fast)
/// ```
public enum PNG {
    /// The default largest image `read` and `decode` accept: 16384 × 16384 pixels
    /// (268,435,456 pixels, 1 GiB of RGBA). A header claiming more is refused before any
    /// pixel memory is allocated, so a tiny file cannot make the process allocate gigabytes.
    public static let defaultMaximumPixelCount = 16384 * 16384

    /// The longest side `read` and `decode` accept, whatever the pixel count: 1,000,000
    /// pixels, libpng's own limit on a width or a height (`PNG_USER_WIDTH_MAX`,
    /// `PNG_USER_HEIGHT_MAX`). A longer side is refused before any pixel is read.
    public static let maximumSide = 1_000_000

    /// Decodes a PNG stream of any flavour to 8-bit RGBA.
    ///
    /// - Parameters:
    ///   - data: the bytes of the PNG file.
    ///   - maximumPixelCount: refuse images with more pixels than this (see `defaultMaximumPixelCount`).
    /// - Returns: the image.
    /// - Throws: `RasterError.emptyFile`, `.unreadablePNG` (with libpng's message), `.imageTooLarge`,
    ///   `.sideTooLong`.
    /// - Complexity: O(width × height).
    public static func decode(_ data: [UInt8], maximumPixelCount: Int = defaultMaximumPixelCount) throws -> Bitmap {
        try data.withUnsafeBytes { try PNGDecoder.decode($0, path: nil, maximumPixelCount: maximumPixelCount) }
    }

    /// Reads and decodes a PNG file.
    ///
    /// - Parameters:
    ///   - path: the file.
    ///   - maximumPixelCount: refuse images with more pixels than this (see `defaultMaximumPixelCount`).
    /// - Returns: the image.
    /// - Throws: `RasterError.io` when the file cannot be read, and the errors of `decode`, naming the file.
    public static func read(path: String, maximumPixelCount: Int = defaultMaximumPixelCount) throws -> Bitmap {
        try readWithSize(path: path, maximumPixelCount: maximumPixelCount, regularOnly: false).image
    }

    /// ``read(path:maximumPixelCount:)`` with the size of the whole image, as the header it
    /// decoded says. `regularOnly` refuses a pipe, a socket or a device before it is opened
    /// (opening a named pipe waits for a writer for ever); `standardInput` reads standard
    /// input instead, and names it `path` in errors; `keep`: only this top-left part of the
    /// image is returned (see `PNGDecoder.decode`).
    package static func readWithSize(path: String, maximumPixelCount: Int = defaultMaximumPixelCount, regularOnly: Bool,
                                     standardInput: Bool = false, keep: PixelSize? = nil) throws -> (image: Bitmap, size: PixelSize) {
        let data: [UInt8]
        // A file that is not a PNG is read no further than its first bytes, and one that is
        // no further than the largest such image could take (16-bit RGBA stored uncompressed).
        do {
            let (largest, overflow) = maximumPixelCount.multipliedReportingOverflow(by: 8)
            let limit = overflow ? .max : largest.addingReportingOverflow(64 << 20).overflow ? .max : largest + (64 << 20)
            data = try FileIO.read(standardInput ? "/dev/stdin" : path, limit: limit,
                                   signature: PNGDecoder.signature, regularOnly: regularOnly && !standardInput)
        } catch {
            throw RasterError.io(path: path, operation: error.operation, reason: error.reason)
        }
        return try data.withUnsafeBytes { raw in
            let image = try PNGDecoder.decode(raw, path: path, maximumPixelCount: maximumPixelCount, keep: keep)
            // Decoded, so its header is there and whole.
            let size = PNGDecoder.headerSize(raw).map { PixelSize(width: $0.0, height: $0.1) } ?? PixelSize(width: image.width, height: image.height)
            return (image, size)
        }
    }

    /// The width and height a PNG file's header declares, read from its first 24 bytes only
    /// (so that a command can refuse sizes it cannot use before decoding anything); nil when
    /// the path is not a regular file or does not start as a PNG does (the whole read says why).
    package static func headerSize(path: String) -> (width: Int, height: Int)? {
        guard let bytes = FileIO.readPrefix(path, count: 24), bytes.starts(with: PNGDecoder.signature) else { return nil }
        return bytes.withUnsafeBytes { PNGDecoder.headerSize($0) }.map { (width: $0.0, height: $0.1) }
    }

    /// Encodes a bitmap as PNG (RGB when it is fully opaque, RGBA otherwise).
    ///
    /// - Parameters:
    ///   - bitmap: the image, at least 1 × 1.
    ///   - compression: `.fast` (default) or `.compact`, or your own level and filters.
    /// - Returns: the bytes of a PNG file.
    /// - Throws: `RasterError.emptyImage`, `.encodingFailed` with libpng's message.
    public static func encode(_ bitmap: Bitmap, compression: PNGCompression = .fast) throws -> [UInt8] {
        try PNGEncoder.encode(bitmap, compression: compression)
    }

    /// Encodes a bitmap and writes it atomically: to a temporary file in the same folder,
    /// flushed to disk, then renamed over `path`. An interrupted write leaves the old file
    /// (or none), never a truncated PNG.
    ///
    /// - Parameters:
    ///   - bitmap: the image, at least 1 × 1.
    ///   - path: the destination file; its folder must exist.
    ///   - compression: `.fast` (default) or `.compact`.
    /// - Throws: the errors of `encode`, and `RasterError.io` naming the file.
    public static func write(_ bitmap: Bitmap, to path: String, compression: PNGCompression = .fast) throws {
        let data = try encode(bitmap, compression: compression)
        do { try FileIO.writeAtomically(data, to: path) } catch { throw RasterError(error) }
    }

    /// Encodes opaque pixels held as blue, green, red and one unused byte each — the layout of
    /// cairo's `ARGB32`/`RGB24` image surfaces on little-endian machines — as an RGB PNG,
    /// straight from that memory (libpng reorders the channels while it writes).
    ///
    /// - Parameters:
    ///   - pixels: `width * height * 4` bytes, rows without padding; the fourth byte of each
    ///     pixel is ignored, so the pixels must be opaque.
    ///   - width: the width in pixels, at least 1.
    ///   - height: the height in pixels, at least 1.
    ///   - compression: `.fast` (default) or `.compact`.
    /// - Returns: the bytes of a PNG file.
    /// - Throws: `RasterError.emptyImage`, `.invalidPixelBuffer` when `pixels` is too short,
    ///   `.encodingFailed` with libpng's message.
    public static func encodeOpaqueBGRX(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int,
                                        compression: PNGCompression = .fast) throws -> [UInt8] {
        try PNGEncoder.encodeOpaqueBGRX(pixels, width: width, height: height, compression: compression)
    }
}
