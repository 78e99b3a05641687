import Testing
@testable import Raster

/// Raster's own PNG writer (`PNGPartsWriter`): what libpng reads back, the stream's framing,
/// and the same bytes however the parts are scheduled.
@Suite struct PNGPartsWriterTests {
    /// A picture with a gradient, flat areas and, unless opaque, varying alpha.
    static func picture(width: Int, height: Int, opaque: Bool) -> Bitmap {
        Bitmap(width: width, height: height) { raw in
            let pixels = raw.bindMemory(to: UInt32.self)
            for y in 0..<height {
                for x in 0..<width {
                    let flat = (x / 16 + y / 16) % 3 == 0
                    let r = UInt32(flat ? 240 : (x * 7) & 0xFF), g = UInt32(flat ? 240 : (y * 5) & 0xFF)
                    let b = UInt32((x ^ y) & 0xFF), a = opaque ? 255 : UInt32((x + 2 * y) & 0xFF)
                    pixels[y * width + x] = r | g << 8 | b << 16 | a << 24
                }
            }
        }
    }

    /// The chunk types of a PNG file, in order.
    static func chunkTypes(_ data: [UInt8]) -> [String] {
        var types: [String] = [], offset = 8
        while offset + 8 <= data.count {
            let length = data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: data[offset + 4..<offset + 8], as: UTF8.self))
            offset += 12 + length
        }
        return types
    }

    @Test(arguments: [UInt8(0), 1, 2, 3, 4], [true, false])
    func everyFilterRoundTripsThroughLibpng(filter: UInt8, opaque: Bool) throws {
        let bitmap = Self.picture(width: 37, height: 23, opaque: opaque)
        let data = try PNGPartsWriter.encode(bitmap, filter: filter, compression: .fast)
        #expect(Array(data[0..<8]) == PNGDecoder.signature)
        #expect(data[25] == (opaque ? 2 : 6)) // colour type RGB or RGBA, as PNG.encode writes
        #expect(Self.chunkTypes(data) == ["IHDR", "IDAT", "IEND"])
        #expect(try PNG.decode(data) == bitmap)
    }

    /// 61 × 50 RGBA rows of 245 filtered bytes, parts of 1,000 bytes: 4 rows a part, 13 parts
    /// (the last of 2 rows), each an IDAT, joined into one zlib stream libpng checks.
    @Test(arguments: [UInt8(0), 2, 4])
    func partsJoinIntoOneStream(filter: UInt8) throws {
        let bitmap = Self.picture(width: 61, height: 50, opaque: false)
        #expect(PNGPartsWriter.partRows(rowBytes: 61 * 4, partBytes: 1000) == 4)
        let data = try PNGPartsWriter.encode(bitmap, filter: filter, compression: .fast, partBytes: 1000)
        #expect(Self.chunkTypes(data) == ["IHDR"] + Array(repeating: "IDAT", count: 13) + ["IEND"])
        #expect(try PNG.decode(data) == bitmap)
        // Parts run concurrently; the bytes do not depend on which finishes first.
        for _ in 0..<5 {
            #expect(try PNGPartsWriter.encode(bitmap, filter: filter, compression: .fast, partBytes: 1000) == data)
        }
    }

    /// Raster's reader leaves the Adler-32 to the chunks' CRCs; libpng's checks it. A private
    /// ancillary chunk sends the file to libpng (which skips the chunk), so the combined
    /// checksum of 13 parts is checked there.
    @Test(arguments: [UInt8(2), 4])
    func libpngChecksTheCombinedAdler32(filter: UInt8) throws {
        let bitmap = Self.picture(width: 61, height: 50, opaque: false)
        let data = try PNGPartsWriter.encode(bitmap, filter: filter, compression: .fast, partBytes: 1000)
        let viaLibpng = Array(data[0..<33]) + PNGPlainDecodeTests.chunk("prVt", [1, 2, 3]) + Array(data[33...])
        #expect(!viaLibpng.withUnsafeBytes { PNGDecoder.isPlain($0) })
        #expect(try PNG.decode(viaLibpng) == bitmap)
        // The control: the same file with its Adler-32 changed (and the last IDAT's CRC made to match).
        let wrong = PNGPlainDecodeTests.rewritten(viaLibpng) { $0[$0.count - 1] ^= 1 }
        let withChunk = Array(wrong[0..<33]) + PNGPlainDecodeTests.chunk("prVt", [1, 2, 3]) + Array(wrong[33...])
        #expect(throws: RasterError.unreadablePNG(path: nil, message: "IDAT: incorrect data check")) { try PNG.decode(withChunk) }
    }

    @Test func oneRowPartsAndSettingsAtEveryLevel() throws {
        let bitmap = Self.picture(width: 40, height: 9, opaque: true)
        for level in [0, 1, 3, 6, 9] {
            for strategy in [PNGCompression.Strategy.automatic, .default, .filtered, .huffmanOnly, .rle] {
                let setting = PNGCompression(level: level, filters: .up, strategy: strategy)
                let data = try PNGPartsWriter.encode(bitmap, filter: 2, compression: setting, partBytes: 1)
                #expect(Self.chunkTypes(data).count == 11, "one IDAT a row")
                #expect(try PNG.decode(data) == bitmap, "level \(level), \(strategy)")
            }
        }
    }

    /// zlib's own headers for these levels (RFC 1950: a multiple of 31, the level hint in the top bits).
    @Test func zlibHeaderIsZlibs() {
        #expect(PNGChunks.zlibHeader(level: 1, strategy: 0) == [0x78, 0x01])
        #expect(PNGChunks.zlibHeader(level: 3, strategy: 1) == [0x78, 0x5E])
        #expect(PNGChunks.zlibHeader(level: 6, strategy: 0) == [0x78, 0x9C])
        #expect(PNGChunks.zlibHeader(level: 9, strategy: 0) == [0x78, 0xDA])
        #expect(PNGChunks.zlibHeader(level: 9, strategy: 2) == [0x78, 0x01])
    }

    @Test func onlySingleFiltersAreOurs() {
        #expect(PNGPartsWriter.singleFilter(.fast) == 2)
        #expect(PNGPartsWriter.singleFilter(PNGCompression(level: 1, filters: [])) == 0)
        #expect(PNGPartsWriter.singleFilter(PNGCompression(level: 1, filters: .paeth)) == 4)
        #expect(PNGPartsWriter.singleFilter(.compact) == nil)
        #expect(PNGPartsWriter.singleFilter(PNGCompression(level: 1, filters: [.sub, .up])) == nil)
    }

    /// Paeth's ties go to left, then above, then above-left (PNG specification 9.4).
    @Test func paethPredictor() {
        #expect(PNGFilter.paeth(10, 10, 10) == 10)
        #expect(PNGFilter.paeth(10, 20, 10) == 20) // p = 20: above is exact
        #expect(PNGFilter.paeth(20, 10, 10) == 20) // p = 20: left is exact
        #expect(PNGFilter.paeth(5, 9, 7) == 7)     // p = 7: above-left is exact
        #expect(PNGFilter.paeth(8, 2, 4) == 8)     // p = 6: left and above-left both 2 away, left wins
        #expect(PNGFilter.paeth(3, 7, 4) == 7)     // p = 6: above and above-left both 2 away, above wins
    }

    @Test func emptyAndOversizedImagesAreRefused() throws {
        #expect(throws: RasterError.emptyImage(width: 0, height: 3)) {
            try PNGPartsWriter.encode(Bitmap(width: 0, height: 3), filter: 2, compression: .fast)
        }
        #expect(throws: RasterError.encodingFailed(message: "1000001x1 pixels is more than PNG readers accept (1000000 a side)")) {
            try PNGPartsWriter.encode(Bitmap(width: 1_000_001, height: 1), filter: 2, compression: .fast)
        }
    }
}
