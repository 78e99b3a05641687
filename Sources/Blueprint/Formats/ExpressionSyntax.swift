import BlueprintSupport

/// A constraint line parsed but not yet resolved against views and metrics.
///
/// Grammar (seed 001's, extended as docs/LayoutFormat.md says):
/// ```
/// constraint = side relation side [ ("~" | "<~") priority ] [ "as" name ]
/// relation   = "=" | "==" | "<=" | ">="
/// side       = term { ("+" | "-") term }          at most one attribute term, constant last
/// term       = factor { ("*" | "/") factor }      at most one attribute, numbers multiply it
/// factor     = ["-"] ( number | name | name "." attribute | name "." guide "." attribute )
/// guide      = "margins" | "safeArea" | "readableContent"   one of the view's guides
/// number     = digits ["." digits] [":" digits]       `16:9` is a ratio
/// priority   = number | ["."] name                  1...1000, or required, defaultHigh, …
/// ```
struct ConstraintSyntax {
    var lhs: SideSyntax
    var relation: LayoutRelation
    var rhs: SideSyntax
    var priority: LayoutPriority?
    var priorityRange: Range<Int>?
    /// `as NAME`: the constraints' identifier.
    var identifier: String?
}

/// One side: `multiplier × view.attribute + constant`, or a bare constant.
struct SideSyntax {
    var reference: AttributeReference?
    var multiplier = 1.0
    var constant = 0.0
    /// The metric the constant was written as (`pad`, `-pad`), or nil.
    var constantName: String?
    /// The constant is a bare number or metric with no attribute on this side.
    var isConstantOnly: Bool { reference == nil }
    var range: Range<Int>
}

/// `view.attribute` as written, with where each part is.
struct AttributeReference {
    /// The view's (or `superview`'s) name.
    var base: String
    /// The guide after it, if any: `margins` in `card.margins.top`.
    var guide: String?
    /// `base` or `base.guide`, as written.
    var view: String { guide.map { base + "." + $0 } ?? base }
    var viewRange: Range<Int>
    var attribute: String
    var attributeRange: Range<Int>

    /// The guides a view can be followed by: `card.margins.top`, `card.safeArea.bottom`.
    static let guideNames: Set<String> = ["margins", "safeArea", "readableContent"]
}

/// A number or a metric, as written.
struct ConstantSyntax {
    var value: Double?        // nil: a metric, looked up when resolving
    var name: String?
    var negative: Bool
    var range: Range<Int>
}

/// The priority SnapKit or Cartography means by a name written where a priority goes (`~ high`,
/// `hugging high`), as the name and value to write instead: `defaultHigh (750)`; nil for any
/// other name.
func priorityFromOtherLibraries(_ name: String) -> String? {
    let lower = name.lowercased()
    // A name of ours in other letter cases (`DefaultHigh`): names are spelt as UIKit's.
    if let named = LayoutPriority.named.first(where: { $0.name.lowercased() == lower }) {
        return "\(named.name) (\(formatNumber(named.priority.rawValue)))"
    }
    return ["high": "defaultHigh (750)", "low": "defaultLow (250)", "medium": "500"][lower]
}

/// A syntax error: a message and the byte range it is about.
struct SyntaxError: Error {
    var message: String
    var range: Range<Int>

    /// An error that follows from one already reported (a subview of a view whose declaration
    /// failed): it stops the line but is not listed.
    static let cascade = SyntaxError(message: "", range: 0..<0)
    var isCascade: Bool { message.isEmpty }
}

/// Recursive descent over one line's tokens, with an error message for each way a constraint
/// is commonly written wrong (seed 001's list of invalid strings, and more).
struct ExpressionParser {
    private var tokens: [Token]
    private var index = 0
    private let lexer: Lexer
    /// Metrics are resolved here (a `let`, or the parameters given to the Swift API).
    private let metric: (String) -> Double?
    /// Whether a name is a view (for "must specify view.attribute, not just view").
    private let isView: (String) -> Bool

    init(lexer: Lexer, startingAt tokens: [Token], metric: @escaping (String) -> Double?, isView: @escaping (String) -> Bool) {
        self.lexer = lexer
        self.tokens = tokens
        self.metric = metric
        self.isView = isView
    }

    private var current: Token { tokens[index] }
    private mutating func advance() { if index < tokens.count - 1 { index += 1 } }

    private func text(_ t: Token) -> String { lexer.text(t) }

    private func describe(_ t: Token) -> String {
        t.kind == .end ? "the end of the line" : "`\(text(t))`"
    }

    private func fail(_ message: String, _ t: Token) -> SyntaxError {
        if t.kind == .invalid { return SyntaxError(message: lexer.reason(t), range: t.start..<t.end) }
        return SyntaxError(message: message, range: t.start..<Swift.max(t.end, t.start + 1))
    }

    mutating func parseConstraint() throws(SyntaxError) -> ConstraintSyntax {
        if current.kind == .invalid, text(current) == "[" {
            throw SyntaxError(
                message: lexer.reason(current) + ": a constraint reads `view.attribute = …`, not a message send",
                range: current.start..<current.end)
        }
        let lhs = try parseSide(isLeft: true)
        let relation: LayoutRelation
        switch current.kind {
        case .equal: relation = .equal
        case .lessOrEqual: relation = .lessThanOrEqual
        case .greaterOrEqual: relation = .greaterThanOrEqual
        default: throw fail("expected `=`, `==`, `<=` or `>=` after the left-hand side, found \(describe(current))", current)
        }
        advance()
        if current.kind == .end { throw fail("expected a right-hand side after the relation", current) }
        let rhs = try parseSide(isLeft: false)
        var priority: LayoutPriority?
        var priorityRange: Range<Int>?
        if current.kind == .tilde || current.kind == .arrowTilde {
            let marker = current
            advance()
            (priority, priorityRange) = try parsePriority(after: marker)
        }
        var identifier: String?
        if current.kind == .identifier, text(current) == "as" {
            advance()
            guard current.kind == .identifier else {
                throw fail("expected a name for the constraint after `as`, found \(describe(current))", current)
            }
            identifier = text(current)
            advance()
        }
        guard current.kind == .end else {
            // `~ .defaultHigh + 1` (Swift's priority arithmetic): the sum, written as one number.
            if let priority, current.kind == .plus || current.kind == .minus, index + 2 < tokens.count,
               case .number(let n) = tokens[index + 1].kind, tokens[index + 2].kind == .end {
                let sum = priority.rawValue + (current.kind == .plus ? n : -n)
                if sum >= 1, sum <= 1000, sum == sum.rounded() {
                    throw fail("a priority is one number: write `~ \(Int(sum))`", current)
                }
                throw fail("a priority is one number from 1 to 1000", current)
            }
            if priority == nil, current.kind == .identifier, text(current) == "priority" {
                throw fail("unexpected `\(text(current))` after the end of the constraint: a priority is written `~ 750`", current)
            }
            throw fail("unexpected \(describe(current)) after the end of the constraint", current)
        }
        return ConstraintSyntax(
            lhs: lhs, relation: relation, rhs: rhs, priority: priority, priorityRange: priorityRange, identifier: identifier)
    }

    private mutating func parsePriority(after marker: Token) throws(SyntaxError) -> (LayoutPriority, Range<Int>) {
        let t = current
        switch t.kind {
        case .number(let v):
            advance()
            guard (1...1000).contains(v) else { throw fail("priority \(formatNumber(v)) is outside 1...1000", t) }
            return (LayoutPriority(v), t.start..<t.end)
        case .dot, .identifier:
            var start = t.start
            if t.kind == .dot {
                advance()
                guard current.kind == .identifier else { throw fail("expected a priority name after `.`", current) }
                start = t.start
            }
            let name = text(current)
            let end = current.end
            if let p = LayoutPriority.named.first(where: { $0.name.lowercased() == name.lowercased() }) {
                advance()
                return (p.priority, start..<end)
            }
            if let v = metric(name) {
                advance()
                guard (1...1000).contains(v) else { throw fail("priority \(formatNumber(v)) is outside 1...1000", t) }
                return (LayoutPriority(v), start..<end)
            }
            if let guess = priorityFromOtherLibraries(name) {
                throw fail("unknown priority `\(name)`; did you mean \(guess)?", current)
            }
            let names = LayoutPriority.named.map(\.name).joined(separator: ", ")
            throw fail("unknown priority `\(name)`: use a number 1...1000 or one of \(names)", current)
        case .end:
            throw fail("expected a priority after `\(text(marker))`: a number 1...1000 or a name like defaultHigh", t)
        default:
            throw fail("expected a priority after `\(text(marker))`, found \(describe(t))", t)
        }
    }

    /// One term: its multiplier, its attribute if any, its constant if it has no attribute.
    private struct Term {
        var coefficient = 1.0
        var reference: AttributeReference?
        var constant: ConstantSyntax?
        var range: Range<Int>
    }

    private mutating func parseSide(isLeft: Bool) throws(SyntaxError) -> SideSyntax {
        var terms: [Term] = []
        let start = current.start
        var sign = 1.0
        while true {
            var term = try parseTerm()
            term.coefficient *= sign
            terms.append(term)
            if current.kind == .plus { sign = 1 } else if current.kind == .minus { sign = -1 } else { break }
            advance()
        }
        let end = tokens[Swift.max(0, index - 1)].end
        // Shape checks, in the order a reader would notice the problem.
        // The first two attribute terms and the first two constant terms (one pass, no arrays:
        // this runs for every side of every constraint of a file).
        var attributes = (first: -1, second: -1), constants = (first: -1, second: -1)
        for i in terms.indices {
            if terms[i].reference != nil {
                if attributes.first < 0 { attributes.first = i } else if attributes.second < 0 { attributes.second = i }
            } else {
                if constants.first < 0 { constants.first = i } else if constants.second < 0 { constants.second = i }
            }
        }
        if attributes.second >= 0 {
            throw SyntaxError(message: "only one attribute may appear on each side", range: terms[attributes.second].range)
        }
        if isLeft {
            if constants.first >= 0 {
                throw SyntaxError(message: "a constant must come last, at the end of the right-hand side", range: terms[constants.first].range)
            }
        } else if attributes.first > 0 {
            throw SyntaxError(message: "a constant must come last, after the attribute", range: terms[0].range)
        }
        if constants.second >= 0 {
            throw SyntaxError(message: "no constant arithmetic: write the result as one number", range: terms[constants.second].range)
        }
        var side = SideSyntax(range: start..<end)
        if attributes.first >= 0 {
            side.reference = terms[attributes.first].reference
            side.multiplier = terms[attributes.first].coefficient
        }
        if constants.first >= 0 {
            let c = terms[constants.first]
            side.constant = c.coefficient * (try value(of: c.constant!))
            if abs(c.coefficient) == 1 { side.constantName = c.constant!.name }
        }
        return side
    }

    private func value(of c: ConstantSyntax) throws(SyntaxError) -> Double {
        if let v = c.value { return v }
        if let v = metric(c.name!) { return v }
        throw SyntaxError(message: "unknown metric `\(c.name!)`", range: c.range)
    }

    private mutating func parseTerm() throws(SyntaxError) -> Term {
        var term = try parseFactor()
        while current.kind == .star || current.kind == .slash {
            let op = current
            advance()
            let factor = try parseFactor()
            term.range = term.range.lowerBound..<factor.range.upperBound
            switch (term.reference != nil, factor.reference != nil) {
            case (true, true):
                throw SyntaxError(message: "cannot multiply two attributes: a constraint is linear", range: factor.range)
            case (false, true):
                if op.kind == .slash {
                    throw SyntaxError(message: "cannot divide by an attribute: a constraint is linear", range: factor.range)
                }
                // `0.5 * x.width`: the number becomes the multiplier.
                let k = term.coefficient * (try value(of: term.constant!))
                term = Term(coefficient: k * factor.coefficient, reference: factor.reference, constant: nil, range: term.range)
            case (true, false):
                let k = factor.coefficient * (try value(of: factor.constant!))
                if op.kind == .slash {
                    guard k != 0 else { throw SyntaxError(message: "division by zero", range: factor.range) }
                    term.coefficient /= k
                } else {
                    term.coefficient *= k
                }
            case (false, false):
                // `1/3 * root.width`: a third is a ratio, which a decimal cannot write exactly.
                if op.kind == .slash, let a = term.constant?.value, let b = factor.constant?.value, term.coefficient == 1,
                   factor.coefficient == 1, a == a.rounded(), b == b.rounded(), a >= 0, b > 0, a < 1e9, b < 1e9 {
                    throw SyntaxError(message: "no constant arithmetic: write the ratio `\(Int(a)):\(Int(b))` (or the result as one number)", range: term.range.lowerBound..<factor.range.upperBound)
                }
                throw SyntaxError(message: "no constant arithmetic: write the result as one number", range: factor.range)
            }
        }
        return term
    }

    private mutating func parseFactor() throws(SyntaxError) -> Term {
        var negative = false
        let start = current.start
        if current.kind == .minus {
            negative = true
            advance()
        }
        let t = current
        switch t.kind {
        case .number(let v):
            advance()
            return Term(coefficient: negative ? -1 : 1, constant: ConstantSyntax(value: v, negative: negative, range: start..<t.end), range: start..<t.end)
        case .identifier:
            let name = text(t)
            advance()
            guard current.kind == .dot else {
                // An invisible or look-alike character between the name and its `.` is the
                // fault, not a missing attribute.
                if current.kind == .invalid { throw fail("", current) }
                if isView(name) || name == "superview" {
                    throw SyntaxError(
                        message: "must specify view.attribute, not just the view: write `\(name).left`, `\(name).width`…",
                        range: t.start..<t.end)
                }
                guard let v = metric(name) else {
                    throw SyntaxError(message: "unknown metric `\(name)`", range: t.start..<t.end)
                }
                return Term(
                    coefficient: negative ? -1 : 1,
                    constant: ConstantSyntax(value: v, name: name, negative: negative, range: start..<t.end),
                    range: start..<t.end)
            }
            advance()
            let attribute = current
            guard attribute.kind == .identifier else {
                throw fail("expected an attribute name after `\(name).`, found \(describe(attribute))", attribute)
            }
            advance()
            if current.kind == .dot {
                // `card.margins.top`: an attribute of one of the view's guides.
                guard AttributeReference.guideNames.contains(text(attribute)) else {
                    // UIKit's names of the guides: the file's short ones.
                    let uikit = ["layoutMarginsGuide": "margins", "safeAreaLayoutGuide": "safeArea", "readableContentGuide": "readableContent"]
                    if let short = uikit[text(attribute)] {
                        let next = index + 1 < tokens.count && tokens[index + 1].kind == .identifier ? text(tokens[index + 1]) : "top"
                        // `view.safeAreaLayoutGuide` as a view controller writes it, where no
                        // view is called `view`: the root's guide.
                        let known = isView(name) || name == "root" || name == "superview"
                        let written = known ? "\(name).\(short)" : short == "safeArea" || short == "readableContent" ? short : "root.\(short)"
                        throw SyntaxError(message: known
                                            ? "write `\(written)` for UIKit's `\(text(attribute))` (`\(written).\(next)`)"
                                            : "write `\(written)` for `\(name).\(text(attribute))` (`\(written).\(next)`): no view of this file is called `\(name)`, so the root's guide is meant",
                                          range: known ? attribute.start..<attribute.end : t.start..<attribute.end)
                    }
                    if text(attribute) == "keyboardLayoutGuide" {
                        throw SyntaxError(message: keyboardGuideMessage, range: attribute.start..<attribute.end)
                    }
                    throw fail("cannot follow dot paths: write `view.attribute`, or `view.margins.attribute` / `view.safeArea.attribute` / `view.readableContent.attribute` for a view's guides", current)
                }
                advance()
                let last = current
                guard last.kind == .identifier else {
                    throw fail("expected an attribute name after `\(name).\(text(attribute)).`, found \(describe(last))", last)
                }
                advance()
                if current.kind == .dot {
                    throw fail("cannot follow dot paths any further: a guide has no guides", current)
                }
                let reference = AttributeReference(
                    base: name, guide: text(attribute), viewRange: t.start..<attribute.end,
                    attribute: text(last), attributeRange: last.start..<last.end)
                return Term(coefficient: negative ? -1 : 1, reference: reference, range: start..<last.end)
            }
            let reference = AttributeReference(
                base: name, viewRange: t.start..<t.end, attribute: text(attribute), attributeRange: attribute.start..<attribute.end)
            return Term(coefficient: negative ? -1 : 1, reference: reference, range: start..<attribute.end)
        case .leftParen:
            throw fail("parentheses are not supported: write `multiplier * view.attribute + constant`", t)
        case .end:
            throw fail("expected a view attribute or a number, found the end of the line", t)
        default:
            throw fail("expected a view attribute or a number, found \(describe(t))", t)
        }
    }
}

/// UIKit's `keyboardLayoutGuide`, which a file cannot have: no keyboard is shown.
let keyboardGuideMessage = "`keyboardLayoutGuide` is not supported: no keyboard is shown here; declare a guide (`guide keyboard`), pin it to the root's bottom with the keyboard's height (`keyboard.height == 336`), and constrain to it"
