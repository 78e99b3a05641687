/// An image in memory: 8-bit RGBA pixels with straight (not premultiplied) alpha, stored row
/// by row from the top-left corner with no padding between rows.
///
/// `Bitmap` is a value type: copies share storage until one of them is changed.
public struct Bitmap: Equatable, Sendable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// The pixels, `width * height * 4` bytes in the order red, green, blue, alpha.
    public private(set) var bytes: [UInt8]

    /// Creates a bitmap filled with one colour.
    ///
    /// - Parameters:
    ///   - width: the width in pixels, 0 or more.
    ///   - height: the height in pixels, 0 or more.
    ///   - color: the colour of every pixel (default transparent black).
    /// - Complexity: O(width × height).
    public init(width: Int, height: Int, color: RGBA = RGBA(0, 0, 0, 0)) {
        precondition(width >= 0 && height >= 0, "a bitmap's size cannot be negative")
        self.width = width
        self.height = height
        let value = color.packed
        bytes = PixelStorage.make(byteCount: width * height * 4) { raw in
            raw.bindMemory(to: UInt32.self).initialize(repeating: value)
        }
    }

    /// Creates a bitmap over existing RGBA bytes.
    ///
    /// - Parameters:
    ///   - width: the width in pixels.
    ///   - height: the height in pixels.
    ///   - bytes: exactly `width * height * 4` bytes, RGBA, row by row.
    /// - Throws: `RasterError.invalidPixelBuffer` when the byte count does not match the size.
    public init(width: Int, height: Int, bytes: [UInt8]) throws {
        guard width >= 0, height >= 0, bytes.count == width * height * 4 else {
            throw RasterError.invalidPixelBuffer(width: width, height: height, byteCount: bytes.count)
        }
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// Creates a bitmap whose every byte `initializer` writes (it must write all of them):
    /// saves the zero-fill of a bitmap that is about to be overwritten anyway.
    init(width: Int, height: Int, initializingWith initializer: (UnsafeMutableRawBufferPointer) -> Void) {
        self.width = width
        self.height = height
        bytes = PixelStorage.make(byteCount: width * height * 4, initializer)
    }

    /// The number of pixels, `width * height`.
    public var pixelCount: Int { width * height }

    /// Reads or writes the pixel at column `x`, row `y` (both zero-based from the top-left).
    ///
    /// - Complexity: O(1).
    public subscript(x: Int, y: Int) -> RGBA {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the bitmap")
            let i = (y * width + x) * 4
            return RGBA(bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the bitmap")
            let i = (y * width + x) * 4
            bytes[i] = newValue.red
            bytes[i + 1] = newValue.green
            bytes[i + 2] = newValue.blue
            bytes[i + 3] = newValue.alpha
        }
    }

    /// Fills a rectangle with one colour; the part outside the bitmap is ignored.
    ///
    /// - Parameters:
    ///   - rect: the rectangle to fill.
    ///   - color: the colour to write.
    public mutating func fill(_ rect: PixelRect, with color: RGBA) {
        let x0 = max(rect.x, 0), y0 = max(rect.y, 0)
        let x1 = min(rect.x + rect.width, width), y1 = min(rect.y + rect.height, height)
        guard x0 < x1, y0 < y1 else { return }
        let value = color.packed
        let width = self.width
        bytes.withUnsafeMutableBytes { raw in
            let pixels = raw.bindMemory(to: UInt32.self)
            for y in y0..<y1 {
                for x in x0..<x1 { pixels[y * width + x] = value }
            }
        }
    }

    /// Whether every pixel is fully opaque (alpha 255).
    ///
    /// - Complexity: O(width × height).
    public var isOpaque: Bool {
        bytes.withUnsafeBytes { raw in
            let pixels = raw.bindMemory(to: UInt32.self)
            var all: UInt32 = 0xFF00_0000
            for pixel in pixels { all &= pixel }
            return all & 0xFF00_0000 == 0xFF00_0000
        }
    }

    /// Runs `body` with the raw pixel bytes.
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes(body)
    }

    /// Runs `body` with the raw pixel bytes, writable.
    mutating func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeMutableBytes(body)
    }
}
