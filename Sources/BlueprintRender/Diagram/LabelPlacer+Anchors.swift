import Blueprint

/// Texts on short leaders near their item: a name whose callout in the margin would need a long
/// leader, and the last place a text is tried before it becomes a numbered marker.
extension LabelPlacer {
    /// How many rings around the anchor are searched, each a text's height further out.
    static let anchorRings = 8
    /// How far across the layout a name's callout leader may run before a short leader nearby
    /// is tried (the middle of a wide grid, the far side of an iPad's panes): a leader across
    /// many views is hard to follow and blocks the texts it crosses.
    static let calloutReach = 120.0

    /// The nearest free spot for a box of `size` around `anchor`: rings a text's height
    /// apart, eight directions each, each spot first clear of every line, then clear of texts
    /// and frame edges only; the leader runs from `home`'s edge nearest the box (or the anchor)
    /// to the nearest point of the box and must cross no text and no other leader.
    ///
    /// - Complexity: a constant number of index lookups.
    func nearSpot(_ size: Size, around a: Point, home: Rect?, owner: Int, rings: Int = anchorRings,
                  accepts: ((Rect) -> Bool)? = nil) -> (Rect, (Point, Point))? {
        let w = size.width, h = size.height
        for ring in 1...rings {
            let d = Double(ring) * h
            for blocking in [SpatialIndex.Kind.all, .solid] {
                for (dx, dy) in [(1.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0), (0.0, 1.0), (0.0, -1.0), (1.0, 0.0), (-1.0, 0.0)] {
                    // The box's nearest corner or edge middle sits `d` from the anchor.
                    let x = dx > 0 ? a.x + d : dx < 0 ? a.x - d - w : a.x - w / 2
                    let y = dy > 0 ? a.y + d : dy < 0 ? a.y - d - h : a.y - h / 2
                    let r = Rect(x: x, y: y, width: w, height: h)
                    if let home, r.minX < home.maxX && home.minX < r.maxX && r.minY < home.maxY && home.minY < r.maxY { continue }
                    if index.intersects(r, ignoring: owner, blocking: blocking) || crossedByLeader(r) || accepts?(r) == false { continue }
                    let start = home.map { Self.nearest(Point(x: r.midX, y: r.midY), in: $0) } ?? a
                    let end = Self.nearest(start, in: r)
                    if leaderIsClean(start, end, home: home) { return (r, (start, end)) }
                }
            }
        }
        return nil
    }

    /// Places each waiting item (see ``place(_:style:slots:anchor:legendText:home:owners:owner:passes:nearOnly:small:)``)
    /// in full at the ``nearSpot(_:around:home:owner:rings:)`` of its anchor. Items that find
    /// none stay waiting, for markers.
    mutating func placeNearAnchors() {
        var waiting: [(text: String, style: PlacedText.Style, anchor: Point, legendText: String, owner: Int, home: Rect?, owners: [Rect])] = []
        for item in pending {
            if let (r, leader) = nearSpot(boxSize(item.text), around: item.anchor, home: item.home, owner: item.owner) {
                commit(PlacedText(text: item.text, rect: r, style: item.style, marker: nil, leader: leader, backdrop: true,
                                  home: item.home, owners: item.owners))
            } else if case .badge = item.style, let home = item.home,
                      placeInColumn(item.text, style: item.style, size: boxSize(item.text), for: home, owners: item.owners,
                                    dimmed: false, cleanOnly: true) {
                // A size badge with no room near its view (a small view deep in a stack, ringed
                // by edges and alignment lines) goes to the column beside the layout, as a name
                // does, on a leader that crosses nothing: not a numbered marker.
                continue
            } else {
                waiting.append(item)
            }
        }
        pending = waiting
    }

    /// Places a name that fits nowhere by its frame: in a callout on a clean leader that runs
    /// at most ``calloutReach`` across the layout (a view near a side), else on a short leader
    /// nearby, else in a callout on either side. A leader across the layout to the far
    /// column is hard to follow and blocks the texts it passes: an iPad mail screen's sidebar
    /// row had its name's leader run 1,000 points over the message list and the reading pane.
    /// `nearOnly`: only near the view (a view inside a folded copy), never in the column.
    mutating func placeAway(_ name: String, box n: Int, for f: Rect, owner: Int, dimmed: Bool, nearOnly: Bool = false) {
        let size = boxSize(name, fontSize: Metrics.nameFontSize, padY: Metrics.namePadY)
        let nearASide = min(f.minX - layout.minX, layout.maxX - f.maxX) <= Self.calloutReach
        if !nearOnly && nearASide
            && placeInColumn(name, style: .name, size: size, for: f, owners: [], dimmed: dimmed, cleanOnly: true, across: Self.calloutReach) {
            return
        }
        // A spot that reads as the view's first (not inside a neighbouring row, where the name
        // reads as that row's whatever its leader says). (A view inside a folded copy near a
        // side is left to its twin in the first copy.)
        if !nearOnly || !nearASide {
            let centre = Point(x: f.midX, y: f.midY), placer = self
            if let (r, leader) = nearSpot(size, around: centre, home: f, owner: owner, rings: 6, accepts: { placer.readsAsOwn($0, box: n) })
                ?? nearSpot(size, around: centre, home: f, owner: owner, rings: 6) {
                commit(PlacedText(text: name, rect: r, style: .name, marker: nil, leader: leader, backdrop: true, home: f, dimmed: dimmed))
                return
            }
        }
        if !nearOnly { placeCallout(name, for: f, dimmed: dimmed) }
    }

    /// The point of `r` nearest to `p` (`p` itself when inside).
    static func nearest(_ p: Point, in r: Rect) -> Point {
        Point(x: min(max(p.x, r.minX), r.maxX), y: min(max(p.y, r.minY), r.maxY))
    }
}
