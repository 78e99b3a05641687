import BlueprintSupport

/// Reads one visual-format string (Apple's grammar) into constraints, with an error at the
/// byte range of the offending part:
///
/// ```
/// format     := (("H" | "V") ":")? ("|" connection)? view (connection view)* (connection "|")?
/// view       := "[" name ("(" predicate ("," predicate)* ")")? "]"
/// connection := "" | "-" | "-" simple "-" | "-" "(" predicate ("," predicate)* ")" "-"
/// simple     := number | metric
/// predicate  := ("==" | "<=" | ">=")? (number | metric | view name) ("@" (number | metric | priority name))?
/// ```
///
/// Spaces between the parts are allowed. A `#` ends the format (a `.layout` comment).
struct VisualFormatParser {
    private let bytes: [UInt8]
    private var i = 0
    private let metric: (String) -> Double?
    private let item: (String) -> LayoutItem?
    private let location: LayoutSourceLocation?

    init(_ text: Substring, metric: @escaping (String) -> Double?, item: @escaping (String) -> LayoutItem?, location: LayoutSourceLocation?) {
        var b = Array(text.utf8)
        if let hash = b.firstIndex(of: UInt8(ascii: "#")) { b.removeSubrange(hash...) }
        bytes = b
        self.metric = metric
        self.item = item
        self.location = location
    }

    private struct Predicate {
        var relation: LayoutRelation
        var constant: Double
        var view: LayoutItem?
        var priority: LayoutPriority
        /// The metric the constant was written as, or nil.
        var constantName: String? = nil
    }

    private enum Edge {
        case superview, view(LayoutItem, Range<Int>)
        var isSuperview: Bool { if case .superview = self { true } else { false } }
    }

    // MARK: Characters

    private var atEnd: Bool { i >= bytes.count }
    private var current: UInt8? { i < bytes.count ? bytes[i] : nil }

    private mutating func skipSpaces() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0D { i += 1 }
    }

    private func describeCurrent() -> String {
        guard i < bytes.count else { return "the end of the format" }
        var end = i + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let text = String(decoding: bytes[i..<end], as: UTF8.self)
        // A character no terminal shows is named by its code point.
        if let scalar = text.unicodeScalars.first, let invisible = Lexer.invisible(scalar) { return invisible }
        if let plain = Lexer.asciiLookAlikes[text] { return "`\(text)` (write the ASCII `\(plain)`)" }
        return "`\(text)`"
    }

    private func fail(_ message: String, _ range: Range<Int>? = nil) -> SyntaxError {
        SyntaxError(message: message, range: range ?? i..<(i + 1))
    }

    private mutating func expect(_ c: Character, _ what: String) throws(SyntaxError) {
        skipSpaces()
        guard current == c.asciiValue else { throw fail("expected \(what), found \(describeCurrent())") }
        i += 1
    }

    private static func isNameStart(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F
    }

    private static func isNameByte(_ b: UInt8) -> Bool { isNameStart(b) || (b >= 0x30 && b <= 0x39) }

    private mutating func name() -> (String, Range<Int>)? {
        skipSpaces()
        guard let b = current, Self.isNameStart(b) else { return nil }
        let start = i
        while i < bytes.count, Self.isNameByte(bytes[i]) { i += 1 }
        return (String(decoding: bytes[start..<i], as: UTF8.self), start..<i)
    }

    /// A number, or nil when none starts here (`i` stays).
    ///
    /// - Throws: a number beyond 1e15, the limit of every number of the formats.
    private mutating func number() throws(SyntaxError) -> (Double, Range<Int>)? {
        skipSpaces()
        let start = i
        var j = i
        if j < bytes.count, bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+") { j += 1 }
        let digits = j
        while j < bytes.count, bytes[j] >= 0x30 && bytes[j] <= 0x39 { j += 1 }
        if j < bytes.count, bytes[j] == UInt8(ascii: "."), j + 1 < bytes.count, bytes[j + 1] >= 0x30 && bytes[j + 1] <= 0x39 {
            j += 1
            while j < bytes.count, bytes[j] >= 0x30 && bytes[j] <= 0x39 { j += 1 }
        }
        // An exponent (`1e400`) is not a number in a visual format: said at once, not later as
        // a stray `e`.
        if j > digits, j < bytes.count, bytes[j] == UInt8(ascii: "e") || bytes[j] == UInt8(ascii: "E") {
            var k = j + 1
            if k < bytes.count, bytes[k] == UInt8(ascii: "-") || bytes[k] == UInt8(ascii: "+") { k += 1 }
            if k < bytes.count, bytes[k] >= 0x30 && bytes[k] <= 0x39 {
                while k < bytes.count, bytes[k] >= 0x30 && bytes[k] <= 0x39 { k += 1 }
                throw fail("`\(String(decoding: bytes[start..<k], as: UTF8.self))` is not a number here: write it in digits (no exponent)", start..<k)
            }
        }
        guard j > digits, let v = Double(String(decoding: bytes[start..<j], as: UTF8.self)) else { return nil }
        guard v.isFinite, Swift.abs(v) <= 1e15 else { throw fail("number too large: the limit is 1e15", start..<j) }
        i = j
        return (v, start..<j)
    }

    /// A number or a metric name, with the metric's name.
    private mutating func constant(_ what: String) throws(SyntaxError) -> (Double, String?) {
        if let (v, _) = try number() { return (v, nil) }
        if let (n, range) = name() {
            guard let v = metric(n) else { throw fail("unknown metric `\(n)`", range) }
            return (v, n)
        }
        throw fail("expected \(what) (a number or a metric), found \(describeCurrent())")
    }

    // MARK: Grammar

    mutating func parse(options: VisualFormatOptions, optionsRange: Range<Int>?) throws(SyntaxError) -> [LayoutConstraint] {
        skipSpaces()
        var vertical = false
        if let b = current, b == UInt8(ascii: "H") || b == UInt8(ascii: "V") || (Self.isNameStart(b) && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: ":")) {
            guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: ":") else {
                throw fail("expected `:` after the orientation (`H:` or `V:`)", (i + 1)..<(i + 2))
            }
            guard b == UInt8(ascii: "H") || b == UInt8(ascii: "V") else {
                throw fail("unknown orientation `\(String(decoding: [b], as: UTF8.self))`: use `H:` or `V:`")
            }
            vertical = b == UInt8(ascii: "V")
            i += 2
        }
        let mode = try Axis(vertical: vertical, options: options, optionsRange: optionsRange)
        var made: [LayoutConstraint] = []
        var views: [(LayoutItem, Range<Int>)] = []
        var seen: Set<ObjectIdentifier> = []
        var previous: Edge?
        var pending: (predicates: [Predicate]?, range: Range<Int>)?   // the connection before the next element

        skipSpaces()
        if current == UInt8(ascii: "|") {
            i += 1
            previous = .superview
            pending = try connection()
        }
        while true {
            skipSpaces()
            if current == UInt8(ascii: "[") {
                let (view, range, predicates) = try viewElement(axis: mode)
                if !seen.insert(ObjectIdentifier(view)).inserted {
                    throw fail("`\(view.name)` appears twice in one format", range)
                }
                if let previous, let p = pending {
                    made += try spacing(from: previous, to: .view(view, range), p.predicates, p.range, mode)
                } else if let previous {
                    made += try spacing(from: previous, to: .view(view, range), [], range, mode)
                }
                made += predicates
                views.append((view, range))
                previous = .view(view, range)
                pending = try connection()
                continue
            }
            if current == UInt8(ascii: "|") {
                guard let p = previous, case .view = p else {
                    throw fail(previous == nil ? "a format needs at least one view in brackets: `[name]`" : "expected a view after `|`, found `|`")
                }
                let bar = i..<(i + 1)
                i += 1
                if let pending {
                    made += try spacing(from: p, to: .superview, pending.predicates, pending.range, mode)
                } else {
                    made += try spacing(from: p, to: .superview, [], bar, mode)
                }
                pending = nil
                skipSpaces()
                guard atEnd else { throw fail("unexpected \(describeCurrent()) after the closing `|`") }
                break
            }
            if atEnd {
                if views.isEmpty { throw fail("a format needs at least one view in brackets: `[name]`") }
                if let p = pending, p.range.count > 0 {
                    throw fail("a connection must lead to a view or to `|`", p.range)
                }
                break
            }
            if views.isEmpty, previous == nil {
                throw fail("expected `|` or a view in brackets (`[name]`), found \(describeCurrent())")
            }
            throw fail("expected a view in brackets (`[name]`) or `|`, found \(describeCurrent())")
        }
        // alignAll options: every view aligned with the one before it.
        for (a, b) in zip(views, views.dropFirst()) {
            for attribute in mode.alignments {
                made.append(make(b.0, attribute, .equal, a.0, attribute, 0, .required))
            }
        }
        return made
    }

    /// What `H:`/`V:` and the options mean.
    private struct Axis {
        let vertical: Bool
        /// The attribute before and after a view along the axis; `reversed` for right-to-left.
        let lead: LayoutAttribute, trail: LayoutAttribute, length: LayoutAttribute
        let reversed: Bool
        let alignments: [LayoutAttribute]

        init(vertical: Bool, options: VisualFormatOptions, optionsRange: Range<Int>?) throws(SyntaxError) {
            self.vertical = vertical
            let direction = options.intersection([.directionLeftToRight, .directionRightToLeft])
            let range = optionsRange ?? 0..<1
            if direction == [.directionLeftToRight, .directionRightToLeft] {
                throw SyntaxError(message: "directionLeftToRight and directionRightToLeft cannot both be given", range: range)
            }
            if vertical {
                (lead, trail, length, reversed) = (.top, .bottom, .height, false)
            } else if direction == .directionLeftToRight {
                (lead, trail, length, reversed) = (.left, .right, .width, false)
            } else if direction == .directionRightToLeft {
                (lead, trail, length, reversed) = (.right, .left, .width, true)
            } else {
                (lead, trail, length, reversed) = (.leading, .trailing, .width, false)
            }
            var aligned: [LayoutAttribute] = []
            for entry in VisualFormatOptions.named where options.contains(entry.option) && !entry.option.isEmpty {
                guard let a = entry.attribute else { continue }
                if a.axis == (vertical ? .vertical : .horizontal) {
                    throw SyntaxError(
                        message: "\(entry.name) aligns \(vertical ? "vertical" : "horizontal") positions, which a \(vertical ? "V:" : "H:") format already sets; use it with \(vertical ? "H:" : "V:")",
                        range: range)
                }
                aligned.append(a)
            }
            alignments = aligned
        }
    }

    /// `[name(predicates)]`: the view, the range of its name, its size constraints.
    private mutating func viewElement(axis: Axis) throws(SyntaxError) -> (LayoutItem, Range<Int>, [LayoutConstraint]) {
        let bracket = i
        i += 1   // "["
        guard let (n, range) = name() else {
            throw fail("expected a view name after `[`, found \(describeCurrent())")
        }
        skipSpaces()
        if let b = current, Self.isNameStart(b) {
            // `[view1 setLeft:20]`: Objective-C, not a visual format.
            throw fail("unexpected character `[`: a constraint reads `view.attribute = …`, not a message send", bracket..<(bracket + 1))
        }
        guard let view = item(n) else {
            throw fail("unknown view `\(n)`", range)
        }
        var made: [LayoutConstraint] = []
        skipSpaces()
        if current == UInt8(ascii: "(") {
            i += 1
            for p in try predicateList(allowViews: true) {
                let c = make(view, axis.length, p.relation, p.view, p.view == nil ? nil : axis.length, p.constant, p.priority)
                c.constantName = p.constantName
                made.append(c)
            }
        }
        try expect("]", "`]` after `[\(n)`")
        return (view, range, made)
    }

    /// What follows a `(`: predicates separated by commas, then `)`.
    private mutating func predicateList(allowViews: Bool) throws(SyntaxError) -> [Predicate] {
        var out: [Predicate] = []
        repeat {
            skipSpaces()
            var relation = LayoutRelation.equal
            if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "=") {
                switch bytes[i] {
                case UInt8(ascii: "="): relation = .equal; i += 2
                case UInt8(ascii: "<"): relation = .lessThanOrEqual; i += 2
                case UInt8(ascii: ">"): relation = .greaterThanOrEqual; i += 2
                default: break
                }
            } else if let b = current, b == UInt8(ascii: "<") || b == UInt8(ascii: ">") || b == UInt8(ascii: "=") {
                throw fail("expected a relation (`==`, `<=` or `>=`), found \(describeCurrent())")
            }
            var p = Predicate(relation: relation, constant: 0, view: nil, priority: .required)
            if let (v, _) = try number() {
                p.constant = v
            } else if let (n, range) = name() {
                if let v = metric(n) {
                    p.constant = v
                    p.constantName = n
                } else if let other = item(n) {
                    guard allowViews else { throw fail("a spacing cannot be another view: `\(n)` is a view; use a number or a metric", range) }
                    p.view = other
                } else {
                    throw fail(allowViews ? "unknown view or metric `\(n)`" : "unknown metric `\(n)`", range)
                }
            } else {
                throw fail("expected \(allowViews ? "a number, a metric or a view" : "a number or a metric"), found \(describeCurrent())")
            }
            skipSpaces()
            if current == UInt8(ascii: "@") {
                i += 1
                let start = i
                var value: Double
                if let (v, _) = try number() {
                    value = v
                } else if let (n, range) = name() {
                    if let named = LayoutPriority.named.first(where: { $0.name == n }) {
                        value = named.priority.rawValue
                    } else if let v = metric(n) {
                        value = v
                    } else if let guess = priorityFromOtherLibraries(n) {
                        throw fail("unknown priority or metric `\(n)`; did you mean \(guess)?", range)
                    } else {
                        throw fail("unknown priority or metric `\(n)`", range)
                    }
                } else {
                    throw fail("expected a priority after `@`, found \(describeCurrent())")
                }
                guard (1...1000).contains(value) else {
                    throw fail("priority \(formatNumber(value)) is outside 1...1000", start..<i)
                }
                p.priority = LayoutPriority(value)
            }
            out.append(p)
            skipSpaces()
            if current == UInt8(ascii: ",") { i += 1; continue }
            guard current == UInt8(ascii: ")") else {
                throw fail("expected `,` or `)` in a predicate list, found \(describeCurrent())")
            }
            i += 1
            return out
        } while true
    }

    /// After a view or the opening `|`: nothing (flush), `-` (standard spacing), or `-…-`.
    /// nil predicates mean the standard spacing; the range spans the connection.
    private mutating func connection() throws(SyntaxError) -> (predicates: [Predicate]?, range: Range<Int>) {
        skipSpaces()
        let start = i
        guard current == UInt8(ascii: "-") else {
            return ([Predicate(relation: .equal, constant: 0, view: nil, priority: .required)], start..<start)
        }
        i += 1
        skipSpaces()
        if atEnd || current == UInt8(ascii: "[") || current == UInt8(ascii: "|") {
            return (nil, start..<i)
        }
        var predicates: [Predicate]
        if current == UInt8(ascii: "(") {
            i += 1
            predicates = try predicateList(allowViews: false)
        } else {
            let (v, name) = try constant("a spacing")
            predicates = [Predicate(relation: .equal, constant: v, view: nil, priority: .required, constantName: name)]
        }
        try expect("-", "`-` after the spacing")
        return (predicates, start..<i)
    }

    /// The constraints of one connection between two elements.
    private func spacing(from before: Edge, to after: Edge, _ predicates: [Predicate]?, _ range: Range<Int>, _ axis: Axis) throws(SyntaxError) -> [LayoutConstraint] {
        func superview(of other: Edge) throws(SyntaxError) -> LayoutItem {
            guard case .view(let v, let r) = other else { throw fail("a format needs at least one view in brackets: `[name]`", range) }
            let parent = (v as? View)?.superview ?? (v is LayoutGuide ? v.owningView : nil)
            guard let parent else { throw fail("`\(v.name)` has no superview for `|` to stand for", r) }
            return parent
        }
        // The standard spacing: 8 between two views; to `|`, the superview's layout margins
        // (`|-[a]` is `a.leading == superview.leadingMargin`, as UIKit reads it since iOS 8).
        let toMargins = predicates == nil
        let standard = toMargins && !(before.isSuperview || after.isSuperview) ? VisualFormatSpacing.siblings : 0
        let predicates = predicates ?? [Predicate(relation: .equal, constant: standard, view: nil, priority: .required)]
        // The edge before the gap, and the edge after it.
        let (b, bAttr): (LayoutItem, LayoutAttribute) = switch before {
        case .superview: (try superview(of: after), toMargins ? axis.lead.withinMargins : axis.lead)
        case .view(let v, _): (v, axis.trail)
        }
        let (a, aAttr): (LayoutItem, LayoutAttribute) = switch after {
        case .superview: (try superview(of: before), toMargins ? axis.trail.withinMargins : axis.trail)
        case .view(let v, _): (v, axis.lead)
        }
        return predicates.map { p in
            let c = axis.reversed
                ? make(b, bAttr, p.relation, a, aAttr, p.constant, p.priority)   // right to left: before.left ≷ after.right + gap
                : make(a, aAttr, p.relation, b, bAttr, p.constant, p.priority)
            c.constantName = p.constantName
            return c
        }
    }

    private func make(
        _ first: LayoutItem, _ a1: LayoutAttribute, _ relation: LayoutRelation, _ second: LayoutItem?,
        _ a2: LayoutAttribute?, _ constant: Double, _ priority: LayoutPriority
    ) -> LayoutConstraint {
        let c = LayoutConstraint(first, a1, relation, second, a2, multiplier: 1, constant: constant, location: location)
        c.storedPriority = priority
        if c.problem != nil { c.problem = c.validate() }
        return c
    }
}
