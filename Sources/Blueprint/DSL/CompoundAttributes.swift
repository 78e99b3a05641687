// Compound attributes: one expression, several constraints (Cartography, LayoutExpressions,
// SnapKit's `.edges`, `.size`, `.center`).

/// Four (or two) edges of an item, each moved inwards by an inset.
///
/// `a.edges == b.edges - EdgeInsets(top: 10, left: 20, bottom: 10, right: 20)` pins `a` 10 pt
/// inside `b` vertically and 20 pt horizontally; `- 10` insets all four; `inset(b.edges, 20,
/// 20, 40, 20)` is Cartography's spelling. The relation applies to each edge as written (`>=`
/// means `a.top >= b.top`, `a.bottom >= b.bottom`, …).
public struct EdgesExpression {
    let item: LayoutItem
    /// top, left-or-leading, bottom, right-or-trailing; nil where this expression has no edge.
    let attributes: [LayoutAttribute?]
    /// Insets on the same four sides, positive inwards.
    var insets: [Double] = [0, 0, 0, 0]
    var location: LayoutSourceLocation?

    init(_ item: LayoutItem, _ top: LayoutAttribute?, _ h1: LayoutAttribute?, _ bottom: LayoutAttribute?, _ h2: LayoutAttribute?) {
        self.item = item
        self.attributes = [top, h1, bottom, h2]
    }

    /// Which way a side's inset moves its edge: top and left/leading go down/right (+), the others up/left (−).
    static let inward: [Double] = [1, 1, -1, -1]
}

/// Width and height, with a shared multiplier and per-axis offsets.
public struct SizeExpression {
    let item: LayoutItem
    var multiplier: Double = 1
    var offset = SizeOffset(width: 0, height: 0)
}

/// centerX and centerY (or their within-margins versions), with an offset.
public struct CenterExpression {
    let item: LayoutItem
    let x: LayoutAttribute, y: LayoutAttribute
    var multiplier: Double = 1
    var offset = PointOffset(horizontal: 0, vertical: 0)
}

extension LayoutItem {
    /// top, left, bottom, right.
    public var edges: EdgesExpression { EdgesExpression(self, .top, .left, .bottom, .right) }
    /// top, leading, bottom, trailing: flips with the layout direction.
    public var directionalEdges: EdgesExpression { EdgesExpression(self, .top, .leading, .bottom, .trailing) }
    /// left and right.
    public var horizontalEdges: EdgesExpression { EdgesExpression(self, nil, .left, nil, .right) }
    /// leading and trailing.
    public var directionalHorizontalEdges: EdgesExpression { EdgesExpression(self, nil, .leading, nil, .trailing) }
    /// top and bottom.
    public var verticalEdges: EdgesExpression { EdgesExpression(self, .top, nil, .bottom, nil) }
    /// width and height.
    public var size: SizeExpression { SizeExpression(item: self) }
    /// centerX and centerY.
    public var center: CenterExpression { CenterExpression(item: self, x: .centerX, y: .centerY) }
}

extension View {
    /// The four margin attributes: `subview.edges == container.margins`.
    public var margins: EdgesExpression { EdgesExpression(self, .topMargin, .leftMargin, .bottomMargin, .rightMargin) }
    /// top, leading, bottom and trailing margins.
    public var directionalMargins: EdgesExpression {
        EdgesExpression(self, .topMargin, .leadingMargin, .bottomMargin, .trailingMargin)
    }
    /// centerXWithinMargins and centerYWithinMargins.
    public var centerWithinMargins: CenterExpression {
        CenterExpression(item: self, x: .centerXWithinMargins, y: .centerYWithinMargins)
    }
}

// MARK: Edges

/// Insets every edge by the matching inset (left/right insets serve leading/trailing edges).
public func - (e: EdgesExpression, i: EdgeInsets) -> EdgesExpression {
    var e = e
    for (k, v) in [i.top, i.left, i.bottom, i.right].enumerated() { e.insets[k] += v }
    return e
}
/// Insets leading and trailing edges by directional insets.
public func - (e: EdgesExpression, i: DirectionalEdgeInsets) -> EdgesExpression {
    e - EdgeInsets(top: i.top, left: i.leading, bottom: i.bottom, right: i.trailing)
}
/// Insets every edge by `inset`.
public func - (e: EdgesExpression, inset: Double) -> EdgesExpression { e - EdgeInsets(all: inset) }
/// Outsets every edge by the matching inset.
public func + (e: EdgesExpression, i: EdgeInsets) -> EdgesExpression {
    e - EdgeInsets(top: -i.top, left: -i.left, bottom: -i.bottom, right: -i.right)
}
/// Outsets every edge by `outset`.
public func + (e: EdgesExpression, outset: Double) -> EdgesExpression { e - (-outset) }

/// Cartography's `inset(edges, top, left, bottom, right)`.
public func inset(_ e: EdgesExpression, _ top: Double, _ left: Double, _ bottom: Double, _ right: Double) -> EdgesExpression {
    e - EdgeInsets(top: top, left: left, bottom: bottom, right: right)
}
/// Cartography's `inset(edges, horizontal, vertical)`.
public func inset(_ e: EdgesExpression, _ horizontal: Double, _ vertical: Double) -> EdgesExpression {
    e - EdgeInsets(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
}
/// Cartography's `inset(edges, all)`.
public func inset(_ e: EdgesExpression, _ all: Double) -> EdgesExpression { e - all }

func relate(_ l: EdgesExpression, _ relation: LayoutRelation, _ r: EdgesExpression) -> [LayoutConstraint] {
    var out: [LayoutConstraint] = []
    let location = l.location ?? r.location
    for k in 0..<4 {
        switch (l.attributes[k], r.attributes[k]) {
        case (nil, nil):
            continue
        case (let a?, let b?):
            // a + s·li rel b + s·ri  ⇒  a rel b + s·(ri − li)
            let s = EdgesExpression.inward[k]
            out.append(LayoutConstraint(
                l.item, a, relation, r.item, b, multiplier: 1,
                constant: s * (r.insets[k] - l.insets[k]), location: location))
        case (let a, let b):
            // One side has an edge the other lacks (edges against horizontalEdges).
            let attribute = (a ?? b)!
            let c = LayoutConstraint(l.item, attribute, relation, r.item, attribute, multiplier: 1, constant: 0, location: location)
            c.problem = LayoutError(.unsupportedRelation("the two sides do not have the same edges (\(attribute) is on one side only)"), constraint: c.description, location: location)
            out.append(c)
        }
    }
    return out
}

/// One constraint per edge: each edge of `l` equals the same edge of `r`, insets applied
/// (`a.edges == b.edges - 8`).
@discardableResult
public func == (l: EdgesExpression, r: EdgesExpression) -> [LayoutConstraint] { relate(l, .equal, r) }
/// One constraint per edge: each edge of `l` is at most the same edge of `r`, insets applied.
@discardableResult
public func <= (l: EdgesExpression, r: EdgesExpression) -> [LayoutConstraint] { relate(l, .lessThanOrEqual, r) }
/// One constraint per edge: each edge of `l` is at least the same edge of `r`, insets applied.
@discardableResult
public func >= (l: EdgesExpression, r: EdgesExpression) -> [LayoutConstraint] { relate(l, .greaterThanOrEqual, r) }

// MARK: Size

/// Adds `o.width` to the width and `o.height` to the height.
public func + (s: SizeExpression, o: SizeOffset) -> SizeExpression {
    var s = s
    s.offset.width += o.width
    s.offset.height += o.height
    return s
}
/// Subtracts `o.width` from the width and `o.height` from the height.
public func - (s: SizeExpression, o: SizeOffset) -> SizeExpression { s + SizeOffset(width: -o.width, height: -o.height) }
/// Adds `c` to both width and height.
public func + (s: SizeExpression, c: Double) -> SizeExpression { s + SizeOffset(width: c, height: c) }
/// Subtracts `c` from both width and height.
public func - (s: SizeExpression, c: Double) -> SizeExpression { s + SizeOffset(width: -c, height: -c) }
/// Multiplies the multiplier and both offsets (`a.size == b.size * 0.5`).
public func * (s: SizeExpression, m: Double) -> SizeExpression {
    var s = s
    s.multiplier *= m
    s.offset.width *= m
    s.offset.height *= m
    return s
}
/// Multiplies the multiplier and both offsets (`a.size == 0.5 * b.size`).
public func * (m: Double, s: SizeExpression) -> SizeExpression { s * m }
/// Divides the multiplier and both offsets (`a.size == b.size / 2`).
public func / (s: SizeExpression, d: Double) -> SizeExpression { s * (1 / d) }

func relate(_ l: SizeExpression, _ relation: LayoutRelation, _ r: SizeExpression) -> [LayoutConstraint] {
    let w = relate(
        DimensionAnchor(l.item, .width) * l.multiplier + l.offset.width, relation,
        DimensionAnchor(r.item, .width) * r.multiplier + r.offset.width)
    let h = relate(
        DimensionAnchor(l.item, .height) * l.multiplier + l.offset.height, relation,
        DimensionAnchor(r.item, .height) * r.multiplier + r.offset.height)
    return [w, h]
}

func relate(_ l: SizeExpression, _ relation: LayoutRelation, _ size: Size) -> [LayoutConstraint] {
    [
        relate(DimensionAnchor(l.item, .width) * l.multiplier + l.offset.width, relation, size.width),
        relate(DimensionAnchor(l.item, .height) * l.multiplier + l.offset.height, relation, size.height),
    ]
}

/// Two constraints: the width of `l` equals the width of `r`, the height the height
/// (`a.size == b.size`).
@discardableResult
public func == (l: SizeExpression, r: SizeExpression) -> [LayoutConstraint] { relate(l, .equal, r) }
/// Two constraints: the width and the height of `l` are at most those of `r`.
@discardableResult
public func <= (l: SizeExpression, r: SizeExpression) -> [LayoutConstraint] { relate(l, .lessThanOrEqual, r) }
/// Two constraints: the width and the height of `l` are at least those of `r`.
@discardableResult
public func >= (l: SizeExpression, r: SizeExpression) -> [LayoutConstraint] { relate(l, .greaterThanOrEqual, r) }
/// Two constraints: a fixed width and height (`a.size == Size(width: 40, height: 20)`).
@discardableResult
public func == (l: SizeExpression, r: Size) -> [LayoutConstraint] { relate(l, .equal, r) }
/// Two constraints: a maximum width and height.
@discardableResult
public func <= (l: SizeExpression, r: Size) -> [LayoutConstraint] { relate(l, .lessThanOrEqual, r) }
/// Two constraints: a minimum width and height.
@discardableResult
public func >= (l: SizeExpression, r: Size) -> [LayoutConstraint] { relate(l, .greaterThanOrEqual, r) }

// MARK: Center

/// Moves the centre right by `o.horizontal` and down by `o.vertical`.
public func + (c: CenterExpression, o: PointOffset) -> CenterExpression {
    var c = c
    c.offset.horizontal += o.horizontal
    c.offset.vertical += o.vertical
    return c
}
/// Moves the centre left by `o.horizontal` and up by `o.vertical`.
public func - (c: CenterExpression, o: PointOffset) -> CenterExpression {
    c + PointOffset(horizontal: -o.horizontal, vertical: -o.vertical)
}
/// Multiplies the multiplier and both offsets (`a.center == b.center * 0.5`).
public func * (c: CenterExpression, m: Double) -> CenterExpression {
    var c = c
    c.multiplier *= m
    c.offset.horizontal *= m
    c.offset.vertical *= m
    return c
}
/// Multiplies the multiplier and both offsets (`a.center == 0.5 * b.center`).
public func * (m: Double, c: CenterExpression) -> CenterExpression { c * m }
/// Divides the multiplier and both offsets (`a.center == b.center / 2`).
public func / (c: CenterExpression, d: Double) -> CenterExpression { c * (1 / d) }

func relate(_ l: CenterExpression, _ relation: LayoutRelation, _ r: CenterExpression) -> [LayoutConstraint] {
    [
        relate(
            XAxisAnchor(l.item, l.x) * l.multiplier + l.offset.horizontal, relation,
            XAxisAnchor(r.item, r.x) * r.multiplier + r.offset.horizontal),
        relate(
            YAxisAnchor(l.item, l.y) * l.multiplier + l.offset.vertical, relation,
            YAxisAnchor(r.item, r.y) * r.multiplier + r.offset.vertical),
    ]
}

/// Two constraints: centerX equals centerX and centerY equals centerY
/// (`a.center == b.center`).
@discardableResult
public func == (l: CenterExpression, r: CenterExpression) -> [LayoutConstraint] { relate(l, .equal, r) }
/// Two constraints: the centerX and the centerY of `l` are at most those of `r`.
@discardableResult
public func <= (l: CenterExpression, r: CenterExpression) -> [LayoutConstraint] { relate(l, .lessThanOrEqual, r) }
/// Two constraints: the centerX and the centerY of `l` are at least those of `r`.
@discardableResult
public func >= (l: CenterExpression, r: CenterExpression) -> [LayoutConstraint] { relate(l, .greaterThanOrEqual, r) }
