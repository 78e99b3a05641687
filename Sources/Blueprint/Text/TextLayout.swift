/// A block of text laid out: its lines, each a list of shaped glyph runs placed in the block's
/// own coordinates (origin at the top left, y down, positions on the baseline). Labels measure
/// their intrinsic size with it and the renderer draws exactly these glyphs.
public struct TextLayout: Sendable {
    /// The lines, top to bottom.
    public var lines: [TextLine]
    /// The width lines are aligned in (the layout's width, or the widest line without one).
    public var width: Double
    /// The widest line's advance width.
    public var usedWidth: Double
    /// Distance from a line's top to its baseline.
    public var ascent: Double
    /// Distance from a line's baseline to its bottom (positive).
    public var descent: Double
    /// Distance between the tops of two lines (the primary face's ascent + descent + line gap).
    public var lineHeight: Double
    /// Whether text was left out (lines beyond the limit, or "…" in a line).
    public var isTruncated: Bool
    /// Characters no bundled face (nor the label's own) has: drawn as the placeholder box.
    public var missingCharacters: [Unicode.Scalar]
    /// The font file that could not be loaded (the system family was used instead).
    public var fontProblem: FontError?
    /// The font size in points.
    public var fontSize: Double

    /// Height of the block: one line height per line (at least one line).
    public var height: Double { Double(Swift.max(lines.count, 1)) * lineHeight }
    /// The size of the block: the widest line by the height.
    public var size: Size { Size(width: usedWidth, height: height) }
    /// Baseline of the first line, from the top.
    public var firstBaseline: Double { ascent }
    /// Baseline of the last line, from the top.
    public var lastBaseline: Double { Double(Swift.max(lines.count, 1) - 1) * lineHeight + ascent }

    /// How far the faces of the runs reach above the first line and below the last beyond the
    /// primary face's ascent and descent, which set the lines' height (0 when no run's face
    /// reaches further): the ink of a fallback face's marks can lie there (Noto Sans Arabic's
    /// dots below a final yeh, 0.74 em under the baseline where Inter's descent is 0.24 em).
    public var faceOverflow: (above: Double, below: Double) {
        var above = 0.0, below = 0.0
        for (k, line) in lines.enumerated() where k == 0 || k == lines.count - 1 {
            for run in line.runs where run.face.unitsPerEm > 0 {
                let scale = run.size / run.face.unitsPerEm
                if k == 0 { above = Swift.max(above, run.face.ascender * scale - ascent) }
                if k == lines.count - 1 { below = Swift.max(below, -run.face.descender * scale - descent) }
            }
        }
        return (above, below)
    }
}

/// One laid-out line.
public struct TextLine: Sendable {
    /// The characters the line shows, in logical order, with "…" where text was left out.
    public var text: String
    /// The glyph runs in visual order (left to right).
    public var runs: [GlyphRun]
    /// Left edge of the line's ink advance, after alignment.
    public var x: Double
    /// The line's advance width (trailing spaces excluded).
    public var width: Double
    /// Baseline, from the block's top.
    public var baseline: Double
    /// Whether the line's paragraph is right-to-left.
    public var isRightToLeft: Bool
}

/// Glyphs of one face at one size, with their positions.
public struct GlyphRun: Sendable {
    /// The face to draw with.
    public var face: FontFace
    /// The size in points.
    public var size: Double
    /// Glyph indices in the face.
    public var glyphs: [UInt32]
    /// Each glyph's origin (on the baseline) in the block's coordinates.
    public var positions: [Point]
}

extension TextLayout {
    /// Lays `text` out in `style`: wrapped at `width` (nil: each paragraph on one line), at
    /// most `maxHeight` tall (whole lines; nil: no limit), aligned in `width`.
    /// `rightToLeft` is the layout direction: the direction of paragraphs without a strong
    /// character, and where natural alignment puts lines.
    public init(text: String, style: TextStyle, width: Double?, maxHeight: Double? = nil, rightToLeft: Bool = false) {
        var builder = TextLayoutBuilder(style: style, width: width, maxHeight: maxHeight, rightToLeft: rightToLeft)
        self = builder.layout(text)
    }
}

/// The work of ``TextLayout/init(text:style:width:maxHeight:rightToLeft:)``.
struct TextLayoutBuilder {
    let style: TextStyle
    let width: Double?
    let rightToLeft: Bool
    let primary: FontFace
    let problem: FontError?
    let cascade: [FontFace]
    let size: Double
    let ascent, descent, lineHeight: Double
    let maxLines: Int
    let buffer = ShapingBuffer()

    /// Lines before alignment: pieces in visual order, their width, and whether justified.
    private var lines: [(pieces: [LinePiece], width: Double, rtl: Bool, justify: Bool, text: String)] = []
    /// Where the last line's characters came from (to truncate it when more text follows).
    private var lastSource: (paragraph: Paragraph, start: Int, end: Int)?
    private var truncated = false
    private var missing: [Unicode.Scalar] = []

    init(style: TextStyle, width: Double?, maxHeight: Double?, rightToLeft: Bool) {
        self.style = style
        self.width = width.map { Swift.max($0, 0) }
        self.rightToLeft = rightToLeft
        (primary, problem) = style.font.resolvedPrimary()
        cascade = style.font.cascade(primary: primary)
        size = style.font.size.isFinite ? Swift.max(style.font.size, 0) : 0
        let scale = size / primary.unitsPerEm
        ascent = primary.ascender * scale
        descent = -primary.descender * scale
        lineHeight = ascent + descent + Swift.max(primary.lineGap, 0) * scale
        var limit = style.numberOfLines > 0 ? style.numberOfLines : Int.max
        if let maxHeight, lineHeight > 0, maxHeight.isFinite {
            limit = Swift.min(limit, Swift.max(1, Int(((maxHeight + 1e-6) / lineHeight).rounded(.down))))
        }
        maxLines = limit
    }

    /// - Parameter shaped: where a paragraph already shaped in this style and direction is
    ///   found (a label measured again at another width), or nil to shape every paragraph.
    mutating func layout(_ text: String, shaped: ShapedParagraphs? = nil) -> TextLayout {
        // Most texts are one paragraph: no line separator byte (U+2029 starts with 0xE2), no
        // split by characters (a grapheme walk of the whole text).
        let single = !text.utf8.contains { $0 == 0x0A || $0 == 0x0D || $0 == 0xE2 }
        let paragraphs = single ? [Substring(text)]
            : text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\u{2029}" || $0 == "\r" })
        for (index, text) in paragraphs.enumerated() {
            if lines.count == maxLines {
                truncated = true
                markLastLineContinues()
                break
            }
            let p = shaped?.paragraph(text, font: style.font, rightToLeft: rightToLeft) {
                Paragraph(text, cascade: cascade, size: size, rightToLeftDefault: rightToLeft, buffer: buffer)
            } ?? Paragraph(text, cascade: cascade, size: size, rightToLeftDefault: rightToLeft, buffer: buffer)
            missing += p.missing
            layOut(p, moreFollows: index < paragraphs.count - 1)
        }
        return finish()
    }

    /// Breaks one paragraph into lines.
    private mutating func layOut(_ p: Paragraph, moreFollows: Bool) {
        var start = 0
        repeat {
            let lastAllowed = lines.count == maxLines - 1
            let end = width.map { breakLine(p, from: start, width: $0) } ?? p.count
            let continues = end < p.count || moreFollows
            if lastAllowed && continues {
                truncated = true
                if style.lineBreakMode.truncates {
                    appendTruncated(p, from: start, to: end < p.count ? p.count : end, forceEllipsis: true)
                } else {
                    // Word and character wrapping and clipping cut at the line's end; a clipped
                    // single line keeps all its text (the label's bounds cut it when drawn).
                    let cut = style.lineBreakMode == .clip ? p.count : end
                    appendLine(p, start, p.trimmed(start, cut), justify: false)
                }
                return
            }
            if let w = width, maxLines == 1, style.lineBreakMode.truncates, p.width(start, p.trimmed(start, p.count)) > w + 1e-9 {
                truncated = true
                appendTruncated(p, from: start, to: p.count, forceEllipsis: false)
                return
            }
            appendLine(p, start, p.trimmed(start, end), justify: end < p.count)
            start = end
        } while start < p.count
    }

    /// Where the line starting at `start` ends: after the last break opportunity that fits
    /// `width` (trailing spaces hang), or after as many characters as fit when no word does.
    private func breakLine(_ p: Paragraph, from start: Int, width w: Double) -> Int {
        if p.width(start, p.trimmed(start, p.count)) <= w + 1e-9 { return p.count }
        let chars = style.lineBreakMode == .charWrap
        var best: Int?
        var i = start + 1
        while i < p.count {
            if p.boundary[i] && (chars || p.breakBefore[i]) {
                // With no negative advance, once a line is too long every longer one is too:
                // the search stops at the first opportunity that does not fit (after a space
                // it used to go on to the paragraph's end, making wrapping quadratic).
                if p.width(start, p.trimmed(start, i)) <= w + 1e-9 {
                    best = i
                } else if !p.hasNegativeAdvance || !p.isSpace(i - 1) {
                    break
                }
            }
            i += 1
        }
        if let best { return best }
        // No opportunity fits: break between characters (at least one cluster per line).
        var end = start + 1
        while end < p.count && !p.boundary[end] { end += 1 }
        var next = end + 1
        while next <= p.count {
            if p.boundary[next] {
                if p.width(start, next) > w + 1e-9 { break }
                end = next
            }
            next += 1
        }
        return end
    }

    /// A line of characters `a..<b` (b already trimmed), with "…" (`dots`) before or after them
    /// in logical order when given.
    private mutating func appendLine(_ p: Paragraph, _ a: Int, _ b: Int, justify: Bool, dots: [LinePiece] = [], dotsFirst: Bool = false) {
        let text = p.string(a, b)
        if dots.isEmpty {
            append(p.pieces(a, b), text: text, from: p, a, b, justify: justify)
        } else if dotsFirst {
            append(dots + p.pieces(a, b), text: "\u{2026}" + text, from: p, a, b, justify: justify)
        } else {
            append(p.pieces(a, b) + dots, text: text + "\u{2026}", from: p, a, b, justify: justify)
        }
    }

    /// A line of `logical` pieces (characters `a..<b` of `p`), reordered for display.
    private mutating func append(_ logical: [LinePiece], text: String, from p: Paragraph, _ a: Int, _ b: Int, justify: Bool) {
        let visual = Self.reorder(logical)
        lines.append((visual, visual.reduce(0) { $0 + $1.width }, p.rightToLeft, justify, text))
        lastSource = (p, a, b)
    }

    /// Rule L2: from the highest level down to the lowest odd one, reverse every stretch of
    /// pieces at that level or higher.
    static func reorder(_ pieces: [LinePiece]) -> [LinePiece] {
        guard let high = pieces.map(\.level).max(), high > 0 else { return pieces }
        let lowOdd = pieces.map(\.level).filter { $0 & 1 == 1 }.min() ?? high
        var out = pieces
        var level = high
        while level >= Swift.max(lowOdd, 1) {
            var i = 0
            while i < out.count {
                guard out[i].level >= level else { i += 1; continue }
                var j = i
                while j < out.count && out[j].level >= level { j += 1 }
                out[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return out
    }

    /// The "…" in the paragraph's direction, shaped with the primary face (three full stops when
    /// it has no ellipsis).
    private func ellipsis(rightToLeft rtl: Bool) -> [LinePiece] {
        let text: Substring = primary.glyph(for: 0x2026) != nil ? "\u{2026}" : "..."
        let p = Paragraph(text, cascade: cascade, size: size, rightToLeftDefault: rtl, buffer: buffer)
        return p.pieces(0, p.count).map { var piece = $0; piece.level = rtl ? 1 : 0; return piece }
    }

    /// A truncated last line of characters `a..<b`: "…" at its head, middle or tail, with as
    /// many characters as fit beside it.
    private mutating func appendTruncated(_ p: Paragraph, from a: Int, to b: Int, forceEllipsis: Bool) {
        let w = width ?? .infinity
        let b = p.trimmed(a, b)
        if !forceEllipsis && p.width(a, b) <= w + 1e-9 {
            appendLine(p, a, b, justify: false)
            return
        }
        let dots = ellipsis(rightToLeft: p.rightToLeft)
        let e = dots.reduce(0) { $0 + $1.width }
        let budget = w - e
        switch style.lineBreakMode {
        case .truncateHead:
            var k = b
            var s = b
            while s > a {
                s -= 1
                if !p.boundary[s] { continue }
                if p.width(s, b) > budget + 1e-9 { break }
                k = s
            }
            while k < b && p.isSpace(k) { k += 1 }
            appendLine(p, k, b, justify: false, dots: dots, dotsFirst: true)
        case .truncateMiddle:
            let head = lastFitting(p, from: a, upTo: b, budget: budget / 2)
            let headWidth = p.width(a, p.trimmed(a, head))
            var tail = b
            var s = b
            while s > head {
                s -= 1
                if !p.boundary[s] { continue }
                if p.width(s, b) > budget - headWidth + 1e-9 { break }
                tail = s
            }
            let headEnd = p.trimmed(a, head)
            append(p.pieces(a, headEnd) + dots + p.pieces(tail, b), text: p.string(a, headEnd) + "\u{2026}" + p.string(tail, b),
                   from: p, a, b, justify: false)
        default:
            let end = p.trimmed(a, lastFitting(p, from: a, upTo: b, budget: budget))
            appendLine(p, a, end, justify: false, dots: dots)
        }
    }

    /// The last grapheme boundary `k` in `a...b` with characters `a..<k` (trailing spaces
    /// hanging) no wider than `budget`.
    private func lastFitting(_ p: Paragraph, from a: Int, upTo b: Int, budget: Double) -> Int {
        var k = a
        var i = a + 1
        while i <= b {
            if p.boundary[i] {
                if p.width(a, p.trimmed(a, i)) > budget + 1e-9 { break }
                k = i
            }
            i += 1
        }
        return k
    }

    /// The text goes on past the last line: a truncating mode shows "…" at its end.
    private mutating func markLastLineContinues() {
        guard style.lineBreakMode.truncates, let source = lastSource, !lines.isEmpty else { return }
        lines.removeLast()
        appendTruncated(source.paragraph, from: source.start, to: source.end, forceEllipsis: true)
    }

    /// Aligns and places every glyph.
    private func finish() -> TextLayout {
        let used = lines.map(\.width).max() ?? 0
        let box = width ?? used
        var out: [TextLine] = []
        for (k, line) in lines.enumerated() {
            var alignment = style.alignment
            var extra = 0.0
            if alignment == .justified {
                let spaces = line.pieces.reduce(0) { $0 + $1.isSpace.filter { $0 }.count }
                if line.justify && spaces > 0 && box > line.width { extra = (box - line.width) / Double(spaces) }
                alignment = .natural
            }
            let lineWidth = extra > 0 ? box : line.width
            let x: Double = switch alignment {
            case .left: 0
            case .right: box - lineWidth
            case .center: (box - lineWidth) / 2
            case .natural, .justified: rightToLeft ? box - lineWidth : 0
            }
            let baseline = Double(k) * lineHeight + ascent
            var pen = x
            var runs: [GlyphRun] = []
            for piece in line.pieces {
                var positions: [Point] = []
                positions.reserveCapacity(piece.glyphs.count)
                for g in piece.glyphs.indices {
                    positions.append(Point(x: pen + piece.offsets[g].x, y: baseline - piece.offsets[g].y))
                    pen += piece.advances[g] + (piece.isSpace[g] ? extra : 0)
                }
                if let last = runs.last, last.face === piece.face {
                    runs[runs.count - 1].glyphs += piece.glyphs
                    runs[runs.count - 1].positions += positions
                } else {
                    runs.append(GlyphRun(face: piece.face, size: size, glyphs: piece.glyphs, positions: positions))
                }
            }
            out.append(TextLine(text: line.text, runs: runs, x: x, width: lineWidth, baseline: baseline, isRightToLeft: line.rtl))
        }
        return TextLayout(lines: out, width: box, usedWidth: used, ascent: ascent, descent: descent, lineHeight: lineHeight,
                          isTruncated: truncated, missingCharacters: missing, fontProblem: problem, fontSize: size)
    }
}
