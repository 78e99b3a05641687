/// The colour arithmetic of pixelmatch: YIQ distance after blending alpha against white
/// (Kotsarenko and Ramos, "Measuring perceived color difference using YIQ NTSC transmission
/// color space in mobile applications", 2010).
///
/// Every formula is evaluated in `Double`, operation for operation in pixelmatch's order:
/// the counts must equal pixelmatch's exactly, so a reordered sum that rounds differently
/// would be a bug, not a style choice.
enum YIQ {
    /// The largest possible `colorDelta`: pixelmatch's threshold `t` accepts deltas up to
    /// `maximumDelta * t * t`.
    static let maximumDelta = 35215.0

    /// The brightness (Y) of a colour.
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

    /// Blends one channel against white with opacity `a` (0...1).
    @inline(__always)
    static func blend(_ c: Double, _ a: Double) -> Double {
        255 + (c - 255) * a
    }

    /// The channels of a packed pixel as `Double`s, blended against white when not opaque.
    @inline(__always)
    static func channels(_ pixel: UInt32) -> (Double, Double, Double) {
        let r = Double(pixel & 0xFF), g = Double((pixel >> 8) & 0xFF), b = Double((pixel >> 16) & 0xFF)
        let alpha = pixel >> 24
        if alpha < 255 {
            let a = Double(alpha) / 255
            return (blend(r, a), blend(g, a), blend(b, a))
        }
        return (r, g, b)
    }

    /// The squared YIQ distance between two pixels, signed: negative when `second` is darker
    /// than `first` (pixelmatch's convention, used to pick the diff image's second colour).
    /// Zero when the pixels are identical.
    @inline(__always)
    static func colorDelta(_ first: UInt32, _ second: UInt32) -> Double {
        if first == second { return 0 }
        let (r1, g1, b1) = channels(first)
        let (r2, g2, b2) = channels(second)
        let y1 = y(r1, g1, b1), y2 = y(r2, g2, b2)
        let dy = y1 - y2
        let di = i(r1, g1, b1) - i(r2, g2, b2)
        let dq = q(r1, g1, b1) - q(r2, g2, b2)
        let delta = 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
        return y1 > y2 ? -delta : delta
    }

    /// The brightness difference `Y(first) - Y(second)`; zero when the pixels are identical.
    @inline(__always)
    static func brightnessDelta(_ first: UInt32, _ second: UInt32) -> Double {
        if first == second { return 0 }
        let (r1, g1, b1) = channels(first)
        let (r2, g2, b2) = channels(second)
        return y(r1, g1, b1) - y(r2, g2, b2)
    }

    /// The grey level pixelmatch draws for an unchanged pixel: its brightness, faded towards
    /// white by `alpha` (and by the pixel's own alpha), truncated like pixelmatch's ports.
    @inline(__always)
    static func fadedGray(_ pixel: UInt32, alpha: Double) -> UInt8 {
        let r = Double(pixel & 0xFF), g = Double((pixel >> 8) & 0xFF), b = Double((pixel >> 16) & 0xFF)
        let value = blend(y(r, g, b), alpha * Double(pixel >> 24) / 255)
        return UInt8(clamping: Int(value))
    }
}
