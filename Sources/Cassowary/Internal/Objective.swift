/// A binary min-heap of symbols (the lowest id first), used to find the next entering
/// symbol without scanning the whole objective.
struct SymbolHeap {
    private(set) var items: [Symbol] = []

    var isEmpty: Bool { items.isEmpty }
    var min: Symbol? { items.first }

    mutating func push(_ s: Symbol) {
        items.append(s)
        var i = items.count - 1
        while i > 0 {
            let p = (i - 1) >> 1
            if items[p] <= items[i] { break }
            items.swapAt(p, i)
            i = p
        }
    }

    @discardableResult
    mutating func popMin() -> Symbol {
        let top = items[0]
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            let n = items.count
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < n && items[l] < items[m] { m = l }
                if r < n && items[r] < items[m] { m = r }
                if m == i { break }
                items.swapAt(i, m)
                i = m
            }
        }
        return top
    }

    mutating func removeAll() { items.removeAll() }
}

/// One level of the hierarchical objective: Σ coeff·symbol over the error symbols of the
/// constraints at this strength level (and whatever substitution brought in).
///
/// Coefficients are dense (indexed by symbol), so substituting a row into the objective costs
/// O(row), never O(objective); symbols that might enter the basis are kept in a heap.
struct ObjectiveLevel {
    let level: Int
    /// Soft constraints on this level (it is dropped when the last one is removed).
    var uses = 0
    var coeffs: [Double] = []
    var constant: Double = 0
    var heap = SymbolHeap()
    var inHeap: [Bool] = []
    /// Costs at most this large are zero: ``Solver/epsilon``, or 1e-11 of the largest weight
    /// used on the level, whichever is larger. Costs are sums of weight × coefficient, so
    /// with kiwi's `strong` (1e6) rounding noise alone reaches ~1e-7, which an absolute
    /// epsilon would take for a real, negative cost (and then find the objective "unbounded").
    var tolerance: Double = Solver.epsilon
    static let relativeTolerance = 1e-11

    init(level: Int) { self.level = level }

    @inline(__always)
    func coefficient(_ s: Symbol) -> Double {
        let i = Int(s)
        return i < coeffs.count ? coeffs[i] : 0
    }

    mutating func grow(to n: Int) {
        if coeffs.count < n {
            let extra = Swift.max(n - coeffs.count, coeffs.count / 2)
            coeffs.append(contentsOf: repeatElement(0, count: extra))
            inHeap.append(contentsOf: repeatElement(false, count: extra))
        }
    }

    /// Remembers `s` as a possible entering symbol (once).
    @inline(__always)
    mutating func offer(_ s: Symbol) {
        let i = Int(s)
        if !inHeap[i] {
            inHeap[i] = true
            heap.push(s)
        }
    }
}
