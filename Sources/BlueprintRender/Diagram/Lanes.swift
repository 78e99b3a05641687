import Blueprint

/// Moves dimension lines off their views' edges into lanes: lines along the same edge line
/// share lanes, the shortest takes the innermost free lane, and two lines in one lane never
/// overlap.
///
/// - Complexity: O(n log n) for n dimension lines (a sort, then binary searches in each lane).
enum Lanes {
    static func assign(_ annotations: inout [Annotation]) {
        // Group by side and edge coordinate (rounded to a quarter point).
        var groups: [Int64: [Int]] = [:]
        var keys: [Int64] = []
        for (i, a) in annotations.enumerated() where a.kind == .dimension {
            let edge = a.isHorizontal ? a.start.y : a.start.x
            let key = Int64((edge * 4).rounded()) * 2 + (a.isHorizontal ? 0 : 1)
            if groups[key] == nil { keys.append(key) }
            groups[key, default: []].append(i)
        }
        for key in keys {
            let members = groups[key]!.sorted { i, j in
                let a = annotations[i], b = annotations[j]
                if a.length != b.length { return a.length < b.length }
                let sa = a.isHorizontal ? a.start.x : a.start.y, sb = b.isHorizontal ? b.start.x : b.start.y
                if sa != sb { return sa < sb }
                return a.order < b.order
            }
            var lanes: [[(Double, Double)]] = []
            for i in members {
                let a = annotations[i]
                let lo = a.isHorizontal ? a.start.x : a.start.y
                let hi = a.isHorizontal ? a.end.x : a.end.y
                var lane = 0
                while lane < lanes.count && overlaps(lanes[lane], lo - 2, hi + 2) { lane += 1 }
                if lane == lanes.count { lanes.append([]) }
                insert(&lanes[lane], (lo, hi))
                place(&annotations[i], lane: lane)
            }
        }
    }

    /// Whether [lo, hi] overlaps an interval of the lane (kept sorted by start, disjoint).
    private static func overlaps(_ lane: [(Double, Double)], _ lo: Double, _ hi: Double) -> Bool {
        let k = firstStart(after: lo, in: lane)
        if k < lane.count && lane[k].0 <= hi { return true }
        if k > 0 && lane[k - 1].1 >= lo { return true }
        return false
    }

    private static func firstStart(after x: Double, in lane: [(Double, Double)]) -> Int {
        var lo = 0, hi = lane.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if lane[mid].0 < x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    private static func insert(_ lane: inout [(Double, Double)], _ interval: (Double, Double)) {
        lane.insert(interval, at: firstStart(after: interval.0, in: lane))
    }

    /// Offsets the line into its lane (above the view for widths, right of it for heights) and
    /// adds the extension lines from the edge.
    private static func place(_ a: inout Annotation, lane: Int) {
        let offset = Metrics.laneGap + Double(lane) * Metrics.laneStep
        if a.isHorizontal {
            let edge = a.start.y, y = edge - offset
            a.start.y = y
            a.end.y = y
            a.extensions = [(Point(x: a.start.x, y: edge - 2), Point(x: a.start.x, y: y - 3)),
                            (Point(x: a.end.x, y: edge - 2), Point(x: a.end.x, y: y - 3))]
        } else {
            let edge = a.start.x, x = edge + offset
            a.start.x = x
            a.end.x = x
            a.extensions = [(Point(x: edge + 2, y: a.start.y), Point(x: x + 3, y: a.start.y)),
                            (Point(x: edge + 2, y: a.end.y), Point(x: x + 3, y: a.end.y))]
        }
    }
}
