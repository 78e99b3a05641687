import Testing
@testable import Cassowary

@Suite("FingerprintTable: the duplicate check's open-addressing table")
struct FingerprintTableTests {
    /// Keys that share their low bits collide into one probe run; removing from the middle of
    /// the run must keep every other key findable (backward-shift deletion), against a
    /// dictionary doing the same operations.
    @Test func collidingKeysSurviveRemovals() {
        var table = FingerprintTable()
        var reference: [UInt64: Int32] = [:]
        var keys: [UInt64] = []
        for i in 0..<600 {
            // Every 4th key collides with the others in bucket 5 whatever the capacity.
            let key: UInt64 = i % 4 == 0 ? (UInt64(i) << 40) | 5 : UInt64(i) &* 0x9E37_79B9_7F4A_7C15
            keys.append(key)
            table.set(key, Int32(i))
            reference[key] = Int32(i)
        }
        for (n, key) in keys.enumerated() where n % 3 == 0 {
            table.set(key, nil)
            reference[key] = nil
        }
        table.set(keys[1], 7)   // a replacement
        reference[keys[1]] = 7
        #expect(table.count == reference.count)
        #expect(keys.allSatisfy { table.value(for: $0) == reference[$0] })
        #expect(table.value(for: 12345) == nil)
        table.set(99, nil)   // removing an absent key changes nothing
        #expect(table.count == reference.count)
    }
}
