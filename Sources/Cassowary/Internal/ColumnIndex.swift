/// For each symbol, the rows that contain it: singly linked lists in one shared pool.
///
/// A list per symbol in one pool (instead of an array per symbol) costs no allocation per
/// symbol, which matters at a million symbols. Entries are pushed when a cell appears in a
/// row; entries whose row no longer holds the symbol are unlinked the next time the list is
/// walked (``live(_:keep:)``), so keeping the index costs O(1) per new cell.
struct ColumnIndex {
    private var head: [Int32] = []
    private var length: [Int32] = []
    private var entryRow: [Int32] = []
    private var entryNext: [Int32] = []
    private var free: Int32 = -1

    /// Entries in the pool, live or stale.
    var entryCount: Int { entryRow.count }

    /// Forgets every entry, keeping the symbols (before a rebuild from the rows).
    mutating func removeAllEntries() {
        for i in head.indices { head[i] = -1; length[i] = 0 }
        entryRow.removeAll(keepingCapacity: true)
        entryNext.removeAll(keepingCapacity: true)
        free = -1
    }

    /// Registers a new symbol (ids are dense and increasing).
    mutating func addSymbol() {
        head.append(-1)
        length.append(0)
    }

    /// Entries of `s`, live or not yet found stale: an upper bound on the rows holding it.
    @inline(__always)
    func count(_ s: Symbol) -> Int { Int(length[Int(s)]) }

    /// Notes that row `r` now contains `s`.
    @inline(__always)
    mutating func add(_ s: Symbol, row r: Int32) {
        let e: Int32
        if free >= 0 {
            e = free
            free = entryNext[Int(e)]
            entryRow[Int(e)] = r
            entryNext[Int(e)] = head[Int(s)]
        } else {
            e = Int32(entryRow.count)
            entryRow.append(r)
            entryNext.append(head[Int(s)])
        }
        head[Int(s)] = e
        length[Int(s)] &+= 1
    }

    /// Appends to `out` the rows of `s` for which `keep` holds, newest first; the others are
    /// unlinked.
    mutating func live(_ s: Symbol, into out: inout [Int32], keep: (Int32) -> Bool) {
        out.reserveCapacity(Int(length[Int(s)]))
        var prev: Int32 = -1
        var e = head[Int(s)]
        while e >= 0 {
            let next = entryNext[Int(e)]
            let r = entryRow[Int(e)]
            if keep(r) {
                out.append(r)
                prev = e
            } else {
                if prev >= 0 { entryNext[Int(prev)] = next } else { head[Int(s)] = next }
                entryNext[Int(e)] = free
                free = e
                length[Int(s)] &-= 1
            }
            e = next
        }
    }

    /// Whether an entry of `s` names row `r` (for the invariant checker).
    func mentions(_ s: Symbol, row r: Int32) -> Bool {
        var e = head[Int(s)]
        while e >= 0 {
            if entryRow[Int(e)] == r { return true }
            e = entryNext[Int(e)]
        }
        return false
    }
}
