/// Names to values, looked up by a token's bytes: no `String` is made and no SipHash is run for
/// the two names and two attributes of every constraint line of a file (a `[String: View]`
/// lookup costs several hundred instructions; this one a few dozen).
///
/// Open addressing with linear probing over a power-of-two table; FNV-1a over the bytes. The
/// first value inserted under a name is kept.
struct NameTable<Value> {
    private var bytes: [UInt8] = []
    private var entries: [(start: Int32, count: Int32, hash: UInt64, value: Value)] = []
    private var slots: [Int32]
    private var mask: Int

    /// A table with room for `capacity` names without growing.
    init(capacity: Int = 16) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [Int32](repeating: -1, count: size)
        mask = size - 1
        entries.reserveCapacity(capacity)
    }

    private static func hash(_ b: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for x in b { h = (h ^ UInt64(x)) &* 0x100_0000_01b3 }
        return h ^ (h >> 29)
    }

    /// Adds `name` unless it is already there.
    mutating func insert(_ name: String, _ value: Value) {
        var key = name
        key.withUTF8 { b in
            let h = Self.hash(b)
            guard find(b, h) == nil else { return }
            if (entries.count + 1) * 2 > slots.count { grow() }
            entries.append((Int32(bytes.count), Int32(b.count), h, value))
            bytes.append(contentsOf: b)
            place(Int32(entries.count - 1), h)
        }
    }

    /// The value stored under the name in `b`, or nil.
    func value(_ b: UnsafeBufferPointer<UInt8>) -> Value? {
        find(b, Self.hash(b)).map { entries[$0].value }
    }

    private func find(_ b: UnsafeBufferPointer<UInt8>, _ h: UInt64) -> Int? {
        var i = Int(truncatingIfNeeded: h) & mask
        while true {
            let e = Int(slots[i])
            if e < 0 { return nil }
            let entry = entries[e]
            if entry.hash == h, Int(entry.count) == b.count {
                var same = true
                let start = Int(entry.start)
                for k in 0..<b.count where bytes[start + k] != b[k] { same = false; break }
                if same { return e }
            }
            i = (i + 1) & mask
        }
    }

    private mutating func place(_ e: Int32, _ h: UInt64) {
        var i = Int(truncatingIfNeeded: h) & mask
        while slots[i] >= 0 { i = (i + 1) & mask }
        slots[i] = e
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        mask = slots.count - 1
        for e in entries.indices { place(Int32(e), entries[e].hash) }
    }
}

extension Lexer {
    /// The value a table holds under the text of token `t`.
    func lookUp<Value>(_ t: Token, in table: NameTable<Value>) -> Value? {
        bytes.withUnsafeBufferPointer { b in
            table.value(UnsafeBufferPointer(rebasing: b[t.start..<t.end]))
        }
    }
}

extension NameTable: Sendable where Value: Sendable {}
