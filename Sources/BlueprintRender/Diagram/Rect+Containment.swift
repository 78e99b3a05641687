import Blueprint

/// Containment and overlap of rectangles, as the diagram's placement asks them.
extension Rect {
    /// Whether `r` lies inside this rectangle, edges included.
    func holds(_ r: Rect) -> Bool {
        minX <= r.minX && r.maxX <= maxX && minY <= r.minY && r.maxY <= maxY
    }

    /// Whether the two rectangles share some area (touching edges do not).
    func overlaps(_ r: Rect) -> Bool {
        r.minX < maxX && minX < r.maxX && r.minY < maxY && minY < r.maxY
    }

    /// The smallest rectangle holding both.
    func union(_ r: Rect) -> Rect {
        let x0 = Swift.min(minX, r.minX), y0 = Swift.min(minY, r.minY)
        return Rect(x: x0, y: y0, width: Swift.max(maxX, r.maxX) - x0, height: Swift.max(maxY, r.maxY) - y0)
    }
}
