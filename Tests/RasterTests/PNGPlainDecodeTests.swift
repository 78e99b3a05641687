import Foundation
import Testing
@testable import Raster

/// Raster's reader of 8-bit RGB and RGBA files (`PNGDecoder.isPlain`, `PNGPlainDecoder`):
/// which files take it, and that it decodes and fails as libpng does (the messages are
/// libpng 1.6.39's for the same files).
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

    /// The file with its IDAT data joined, changed by `change`, and cut into IDATs of
    /// `pieceSize` bytes (one IDAT when nil); `height` replaces the header's.
    static func rewritten(_ file: [UInt8], height: Int? = nil, pieceSize: Int? = nil,
                          _ change: (inout [UInt8]) -> Void = { _ in }) -> [UInt8] {
        var chunks: [(String, [UInt8])] = [], offset = 8
        while offset + 8 <= file.count {
            let length = file[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            chunks.append((String(decoding: file[offset + 4..<offset + 8], as: UTF8.self), Array(file[offset + 8..<offset + 8 + length])))
            offset += 12 + length
        }
        var idat = chunks.filter { $0.0 == "IDAT" }.flatMap { $0.1 }
        change(&idat)
        var header = chunks[0].1
        if let height { header[4..<8] = [UInt8(height >> 24), UInt8((height >> 16) & 0xFF), UInt8((height >> 8) & 0xFF), UInt8(height & 0xFF)] }
        let size = pieceSize ?? idat.count
        let pieces = stride(from: 0, to: idat.count, by: size).map { Array(idat[$0..<min($0 + size, idat.count)]) }
        return Array(file[0..<8]) + chunk("IHDR", header) + pieces.flatMap { chunk("IDAT", $0) } + chunk("IEND", [])
    }

    @Test(arguments: [UInt8(0), 1, 2, 3, 4], [true, false])
    func everyFilterDecodesAsWritten(filter: UInt8, opaque: Bool) throws {
        let bitmap = PNGPartsWriterTests.picture(width: 41, height: 19, opaque: opaque)
        let data = try PNGPartsWriter.encode(bitmap, filter: filter, compression: .fast, partBytes: 300)
        #expect(Self.isPlain(data))
        #expect(try PNG.decode(data) == bitmap)
        // The zlib header and the rows split across one-byte IDATs.
        #expect(try PNG.decode(Self.rewritten(data, pieceSize: 1)) == bitmap)
    }

    /// libpng's messages for the same faults (checked against libpng 1.6.39's simplified API).
    @Test func faultsAreReportedAsLibpngReportsThem() throws {
        // Level 0: stored blocks, so the filtered rows sit in the stream as they are, after the
        // zlib header (2 bytes) and the first block's header (5).
        let bitmap = PNGPartsWriterTests.picture(width: 5, height: 4, opaque: true)
        let stored = try PNGPartsWriter.encode(bitmap, filter: 0, compression: PNGCompression(level: 0, filters: .none))
        #expect(try PNG.decode(stored) == bitmap)
        func message(_ data: [UInt8]) -> String? {
            do { _ = try PNG.decode(data); return nil } catch let error as RasterError {
                guard case let .unreadablePNG(_, message) = error else { return "\(error)" }
                return message
            } catch { return "\(error)" }
        }
        #expect(message(Self.rewritten(stored, height: 5)) == "Not enough image data")
        #expect(message(Self.rewritten(stored) { $0[7] = 7 }) == "bad adaptive filter value")
        #expect(message(Self.rewritten(stored) { $0[2] = 0xFF }) == "IDAT: invalid block type")
        #expect(message(Self.rewritten(stored) { $0[0] = 0x79 }) == "IDAT: incorrect header check")
        // A stream with more rows than the header says decodes (libpng: a warning).
        let taller = try PNGPartsWriter.encode(PNGPartsWriterTests.picture(width: 5, height: 6, opaque: true), filter: 0,
                                               compression: .fast)
        #expect(try PNG.decode(Self.rewritten(taller, height: 4)) == bitmap)
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

    /// A gAMA chunk (here 1.0, far from sRGB) would make the simplified API convert the
    /// colours: such a file is not plain, and is read without it (pixels as stored, as
    /// pixelmatch's pngjs reads them).
    @Test func colourChunksAreReadAsStored() throws {
        let file = try Self.bytes("flavours/rgb8.png")
        let withGamma = Array(file[0..<33]) + Self.chunk("gAMA", [0, 1, 0x86, 0xA0]) + Array(file[33...])
        #expect(!Self.isPlain(withGamma))
        #expect(try PNG.decode(withGamma) == PNG.decode(file))
        let withText = Array(file[0..<33]) + Self.chunk("tEXt", Array("Comment\0plain".utf8)) + Array(file[33...])
        #expect(Self.isPlain(withText))
        #expect(try PNG.decode(withText) == PNG.decode(file))
    }

    /// The file ends after its image data: refused on every path, though its pixels are all
    /// there (a file cut short is not the file that was written).
    @Test func aMissingIENDIsRefused() throws {
        for name in ["flavours/rgba8.png", "flavours/palette8-trns.png"] {
            let file = try Self.bytes(name)
            #expect(Array(file.suffix(8).prefix(4)) == Array("IEND".utf8))
            #expect(throws: RasterError.unreadablePNG(path: nil, message: "truncated PNG: no IEND chunk (the file ends early)")) {
                try PNG.decode(Array(file.dropLast(12)))
            }
        }
        // libpng's classic reader (16-bit interlaced files) reads to IEND itself: its "read
        // beyond end of data" is said the same way.
        let classic = try Self.bytes("flavours/rgba16-interlaced.png")
        #expect(throws: RasterError.unreadablePNG(path: nil, message: "truncated PNG: no IEND chunk (the file ends early)")) {
            try PNG.decode(Array(classic.dropLast(12)))
        }
    }

    /// The zlib stream's Adler-32 is checked on the plain path as libpng's zlib checks it on
    /// the others: a file whose Adler-32 alone is wrong (its CRC made to match) is refused with
    /// libpng's message, and so is a stream cut before its Adler-32.
    @Test func theAdlerAndTheChunkCRCsAreChecked() throws {
        let file = try Self.bytes("flavours/rgb8.png")
        #expect(Array(file[37..<41]) == Array("IDAT".utf8))
        let length = file[33..<37].reduce(0) { $0 << 8 | Int($1) }
        var data = Array(file[41..<41 + length])
        #expect(file.count == 41 + length + 4 + 12, "one IDAT, then IEND")
        data[data.count - 1] ^= 0xFF
        let wrongAdler = Array(file[0..<33]) + Self.chunk("IDAT", data) + Array(file.suffix(12))
        #expect(throws: RasterError.unreadablePNG(path: nil, message: "IDAT: incorrect data check")) { try PNG.decode(wrongAdler) }
        let cut = Array(file[0..<33]) + Self.chunk("IDAT", Array(data.dropLast(4))) + Array(file.suffix(12))
        #expect(throws: RasterError.unreadablePNG(path: nil, message: "Not enough image data")) { try PNG.decode(cut) }
        // The right Adler-32 split across IDATs of one byte each is read.
        #expect(try PNG.decode(Self.rewritten(file, pieceSize: 1)) == PNG.decode(file))
        var wrongCRC = file
        wrongCRC[41 + length - 1] ^= 0xFF
        #expect(throws: RasterError.unreadablePNG(path: nil, message: "IDAT: CRC error")) { try PNG.decode(wrongCRC) }
    }
}
