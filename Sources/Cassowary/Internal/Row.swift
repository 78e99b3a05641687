/// A symbol of the tableau: an index into the tableau's per-symbol arrays.
typealias Symbol = Int32

/// What a symbol stands for. Only `external` symbols are unrestricted; the others are >= 0,
/// and `dummy` symbols are pinned at 0 (they mark required equalities).
enum SymbolKind: UInt8 {
    case external, slack, error, dummy
}

/// A sparse linear row: `constant + Σ coeffs[k] · ids[k]`, ids strictly ascending.
///
/// When it is the row of a basic symbol `b`, it reads `b = constant + Σ …`. Ids and
/// coefficients live in two parallel arrays so scaling and pruning run over contiguous
/// `Double`s with SIMD.
struct Row {
    var ids: [Symbol] = []
    var coeffs: [Double] = []
    var constant: Double = 0

    init(constant: Double = 0) { self.constant = constant }

    /// Removes every cell, keeping the storage (one at a time for a short row: cheaper than
    /// the generic range removal).
    mutating func removeAllCells() {
        if ids.count <= 16 {
            while !ids.isEmpty { ids.removeLast(); coeffs.removeLast() }
        } else {
            ids.removeAll(keepingCapacity: true)
            coeffs.removeAll(keepingCapacity: true)
        }
    }

    var isEmpty: Bool { ids.isEmpty }

    /// Index of `s` or of where it would be inserted.
    /// - Complexity: O(log n).
    @inline(__always)
    func search(_ s: Symbol) -> (index: Int, found: Bool) {
        var lo = 0, hi = ids.count
        while lo < hi {
            let mid = (lo &+ hi) >> 1
            let v = ids[mid]
            if v < s { lo = mid &+ 1 } else if v > s { hi = mid } else { return (mid, true) }
        }
        return (lo, false)
    }

    /// Whether `s` has a cell (a binary search over the raw ids).
    @inline(__always)
    func contains(_ s: Symbol) -> Bool {
        ids.withUnsafeBufferPointer { p in
            var lo = 0, hi = p.count
            while lo < hi {
                let mid = (lo &+ hi) >> 1
                let v = p[mid]
                if v < s { lo = mid &+ 1 } else if v > s { hi = mid } else { return true }
            }
            return false
        }
    }

    /// The coefficient of `s` (0 when absent).
    func coefficient(_ s: Symbol) -> Double {
        let (i, found) = search(s)
        return found ? coeffs[i] : 0
    }

    /// Inserts the cell `(s, c)` at index `i` (which keeps the ids sorted): an append and a
    /// memmove, cheaper than `Array.insert`'s generic range replacement.
    @inline(__always)
    mutating func insertCell(_ s: Symbol, _ c: Double, at i: Int) {
        let n = ids.count
        ids.append(s)
        coeffs.append(c)
        if i < n {
            ids.withUnsafeMutableBufferPointer { p in
                let base = p.baseAddress!
                (base + i + 1).update(from: base + i, count: n - i)
                base[i] = s
            }
            coeffs.withUnsafeMutableBufferPointer { p in
                let base = p.baseAddress!
                (base + i + 1).update(from: base + i, count: n - i)
                base[i] = c
            }
        }
    }

    /// Removes the cell at index `i`, returning its coefficient.
    @inline(__always)
    @discardableResult
    mutating func removeCell(at i: Int) -> Double {
        let n = ids.count
        let c = coeffs[i]
        if i < n - 1 {
            ids.withUnsafeMutableBufferPointer { p in
                let base = p.baseAddress!
                (base + i).update(from: base + i + 1, count: n - i - 1)
            }
            coeffs.withUnsafeMutableBufferPointer { p in
                let base = p.baseAddress!
                (base + i).update(from: base + i + 1, count: n - i - 1)
            }
        }
        ids.removeLast()
        coeffs.removeLast()
        return c
    }

    /// Adds `c · s`, dropping the cell if the sum is near zero. Returns whether `s` is newly present.
    /// - Complexity: O(n) worst case (insertion), O(log n) to find.
    @discardableResult
    mutating func insert(_ s: Symbol, _ c: Double) -> Bool {
        let (i, found) = search(s)
        if found {
            let v = coeffs[i] + c
            if nearZero(v) {
                removeCell(at: i)
            } else {
                coeffs[i] = v
            }
            return false
        }
        if nearZero(c) { return false }
        insertCell(s, c, at: i)
        return true
    }

    /// Removes the cell of `s`, returning its coefficient (0 if absent).
    @discardableResult
    mutating func remove(_ s: Symbol) -> Double {
        let (i, found) = search(s)
        guard found else { return 0 }
        return removeCell(at: i)
    }

    /// Multiplies the row, constant included, by `k` (SIMD over the coefficients).
    mutating func scale(by k: Double) {
        constant *= k
        scaleDoubles(&coeffs, by: k)
    }

    /// Negates the row.
    mutating func negate() { scale(by: -1) }

    /// Treats the row as `0 = row` and rewrites it as `s = …`, removing `s`.
    /// - Precondition: `s` is in the row.
    mutating func solve(for s: Symbol) {
        let a = remove(s)
        scale(by: -1 / a)
    }

    /// Treats the row as `lhs = row` and rewrites it as `rhs = …` (a pivot): `lhs` enters the
    /// row, `rhs` leaves it.
    mutating func solve(for rhs: Symbol, replacing lhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Whether every symbol satisfies `predicate`.
    func allSymbols(_ predicate: (Symbol) -> Bool) -> Bool { ids.allSatisfy(predicate) }
}

/// |x| < ``Solver/epsilon``.
@inline(__always)
func nearZero(_ x: Double) -> Bool {
    x < Solver.epsilon && x > -Solver.epsilon
}

/// Whether SIMD kernels are used for row scaling and pruning (the benchmark flips this to
/// show the scalar baseline).
@exclusivity(unchecked) nonisolated(unsafe) var useSIMDKernels = true

/// `xs[i] *= k` for all i, eight lanes at a time.
@inline(__always)
func scaleDoubles(_ xs: inout [Double], by k: Double) {
    let n = xs.count
    xs.withUnsafeMutableBufferPointer { buf in
        guard let base = buf.baseAddress else { return }
        var i = 0
        if useSIMDKernels {
            let kk = SIMD8<Double>(repeating: k)
            let raw = UnsafeMutableRawPointer(base)
            while i + 8 <= n {
                let p = raw + i * MemoryLayout<Double>.stride
                let v = p.loadUnaligned(as: SIMD8<Double>.self) * kk
                p.storeBytes(of: v, as: SIMD8<Double>.self)
                i += 8
            }
        }
        while i < n {
            base[i] *= k
            i += 1
        }
    }
}
