import Blueprint

/// Rectangles bucketed in a uniform grid, for "does this box hit anything placed so far?".
///
/// - Complexity: inserting a rectangle touches the cells it covers, at most
///   ``mostCellsPerRect``: a larger one (a frame thousands of points wide in a fine grid, a line
///   10¹⁵ points long) is kept in a list that every query reads. A query looks at the rectangles
///   in the cells it covers, or, when it covers more cells than there are rectangles, at every
///   rectangle. Labels and names are small and frame edges are thin, so both are O(1) per cell
///   on real layouts, and n placements cost O(n) plus the O(n log n) of sorting them; never
///   more than the rectangles inserted, whatever their coordinates.
struct SpatialIndex {
    private let cell: Double
    private var buckets: [Int64: [Int32]] = [:]
    private(set) var rects: [Rect] = []
    /// Who put each rectangle in (-1: nobody in particular), so an item can ignore its own line.
    private var owners: [Int32] = []
    private var kinds: [Kind] = []
    /// The rectangles that cover more than ``mostCellsPerRect`` cells (or are not finite), by
    /// index: in no bucket, read by every query.
    private var large: [Int32] = []
    /// How many entries the buckets hold: the cells walked by every insertion.
    private(set) var entries = 0
    /// How many cells a rectangle may be entered in: past it, it goes in ``large``. (An edge of
    /// the largest layout drawn, 32,767 points, covers 1,025 cells of 32 points; a frame of
    /// 4,096 points a side 4,225 of 64.)
    static let mostCellsPerRect = 4096.0

    /// What a rectangle stands for; a query says which kinds block it.
    struct Kind: OptionSet {
        let rawValue: UInt8
        /// Frame edges.
        static let edge = Kind(rawValue: 1)
        /// Spacing lines.
        static let line = Kind(rawValue: 2)
        /// Thin alignment lines.
        static let alignment = Kind(rawValue: 4)
        /// Texts, names, badges, markers.
        static let text = Kind(rawValue: 8)
        /// What nothing placed may overlap.
        static let solid: Kind = [.edge, .text]
        static let all: Kind = [.edge, .text, .line, .alignment]
    }

    /// Counts the rectangles the queries look at, when set (shared by the indexes of one
    /// placement, so that it can stop trying where a pile of views makes every query long).
    var work: PlacementWork?

    init(cellSize: Double = 32, work: PlacementWork? = nil) {
        cell = cellSize
        self.work = work
    }

    private func range(_ lo: Double, _ hi: Double) -> ClosedRange<Int64> {
        let a = Int64((lo / cell).rounded(.down)), b = Int64((hi / cell).rounded(.down))
        return a...max(a, b)
    }

    /// How many cells `r` covers (infinite when a side is not finite), counted in floating
    /// point: walking them is what costs.
    private func cellCount(_ r: Rect) -> Double {
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return .infinity }
        let xs = max(0, (r.maxX / cell).rounded(.down) - (r.minX / cell).rounded(.down)) + 1
        let ys = max(0, (r.maxY / cell).rounded(.down) - (r.minY / cell).rounded(.down)) + 1
        return xs * ys
    }

    /// Whether a query of `r` reads every rectangle rather than the cells it covers (there are
    /// fewer rectangles than cells): a query as large as the layout, or 10¹⁵ points long, costs
    /// the rectangles inserted, not its area.
    private func scansAll(_ r: Rect) -> Bool {
        cellCount(r) > max(Double(rects.count), Self.mostCellsPerRect)
    }

    private func key(_ x: Int64, _ y: Int64) -> Int64 { (x &* 0x1_0000_0001) ^ (y &* 0x9E37_79B9) }

    mutating func insert(_ r: Rect, owner: Int = -1, kind: Kind = .text) {
        let index = Int32(rects.count)
        rects.append(r)
        owners.append(Int32(owner))
        kinds.append(kind)
        let cells = cellCount(r)
        guard cells <= Self.mostCellsPerRect else {
            large.append(index)
            return
        }
        for y in range(r.minY, r.maxY) {
            for x in range(r.minX, r.maxX) { buckets[key(x, y), default: []].append(index) }
        }
        entries += Int(cells)
    }

    /// Whether `r` overlaps (with positive area) any inserted rectangle of the `blocking` kinds
    /// that neither `owner` nor `other` inserted.
    func intersects(_ r: Rect, ignoring owner: Int = -2, and other: Int = -2, blocking: Kind = .all) -> Bool {
        first(in: r, ignoring: owner, and: other, blocking: blocking) { _ in true } != nil
    }

    /// The first inserted rectangle of the `blocking` kinds, not inserted by `owner` or `other`, that
    /// overlaps `r` with positive area and passes `test`.
    func first(in r: Rect, ignoring owner: Int = -2, and other: Int = -2, blocking: Kind = .all, _ test: (Rect) -> Bool) -> Rect? {
        func check(_ i: Int32) -> Rect? {
            let o = rects[Int(i)]
            if owners[Int(i)] == Int32(owner) || owners[Int(i)] == Int32(other) || !blocking.contains(kinds[Int(i)]) { return nil }
            return o.minX < r.maxX && r.minX < o.maxX && o.minY < r.maxY && r.minY < o.maxY && test(o) ? o : nil
        }
        if scansAll(r) {
            work?.spent += rects.count
            for i in rects.indices { if let o = check(Int32(i)) { return o } }
            return nil
        }
        for y in range(r.minY, r.maxY) {
            for x in range(r.minX, r.maxX) {
                guard let list = buckets[key(x, y)] else { continue }
                work?.spent += list.count
                for i in list { if let o = check(i) { return o } }
            }
        }
        work?.spent += large.count
        for i in large { if let o = check(i) { return o } }
        return nil
    }

    /// The indices of the inserted rectangles that overlap `r` (with positive area), each once,
    /// in insertion order.
    func indices(overlapping r: Rect) -> [Int] {
        // Gathered with repeats (a rectangle over several cells is met in each), then sorted
        // and each kept once: no set to hash into per query.
        var out: [Int] = []
        func check(_ i: Int32) {
            let o = rects[Int(i)]
            if o.minX < r.maxX && r.minX < o.maxX && o.minY < r.maxY && r.minY < o.maxY { out.append(Int(i)) }
        }
        if scansAll(r) {
            work?.spent += rects.count
            for i in rects.indices { check(Int32(i)) }
            return out   // (in order, each once)
        }
        for y in range(r.minY, r.maxY) {
            for x in range(r.minX, r.maxX) {
                guard let list = buckets[key(x, y)] else { continue }
                work?.spent += list.count
                for i in list { check(i) }
            }
        }
        work?.spent += large.count
        for i in large { check(i) }
        guard out.count > 1 else { return out }
        out.sort()
        var kept = 1
        for k in 1..<out.count where out[k] != out[kept - 1] {
            out[kept] = out[k]
            kept += 1
        }
        out.removeLast(out.count - kept)
        return out
    }

    /// Who inserted the rectangles of the `kinds` that overlap `r` with positive area, each once,
    /// in order.
    func owners(overlapping r: Rect, kinds: Kind) -> [Int] {
        var out: [Int] = []
        var seen = Set<Int>()   // (a search of `out` was quadratic under a pile of views)
        for i in indices(overlapping: r) where kinds.contains(self.kinds[i]) {
            let o = Int(owners[i])
            if seen.insert(o).inserted { out.append(o) }
        }
        return out
    }
}

/// How many rectangles a placement's index queries have looked at. Past its limit the
/// placement stops trying: leaders count as clean, and names, badges and labels not placed yet
/// are left out (the legend says how many). Only a pile of hundreds of views drawn over each
/// other gets there: the densest screens of the fixtures look at a small fraction of it.
final class PlacementWork {
    var spent = 0
    let limit: Int
    /// A budget for a diagram of `views` views: 30 million, and 3,000 more per view.
    init(views: Int) { limit = 30_000_000 + 3_000 * views }
    var exhausted: Bool { spent > limit }
}
