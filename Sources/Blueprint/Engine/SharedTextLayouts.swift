/// The text layouts measured during one build of a layout, shared between labels that show the
/// same text in the same style at the same width.
///
/// Real screens repeat their strings: every row of a list has its "Follow" button, its "2 min
/// ago", its section headers. Measuring a label shapes its text (HarfBuzz, bidi, line breaks),
/// some 8–10 µs for a short string; finding an equal one already measured costs a hash of the
/// text and the style. A ``TextLayout`` is a value fully determined by its inputs, so a shared
/// one is exactly what the label would have measured itself.
///
/// The engine empties the table at the start of every build (a font file may have changed
/// between builds; within one build it is read once), so it never holds more layouts than the
/// tree has labels.
struct SharedTextLayouts {
    private struct Key: Hashable {
        let text: String
        let style: TextStyle
        let width: Double?
        let rightToLeft: Bool
    }
    private var table: [Key: TextLayout] = [:]

    /// The layout of `text` in `style`, unwrapped (`width` nil) or wrapped at `width`; measured
    /// the first time these inputs are asked for in this build.
    mutating func layout(text: String, style: TextStyle, width: Double?, rightToLeft: Bool) -> TextLayout {
        let key = Key(text: text, style: style, width: width, rightToLeft: rightToLeft)
        if let l = table[key] { return l }
        var builder = TextLayoutBuilder(style: style, width: width, maxHeight: nil, rightToLeft: rightToLeft)
        // A label that may wrap is measured unwrapped, then again at its laid-out width: its
        // shaped paragraphs are kept for the second time (the shaping is most of a measure).
        let l = builder.layout(text, shaped: style.numberOfLines != 1 ? shaped : nil)
        table[key] = l
        return l
    }

    /// How many distinct layouts this build measured.
    var count: Int { table.count }

    /// Forgets every layout (a new build starts).
    mutating func removeAll() {
        table.removeAll(keepingCapacity: true)
        shaped.removeAll()
    }

    /// The paragraphs of wrapping labels, shaped once per build.
    private let shaped = ShapedParagraphs()
}

/// Paragraphs already shaped, by text, font and direction: what `Paragraph.init` would make
/// again from the same inputs (it depends on nothing else), kept for one build.
final class ShapedParagraphs {
    private struct Key: Hashable {
        let text: Substring
        let font: Font
        let rightToLeft: Bool
    }
    private var table: [Key: Paragraph] = [:]

    /// The paragraph of `text`, made by `make` the first time it is asked for.
    func paragraph(_ text: Substring, font: Font, rightToLeft: Bool, make: () -> Paragraph) -> Paragraph {
        let key = Key(text: text, font: font, rightToLeft: rightToLeft)
        if let p = table[key] { return p }
        let p = make()
        table[key] = p
        return p
    }

    func removeAll() { table.removeAll(keepingCapacity: true) }
}
