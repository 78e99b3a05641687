/// The text options of a label's `view` line in a `.layout` file:
///
/// ```
/// fontfile inter "fonts/Inter-Regular.ttf"
/// view title in card label "Weekly report" font 20 weight semibold
/// view body in card label "A long text…" font 15 lines 0 align justified
/// view path in card label "/Users/me/Documents/Reports/2026" truncate middle
/// view quote in card label "Set in the app's own font" font inter 17 italic
/// ```
///
/// `font [NAME] SIZE` (NAME from a `fontfile` line; the system font without one), `weight`
/// (`ultralight` … `black`), `italic`, `lines N` (0 = unlimited), `align` (`natural`, `left`,
/// `center`, `right`, `justified`), `truncate head|middle|tail`, `wrap word|char`, `clip`,
/// `maxwidth W` (the preferred maximum layout width).
struct LabelSettings {
    var size: Double?
    var face: FontFace?
    var weight: Font.Weight?
    var italic = false
    var lines: Int?
    var alignment: TextAlignment?
    var lineBreakMode: LineBreakMode?
    var maxWidth: Double?

    /// The options that belong to labels.
    static let options = ["font", "weight", "italic", "lines", "align", "truncate", "wrap", "clip", "maxwidth"]

    /// Whether any option was given (they need `label`).
    var isEmpty: Bool {
        size == nil && face == nil && weight == nil && !italic && lines == nil && alignment == nil && lineBreakMode == nil && maxWidth == nil
    }

    /// Reads the value of `option` (its name already read; `seen` keeps the modes apart).
    mutating func read(_ option: String, _ c: inout LayoutFileParser.Cursor, metrics: [String: Double],
                       fonts: [String: FontFace]) throws(SyntaxError) {
        func word<T>(_ table: [(String, T)], _ what: String) throws(SyntaxError) -> T { try c.word(table, what, after: option) }
        let optionToken = c.tokens[Swift.max(c.i - 1, 0)]
        func setMode(_ mode: LineBreakMode) throws(SyntaxError) {
            if let lineBreakMode, lineBreakMode != mode {
                throw SyntaxError(message:"`\(option)` conflicts with the line-break mode `\(lineBreakMode.rawValue)` given before: a label has one",
                                  range: optionToken.start..<optionToken.end)
            }
            lineBreakMode = mode
        }
        switch option {
        case "font":
            if c.current.kind == .identifier, metrics[c.text] == nil {
                guard let face = fonts[c.text] else {
                    let names = fonts.keys.sorted()
                    let hint = closest(c.text, in: names).map { "; did you mean `\($0)`?" }
                        ?? (names.isEmpty ? ": declare it first with `fontfile \(c.text) \"File.ttf\"`" : ": declared fonts are \(names.joined(separator: ", "))")
                    throw c.fail("unknown font `\(c.text)`\(hint)")
                }
                self.face = face
                c.advance()
            }
            let start = c.current
            let f = try c.number("a font size", metrics: metrics)
            guard f > 0, f <= 1000 else { throw SyntaxError(message: "a font size must be more than 0 and at most 1000", range: start.start..<c.previousEnd) }
            size = f
        case "weight":
            weight = try word(Font.Weight.allCases.map { ($0.description, $0) }, "weight")
        case "italic":
            italic = true
        case "lines":
            let start = c.current
            let n = try c.number("a number of lines (0 for unlimited)", metrics: metrics)
            guard n >= 0, n <= 100_000, n == n.rounded() else {
                throw SyntaxError(message: "a number of lines is a whole number from 0 (unlimited) to 100000", range: start.start..<c.previousEnd)
            }
            lines = Int(n)
        case "align":
            alignment = try word(TextAlignment.allCases.map { ($0.rawValue, $0) }, "alignment")
        case "truncate":
            try setMode(try word([("head", LineBreakMode.truncateHead), ("middle", .truncateMiddle), ("tail", .truncateTail)], "truncation"))
        case "wrap":
            try setMode(try word([("word", LineBreakMode.wordWrap), ("char", .charWrap)], "wrapping"))
        case "clip":
            try setMode(.clip)
        default:   // "maxwidth"
            let start = c.current
            let w = try c.number("the preferred maximum width", metrics: metrics)
            guard w > 0, w.isFinite else { throw SyntaxError(message: "a preferred maximum width must be more than 0", range: start.start..<c.previousEnd) }
            maxWidth = w
        }
    }

    /// The label these settings make.
    func label(name: String, text: String) -> Label {
        let font: Font
        if let face {
            font = Font(face: face, size: size ?? 17)
        } else {
            font = Font.system(size: size ?? 17, weight: weight ?? .regular, italic: italic)
        }
        let label = Label(name: name, text: text, font: font)
        if let lines { label.numberOfLines = lines }
        if let alignment { label.textAlignment = alignment }
        if let lineBreakMode { label.lineBreakMode = lineBreakMode }
        if let maxWidth { label.preferredMaxLayoutWidth = maxWidth }
        return label
    }
}
