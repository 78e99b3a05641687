import Foundation
import Testing
@testable import Raster

/// The fast path for 8-bit RGB and RGBA files (`PNGDecoder.isPlain`, `cpng_decode_plain`):
/// which files take it, and that it decodes and fails as the simplified API does.
@Suite struct PNGPlainDecodeTests {
    static func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try #require(FileManager.default.contents(atPath: Fixtures.path(relative))))
    }

    static func isPlain(_ data: [UInt8]) -> Bool { data.withUnsafeBytes { PNGDecoder.isPlain($0) } }

    /// A chunk with its CRC, as PNG frames it.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc)
    }

    @Test func eightBitRGBAndRGBAAreReadPlainly() throws {
        let plain = try Fixtures.flavourNames.filter { Self.isPlain(try Self.bytes("flavours/\($0).png")) }
        #expect(plain == ["rgb8", "rgba8"])
        for name in ["good", "truncated", "bad-crc"] {
            #expect(Self.isPlain(try Self.bytes("invalid/\(name).png")), "\(name)")
        }
        let written = PNGPartsWriterTests.picture(width: 9, height: 4, opaque: false)
        #expect(Self.isPlain(try PNG.encode(written)))
        #expect(Self.isPlain(try PNG.encode(written, compression: .compact)))
        #expect(Self.isPlain(try PNGPartsWriter.encode(written, filter: 2, compression: .fast)))
        #expect(try PNG.decode(PNG.encode(written)) == written)
    }

    /// A gAMA chunk (here 1.0, far from sRGB) makes the simplified API convert the colours:
    /// such files keep that path.
    @Test func colourChunksKeepTheSimplifiedPath() throws {
        let file = try Self.bytes("flavours/rgb8.png")
        let withGamma = Array(file[0..<33]) + Self.chunk("gAMA", [0, 1, 0x86, 0xA0]) + Array(file[33...])
        #expect(!Self.isPlain(withGamma))
        #expect(try PNG.decode(withGamma) != PNG.decode(file))
        let withText = Array(file[0..<33]) + Self.chunk("tEXt", Array("Comment\0plain".utf8)) + Array(file[33...])
        #expect(Self.isPlain(withText))
        #expect(try PNG.decode(withText) == PNG.decode(file))
    }

    /// The file ends after its image data: both paths decode it (neither reads beyond).
    @Test func aMissingIENDIsNotRead() throws {
        let file = try Self.bytes("flavours/rgba8.png")
        #expect(Array(file.suffix(8).prefix(4)) == Array("IEND".utf8))
        #expect(try PNG.decode(Array(file.dropLast(12))) == PNG.decode(file))
    }

    /// The zlib stream's Adler-32 is not recomputed on the plain path (every chunk's CRC is):
    /// a file whose Adler-32 alone is wrong, its CRC made to match, decodes to its pixels.
    @Test func theChunkCRCsAreTheCheck() throws {
        let file = try Self.bytes("flavours/rgb8.png")
        #expect(Array(file[37..<41]) == Array("IDAT".utf8))
        let length = file[33..<37].reduce(0) { $0 << 8 | Int($1) }
        var data = Array(file[41..<41 + length])
        #expect(file.count == 41 + length + 4 + 12, "one IDAT, then IEND")
        data[data.count - 1] ^= 0xFF
        let wrongAdler = Array(file[0..<33]) + Self.chunk("IDAT", data) + Array(file.suffix(12))
        #expect(try PNG.decode(wrongAdler) == PNG.decode(file))
        var wrongCRC = file
        wrongCRC[41 + length - 1] ^= 0xFF
        #expect(throws: RasterError.unreadablePNG(path: nil, message: "IDAT: CRC error")) { try PNG.decode(wrongCRC) }
    }
}
