extension PixelDiff {
    /// Lays out expected | actual | diff side by side, for reports.
    ///
    /// Images are top-aligned on a white canvas as tall as the tallest, separated by a
    /// `gap`-pixel light grey bar; transparent pixels are shown blended on white.
    ///
    /// - Parameters:
    ///   - expected: the reference image.
    ///   - actual: the image under test.
    ///   - diff: the diff image (see `diffImage`).
    ///   - gap: the width of the separators, default 8.
    /// - Returns: the composite, opaque.
    /// - Complexity: O(the composite's area).
    public static func sideBySide(expected: Bitmap, actual: Bitmap, diff: Bitmap, gap: Int = 8) -> Bitmap {
        precondition(sideBySideFits(expected, actual), "check sideBySideFits first")
        let gap = max(gap, 0)
        let parts = [expected, actual, diff]
        let width = parts.reduce(0) { $0 + $1.width } + 2 * gap
        let height = parts.map(\.height).max() ?? 0
        var canvas = Bitmap(width: width, height: height, color: .white)
        var x = 0
        for (index, part) in parts.enumerated() {
            canvas.draw(flattenedOnWhite(part), atX: x, y: 0)
            x += part.width
            if index < parts.count - 1 {
                canvas.fill(PixelRect(x: x, y: 0, width: gap, height: height), with: RGBA(224, 224, 224))
                x += gap
            }
        }
        return canvas
    }

    /// The size of ``sideBySide(expected:actual:diff:gap:)``'s composite of two images (the
    /// diff is as large as the larger of them): three widths and two gaps, the taller height.
    public static func sideBySideSize(_ expected: Bitmap, _ actual: Bitmap, gap: Int = 8) -> (width: Int, height: Int) {
        let diffWidth = max(expected.width, actual.width)
        return (expected.width + actual.width + diffWidth + 2 * max(gap, 0), max(expected.height, actual.height))
    }

    /// Whether an image of this size is one this library writes (1,000,000 a side) and reads
    /// back (``PNG/defaultMaximumPixelCount`` pixels).
    static func fits(width: Int, height: Int) -> Bool {
        width <= PNGPartsWriter.maximumDimension && height <= PNGPartsWriter.maximumDimension
            && width * height <= PNG.defaultMaximumPixelCount
    }

    /// Whether the diff image of two images (the wider width by the taller height) fits: two
    /// large images of other shapes may make one that does not (a 1,000,000x268 against a
    /// 268x1,000,000 would be 10¹² pixels).
    public static func diffImageFits(_ expected: Bitmap, _ actual: Bitmap) -> Bool {
        diffImageFits(expected: (expected.width, expected.height), actual: (actual.width, actual.height))
    }

    /// ``diffImageFits(_:_:)`` from the two images' sizes alone (read from their headers).
    package static func diffImageFits(expected: (width: Int, height: Int), actual: (width: Int, height: Int)) -> Bool {
        fits(width: max(expected.width, actual.width), height: max(expected.height, actual.height))
    }

    /// ``sideBySideSize(_:_:gap:)`` from the two images' sizes alone.
    package static func sideBySideSize(expected: (width: Int, height: Int), actual: (width: Int, height: Int), gap: Int = 8) -> (width: Int, height: Int) {
        let diffWidth = max(expected.width, actual.width)
        return (expected.width + actual.width + diffWidth + 2 * max(gap, 0), max(expected.height, actual.height))
    }

    /// ``sideBySideFits(_:_:gap:)`` from the two images' sizes alone.
    package static func sideBySideFits(expected: (width: Int, height: Int), actual: (width: Int, height: Int), gap: Int = 8) -> Bool {
        let (w, h) = sideBySideSize(expected: expected, actual: actual, gap: gap)
        return fits(width: w, height: h)
    }

    /// Whether the composite of two images fits: two images of 16384 × 16384, which are read,
    /// would make one of 3 × 268 M pixels (3 GiB) and fail to allocate.
    public static func sideBySideFits(_ expected: Bitmap, _ actual: Bitmap, gap: Int = 8) -> Bool {
        let (w, h) = sideBySideSize(expected, actual, gap: gap)
        return fits(width: w, height: h)
    }

    /// The image composited over white, so a transparent golden reads as it would on a page.
    static func flattenedOnWhite(_ image: Bitmap) -> Bitmap {
        if image.isOpaque { return image }
        return Bitmap(width: image.width, height: image.height) { raw in
            image.withUnsafeBytes { source in
                for i in stride(from: 0, to: source.count, by: 4) {
                    let a = Int(source[i + 3])
                    for c in 0..<3 {
                        raw[i + c] = UInt8((Int(source[i + c]) * a + 255 * (255 - a) + 127) / 255)
                    }
                    raw[i + 3] = 255
                }
            }
        }
    }
}
