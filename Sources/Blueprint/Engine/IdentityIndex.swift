/// A map from object identities to small integers, for the engine's per-build tables: open
/// addressing with linear probing, the object's address spread by one multiplication
/// (Fibonacci hashing), in two flat arrays.
///
/// `Dictionary` hashes an `ObjectIdentifier` with SipHash, about 90 instructions a lookup; a
/// build of 10,000 views looks up some 200,000 identities (the definitions' variables and
/// constraints), and every frame read looks up its four variables. Entries are never removed:
/// the tables are made whole for each build.
struct IdentityIndex {
    private var keys: [UInt] = []      // 0: empty (no object lives at address 0)
    private var values: [Int32] = []
    private var shift = 64
    private(set) var count = 0

    init(capacity: Int = 0) {
        if capacity > 0 { grow(to: capacity) }
    }

    @inline(__always)
    private func home(_ key: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    /// The value stored for `id`, or nil.
    subscript(id: ObjectIdentifier) -> Int? {
        guard count > 0 else { return nil }
        let key = UInt(bitPattern: id)
        let mask = keys.count - 1
        var i = home(key)
        while true {
            let k = keys[i]
            if k == key { return Int(values[i]) }
            if k == 0 { return nil }
            i = (i &+ 1) & mask
        }
    }

    /// Stores `value` for `id` (replacing any earlier value).
    mutating func set(_ id: ObjectIdentifier, _ value: Int) {
        if 2 * (count + 1) > keys.count { grow(to: count + 1) }
        let key = UInt(bitPattern: id)
        let mask = keys.count - 1
        var i = home(key)
        while keys[i] != 0 && keys[i] != key { i = (i &+ 1) & mask }
        if keys[i] == 0 { count += 1 }
        keys[i] = key
        values[i] = Int32(value)
    }

    /// Makes room for `n` entries at most half full, rehashing the ones there.
    private mutating func grow(to n: Int) {
        var capacity = 16, bits = 4
        while capacity < 2 * n { capacity *= 2; bits += 1 }
        if capacity <= keys.count { return }
        let oldKeys = keys, oldValues = values
        keys = [UInt](repeating: 0, count: capacity)
        values = [Int32](repeating: 0, count: capacity)
        shift = 64 - bits
        count = 0
        for (k, v) in zip(oldKeys, oldValues) where k != 0 {
            let mask = capacity - 1
            var i = home(k)
            while keys[i] != 0 { i = (i &+ 1) & mask }
            keys[i] = k
            values[i] = v
            count += 1
        }
    }
}
