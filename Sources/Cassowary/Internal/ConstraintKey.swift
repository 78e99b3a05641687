/// A constraint reduced to a canonical form, so that equivalent constraints (`v >= 0` twice,
/// `2v <= 4` and `v <= 2`, `a <= b` and `b >= a`) have equal keys.
struct ConstraintKey: Hashable {
    let relation: UInt8          // 0: ==, 1: <=
    let level: Int
    let weight: Double
    let variables: [ObjectIdentifier]
    let coefficients: [Double]
    let constant: Double
    /// FNV-1a over the canonical form: the index's hash-table key.
    let fingerprint: UInt64

    init(_ c: Constraint) {
        var terms = c.expression.terms.map { ($0.variable.id, $0.coefficient) }
        terms.sort { $0.0 < $1.0 }
        var k = 1.0
        var rel: UInt8 = 0
        switch c.relation {
        case .equal: rel = 0
        case .lessThanOrEqual: rel = 1
        case .greaterThanOrEqual: rel = 1; k = -1
        }
        if let first = terms.first?.1 {
            k = rel == 0 ? 1 / first : k / Swift.abs(first)
        } else if c.expression.constant != 0 {
            k = rel == 0 ? 1 / Swift.abs(c.expression.constant) : k / Swift.abs(c.expression.constant)
        }
        relation = rel
        level = c.strength.level
        weight = c.strength.weight
        variables = terms.map(\.0)
        coefficients = terms.map { $0.1 * k + 0 }
        constant = c.expression.constant * k + 0
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ x: UInt64) { h = (h ^ x) &* 0x0000_0100_0000_01b3 }
        mix(UInt64(rel)); mix(UInt64(bitPattern: Int64(level))); mix(weight.bitPattern)
        for (v, x) in zip(variables, coefficients) { mix(UInt64(UInt(bitPattern: v))); mix(x.bitPattern) }
        mix(constant.bitPattern)
        fingerprint = h
    }
}


/// Finds an added constraint equivalent to a new one. Maps fingerprints to chains of slots,
/// so nothing array-backed is stored or rehashed per constraint; a fingerprint match is
/// confirmed by comparing canonical forms.
struct EquivalenceIndex {
    private var heads: [UInt64: Int32] = [:]
    private var next: [Int32] = []
    private(set) var count = 0

    /// The slot of an added constraint whose canonical form equals `key`.
    func find(_ key: ConstraintKey, in slots: [Tableau.ConstraintRecord?]) -> Int32? {
        var slot = heads[key.fingerprint] ?? -1
        while slot >= 0 {
            if let record = slots[Int(slot)], ConstraintKey(record.constraint) == key { return slot }
            slot = next[Int(slot)]
        }
        return nil
    }

    /// Whether `slot` is indexed under `fingerprint`.
    func contains(_ fingerprint: UInt64, slot: Int32) -> Bool {
        var s = heads[fingerprint] ?? -1
        while s >= 0 {
            if s == slot { return true }
            s = next[Int(s)]
        }
        return false
    }

    mutating func insert(_ fingerprint: UInt64, slot: Int32) {
        while next.count <= Int(slot) { next.append(-1) }
        next[Int(slot)] = heads[fingerprint] ?? -1
        heads[fingerprint] = slot
        count += 1
    }

    mutating func remove(_ fingerprint: UInt64, slot: Int32) {
        guard var s = heads[fingerprint] else { return }
        if s == slot {
            let n = next[Int(slot)]
            heads[fingerprint] = n >= 0 ? n : nil
        } else {
            while next[Int(s)] >= 0 && next[Int(s)] != slot { s = next[Int(s)] }
            guard next[Int(s)] == slot else { return }
            next[Int(s)] = next[Int(slot)]
        }
        count -= 1
    }
}
