/// The shapes nearly every constraint line of a real file has, made straight from the tokens:
///
/// ```
/// a.attribute REL b.attribute [(+|-) number] [~ priority]
/// a.attribute REL [-]number [~ priority]
/// ```
/// where either reference may go through a guide (`card.margins.top`), the right-hand view may be
/// `superview`, the attributes are simple ones (not `edges`, `size`, …) and the priority is a
/// number or one of Auto Layout's names. Everything else — multipliers, metrics, compound
/// attributes, `as NAME`, `superview` on the left, and every line with a mistake — is left to
/// the general parser (`ExpressionParser` and `ExpressionResolver`), which gives the same
/// constraint for these shapes: this only skips its syntax tree, its closures and its arrays
/// (a third of a 10,000-view file's parsing). A line this cannot make is not an error here:
/// `nil` sends it on, so every message still comes from one place.
enum SimpleConstraintLine {
    /// The one constraint of `tokens` (a whole line, `.end` last), or nil for the general parser.
    /// `names`, when given, holds the file's views and guides (what `item` finds, but looked up
    /// by bytes); a name it does not hold is asked of `item`. Call it only where no `layout { }`
    /// block is collecting (`ConstraintCollector.current == nil`): what it makes is not collected.
    static func make(
        _ tokens: [Token], _ lexer: Lexer, location: LayoutSourceLocation?, item: (String) -> LayoutItem?,
        names: NameTable<LayoutItem>? = nil
    ) -> LayoutConstraint? {
        var i = 0
        guard let (first, a) = reference(tokens, &i, lexer, item: item, names: names, leftHand: nil) else { return nil }
        let relation: LayoutRelation
        switch tokens[i].kind {
        case .equal: relation = .equal
        case .lessOrEqual: relation = .lessThanOrEqual
        case .greaterOrEqual: relation = .greaterThanOrEqual
        default: return nil
        }
        i += 1
        // The right-hand side: an item and its attribute, or none; the constant.
        var second: (LayoutItem, LayoutAttribute)?
        var constant = 0.0
        switch tokens[i].kind {
        case .identifier:
            guard let b = reference(tokens, &i, lexer, item: item, names: names, leftHand: first) else { return nil }
            second = b
            let sign: Double? = tokens[i].kind == .plus ? 1 : tokens[i].kind == .minus ? -1 : nil
            if let sign {
                guard case .number(let v) = tokens[i + 1].kind else { return nil }
                constant = sign * v
                i += 2
            }
        case .number, .minus:
            let sign: Double = tokens[i].kind == .minus ? -1 : 1
            if sign < 0 { i += 1 }
            guard case .number(let v) = tokens[i].kind else { return nil }
            constant = sign * v
            i += 1
            // A size against a number is absolute; a position is relative to the superview's
            // same attribute (`view1.left = 10`).
            if !a.isDimension {
                guard let parent = first.superviewForFormats else { return nil }
                second = (parent, a)
            }
        default:
            return nil
        }
        var priority: LayoutPriority?
        if tokens[i].kind == .tilde || tokens[i].kind == .arrowTilde {
            i += 1
            switch tokens[i].kind {
            case .number(let v):
                guard (1...1000).contains(v) else { return nil }
                priority = LayoutPriority(v)
            case .identifier:
                guard let p = namedPriorities[lexer.text(tokens[i]).lowercased()] else { return nil }
                priority = p
            default:
                return nil
            }
            i += 1
        }
        guard tokens[i].kind == .end else { return nil }
        // Its callers make sure no `layout { }` block is collecting.
        let c = LayoutConstraint(
            first, a, relation, second?.0, second?.1, multiplier: 1, constant: constant, location: location,
            collected: false)
        if let priority { c ~ priority }
        return c
    }

    /// `view.attribute` or `view.guide.attribute`, with `i` moved past it; nil for anything
    /// else (the token after it must not be a dot).
    private static func reference(
        _ t: [Token], _ i: inout Int, _ lexer: Lexer, item: (String) -> LayoutItem?,
        names: NameTable<LayoutItem>?, leftHand: LayoutItem?
    ) -> (LayoutItem, LayoutAttribute)? {
        guard t[i].kind == .identifier, t[i + 1].kind == .dot, t[i + 2].kind == .identifier else { return nil }
        var found: LayoutItem
        if lexer.text(t[i], is: "superview") {
            guard let left = leftHand, let parent = left.superviewForFormats else { return nil }
            found = parent
        } else if let names, let named = lexer.lookUp(t[i], in: names) {
            found = named
        } else {
            guard let named = item(lexer.text(t[i])) else { return nil }
            found = named
        }
        var name = t[i + 2]
        i += 3
        if t[i].kind == .dot {
            guard t[i + 1].kind == .identifier, let view = found as? View else { return nil }
            if lexer.text(name, is: "margins") {
                found = view.layoutMarginsGuide
            } else if lexer.text(name, is: "safeArea") {
                found = view.safeAreaLayoutGuide
            } else if lexer.text(name, is: "readableContent") {
                found = view.readableContentGuide
            } else {
                return nil
            }
            name = t[i + 1]
            i += 2
            if t[i].kind == .dot { return nil }
        }
        guard let attribute = lexer.lookUp(name, in: attributes) else { return nil }
        return (found, attribute)
    }

    /// Every simple attribute by name, `baseline` included (as `LayoutAttribute(name:)`).
    private static let attributes: NameTable<LayoutAttribute> = {
        var table = NameTable<LayoutAttribute>(capacity: 32)
        for a in LayoutAttribute.allCases { table.insert(a.rawValue, a) }
        table.insert("baseline", .lastBaseline)
        return table
    }()

    /// Auto Layout's priority names, lowercased (the general parser matches them ignoring case).
    private static let namedPriorities: [String: LayoutPriority] = Dictionary(
        uniqueKeysWithValues: LayoutPriority.named.map { ($0.name.lowercased(), $0.priority) })
}
