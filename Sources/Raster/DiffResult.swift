/// What `PixelDiff.compare` found.
public struct DiffResult: Hashable, Sendable, CustomStringConvertible {
    /// The size of the expected image.
    public let expectedSize: PixelSize
    /// The size of the actual image.
    public let actualSize: PixelSize
    /// Pixels that differ (above the threshold and not anti-aliasing). When the sizes differ,
    /// every pixel of the larger canvas that only one image covers counts as different.
    public let differentPixels: Int
    /// Pixels above the threshold that were explained as anti-aliasing (not counted as different).
    public let antialiasedPixels: Int
    /// The smallest rectangle holding every differing pixel; nil when none differs.
    public let bounds: PixelRect?
    /// Whether the images match within the options' tolerances (always false when the sizes differ).
    public let matches: Bool

    /// Creates a result (for tests and for tools that build reports).
    ///
    /// - Parameters:
    ///   - expectedSize: the expected image's size.
    ///   - actualSize: the actual image's size.
    ///   - differentPixels: the number of differing pixels.
    ///   - antialiasedPixels: the number of anti-aliased pixels.
    ///   - bounds: the differences' bounding box.
    ///   - matches: the verdict.
    public init(expectedSize: PixelSize, actualSize: PixelSize, differentPixels: Int, antialiasedPixels: Int, bounds: PixelRect?, matches: Bool) {
        self.expectedSize = expectedSize
        self.actualSize = actualSize
        self.differentPixels = differentPixels
        self.antialiasedPixels = antialiasedPixels
        self.bounds = bounds
        self.matches = matches
    }

    /// Whether both images have the same width and height.
    public var sizesMatch: Bool { expectedSize == actualSize }
    /// The width of the compared canvas (the larger of the two widths).
    public var width: Int { max(expectedSize.width, actualSize.width) }
    /// The height of the compared canvas (the larger of the two heights).
    public var height: Int { max(expectedSize.height, actualSize.height) }
    /// The number of pixels compared, `width × height`.
    public var totalPixels: Int { width * height }
    /// `differentPixels / totalPixels`, 0 for empty images.
    public var differentRatio: Double { totalPixels == 0 ? 0 : Double(differentPixels) / Double(totalPixels) }
    /// `antialiasedPixels / totalPixels`, 0 for empty images.
    public var antialiasedRatio: Double { totalPixels == 0 ? 0 : Double(antialiasedPixels) / Double(totalPixels) }

    /// One line for people, for example
    /// `different: 120 of 64x64 pixels differ (2.93%), 8 anti-aliased, bounds 10,12 20x6`.
    public var description: String {
        var text = matches ? "same" : "different"
        if !sizesMatch {
            text += ": sizes differ (expected \(expectedSize), actual \(actualSize))"
        }
        text += ": \(differentPixels) of \(width)x\(height) pixels differ (\(Self.percent(differentRatio)))"
        text += ", \(antialiasedPixels) anti-aliased"
        if let bounds { text += ", bounds \(bounds)" }
        if matches && differentPixels > 0 { text += ", within tolerance" }
        return text
    }

    /// A ratio as a percentage with two decimals; a non-zero share too small to show is "<0.01%".
    public static func percent(_ ratio: Double) -> String {
        let hundredths = Int((ratio * 10000).rounded())
        if hundredths == 0 && ratio > 0 { return "<0.01%" }
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)%"
    }
}
