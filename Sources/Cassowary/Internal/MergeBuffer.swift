/// Raw scratch storage in which two sorted rows are merged (`target + c · src`), then copied
/// back into the target's own arrays (``Row/assign(_:count:)``).
///
/// Why raw memory: a merge is the inner loop of every substitution and pivot. Merging through
/// `Array` costs a uniqueness and a capacity check per appended cell (and, for a short source
/// merged in place, a binary search, an append and a memmove per new cell); on the small
/// systems of a form (rows of ~8 cells) that overhead was ~90 instructions per merged cell.
/// Here the loop reads and writes plain pointers (~10 instructions per cell), and the result
/// goes back in one copy. The buffer is owned by one tableau and never used re-entrantly
/// (a merge calls nothing that merges).
final class MergeBuffer {
    private(set) var ids: UnsafeMutablePointer<Symbol>
    private(set) var coeffs: UnsafeMutablePointer<Double>
    /// Symbols that the last merge added to the target (in no cell of it before), ascending.
    private(set) var added: UnsafeMutablePointer<Symbol>
    private(set) var capacity: Int

    init() {
        capacity = 64
        ids = .allocate(capacity: capacity)
        coeffs = .allocate(capacity: capacity)
        added = .allocate(capacity: capacity)
    }

    deinit {
        ids.deallocate()
        coeffs.deallocate()
        added.deallocate()
    }

    @inline(__always)
    private func reserve(_ n: Int) {
        if n > capacity { grow(n) }
    }

    private func grow(_ n: Int) {
        let c = Swift.max(n, 2 * capacity)
        ids.deallocate(); coeffs.deallocate(); added.deallocate()
        ids = .allocate(capacity: c)
        coeffs = .allocate(capacity: c)
        added = .allocate(capacity: c)
        capacity = c
    }

    /// Merges `target + c · src` into the buffer: `skip` is dropped from `target`, cells whose
    /// magnitude is below ``Solver/epsilon`` are dropped. Returns the cells written and how
    /// many of them are new in `target` (listed in ``added``).
    @inline(__always)
    func merge(_ target: Row, _ src: Row, times c: Double, skip: Symbol = -1) -> (count: Int, added: Int) {
        let tn = target.ids.count, sn = src.ids.count
        reserve(tn + sn)
        let eps = Solver.epsilon
        let oi = ids, oc = coeffs, ad = added
        var k = 0, a = 0
        target.ids.withUnsafeBufferPointer { ti in
        target.coeffs.withUnsafeBufferPointer { tc in
        src.ids.withUnsafeBufferPointer { si in
        src.coeffs.withUnsafeBufferPointer { sc in
            var i = 0, j = 0
            while i < tn && j < sn {
                let x = ti[i], y = si[j]
                if x < y {
                    if x != skip { oi[k] = x; oc[k] = tc[i]; k &+= 1 }
                    i &+= 1
                } else if x > y {
                    let v = c * sc[j]
                    if v >= eps || v <= -eps { oi[k] = y; oc[k] = v; k &+= 1; ad[a] = y; a &+= 1 }
                    j &+= 1
                } else {
                    let v = tc[i] + c * sc[j]
                    if v >= eps || v <= -eps { oi[k] = x; oc[k] = v; k &+= 1 }
                    i &+= 1; j &+= 1
                }
            }
            while i < tn {
                let x = ti[i]
                if x != skip { oi[k] = x; oc[k] = tc[i]; k &+= 1 }
                i &+= 1
            }
            while j < sn {
                let y = si[j]
                let v = c * sc[j]
                if v >= eps || v <= -eps { oi[k] = y; oc[k] = v; k &+= 1; ad[a] = y; a &+= 1 }
                j &+= 1
            }
        }}}}
        return (k, a)
    }
}

extension MergeBuffer {
    /// `target += c · src` with `skip` dropped from `target`, through the buffer; returns how
    /// many cells are new in `target` (listed in ``added``). `target` is borrowed in place
    /// (`inout`: no copy of the row, no retain of its arrays), `src` is only read.
    @inline(__always)
    func add(into target: inout Row, _ src: borrowing Row, times c: Double, skip: Symbol = -1) -> Int {
        let (k, added) = merge(target, src, times: c, skip: skip)
        target.assign(self, count: k)
        target.constant += c * src.constant
        return added
    }

    /// ``add(into:_:times:skip:)`` for a source that lies in the tableau: borrowed in place
    /// as well (`inout`, only read), so reading it retains nothing.
    @inline(__always)
    func add(into target: inout Row, reading src: inout Row, times c: Double) -> Int {
        add(into: &target, src, times: c)
    }
}

extension Row {
    /// Replaces the cells by the first `count` cells of `buffer` (the constant is kept), in
    /// the row's own storage: it grows only when `count` exceeds its capacity.
    @inline(__always)
    mutating func assign(_ buffer: MergeBuffer, count k: Int) {
        Row.overwrite(&ids, from: buffer.ids, count: k)
        Row.overwrite(&coeffs, from: buffer.coeffs, count: k)
    }

    @inline(__always)
    private static func overwrite<T>(_ a: inout [T], from p: UnsafeMutablePointer<T>, count k: Int) {
        let n = a.count
        if k < n {
            if n - k <= 4 {
                for _ in k..<n { a.removeLast() }
            } else {
                a.removeLast(n - k)
            }
        } else if k > n {
            if k > a.capacity {
                // Grow once, geometrically, with room to spare.
                a.reserveCapacity(Swift.max(k + 4, 2 * n))
            }
            if k - n <= 4 {
                for i in n..<k { a.append(p[i]) }
            } else {
                a.append(contentsOf: UnsafeBufferPointer(start: p + n, count: k - n))
            }
        }
        let m = Swift.min(k, n)
        if m > 0 {
            a.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: p, count: m) }
        }
    }
}
