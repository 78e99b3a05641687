import Blueprint

/// Geometry of line segments against text boxes and each other, shared by placement, the
/// painter (lines cut around text) and the statistics.
enum Segments {
    /// Whether segment pq passes through the interior of `r` (touching its border is not
    /// crossing). Liang–Barsky clipping against the open rectangle.
    static func crosses(_ p: Point, _ q: Point, _ r: Rect, inset: Double = 0.01) -> Bool {
        let x0 = r.minX + inset, x1 = r.maxX - inset, y0 = r.minY + inset, y1 = r.maxY - inset
        guard x0 < x1, y0 < y1 else { return false }
        var t0 = 0.0, t1 = 1.0
        let dx = q.x - p.x, dy = q.y - p.y
        for (pk, qk) in [(-dx, p.x - x0), (dx, x1 - p.x), (-dy, p.y - y0), (dy, y1 - p.y)] {
            if pk == 0 {
                if qk <= 0 { return false }
            } else {
                let t = qk / pk
                if pk < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
                if t0 >= t1 { return false }
            }
        }
        return true
    }

    /// Whether two segments cross at a point inside both (sharing an end point, or touching
    /// at one, is not crossing; collinear overlaps are).
    static func cross(_ a: (Point, Point), _ b: (Point, Point)) -> Bool {
        func orient(_ p: Point, _ q: Point, _ r: Point) -> Double { (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x) }
        let d1 = orient(b.0, b.1, a.0), d2 = orient(b.0, b.1, a.1)
        let d3 = orient(a.0, a.1, b.0), d4 = orient(a.0, a.1, b.1)
        let eps = 1e-9
        if ((d1 > eps && d2 < -eps) || (d1 < -eps && d2 > eps)) && ((d3 > eps && d4 < -eps) || (d3 < -eps && d4 > eps)) {
            return true
        }
        if abs(d1) <= eps && abs(d2) <= eps && abs(d3) <= eps && abs(d4) <= eps {
            // Collinear: they cross when they overlap over more than a point.
            let horizontal = abs(a.1.x - a.0.x) >= abs(a.1.y - a.0.y)
            let (a0, a1) = horizontal ? (min(a.0.x, a.1.x), max(a.0.x, a.1.x)) : (min(a.0.y, a.1.y), max(a.0.y, a.1.y))
            let (b0, b1) = horizontal ? (min(b.0.x, b.1.x), max(b.0.x, b.1.x)) : (min(b.0.y, b.1.y), max(b.0.y, b.1.y))
            return min(a1, b1) - max(a0, b0) > eps
        }
        return false
    }

    /// The bounding box of a segment, grown by `pad`.
    static func bounds(_ p: Point, _ q: Point, pad: Double = 0.5) -> Rect {
        Rect(x: min(p.x, q.x) - pad, y: min(p.y, q.y) - pad, width: abs(q.x - p.x) + 2 * pad, height: abs(q.y - p.y) + 2 * pad)
    }

    /// An axis-aligned segment with the parts inside `boxes` cut out (each box grown by
    /// `gap`), as the pieces that remain, in order. Pieces shorter than half a point go.
    static func cut(_ p: Point, _ q: Point, around boxes: [Rect], gap: Double = 1) -> [(Point, Point)] {
        let horizontal = p.y == q.y
        let lo = horizontal ? min(p.x, q.x) : min(p.y, q.y), hi = horizontal ? max(p.x, q.x) : max(p.y, q.y)
        var holes: [(Double, Double)] = []
        for b in boxes where crosses(p, q, b) || (horizontal ? (b.minY < p.y && p.y < b.maxY && b.minX <= hi && lo <= b.maxX)
                                                             : (b.minX < p.x && p.x < b.maxX && b.minY <= hi && lo <= b.maxY)) {
            holes.append(horizontal ? (b.minX - gap, b.maxX + gap) : (b.minY - gap, b.maxY + gap))
        }
        holes.sort { $0.0 < $1.0 }
        var out: [(Point, Point)] = []
        var at = lo
        func emit(_ a: Double, _ b: Double) {
            guard b - a >= 0.5 else { return }
            out.append(horizontal ? (Point(x: a, y: p.y), Point(x: b, y: p.y)) : (Point(x: p.x, y: a), Point(x: p.x, y: b)))
        }
        for (h0, h1) in holes {
            if h0 > at { emit(at, min(h0, hi)) }
            at = max(at, h1)
            if at >= hi { break }
        }
        if at < hi { emit(at, hi) }
        return out
    }
}
