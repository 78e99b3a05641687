/// Which slot of the tableau holds each added constraint.
///
/// The first tableau to take a constraint keeps the slot in the constraint object itself
/// (tagged with the tableau's tag), so adding, finding and removing a constraint costs no
/// hashing in the common one-solver case; a constraint also added to another solver is found
/// there through a dictionary. This mirrors how variables keep their symbol
/// (``Variable``'s `solverTag`).
struct SlotIndex {
    /// This index's tag (process-unique, never 0); a new index invalidates every claim.
    let tag: UInt64
    private var others: [ObjectIdentifier: Int32] = [:]
    /// Constraints indexed.
    private(set) var count = 0

    init(tag: UInt64) { self.tag = tag }

    /// The slot of `c`, if this tableau holds it.
    @inline(__always)
    func slot(of c: Constraint) -> Int32? {
        if c.solverTag == tag { return c.solverSlot }
        return others.isEmpty ? nil : others[ObjectIdentifier(c)]
    }

    /// Records that `c` (not yet indexed) is in `slot`.
    mutating func insert(_ c: Constraint, slot: Int32) {
        if c.solverTag == 0 {
            c.solverTag = tag
            c.solverSlot = slot
        } else {
            others[ObjectIdentifier(c)] = slot
        }
        count += 1
    }

    /// Forgets `c` (indexed).
    mutating func remove(_ c: Constraint) {
        if c.solverTag == tag {
            c.solverTag = 0
            c.solverSlot = -1
        } else {
            others[ObjectIdentifier(c)] = nil
        }
        count -= 1
    }
}
