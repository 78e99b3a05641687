import Testing
@testable import Raster

/// `Adler32.update` against the checksum's definition, byte by byte (RFC 1950, 8.2).
@Suite struct Adler32Tests {
    static func reference(_ adler: UInt32, _ bytes: [UInt8]) -> UInt32 {
        var a = adler & 0xFFFF, b = adler >> 16
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    static func update(_ adler: UInt32, _ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { Adler32.update(adler, $0.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: $0.count) }
    }

    /// Lengths around the 32-byte step and the 4,096-byte block, all-0xFF bytes (the largest
    /// lane sums) and a varied pattern, from the initial value and from a running one.
    @Test(arguments: [0, 1, 31, 32, 33, 95, 4095, 4096, 4097, 8191, 12_289, 100_000])
    func matchesTheDefinition(count: Int) {
        let full = [UInt8](repeating: 0xFF, count: count)
        let varied = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7919 ^ $0 >> 3) }
        for bytes in [full, varied] {
            #expect(Self.update(1, bytes) == Self.reference(1, bytes))
            #expect(Self.update(0xFFF0_FFF0, bytes) == Self.reference(0xFFF0_FFF0, bytes))
        }
    }

    @Test func knownValue() {
        // RFC 1950's checksum of "Wikipedia" is 0x11E60398.
        #expect(Self.update(1, Array("Wikipedia".utf8)) == 0x11E6_0398)
    }
}
