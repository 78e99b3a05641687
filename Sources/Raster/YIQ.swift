/// The colour arithmetic of pixelmatch 7: the YIQ distance of the channel differences, with
/// semi-transparent pixels blended over a backdrop (Kotsarenko and Ramos, "Measuring perceived
/// color difference using YIQ NTSC transmission color space in mobile applications", 2010).
///
/// pixelmatch 7 subtracts the channels first (integers, exact) and only then weighs the
/// differences; when either pixel is not opaque both are composited over the backdrop
/// (`Backdrop`) as `(c1·a1 − c2·a2 − backdrop·(a1 − a2)) / 255`. Every formula is evaluated in
/// `Double`, operation for operation in pixelmatch's order: the counts must equal pixelmatch's
/// exactly, so a reordered sum that rounds differently would be a bug, not a style choice.
enum YIQ {
    /// The largest possible `colorDelta`: pixelmatch's threshold `t` accepts deltas up to
    /// `maximumDelta * t * t`.
    static let maximumDelta = 35215.0

    /// The brightness (Y) of a colour, or of a difference of colours.
    @inline(__always)
    static func y(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    /// The in-phase (I) component.
    @inline(__always)
    static func i(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.59597799 - g * 0.27417610 - b * 0.32180189
    }

    /// The quadrature (Q) component.
    @inline(__always)
    static func q(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }

    /// The channel differences `first − second` as `Double`s; when either pixel is not opaque,
    /// the difference of both composited over the backdrop of the pixel at `index`.
    @inline(__always)
    static func differences(_ first: UInt32, _ second: UInt32, index: Int, checkerboard: Bool) -> (Double, Double, Double) {
        if first >> 24 == 255 && second >> 24 == 255 {
            return (Double(Int(first & 0xFF) &- Int(second & 0xFF)),
                    Double(Int((first >> 8) & 0xFF) &- Int((second >> 8) & 0xFF)),
                    Double(Int((first >> 16) & 0xFF) &- Int((second >> 16) & 0xFF)))
        }
        return blendedDifferences(first, second, index: index, checkerboard: checkerboard)
    }

    /// `differences` when either pixel is not opaque: `(c1·a1 − c2·a2 − backdrop·(a1 − a2)) / 255`.
    /// Kept out of line, so the optimiser cannot hoist the checkerboard's two divisions into
    /// the opaque path that never needs them.
    @inline(never)
    static func blendedDifferences(_ first: UInt32, _ second: UInt32, index: Int, checkerboard: Bool) -> (Double, Double, Double) {
        let r1 = Int(first & 0xFF), g1 = Int((first >> 8) & 0xFF), b1 = Int((first >> 16) & 0xFF), a1 = Int(first >> 24)
        let r2 = Int(second & 0xFF), g2 = Int((second >> 8) & 0xFF), b2 = Int((second >> 16) & 0xFF), a2 = Int(second >> 24)
        let (rb, gb, bb) = Backdrop.color(index: index, checkerboard: checkerboard)
        let da = a1 &- a2
        return (Double(r1 &* a1 &- r2 &* a2 &- rb &* da) / 255,
                Double(g1 &* a1 &- g2 &* a2 &- gb &* da) / 255,
                Double(b1 &* a1 &- b2 &* a2 &- bb &* da) / 255)
    }

    /// The squared YIQ distance between two pixels, signed: negative when `second` is darker
    /// than `first` (pixelmatch's convention, used to pick the diff image's second colour).
    /// Zero when the pixels are identical.
    ///
    /// - Parameters:
    ///   - index: the pixel's index in the image (row-major), which places it on the checkerboard.
    ///   - checkerboard: blend semi-transparent pixels over pixelmatch 7's checkerboard (true)
    ///     or over white (false).
    @inline(__always)
    static func colorDelta(_ first: UInt32, _ second: UInt32, index: Int, checkerboard: Bool) -> Double {
        if first == second { return 0 }
        let (dr, dg, db) = differences(first, second, index: index, checkerboard: checkerboard)
        let dy = y(dr, dg, db)
        let di = i(dr, dg, db)
        let dq = q(dr, dg, db)
        let delta = 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
        return dy > 0 ? -delta : delta
    }

    /// The brightness difference `Y(first) − Y(second)` as the anti-aliasing detector sees it:
    /// both blended over the backdrop of the pixel at `index` (the centre pixel, for every
    /// neighbour, as in pixelmatch). Zero when the pixels are identical.
    @inline(__always)
    static func brightnessDelta(_ first: UInt32, _ second: UInt32, index: Int, checkerboard: Bool) -> Double {
        if first == second { return 0 }
        let (dr, dg, db) = differences(first, second, index: index, checkerboard: checkerboard)
        return y(dr, dg, db)
    }

    /// The grey level pixelmatch draws for an unchanged pixel: its brightness, faded towards
    /// white by `alpha` and by the pixel's own alpha, `255 + (Y − 255) · alpha · a / 255`,
    /// truncated as a byte array stores it.
    @inline(__always)
    static func fadedGray(_ pixel: UInt32, alpha: Double) -> UInt8 {
        let r = Double(pixel & 0xFF), g = Double((pixel >> 8) & 0xFF), b = Double((pixel >> 16) & 0xFF)
        let value = 255 + (y(r, g, b) - 255) * alpha * Double(pixel >> 24) / 255
        return UInt8(clamping: Int(value))
    }
}

/// What semi-transparent pixels are composited over before they are compared.
///
/// pixelmatch 7 uses a pseudo-random checkerboard so that a change of transparency alone is a
/// difference (over plain white, transparent white equals opaque white). Its colour at a pixel
/// comes from the pixel's byte offset `k = 4 · index`: red `48 + 159·(k mod 2)`, green
/// `48 + 159·(⌊k / φ⌋ mod 2)`, blue `48 + 159·(⌊k / φ²⌋ mod 2)`, with JavaScript's 32-bit
/// integer truncation (`| 0`). Red is therefore always 48: `k` is even.
enum Backdrop {
    /// The golden ratio φ and φ², as pixelmatch writes them.
    static let phi = 1.618033988749895
    static let phiSquared = 2.618033988749895

    /// The backdrop's colour at a pixel: the checkerboard's, or white.
    @inline(__always)
    static func color(index: Int, checkerboard: Bool) -> (Int, Int, Int) {
        guard checkerboard else { return (255, 255, 255) }
        let k = index &* 4
        let red = 48 &+ 159 &* (k % 2)
        let green = 48 &+ 159 &* Int(int32(Double(k) / phi) % 2)
        let blue = 48 &+ 159 &* Int(int32(Double(k) / phiSquared) % 2)
        return (red, green, blue)
    }

    /// JavaScript's ToInt32 (what `x | 0` does): truncate towards zero, wrap modulo 2³².
    @inline(__always)
    static func int32(_ value: Double) -> Int32 {
        guard value.isFinite, abs(value) < 9.2e18 else { return 0 }
        return Int32(truncatingIfNeeded: Int64(value))
    }
}
