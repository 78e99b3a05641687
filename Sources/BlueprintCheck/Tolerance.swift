import BlueprintSupport
import Raster

/// How different a render may be from its golden and still pass.
///
/// Pixels are compared with pixelmatch's algorithm: two pixels differ when their YIQ colour
/// distance passes `threshold`, and pixels explained as anti-aliasing never count. The image
/// passes when at most `maxDiffPixels` pixels and at most `maxDiffRatio` of them differ (both,
/// when both are set). Images of different sizes never pass. The default is ``exact``.
public struct Tolerance: Hashable, Sendable, CustomStringConvertible {
    /// Per-pixel colour tolerance, 0 (exact colour) to 1, on pixelmatch's scale.
    public var threshold: Double
    /// How many pixels may differ.
    public var maxDiffPixels: Int?
    /// What share (0 to 1) of the pixels may differ.
    public var maxDiffRatio: Double?
    /// Blend semi-transparent pixels over pixelmatch 7's checkerboard before comparing them
    /// (default true: a change of transparency alone is a difference), or over white (false,
    /// as pixelmatch 5 and 6 did). Opaque renders compare the same either way.
    public var checkerboard: Bool

    /// Creates a tolerance.
    ///
    /// - Parameters:
    ///   - threshold: per-pixel colour tolerance, 0...1 (default 0: any change of colour counts).
    ///   - maxDiffPixels: differing pixels allowed (default none).
    ///   - maxDiffRatio: share of differing pixels allowed, 0...1 (default none).
    ///   - checkerboard: blend semi-transparent pixels over a checkerboard (default true) or white.
    public init(threshold: Double = 0, maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil, checkerboard: Bool = true) {
        self.threshold = threshold
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
        self.checkerboard = checkerboard
    }

    /// No pixel may change colour (anti-aliased pixels aside).
    public static let exact = Tolerance()

    /// Why a tolerance cannot be used: which setting, what it must be, what it was.
    public struct Invalid: Error, Equatable, Sendable, CustomStringConvertible {
        /// The settings of a tolerance.
        public enum Field: String, Sendable, CaseIterable {
            /// ``Tolerance/threshold``.
            case threshold
            /// ``Tolerance/maxDiffPixels``.
            case maxDiffPixels
            /// ``Tolerance/maxDiffRatio``.
            case maxDiffRatio
        }
        /// The setting out of range.
        public let field: Field
        /// What it must be: `between 0 and 1`, `0 or more`.
        public let requirement: String
        /// The value given, as Swift prints it (`nan`, `-1`, `1.5`).
        public let value: String

        /// `tolerance threshold must be between 0 and 1, not nan`.
        public var description: String { "tolerance \(field.rawValue) must be \(requirement), not \(value)" }
    }

    /// Checks every number is in range; NaN and infinities are errors, never clamped.
    ///
    /// - Throws: ``Invalid`` naming the first setting out of range.
    public func validate() throws(Invalid) {
        guard threshold.isFinite, (0...1).contains(threshold) else {
            throw Invalid(field: .threshold, requirement: "between 0 and 1", value: "\(threshold)")
        }
        if let maxDiffPixels, maxDiffPixels < 0 {
            throw Invalid(field: .maxDiffPixels, requirement: "0 or more", value: "\(maxDiffPixels)")
        }
        if let maxDiffRatio, !(maxDiffRatio.isFinite && (0...1).contains(maxDiffRatio)) {
            throw Invalid(field: .maxDiffRatio, requirement: "between 0 and 1", value: "\(maxDiffRatio)")
        }
    }

    /// The diff options that implement this tolerance.
    public var diffOptions: DiffOptions {
        DiffOptions(threshold: threshold, includeAntialiasing: false, maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio,
                    checkerboard: checkerboard)
    }

    /// `exact`, or the parts that are set: `threshold 0.1, up to 20 pixels, up to 0.5%`
    /// (and `over white` without the checkerboard).
    public var description: String {
        var parts: [String] = []
        if threshold != 0 { parts.append("threshold \(JSON.number(threshold))") }
        if let maxDiffPixels { parts.append("up to \(maxDiffPixels) pixel\(maxDiffPixels == 1 ? "" : "s")") }
        if let maxDiffRatio { parts.append("up to \(JSON.number(maxDiffRatio * 100))%") }
        if !checkerboard { parts.append("over white") }
        return parts.isEmpty ? "exact" : parts.joined(separator: ", ")
    }
}
