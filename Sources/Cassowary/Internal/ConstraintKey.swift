/// A constraint reduced to a canonical form, so that equivalent constraints (`v >= 0` twice,
/// `2v <= 4` and `v <= 2`, `a <= b` and `b >= a`) have equal keys: terms sorted by variable,
/// scaled so the first variable's coefficient is 1 (equalities) or ±1 (inequalities, as `<=`).
struct ConstraintKey: Equatable {
    let relation: UInt8          // 0: ==, 1: <=
    let level: Int
    let weight: Double
    let variables: [ObjectIdentifier]
    let coefficients: [Double]
    let constant: Double

    init(_ c: Constraint) {
        var terms = c.expression.terms.map { ($0.variable.id, $0.coefficient) }
        terms.sort { $0.0 < $1.0 }
        let (rel, k) = ConstraintKey.normalization(c.relation, c.expression.constant, firstCoefficient: terms.first?.1)
        relation = rel
        level = c.strength.level
        weight = c.strength.weight
        variables = terms.map(\.0)
        coefficients = terms.map { $0.1 * k + 0 }
        constant = c.expression.constant * k + 0
    }

    /// The relation as 0 (==) or 1 (<=), and the factor that brings the constraint to
    /// canonical scale given the coefficient of its lowest variable.
    private static func normalization(_ relation: Relation, _ constant: Double, firstCoefficient: Double?) -> (UInt8, Double) {
        var k = 1.0
        var rel: UInt8 = 0
        switch relation {
        case .equal: rel = 0
        case .lessThanOrEqual: rel = 1
        case .greaterThanOrEqual: rel = 1; k = -1
        }
        if let first = firstCoefficient {
            k = rel == 0 ? 1 / first : k / Swift.abs(first)
        } else if constant != 0 {
            k = rel == 0 ? 1 / Swift.abs(constant) : k / Swift.abs(constant)
        }
        return (rel, k)
    }

    /// A hash of the canonical form computed without building it (no sort, no arrays): the
    /// terms are combined order-independently. Equal keys have equal fingerprints.
    static func fingerprint(_ c: Constraint) -> UInt64 {
        fingerprint(c.expression, c.relation, c.strength)
    }

    /// ``fingerprint(_:)`` of a constraint with this expression, relation and strength.
    static func fingerprint(_ expression: Expression, _ relation: Relation, _ strength: Strength) -> UInt64 {
        // Identities read in place (`for t in terms` would retain and release each variable).
        var first: Double?
        var lowest: ObjectIdentifier?
        expression.forEachTermIdentity { id, coefficient in
            if lowest == nil || id < lowest! {
                lowest = id
                first = coefficient
            }
        }
        let (rel, k) = normalization(relation, expression.constant, firstCoefficient: first)
        var sum: UInt64 = 0
        expression.forEachTermIdentity { id, coefficient in
            sum &+= mix(UInt64(UInt(bitPattern: id)) &+ mix((coefficient * k + 0).bitPattern))
        }
        var h = mix(UInt64(rel) &+ 0x9E37_79B9_7F4A_7C15)
        h = mix(h ^ UInt64(bitPattern: Int64(strength.level)))
        h = mix(h ^ strength.weight.bitPattern)
        h = mix(h ^ (expression.constant * k + 0).bitPattern)
        return mix(h ^ sum)
    }

    /// SplitMix64's finalizer.
    @inline(__always)
    private static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Finds an added constraint equivalent to a new one. Maps fingerprints to chains of slots,
/// so nothing array-backed is stored or rehashed per constraint; a fingerprint match is
/// confirmed by comparing canonical forms.
struct EquivalenceIndex {
    private var heads = FingerprintTable()
    private var next: [Int32] = []

    init() {}

    /// An index with room for `constraints` constraints before it grows.
    init(capacity constraints: Int) {
        heads = FingerprintTable(capacity: constraints)
        next.reserveCapacity(constraints)
    }
    private(set) var count = 0

    /// The slot of an added constraint equivalent to `c`, whose fingerprint is `fingerprint`,
    /// other than `excluding` (`c`'s own slot when its constant is being changed).
    /// Builds canonical forms only when a fingerprint matches. `mutating` only so that the
    /// call borrows the index in place (a non-mutating call on the tableau's stored index
    /// copied it: three retains and releases per added constraint).
    mutating func find(
        _ fingerprint: UInt64, equivalentTo c: Constraint, in slots: [Tableau.ConstraintRecord?], excluding: Int32 = -1
    ) -> Int32? {
        var slot = heads.value(for: fingerprint) ?? -1
        guard slot >= 0 else { return nil }
        let key = ConstraintKey(c)
        while slot >= 0 {
            if slot != excluding, let record = slots[Int(slot)], ConstraintKey(record.constraint) == key { return slot }
            slot = next[Int(slot)]
        }
        return nil
    }

    /// Whether some constraint is indexed under `fingerprint` (a check that needs no slots,
    /// before ``find(_:equivalentTo:in:excluding:)``).
    @inline(__always)
    mutating func mayContain(_ fingerprint: UInt64) -> Bool {
        heads.value(for: fingerprint) != nil
    }

    /// Whether `slot` is indexed under `fingerprint`.
    func contains(_ fingerprint: UInt64, slot: Int32) -> Bool {
        var s = heads.value(for: fingerprint) ?? -1
        while s >= 0 {
            if s == slot { return true }
            s = next[Int(s)]
        }
        return false
    }

    mutating func insert(_ fingerprint: UInt64, slot: Int32) {
        if next.count <= Int(slot) {
            next.append(contentsOf: repeatElement(-1, count: Int(slot) + 1 - next.count))
        }
        next[Int(slot)] = heads.value(for: fingerprint) ?? -1
        heads.set(fingerprint, slot)
        count += 1
    }

    mutating func remove(_ fingerprint: UInt64, slot: Int32) {
        guard var s = heads.value(for: fingerprint) else { return }
        if s == slot {
            let n = next[Int(slot)]
            heads.set(fingerprint, n >= 0 ? n : nil)
        } else {
            while next[Int(s)] >= 0 && next[Int(s)] != slot { s = next[Int(s)] }
            guard next[Int(s)] == slot else { return }
            next[Int(s)] = next[Int(slot)]
        }
        count -= 1
    }
}
