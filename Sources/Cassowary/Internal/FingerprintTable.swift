/// A map from 64-bit fingerprints to slots (`Int32`, never negative): open addressing with
/// linear probing and backward-shift deletion, in two flat arrays.
///
/// The keys are already well-mixed hashes (``ConstraintKey/fingerprint(_:)``), so their low
/// bits pick the bucket directly: no `Hasher` round per lookup, no per-entry allocation. The
/// table is at most half full.
struct FingerprintTable {
    private var keys: [UInt64] = []
    private var values: [Int32] = []   // -1: empty bucket
    private var mask = -1
    private(set) var count = 0

    init() {}

    /// A table that holds `n` keys before it grows (it stays at most half full).
    init(capacity n: Int) {
        var c = 16
        while c < 2 * n { c *= 2 }
        keys = [UInt64](repeating: 0, count: c)
        values = [Int32](repeating: -1, count: c)
        mask = c - 1
    }

    /// The value stored under `key`, or nil.
    func value(for key: UInt64) -> Int32? {
        guard count > 0 else { return nil }
        var i = Int(truncatingIfNeeded: key) & mask
        while values[i] >= 0 {
            if keys[i] == key { return values[i] }
            i = (i &+ 1) & mask
        }
        return nil
    }

    /// Stores `value` (>= 0) under `key`, or removes `key` when `value` is nil.
    mutating func set(_ key: UInt64, _ value: Int32?) {
        guard let value else { remove(key); return }
        if 2 * (count + 1) > values.count { grow() }
        var i = Int(truncatingIfNeeded: key) & mask
        while values[i] >= 0 {
            if keys[i] == key { values[i] = value; return }
            i = (i &+ 1) & mask
        }
        keys[i] = key
        values[i] = value
        count += 1
    }

    private mutating func remove(_ key: UInt64) {
        guard count > 0 else { return }
        var i = Int(truncatingIfNeeded: key) & mask
        while true {
            if values[i] < 0 { return }
            if keys[i] == key { break }
            i = (i &+ 1) & mask
        }
        values[i] = -1
        count -= 1
        // Shift back the entries of the probe run behind the hole that may not stay after it.
        var j = i
        while true {
            j = (j &+ 1) & mask
            if values[j] < 0 { return }
            let home = Int(truncatingIfNeeded: keys[j]) & mask
            let staysBehindHole = i <= j ? (i < home && home <= j) : (i < home || home <= j)
            if staysBehindHole { continue }
            keys[i] = keys[j]
            values[i] = values[j]
            values[j] = -1
            i = j
        }
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        let capacity = Swift.max(16, 2 * values.count)
        keys = [UInt64](repeating: 0, count: capacity)
        values = [Int32](repeating: -1, count: capacity)
        mask = capacity - 1
        count = 0
        for k in oldValues.indices where oldValues[k] >= 0 { set(oldKeys[k], oldValues[k]) }
    }
}
