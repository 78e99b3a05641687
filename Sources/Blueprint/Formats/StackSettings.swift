/// The options of a `stack` line of a `.layout` file:
///
/// ```
/// stack actions in card axis horizontal spacing 8 alignment center distribution fillEqually
/// stack column axis vertical marginsRelative margins 12 baselineRelative
/// ```
///
/// `axis` is `horizontal` (default) or `vertical`; `alignment` one of `fill`, `leading`,
/// `top`, `center`, `trailing`, `bottom`, `firstBaseline`, `lastBaseline`; `distribution` one
/// of `fill`, `fillEqually`, `fillProportionally`, `equalSpacing`, `equalCentering`.
struct StackSettings {
    var axis = LayoutAxis.horizontal
    var spacing = 0.0
    var alignment = StackView.Alignment.fill
    var distribution = StackView.Distribution.fill
    var marginsRelative = false
    var baselineRelative = false

    static let alignments: [String: StackView.Alignment] = [
        "fill": .fill, "leading": .leading, "top": .top, "center": .center, "trailing": .trailing,
        "bottom": .bottom, "firstBaseline": .firstBaseline, "lastBaseline": .lastBaseline,
    ]

    /// Reads the value of `option` (its name already read).
    mutating func read(_ option: String, _ c: inout LayoutFileParser.Cursor, metrics: [String: Double]) throws(SyntaxError) {
        func word<T>(_ table: [(String, T)], _ what: String) throws(SyntaxError) -> T { try c.word(table, what, after: option) }
        switch option {
        case "axis":
            axis = try word([("horizontal", LayoutAxis.horizontal), ("vertical", .vertical)], "axis")
        case "spacing":
            spacing = try c.number("the spacing", metrics: metrics)   // negative overlaps, as in UIKit
        case "alignment":
            let order = ["fill", "leading", "top", "center", "trailing", "bottom", "firstBaseline", "lastBaseline"]
            alignment = try word(order.map { ($0, Self.alignments[$0]!) }, "alignment")
        case "distribution":
            distribution = try word(StackView.Distribution.allCases.map { ($0.rawValue, $0) }, "distribution")
        case "marginsRelative":
            marginsRelative = true
        default:   // "baselineRelative"
            baselineRelative = true
        }
    }

    func apply(to stack: StackView) {
        stack.axis = axis
        stack.spacing = spacing
        stack.alignment = alignment
        stack.distribution = distribution
        stack.isLayoutMarginsRelativeArrangement = marginsRelative
        stack.isBaselineRelativeArrangement = baselineRelative
    }
}

extension LayoutFileParser.Cursor {
    /// One of the words of `table` (`what` names them in errors: `expected an axis (horizontal,
    /// vertical) after `axis``, `unknown axis `x`; did you mean …?`), its value, the cursor moved past it.
    mutating func word<T>(_ table: [(String, T)], _ what: String, after option: String) throws(SyntaxError) -> T {
        let names = table.map(\.0)
        // `.vertical`, as Swift writes an enum case (priorities take `.defaultHigh` too).
        if current.kind == .dot, i + 1 < tokens.count, tokens[i + 1].kind == .identifier, tokens[i + 1].start == current.end,
           names.contains(lexer.text(tokens[i + 1])) {
            advance()
        }
        guard current.kind == .identifier else {
            throw fail("expected \(what) (\(names.joined(separator: ", "))) after `\(option)`, found \(describe())")
        }
        guard let value = table.first(where: { $0.0 == text })?.1 else {
            // Another case (`RTL`), then UIKit's words for the same thing (`end` is `tail`).
            let synonyms = ["end": "tail", "start": "head", "beginning": "head", "center": "middle", "centre": "middle"]
            let other = names.first { $0.lowercased() == text.lowercased() }
                ?? synonyms[text.lowercased()].flatMap { names.contains($0) ? $0 : nil }
            let guess = (other ?? closest(text, in: names)).map { "; did you mean `\($0)`?" } ?? ": use \(names.joined(separator: ", "))"
            throw fail("unknown \(what) `\(text)`\(guess)")
        }
        advance()
        return value
    }
}
