/// For each symbol, the rows that contain it: singly linked lists in one shared pool.
///
/// A list per symbol in one pool (instead of an array per symbol) costs no allocation per
/// symbol, which matters at a million symbols. Entries are pushed when a cell appears in a
/// row; entries whose row no longer holds the symbol are unlinked the next time the list is
/// walked (``live(_:into:keep:)``), so keeping the index costs O(1) per new cell.
struct ColumnIndex {
    private struct List {
        var head: Int32 = -1
        var length: Int32 = 0
    }

    private struct Entry {
        var row: Int32
        var next: Int32
    }

    private var lists: [List] = []
    private var entries: [Entry] = []
    private var free: Int32 = -1

    /// Entries in the pool, live or stale.
    var entryCount: Int { entries.count }

    /// Forgets every entry, keeping the symbols (before a rebuild from the rows).
    mutating func removeAllEntries() {
        lists.withUnsafeMutableBufferPointer { l in
            for i in l.indices { l[i] = List() }
        }
        entries.removeAll(keepingCapacity: true)
        free = -1
    }

    /// Makes room for `symbols` symbols and `entries` entries.
    mutating func reserve(symbols: Int, entries n: Int) {
        lists.reserveCapacity(symbols)
        entries.reserveCapacity(n)
    }

    /// Registers a new symbol (ids are dense and increasing).
    mutating func addSymbol() {
        lists.append(List())
    }

    /// Entries of `s`, live or not yet found stale: an upper bound on the rows holding it.
    @inline(__always)
    func count(_ s: Symbol) -> Int { Int(lists[Int(s)].length) }

    /// Notes that row `r` now contains `s`.
    @inline(__always)
    mutating func add(_ s: Symbol, row r: Int32) {
        let i = Int(s)
        let e: Int32
        if free >= 0 {
            e = free
            free = entries[Int(e)].next
            entries[Int(e)] = Entry(row: r, next: lists[i].head)
        } else {
            e = Int32(entries.count)
            entries.append(Entry(row: r, next: lists[i].head))
        }
        lists[i].head = e
        lists[i].length &+= 1
    }

    /// Notes that row `r` now contains each of the `n` symbols at `symbols`: ``add(_:row:)``
    /// for many cells, with the pool grown once and both arrays borrowed once.
    mutating func add(_ symbols: UnsafePointer<Symbol>, count n: Int, row r: Int32) {
        guard n > 0 else { return }
        // Count the free entries that will be reused, then append the rest in one step.
        var reusable = 0
        var e = free
        while e >= 0 && reusable < n { reusable += 1; e = entries[Int(e)].next }
        if reusable < n {
            let extra = n - reusable
            if entries.count + extra > entries.capacity { entries.reserveCapacity(Swift.max(entries.count + extra, 2 * entries.count)) }
            for _ in 0..<extra { entries.append(Entry(row: -1, next: -1)) }
        }
        var fresh = entries.count - (n - reusable)
        var free = self.free
        lists.withUnsafeMutableBufferPointer { l in
        entries.withUnsafeMutableBufferPointer { en in
            for k in 0..<n {
                let i = Int(symbols[k])
                let e: Int32
                if free >= 0 {
                    e = free
                    free = en[Int(e)].next
                } else {
                    e = Int32(fresh)
                    fresh += 1
                }
                en[Int(e)] = Entry(row: r, next: l[i].head)
                l[i].head = e
                l[i].length &+= 1
            }
        }}
        self.free = free
    }

    /// Appends to `out` the rows of `s` for which `keep` holds, newest first; the others are
    /// unlinked.
    mutating func live(_ s: Symbol, into out: inout [Int32], keep: (Int32) -> Bool) {
        let i = Int(s)
        out.reserveCapacity(Int(lists[i].length))
        var list = lists[i]
        var free = self.free
        entries.withUnsafeMutableBufferPointer { en in
            var prev: Int32 = -1
            var e = list.head
            while e >= 0 {
                let next = en[Int(e)].next
                if keep(en[Int(e)].row) {
                    out.append(en[Int(e)].row)
                    prev = e
                } else {
                    if prev >= 0 { en[Int(prev)].next = next } else { list.head = next }
                    en[Int(e)].next = free
                    free = e
                    list.length &-= 1
                }
                e = next
            }
        }
        lists[i] = list
        self.free = free
    }

    /// Whether an entry of `s` names row `r` (for the invariant checker).
    func mentions(_ s: Symbol, row r: Int32) -> Bool {
        var e = lists[Int(s)].head
        while e >= 0 {
            if entries[Int(e)].row == r { return true }
            e = entries[Int(e)].next
        }
        return false
    }
}
