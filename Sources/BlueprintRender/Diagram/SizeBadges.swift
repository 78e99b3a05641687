import Blueprint

/// Size constraints read as one badge per item instead of dimension lines:
///
/// - a constant width and height as `40 × 40` (one of them: `w 40`, `h ≥ 44`);
/// - an aspect ratio as `16:9` when it is an exact ratio of small numbers;
/// - equal widths (or heights) of several items as Interface Builder's "=" badges: every
///   member of a group carries `=w A` with the group's letter;
/// - any other size relation spelled out: `w ≤ card.w ×9/10 + 4 @750`.
///
/// Priorities below required end a part with `@750`.
struct SizeBadges {
    /// One badge: the item it belongs to, its frame, and its text.
    struct Badge {
        var item: ObjectIdentifier
        /// The text without metric names (`h 44` for `h rowHeight 44`), nil when it has none.
        var shortText: String?
        var frame: Rect
        var text: String
        /// The frames of the views its constraints relate (for "labels outside their owner").
        var owners: [Rect]
        var role: StrokeRole
        /// The constraints summarised, as written (for markers' legend entries).
        var formulas: [String]
        /// How many views contain its item (0 for the root's): badges of nested views are
        /// placed first (see ``LabelPlacer/placeBadges(_:)``).
        var depth = 0
    }

    private(set) var badges: [Badge] = []
    /// How many equal-size groups got a letter.
    private(set) var groups = 0
    /// The letter of the first group of each attribute (width, height), for the legend to
    /// explain what it shows.
    private(set) var firstLetters: [LayoutAttribute: String] = [:]

    private struct Part {
        var key: Int          // ordering inside a badge: sizes, ratio, equal marks, the rest
        var text: String
        /// The text without metric names; nil when the same.
        var short: String? = nil
        var owners: [Rect]
        var role: StrokeRole
        var formula: String
    }

    /// Builds the badges of `constraints` (each with its stroke role), in a deterministic order:
    /// items in order of their first size constraint.
    /// `tags` adds a text to an item's badge (the `as row1` of a folded repetition).
    init(_ constraints: [(LayoutConstraint, StrokeRole)], tags: [(LayoutItem, String)] = []) {
        var order: [ObjectIdentifier] = []
        var items: [ObjectIdentifier: LayoutItem] = [:]
        var parts: [ObjectIdentifier: [Part]] = [:]
        // The parts already said, by item, text and role: the same size said twice (two equal
        // constraints) is one part (a search of the item's parts was quadratic in them).
        struct Said: Hashable { let item: ObjectIdentifier, text: String, role: StrokeRole }
        var said = Set<Said>()
        func add(_ item: LayoutItem, _ part: Part) {
            let id = ObjectIdentifier(item)
            if items[id] == nil { items[id] = item; order.append(id) }
            if !part.text.isEmpty, !said.insert(Said(item: id, text: part.text, role: part.role)).inserted { return }
            parts[id, default: []].append(part)
        }
        // A custom guide's badge sits at its own frame (in its view's corner it read as the
        // view's size); a view's, and a built-in guide's, at the view's.
        func frame(_ item: LayoutItem) -> Rect {
            if let guide = item as? LayoutGuide, let owner = guide.owningView, owner.layoutGuides.contains(where: { $0 === guide }) {
                let r = guide.absoluteLayoutRect
                if r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite { return r }
            }
            return item.owningView?.absoluteFrame ?? item.absoluteLayoutRect
        }
        // The constant's size, after the metric it was written as (`h rowHeight 44`).
        func named(_ c: LayoutConstraint, _ value: Double, _ names: Bool = true) -> String {
            names ? c.constantName.map { $0 + " " + formatNumber(value) } ?? formatNumber(value) : formatNumber(value)
        }
        // A part's text with and without metric names (nil: no names).
        func texts(_ c: LayoutConstraint, _ make: (Bool) -> String) -> (String, String?) {
            (make(true), c.constantName == nil ? nil : make(false))
        }
        func priority(_ c: LayoutConstraint) -> String {
            c.priority.rawValue < 1000 ? " @" + formatNumber(Double(c.priority.rawValue)) : ""
        }

        // Equal widths / heights between items: union-find per attribute.
        var parent: [ObjectIdentifier: ObjectIdentifier] = [:]
        func find(_ x: ObjectIdentifier) -> ObjectIdentifier {
            var x = x
            while let p = parent[x], p != x { x = p }
            return x
        }
        var equalMembers: [(LayoutAttribute, LayoutItem, LayoutItem, LayoutConstraint, StrokeRole)] = []

        // Constant sizes first gathered per item, so width and height can merge into `w × h`.
        var constantSize: [ObjectIdentifier: [LayoutAttribute: (LayoutConstraint, StrokeRole)]] = [:]
        for (c, role) in constraints where c.firstAttribute.isDimension {
            let item = c.firstItem, a = c.firstAttribute
            let owners = [frame(item)] + (c.secondItem.map { [frame($0)] } ?? [])
            guard let second = c.secondItem, let a2 = c.secondAttribute else {
                if c.relation == .equal, c.priority.rawValue == 1000, constantSize[ObjectIdentifier(item)]?[a] == nil {
                    constantSize[ObjectIdentifier(item), default: [:]][a] = (c, role)
                    add(item, Part(key: a == .width ? 0 : 1, text: "", owners: owners, role: role, formula: c.formula))
                } else {
                    let (text, short) = texts(c) { names in
                        ConstraintText.short(a) + " " + (c.relation == .equal ? "" : ConstraintText.symbol(c.relation) + " ")
                            + named(c, c.constant, names) + priority(c)
                    }
                    add(item, Part(key: 4, text: text, short: short, owners: owners, role: role, formula: c.formula))
                }
                continue
            }
            if second === item, a2 != a, c.relation == .equal, c.constant == 0, let (p, q) = ConstraintText.exactFraction(c.multiplier), p <= 64 {
                // w = p/q × h  is the ratio p:q (width first); h = p/q × w is q:p.
                let text = (a == .width ? "\(p):\(q)" : "\(q):\(p)") + priority(c)
                add(item, Part(key: 2, text: text, owners: owners, role: role, formula: c.formula))
                continue
            }
            if second !== item, a2 == a, c.relation == .equal, c.multiplier == 1, c.constant == 0, c.priority.rawValue == 1000 {
                equalMembers.append((a, item, second, c, role))
                continue
            }
            let (text, short) = texts(c) { names in
                var reference = second === item ? ConstraintText.short(a2) : "\(second.name).\(ConstraintText.short(a2))"
                if c.multiplier != 1 { reference += " ×" + ConstraintText.fraction(c.multiplier) }
                if c.constant != 0 { reference += (c.constant > 0 ? " + " : " − ") + named(c, abs(c.constant), names) }
                return ConstraintText.short(a) + " " + ConstraintText.symbol(c.relation) + " " + reference + priority(c)
            }
            add(item, Part(key: 4, text: text, short: short, owners: owners, role: role, formula: c.formula))
        }
        // Fill in the constant sizes: `w × h` when both, else `w 40` / `h 44`.
        for (id, sizes) in constantSize {
            guard var list = parts[id], let i = list.firstIndex(where: { $0.text.isEmpty && ($0.key == 0 || $0.key == 1) }) else { continue }
            let w = sizes[.width], h = sizes[.height]
            var part = list[i]
            if let w, let h, w.1 == h.1 {
                part.text = formatNumber(w.0.constant) + " × " + formatNumber(h.0.constant)
                part.formula = w.0.formula + ", " + h.0.formula
            } else if let w, let h {
                // One broken or in a conflict and the other not: two parts, each in its colour.
                (part.text, part.short) = texts(w.0) { "w " + named(w.0, w.0.constant, $0) }
                part.role = w.1
                part.formula = w.0.formula
                let (text, short) = texts(h.0) { "h " + named(h.0, h.0.constant, $0) }
                list.append(Part(key: 1, text: text, short: short, owners: part.owners, role: h.1, formula: h.0.formula))
            } else if let w {
                (part.text, part.short) = texts(w.0) { "w " + named(w.0, w.0.constant, $0) }
            } else if let h {
                (part.text, part.short) = texts(h.0) { "h " + named(h.0, h.0.constant, $0) }
            }
            part.key = 0
            list[i] = part
            list.removeAll { $0.text.isEmpty }
            parts[id] = list
        }
        // Equal groups: a letter per group, in order of first appearance.
        for attribute in [LayoutAttribute.width, .height] {
            parent = [:]
            var members: [ObjectIdentifier] = []
            var itemOf: [ObjectIdentifier: LayoutItem] = [:]
            var formulas: [ObjectIdentifier: [String]] = [:]
            var roles: [ObjectIdentifier: StrokeRole] = [:]
            for (a, x, y, c, role) in equalMembers where a == attribute {
                for item in [x, y] {
                    let id = ObjectIdentifier(item)
                    if parent[id] == nil { parent[id] = id; members.append(id); itemOf[id] = item }
                }
                let rx = find(ObjectIdentifier(x)), ry = find(ObjectIdentifier(y))
                if rx != ry { parent[ry] = rx }
                formulas[ObjectIdentifier(x), default: []].append(c.formula)
                roles[ObjectIdentifier(x)] = max(roles[ObjectIdentifier(x)] ?? .normal, role)
                roles[ObjectIdentifier(y)] = max(roles[ObjectIdentifier(y)] ?? .normal, role)
            }
            var letters: [ObjectIdentifier: String] = [:]
            for id in members {
                let r = find(id)
                if letters[r] == nil {
                    letters[r] = Self.letter(groups)
                    groups += 1
                    if firstLetters[attribute] == nil { firstLetters[attribute] = letters[r] }
                }
                let item = itemOf[id]!
                let groupFrames = members.filter { find($0) == r }.map { frame(itemOf[$0]!) }
                add(item, Part(key: 3, text: "=" + ConstraintText.short(attribute) + " " + letters[r]!, owners: groupFrames,
                               role: roles[id] ?? .normal, formula: (formulas[id] ?? ["\(item.name).\(attribute) in group \(letters[r]!)"]).joined(separator: ", ")))
            }
        }
        for (item, text) in tags {
            add(item, Part(key: 5, text: text, owners: [frame(item)], role: .normal, formula: "drawn like " + text.dropFirst(3)))
        }
        for id in order {
            guard let item = items[id], let list = parts[id], !list.isEmpty else { continue }
            let sorted = list.enumerated().sorted { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }.map(\.element)
            var depth = 0, at = item.owningView?.superview
            while let v = at { depth += 1; at = v.superview }
            // One badge per stroke role, so a colour says exactly which sizes are broken or in
            // the conflict (`w 64 · 1:1` orange beside `w 80` red), not the whole badge.
            for role in [StrokeRole.normal, .conflict, .broken] {
                var group = sorted.filter { $0.role == role }
                guard !group.isEmpty else { continue }
                // A badge says a few sizes; past them it counts the rest (a view with thousands
                // of size constraints made a badge wider than any picture, measured at length).
                if group.count > Self.mostParts {
                    let rest = group.count - (Self.mostParts - 1)
                    let formulas = group[(Self.mostParts - 1)...].map(\.formula)
                    group = Array(group.prefix(Self.mostParts - 1))
                    group.append(Part(key: 9, text: "+\(rest) more", owners: [], role: role, formula: formulas.joined(separator: ", ")))
                }
                var owners: [Rect] = []
                for p in group { owners += p.owners }
                let short = group.contains { $0.short != nil } ? group.map { $0.short ?? $0.text }.joined(separator: " · ") : nil
                badges.append(Badge(item: id, shortText: short, frame: frame(item), text: group.map(\.text).joined(separator: " · "),
                                    owners: owners, role: role, formulas: group.map(\.formula), depth: depth))
            }
        }
    }

    /// The most parts one badge shows (the last of them `+N more` when there are more).
    static let mostParts = 6

    /// A, B, … Z, AA, AB, …
    static func letter(_ n: Int) -> String {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return n < 26 ? String(letters[n]) : letter(n / 26 - 1) + String(letters[n % 26])
    }
}
