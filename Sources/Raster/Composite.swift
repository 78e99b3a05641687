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
