/// Measures single-line text in the diagram's own font: the renderer sizes its annotations
/// (names, constraint labels, the legend) with it. Labels measure their text with
/// ``TextLayout`` instead.
package protocol TextMeasuring: Sendable {
    /// The metrics of `text` (lines split at `\n`) set at `fontSize` points.
    func measure(_ text: String, fontSize: Double) -> TextMetrics
}

/// The size and vertical metrics of a block of text, in points.
public struct TextMetrics: Hashable, Sendable {
    /// The widest line's advance width.
    public var width: Double
    /// Distance from a line's top to its baseline.
    public var ascent: Double
    /// Distance from a line's baseline to its bottom (positive).
    public var descent: Double
    /// Distance between the tops of two lines.
    public var lineHeight: Double
    /// Number of lines (at least 1).
    public var lineCount: Int

    /// Metrics from their parts, in points.
    public init(width: Double, ascent: Double, descent: Double, lineHeight: Double, lineCount: Int) {
        self.width = width
        self.ascent = ascent
        self.descent = descent
        self.lineHeight = lineHeight
        self.lineCount = lineCount
    }

    /// Height of the whole block: every line's height.
    public var height: Double { Double(lineCount) * lineHeight }
}

/// Metrics of the diagram's font, DejaVu Sans, read from tables generated from the font file:
/// unhinted advance widths, no kerning — exactly what the renderer draws for its annotations,
/// on any machine.
package struct BundledFontMetrics: TextMeasuring {
    /// The metrics of DejaVu Sans; they hold no state, so every instance measures alike.
    package init() {}

    /// The font the metrics belong to.
    package static let familyName = DejaVuSansMetrics.familyName

    package func measure(_ text: String, fontSize: Double) -> TextMetrics {
        let scale = fontSize / DejaVuSansMetrics.unitsPerEm
        var widest = 0.0, current = 0.0, lines = 1
        for s in text.unicodeScalars {
            if s == "\n" {
                widest = Swift.max(widest, current)
                current = 0
                lines += 1
            } else {
                current += DejaVuSansMetrics.advance(of: s) ?? DejaVuSansMetrics.notdefAdvance
            }
        }
        widest = Swift.max(widest, current)
        let ascent = DejaVuSansMetrics.ascender * scale
        let descent = -DejaVuSansMetrics.descender * scale
        return TextMetrics(
            width: widest * scale, ascent: ascent, descent: descent,
            lineHeight: ascent + descent + DejaVuSansMetrics.lineGap * scale, lineCount: lines)
    }
}
