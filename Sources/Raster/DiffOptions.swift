/// How `PixelDiff` decides that two pixels, and two images, are the same: pixelmatch 7.2's
/// options that change the count (`threshold`, `includeAA`, `checkerboard`) and the whole-image
/// tolerances.
public struct DiffOptions: Hashable, Sendable {
    /// Per-pixel tolerance, 0...1, as in pixelmatch: two pixels are the same colour when their
    /// YIQ distance is at most `35215 × threshold²`. 0 is exact; the default 0.1 ignores the
    /// noise of different rasterisers. Values outside 0...1 are clamped.
    public var threshold: Double {
        didSet { threshold = Self.clamp(threshold) }
    }
    /// Count anti-aliased pixels as differences too (pixelmatch's `includeAA`). Default false.
    public var includeAntialiasing: Bool
    /// Blend semi-transparent pixels over pixelmatch 7's checkerboard before comparing them
    /// (default true, pixelmatch 7's `checkerboard`), so that a change of transparency alone
    /// is a difference. false blends over white, as pixelmatch 5 and 6 did: transparent white
    /// then equals opaque white. Opaque images count the same either way.
    public var checkerboard: Bool
    /// Images still match with up to this many differing pixels. nil (default) means 0,
    /// unless `maxDiffRatio` is set.
    public var maxDiffPixels: Int?
    /// Images still match with up to this share (0...1) of differing pixels. nil (default)
    /// means 0, unless `maxDiffPixels` is set. When both are set, both must hold.
    public var maxDiffRatio: Double?

    /// Creates options.
    ///
    /// - Parameters:
    ///   - threshold: per-pixel tolerance 0...1 (default 0.1, pixelmatch's).
    ///   - includeAntialiasing: count anti-aliased pixels as differences (default false).
    ///   - maxDiffPixels: whole-image tolerance in pixels (default none).
    ///   - maxDiffRatio: whole-image tolerance as a share of the pixels (default none).
    ///   - checkerboard: blend semi-transparent pixels over a checkerboard (default true) or white.
    public init(threshold: Double = 0.1, includeAntialiasing: Bool = false, maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil,
                checkerboard: Bool = true) {
        self.threshold = Self.clamp(threshold)
        self.includeAntialiasing = includeAntialiasing
        self.checkerboard = checkerboard
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
    }

    /// Whether a count of differing pixels is within the whole-image tolerances.
    ///
    /// - Parameters:
    ///   - differentPixels: the number of differing pixels.
    ///   - totalPixels: the number of pixels compared.
    /// - Returns: true when every tolerance that is set holds (0 differences when none is set).
    public func tolerates(differentPixels: Int, totalPixels: Int) -> Bool {
        if maxDiffPixels == nil && maxDiffRatio == nil { return differentPixels == 0 }
        if let limit = maxDiffPixels, differentPixels > limit { return false }
        if let limit = maxDiffRatio {
            let ratio = totalPixels == 0 ? 0 : Double(differentPixels) / Double(totalPixels)
            if ratio > limit { return false }
        }
        return true
    }

    /// The squared YIQ distance above which two pixels differ.
    var maxDelta: Double { YIQ.maximumDelta * threshold * threshold }

    private static func clamp(_ value: Double) -> Double {
        value.isNaN ? 0.1 : min(max(value, 0), 1)
    }
}
