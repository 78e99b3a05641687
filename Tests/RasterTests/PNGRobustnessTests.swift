import Foundation
import Testing
@testable import Raster

/// Damaged files of every kind must throw, never crash: every prefix of a good file, and the
/// good file with each byte flipped.
@Suite struct PNGRobustnessTests {
    static let good: [UInt8] = {
        (FileManager.default.contents(atPath: Fixtures.path("invalid/good.png"))).map { [UInt8]($0) } ?? []
    }()

    /// Every cut and every flipped byte is an error, the 12 bytes of IEND included: libpng's
    /// readers stop at the last row, but a file cut there (a golden copied in part) is not
    /// whole, and a check must not compare it as if it were.
    @Test func everyTruncationThrows() throws {
        #expect(Self.good.count == 352)
        _ = try PNG.decode(Self.good)
        for length in 0..<Self.good.count {
            #expect(throws: RasterError.self) { try PNG.decode(Array(Self.good[0..<length])) }
        }
        #expect(throws: RasterError.unreadablePNG(path: nil, message: "truncated PNG: no IEND chunk (the file ends early)")) {
            try PNG.decode(Array(Self.good[0..<(Self.good.count - 12)]))
        }
        #expect(throws: RasterError.unreadablePNG(path: nil, message: "truncated PNG: the file ends inside its IEND chunk")) {
            try PNG.decode(Array(Self.good[0..<(Self.good.count - 2)]))
        }
    }

    @Test func everyFlippedByteThrows() throws {
        for index in 0..<Self.good.count {
            var damaged = Self.good
            damaged[index] ^= 0x5A
            #expect(throws: RasterError.self) { try PNG.decode(damaged) }
        }
        var crc = Self.good
        crc[crc.count - 1] ^= 0x5A
        #expect(throws: RasterError.unreadablePNG(path: nil, message: "IEND: CRC error")) { try PNG.decode(crc) }
    }

    @Test func sixteenBitInterlacedErrorsComeFromTheClassicReader() throws {
        var data = [UInt8](try #require(FileManager.default.contents(atPath: Fixtures.path("flavours/rgba16-interlaced.png"))))
        data.removeLast(20)
        #expect(throws: RasterError.unreadablePNG(path: nil, message: "truncated PNG: the file ends inside its IDAT chunk (it claims 136 bytes, 132 follow)")) {
            try PNG.decode(data)
        }
    }

    /// A chunk before the image data that claims more bytes than the file has is refused
    /// before libpng sees it (libpng allocates a chunk's declared length first: a 44-byte file
    /// whose tEXt claimed 2 GB took 2 GB of memory); a file shorter than the signature is not
    /// a PNG, as a longer one is.
    @Test func aHeaderChunkLongerThanTheFileIsRefusedWithoutAllocatingIt() throws {
        let ihdrEnd = 8 + 12 + 13
        var huge = Array(Self.good[0..<ihdrEnd])
        huge += [0x7F, 0xFF, 0xFF, 0xF0] + Array("tEXt".utf8) + Array("Comment".utf8)
        #expect(throws: RasterError.unreadablePNG(
            path: nil, message: "truncated PNG: the file ends inside its tEXt chunk (it claims 2147483632 bytes, 7 follow)")) {
            try PNG.decode(huge)
        }
        #expect(throws: RasterError.unreadablePNG(path: nil, message: "Not a PNG file")) { try PNG.decode(Array("hello\n".utf8)) }
        #expect(throws: RasterError.unreadablePNG(path: nil, message: "Not a PNG file")) { try PNG.decode(Array(Self.good[0..<7])) }
    }
}
