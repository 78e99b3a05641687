import Blueprint

/// Rectangles bucketed in a uniform grid, for "does this box hit anything placed so far?".
///
/// - Complexity: inserting a rectangle touches the cells it covers; a query looks at the
///   rectangles in the cells the query covers. Labels and names are small and frame edges are
///   thin, so both are O(1) per cell on real layouts, and n placements cost O(n) plus the
///   O(n log n) of sorting them.
struct SpatialIndex {
    private let cell: Double
    private var buckets: [Int64: [Int32]] = [:]
    private(set) var rects: [Rect] = []
    /// Who put each rectangle in (-1: nobody in particular), so an item can ignore its own line.
    private var owners: [Int32] = []
    private var kinds: [Kind] = []

    /// What a rectangle stands for; a query says which kinds block it.
    struct Kind: OptionSet {
        let rawValue: UInt8
        /// Text, names, markers, frame edges: nothing may overlap these.
        static let solid = Kind(rawValue: 1)
        /// Spacing and dimension lines.
        static let line = Kind(rawValue: 2)
        /// Thin alignment lines.
        static let alignment = Kind(rawValue: 4)
        static let all: Kind = [.solid, .line, .alignment]
    }

    init(cellSize: Double = 32) { cell = cellSize }

    private func range(_ lo: Double, _ hi: Double) -> ClosedRange<Int64> {
        let a = Int64((lo / cell).rounded(.down)), b = Int64((hi / cell).rounded(.down))
        return a...max(a, b)
    }

    private func key(_ x: Int64, _ y: Int64) -> Int64 { (x &* 0x1_0000_0001) ^ (y &* 0x9E37_79B9) }

    mutating func insert(_ r: Rect, owner: Int = -1, kind: Kind = .solid) {
        let index = Int32(rects.count)
        rects.append(r)
        owners.append(Int32(owner))
        kinds.append(kind)
        for y in range(r.minY, r.maxY) {
            for x in range(r.minX, r.maxX) { buckets[key(x, y), default: []].append(index) }
        }
    }

    /// Whether `r` overlaps (with positive area) any inserted rectangle of the `blocking` kinds
    /// that `owner` did not insert.
    func intersects(_ r: Rect, ignoring owner: Int = -2, blocking: Kind = .all) -> Bool {
        for y in range(r.minY, r.maxY) {
            for x in range(r.minX, r.maxX) {
                guard let list = buckets[key(x, y)] else { continue }
                for i in list {
                    let o = rects[Int(i)]
                    if owners[Int(i)] == Int32(owner) || !blocking.contains(kinds[Int(i)]) { continue }
                    if o.minX < r.maxX && r.minX < o.maxX && o.minY < r.maxY && r.minY < o.maxY { return true }
                }
            }
        }
        return false
    }
}
