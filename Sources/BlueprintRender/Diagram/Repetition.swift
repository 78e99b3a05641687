import Blueprint

/// Repetition folds: sibling containers whose own constraints are the same up to renaming
/// (rows, cells, tiles, tabs) are annotated once in full; each of the others carries an
/// `as row1` tag instead of its copy of the same lines and badges.
///
/// A container's own constraints are those whose items all lie in its subtree (itself, its
/// descendants, their guides). Two siblings match when those constraints, written with each
/// item as its path from the container (`$`, `$.0`, `$.1.2`, `$.margins`) instead of its name,
/// are the same lists, and the stacks in their subtrees (themselves included) are arranged
/// alike (axis, distribution, alignment, spacing, which views are hidden). Constraints that tie a container to its siblings or parent stay drawn
/// on every copy: they are what places each row.
///
/// A constraint is keyed from at most ``deepestKey`` containers above the deepest view that
/// holds its items; a container with constraints deeper in its subtree than that is never
/// folded nor drawn as the first of a group (its list would be incomplete).
///
/// - Complexity: O(n · k · d) for n constraints, k = ``deepestKey`` and d the depth of their
///   views (each is keyed once per container, groups by hashing); a 1,000-level nest of views
///   no longer costs d³.
struct Repetition {
    /// How many containers above a constraint's items it is keyed from (real cells and rows
    /// are a few levels deep).
    static let deepestKey = 12

    /// Constraints drawn only on the first of their group.
    private(set) var folded = Set<ObjectIdentifier>()
    /// Each folded container and the name of the one it is drawn like.
    private(set) var tags: [(View, String)] = []

    init(root: View, constraints: [LayoutConstraint]) {
        // Paths of every view from each of its ancestors would be quadratic; instead a
        // constraint is keyed from the nearest common container of its items.
        var parentOf: [ObjectIdentifier: View] = [:]
        var indexInParent: [ObjectIdentifier: Int] = [:]
        root.forEachInSubtree { v in
            for (i, s) in v.subviews.enumerated() {
                parentOf[ObjectIdentifier(s)] = v
                indexInParent[ObjectIdentifier(s)] = i
            }
        }
        /// The chain of views from `v` up to the root, `v` first.
        func chain(_ v: View) -> [View] {
            var out = [v], at = v
            while let p = parentOf[ObjectIdentifier(at)] { out.append(p); at = p }
            return out
        }
        /// `v`'s path below `top` ("$", "$.0.2"), or nil if `v` is not in `top`'s subtree.
        func path(_ v: View, below top: View) -> String? {
            var steps: [Int] = [], at = v
            while at !== top {
                guard let i = indexInParent[ObjectIdentifier(at)], let p = parentOf[ObjectIdentifier(at)] else { return nil }
                steps.append(i)
                at = p
            }
            return (["$"] + steps.reversed().map(String.init)).joined(separator: ".")
        }
        func itemPath(_ item: LayoutItem, below top: View) -> String? {
            guard let v = item.owningView, let p = path(v, below: top) else { return nil }
            if item === v { return p }
            if item === v.layoutMarginsGuide { return p + ".margins" }
            if item === v.safeAreaLayoutGuide { return p + ".safe" }
            return p + ".guide(" + item.name + ")"
        }
        /// The margins a constraint reads through `item`, as solved (a copy whose margins
        /// differ is not constrained alike: its views sit elsewhere in it).
        func marginsRead(_ item: LayoutItem, _ attribute: LayoutAttribute) -> String {
            guard let v = item.owningView, item === v.layoutMarginsGuide || attribute.isMargin else { return "" }
            let m = v.layoutMarginsGuide.layoutFrame, b = v.frame
            return "[\(m.minX),\(m.minY),\(b.width - m.maxX),\(b.height - m.maxY)]"
        }
        func key(_ c: LayoutConstraint, below top: View) -> String? {
            guard let p1 = itemPath(c.firstItem, below: top) else { return nil }
            var s = "\(p1)\(marginsRead(c.firstItem, c.firstAttribute)).\(c.firstAttribute) \(c.relation) "
            if let item2 = c.secondItem, let a2 = c.secondAttribute {
                guard let p2 = itemPath(item2, below: top) else { return nil }
                s += "\(c.multiplier)*\(p2)\(marginsRead(item2, a2)).\(a2)"
            }
            return s + " + \(c.constant) @\(c.priority.rawValue)"
        }
        // Every container's own constraints: each constraint belongs to every ancestor of the
        // deepest view containing all its items, but only containers matter, and a container
        // matches a sibling only on its whole list, so the constraint is keyed from the
        // container just below the parent at each level. That is one key per level: on real
        // trees the depth is small.
        var own: [ObjectIdentifier: [String]] = [:]
        var members: [ObjectIdentifier: [LayoutConstraint]] = [:]
        var incomplete = Set<ObjectIdentifier>()
        for c in constraints {
            guard let v1 = c.firstItem.owningView else { continue }
            let v2 = c.secondItem?.owningView
            if c.secondItem != nil && v2 == nil { continue }
            // The deepest view containing both.
            let c1 = chain(v1)
            var common: View = v1
            if let v2 {
                let ancestors2 = Set(chain(v2).map(ObjectIdentifier.init))
                common = c1.first { ancestors2.contains(ObjectIdentifier($0)) } ?? root
            }
            for (level, container) in chain(common).enumerated() where container !== root && !container.subviews.isEmpty {
                guard level < Self.deepestKey else {
                    incomplete.insert(ObjectIdentifier(container))
                    continue
                }
                guard let k = key(c, below: container) else { continue }
                own[ObjectIdentifier(container), default: []].append(k)
                members[ObjectIdentifier(container), default: []].append(c)
            }
        }
        // A stack's arrangement is part of what its container is constrained by: two rows with
        // the same gaps but another alignment or distribution are not alike (their
        // arrangement's own constraints are not drawn, so they are not in the lists above).
        var arrangements: [ObjectIdentifier: [String]] = [:]
        root.forEachInSubtree { v in
            guard let stack = v as? StackView else { return }
            let hidden = stack.arrangedSubviews.map { $0.isHidden ? "h" : "v" }.joined()
            let arrangement = "stack \(stack.axis) \(stack.distribution) \(stack.alignment) \(stack.spacing)"
                + " \(stack.isBaselineRelativeArrangement) \(stack.isLayoutMarginsRelativeArrangement) \(hidden)"
            for (level, container) in chain(stack).enumerated() where container !== root {
                guard level < Self.deepestKey else {
                    incomplete.insert(ObjectIdentifier(container))
                    continue
                }
                guard let p = path(stack, below: container) else { continue }
                arrangements[ObjectIdentifier(container), default: []].append(p + " " + arrangement)
            }
        }
        root.forEachInSubtree { parent in
            var leaders: [[String]: View] = [:]
            for child in parent.subviews where !incomplete.contains(ObjectIdentifier(child)) {
                guard let list = own[ObjectIdentifier(child)], !list.isEmpty else { continue }
                let signature = list.sorted() + (arrangements[ObjectIdentifier(child)] ?? []).sorted()
                if let leader = leaders[signature] {
                    tags.append((child, leader.name))
                    for c in members[ObjectIdentifier(child)] ?? [] { folded.insert(ObjectIdentifier(c)) }
                } else {
                    leaders[signature] = child
                }
            }
        }
    }
}
