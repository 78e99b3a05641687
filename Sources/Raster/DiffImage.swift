/// The colours of a diff image: pixelmatch 7.2's drawing options.
public struct DiffImageStyle: Hashable, Sendable {
    /// How much of the expected image shows through in the faded grey background, 0...1
    /// (pixelmatch's `alpha`, default 0.1). Values outside 0...1 are clamped.
    public var alpha: Double {
        didSet { alpha = Self.clamp(alpha) }
    }
    /// Differing pixels where the actual image is lighter (or as light): pixelmatch's
    /// `diffColor`. Default red.
    public var differentColor: RGBA
    /// Differing pixels where the actual image is darker (pixelmatch's `diffColorAlt`).
    /// Default blue, so that added ink and removed ink read differently; pixelmatch's own
    /// default is `differentColor` (see `pixelmatch`).
    public var darkerColor: RGBA
    /// Anti-aliased pixels (not counted as differences): pixelmatch's `aaColor`. Default yellow.
    public var antialiasedColor: RGBA
    /// Draw only the differences, over a transparent background (pixelmatch's `diffMask`):
    /// unchanged and anti-aliased pixels stay transparent black. Default false.
    public var mask: Bool

    /// Creates a style. Colours are drawn opaque: their alpha is ignored, as in pixelmatch.
    ///
    /// - Parameters:
    ///   - alpha: opacity of the faded expected image, 0...1 (default 0.1).
    ///   - differentColor: colour of differences (default red, 255 0 0).
    ///   - darkerColor: colour of differences that are darker in the actual image (default blue, 0 102 255).
    ///   - antialiasedColor: colour of anti-aliased pixels (default yellow, 255 255 0).
    ///   - mask: draw the differences alone over transparency (default false).
    public init(alpha: Double = 0.1, differentColor: RGBA = RGBA(255, 0, 0), darkerColor: RGBA = RGBA(0, 102, 255),
                antialiasedColor: RGBA = RGBA(255, 255, 0), mask: Bool = false) {
        self.alpha = Self.clamp(alpha)
        self.differentColor = differentColor
        self.darkerColor = darkerColor
        self.antialiasedColor = antialiasedColor
        self.mask = mask
    }

    /// pixelmatch's own defaults: red for every difference, yellow for anti-aliasing.
    public static let pixelmatch = DiffImageStyle(darkerColor: RGBA(255, 0, 0))

    private static func clamp(_ value: Double) -> Double {
        value.isNaN ? 0.1 : min(max(value, 0), 1)
    }
}

/// Paints the classified pixels over the faded background.
struct DiffPainter: DiffVisitor {
    /// Pixel `index` is written at `output[index - offset]` (a band of a larger image has
    /// `offset` = its first pixel's index).
    let output: UnsafeMutablePointer<UInt32>
    var offset = 0
    let different: UInt32
    let darker: UInt32
    let antialiased: UInt32
    /// A mask leaves anti-aliased pixels transparent.
    let paintsAntialiasing: Bool

    @inline(__always)
    mutating func visit(index: Int, x: Int, y: Int, kind: DiffPixelKind) {
        switch kind {
        case .antialiased: if paintsAntialiasing { output[index &- offset] = antialiased }
        case .different(let isDarker): output[index &- offset] = isDarker ? darker : different
        }
    }

    /// Every copy paints into the same image, so there is nothing to merge.
    mutating func merge(_ other: DiffPainter) {}
}

extension PixelDiff {
    /// Draws the diff image pixelmatch 7.2 draws: the expected image as a faded grey copy, with
    /// differing pixels in `style.differentColor` (or `darkerColor` when the actual pixel is
    /// darker) and anti-aliased pixels in `style.antialiasedColor`; with `style.mask`, the
    /// differing pixels alone over transparency.
    ///
    /// When the sizes differ the image covers both; what only one image covers is drawn as
    /// a difference.
    ///
    /// - Parameters:
    ///   - expected: the reference image.
    ///   - actual: the image under test.
    ///   - options: the same options given to `compare`.
    ///   - style: the colours.
    /// - Returns: an image of the larger of the two sizes (opaque unless `style.mask`).
    /// - Complexity: O(width × height).
    public static func diffImage(_ expected: Bitmap, _ actual: Bitmap, options: DiffOptions = DiffOptions(),
                                 style: DiffImageStyle = DiffImageStyle()) -> Bitmap {
        diffImage(expected, actual, options: options, style: style, parts: nil)
    }

    /// `diffImage` with the number of parallel parts chosen by the caller (for tests).
    static func diffImage(_ expected: Bitmap, _ actual: Bitmap, options: DiffOptions, style: DiffImageStyle, parts: Int?) -> Bitmap {
        guard expected.width == actual.width, expected.height == actual.height else {
            let overlap = PixelRect(x: 0, y: 0, width: min(expected.width, actual.width), height: min(expected.height, actual.height))
            var canvas = Bitmap(width: max(expected.width, actual.width), height: max(expected.height, actual.height),
                                color: style.differentColor)
            let inner = diffImage(expected.cropped(to: overlap), actual.cropped(to: overlap), options: options, style: style, parts: parts)
            canvas.draw(inner, atX: 0, y: 0)
            return canvas
        }
        guard expected.pixelCount > 0 else { return Bitmap(width: expected.width, height: expected.height) }
        return Bitmap(width: expected.width, height: expected.height) { raw in
            let pixels = raw.baseAddress!.assumingMemoryBound(to: UInt32.self)
            if style.mask {
                pixels.initialize(repeating: 0, count: expected.pixelCount)
            } else {
                fillFaded(expected, from: 0, to: expected.pixelCount, into: pixels, alpha: style.alpha)
            }
            var painter = DiffPainter(output: pixels, different: opaque(style.differentColor),
                                      darker: opaque(style.darkerColor), antialiased: opaque(style.antialiasedColor),
                                      paintsAntialiasing: !style.mask)
            scan(expected, actual, options: options, into: &painter, parts: parts)
        }
    }

    /// Writes the faded grey copy of `expected`'s pixels `start..<end` (pixelmatch's background
    /// for unchanged pixels) to `pixels[0...]`.
    static func fillFaded(_ expected: Bitmap, from start: Int, to end: Int, into pixels: UnsafeMutablePointer<UInt32>, alpha: Double) {
        guard start < end else { return }
        expected.withUnsafeBytes { source in
            let input = source.baseAddress!.assumingMemoryBound(to: UInt32.self)
            // Rendered pictures repeat pixels in long runs: remember the last conversion.
            var last = input[start]
            var lastGray = Self.grayPixel(last, alpha: alpha)
            for i in start..<end {
                let pixel = input[i]
                if pixel != last {
                    last = pixel
                    lastGray = Self.grayPixel(pixel, alpha: alpha)
                }
                pixels[i &- start] = lastGray
            }
        }
    }

    @inline(__always)
    private static func grayPixel(_ pixel: UInt32, alpha: Double) -> UInt32 {
        let gray = UInt32(YIQ.fadedGray(pixel, alpha: alpha))
        return gray | gray << 8 | gray << 16 | 0xFF00_0000
    }

    static func opaque(_ color: RGBA) -> UInt32 {
        var color = color
        color.alpha = 255
        return color.packed
    }
}
