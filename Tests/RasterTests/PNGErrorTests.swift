import Testing
@testable import Raster

@Suite struct PNGErrorTests {
    static func message(_ file: String) -> String {
        do {
            _ = try PNG.read(path: Fixtures.path("invalid/\(file)"))
            return "no error"
        } catch {
            return "\(error)".replacingOccurrences(of: Fixtures.root + "/", with: "")
        }
    }

    @Test func emptyFile() {
        #expect(Self.message("empty.png") == "invalid/empty.png: empty file, not a PNG")
    }

    @Test func notAPNG() {
        #expect(Self.message("not-a-png.png") == "invalid/not-a-png.png: not a readable PNG: Not a PNG file")
    }

    @Test func truncated() {
        #expect(Self.message("truncated.png") == "invalid/truncated.png: not a readable PNG: truncated PNG: the file ends inside its IDAT chunk (it claims 295 bytes, 135 follow)")
    }

    /// libpng's words ("read beyond end of data", "PNG unsigned integer out of range", a bare
    /// "Invalid IHDR data") are said in a user's terms: where the file ends, which field holds
    /// what, and what PNG allows.
    @Test func headerAndLengthProblemsSayWhichFieldAndWhy() throws {
        let good = try PNGPlainDecodeTests.bytes("invalid/good.png")
        let signature = Array(good[0..<8])
        func ihdr(width: UInt32 = 4, height: UInt32 = 4, depth: UInt8 = 8, type: UInt8 = 6,
                  compression: UInt8 = 0, filter: UInt8 = 0, interlace: UInt8 = 0) -> [UInt8] {
            func word(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
            return PNGPlainDecodeTests.chunk("IHDR", word(width) + word(height) + [depth, type, compression, filter, interlace])
        }
        let end = PNGPlainDecodeTests.chunk("IEND", [])
        func message(_ bytes: [UInt8]) -> String {
            do { _ = try PNG.decode(bytes); return "no error" } catch { return "\(error)" }
        }
        let cases: [([UInt8], String)] = [
            (signature, "truncated PNG: the file ends after its signature, with no IHDR chunk"),
            (Array(good[0..<32]), "truncated PNG: the file ends inside the CRC of its IHDR chunk (its 13 bytes are there, then 3 of the CRC's 4)"),
            (Array(good[0..<20]), "truncated PNG: the file ends inside its IHDR chunk (it claims 13 bytes, 4 follow)"),
            (Array(good[0..<12]), "truncated PNG: the file ends inside a chunk's length and type (4 of their 8 bytes follow the last whole chunk)"),
            (signature + ihdr(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF) + end,
             "Invalid IHDR data: 4294967295x4294967295 is past PNG's largest side, 2147483647"),
            (signature + ihdr() + [0xFF, 0xFF, 0xFF, 0xFF] + Array("IDAT".utf8) + [UInt8](repeating: 0, count: 20),
             "the IDAT chunk claims 4294967295 bytes, more than a PNG chunk may hold (2147483647)"),
            (signature + ihdr(depth: 7) + end, "Invalid IHDR data: bit depth 7 is not one colour type 6 (RGBA) has: 8 or 16"),
            (signature + ihdr(depth: 16, type: 3) + end, "Invalid IHDR data: bit depth 16 is not one colour type 3 (palette) has: 1, 2, 4 or 8"),
            (signature + ihdr(type: 5) + end,
             "Invalid IHDR data: colour type 5 is not one of PNG's: 0 (grey), 2 (RGB), 3 (palette), 4 (grey and alpha) or 6 (RGBA)"),
            (signature + ihdr(compression: 1) + end, "Invalid IHDR data: compression method 1 is not PNG's only one, 0 (deflate)"),
            (signature + ihdr(filter: 1) + end, "Invalid IHDR data: filter method 1 is not PNG's only one, 0 (adaptive)"),
            (signature + ihdr(interlace: 2) + end, "Invalid IHDR data: interlace method 2 is not 0 (none) or 1 (Adam7)"),
        ]
        for (bytes, expected) in cases {
            #expect(message(bytes) == "PNG data: not a readable PNG: " + expected)
        }
    }

    @Test func wrongCRC() {
        #expect(Self.message("bad-crc.png") == "invalid/bad-crc.png: not a readable PNG: IDAT: CRC error")
    }

    @Test func zeroSize() {
        #expect(Self.message("zero-size.png") == "invalid/zero-size.png: not a readable PNG: Invalid IHDR data: a 0x0 image has no pixels")
    }

    /// libpng's "Invalid IHDR data" alone for a side past its own limit of a million: said as
    /// the size limit it is (the header is read before any pixel is).
    @Test func aSidePastAMillionIsTheSizeLimit() throws {
        let file = try PNGPlainDecodeTests.bytes("invalid/zero-size.png")
        var header = Array(file[16..<29])
        header[0..<8] = [0x7F, 0xFF, 0xFF, 0xFF, 0, 0, 0, 1]
        let wide = Array(file[0..<8]) + PNGPlainDecodeTests.chunk("IHDR", header) + Array(file[33...])
        #expect(throws: RasterError.imageTooLarge(path: nil, width: 2147483647, height: 1, limit: 268435456)) {
            try PNG.decode(wide)
        }
    }

    /// A side past libpng's million with no more pixels than the limit (1x268435456, the
    /// count of 16384x16384) is said as the limit on a side it is, not as the pixel limit it
    /// is not over ("1x268435456 pixels is more than the limit of 268435456 pixels").
    @Test func aSidePastAMillionWithinThePixelLimitSaysWhichSide() throws {
        let file = try PNGPlainDecodeTests.bytes("invalid/zero-size.png")
        func image(width: UInt32, height: UInt32) -> [UInt8] {
            func word(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
            var header = Array(file[16..<29])
            header[0..<8] = ArraySlice(word(width) + word(height))
            return Array(file[0..<8]) + PNGPlainDecodeTests.chunk("IHDR", header) + Array(file[33...])
        }
        #expect(throws: RasterError.sideTooLong(path: nil, width: 1, height: 268435456, limit: 1_000_000)) {
            try PNG.decode(image(width: 1, height: 268435456))
        }
        #expect("\(RasterError.sideTooLong(path: nil, width: 1, height: 268435456, limit: 1_000_000))"
                == "PNG data: 1x268435456 pixels: its height, 268435456, is more than the limit of 1000000 pixels a side")
        #expect(throws: RasterError.sideTooLong(path: nil, width: 268435456, height: 1, limit: 1_000_000)) {
            try PNG.decode(image(width: 268435456, height: 1))
        }
        #expect("\(RasterError.sideTooLong(path: nil, width: 268435456, height: 1, limit: 1_000_000))"
                == "PNG data: 268435456x1 pixels: its width, 268435456, is more than the limit of 1000000 pixels a side")
        // Past the pixel count, the pixel limit is said (as before).
        #expect(throws: RasterError.imageTooLarge(path: nil, width: 16385, height: 16384, limit: 268435456)) {
            try PNG.decode(image(width: 16385, height: 16384))
        }
    }

    @Test func decompressionBombIsRefusedBeforeAllocating() {
        #expect(Self.message("bomb.png") == "invalid/bomb.png: 100000x100000 pixels is more than the limit of 268435456 pixels")
    }

    @Test func missingFile() {
        #expect(Self.message("no-such-file.png") == "invalid/no-such-file.png: cannot open: No such file or directory")
    }

    @Test func folderInsteadOfFile() {
        #expect(Self.message("") == "invalid/: cannot read: Is a directory")
    }

    @Test func goodFileReads() {
        #expect(Self.message("good.png") == "no error")
    }

    @Test func decodeErrorsWithoutPathSayPNGData() {
        #expect(throws: RasterError.emptyFile(path: nil)) { try PNG.decode([]) }
        #expect("\(RasterError.emptyFile(path: nil))" == "PNG data: empty file, not a PNG")
    }

    @Test func invalidPixelBuffer() {
        #expect(throws: RasterError.invalidPixelBuffer(width: 2, height: 2, byteCount: 15)) {
            try Bitmap(width: 2, height: 2, bytes: [UInt8](repeating: 0, count: 15))
        }
        #expect("\(RasterError.invalidPixelBuffer(width: 2, height: 2, byteCount: 15))" == "15 bytes cannot hold a 2x2 RGBA image (needs 16)")
    }
}

/// A palette image whose pixels index past its palette (one PLTE colour, indices up to 255):
/// libpng pads the palette with opaque black and reads them silently; pixelmatch's reader,
/// pngjs, throws "index 255 not in palette" (lib/format-normaliser.js). Raster refuses it as
/// pngjs does, saying which pixel and what the palette holds: a golden whose pixels have no
/// colour is not compared as black.
@Suite struct PaletteIndexTests {
    /// A palette PNG of one row: `packed` is the row's bytes (filter 0), stored uncompressed.
    static func palettePNG(width: Int, depth: UInt8, palette: [UInt8], packed: [UInt8], interlace: UInt8 = 0) -> [UInt8] {
        func word(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        let raw: [UInt8] = [0] + packed
        let adler = raw.withUnsafeBufferPointer { Adler32.update(1, UnsafeMutablePointer(mutating: $0.baseAddress!), count: $0.count) }
        let n = UInt16(raw.count)
        let zlib: [UInt8] = [0x78, 0x01, 0x01, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8)] + raw + word(adler)
        return PNGDecoder.signature
            + PNGPlainDecodeTests.chunk("IHDR", word(UInt32(width)) + word(1) + [depth, 3, 0, 0, interlace])
            + PNGPlainDecodeTests.chunk("PLTE", palette)
            + PNGPlainDecodeTests.chunk("IDAT", zlib)
            + PNGPlainDecodeTests.chunk("IEND", [])
    }

    @Test func anIndexPastThePaletteIsRefusedAsPngjsRefusesIt() throws {
        let good = Self.palettePNG(width: 4, depth: 8, palette: [255, 0, 0], packed: [0, 0, 0, 0])
        #expect(try PNG.decode(good) == Bitmap(width: 4, height: 1, color: RGBA(255, 0, 0)))
        let past = Self.palettePNG(width: 4, depth: 8, palette: [255, 0, 0], packed: [0, 0, 255, 0])
        #expect(throws: RasterError.unreadablePNG(path: nil, message: "pixel (2, 0) has palette index 255, past the palette's 1 colour (indices 0 to 0): it has no colour (pixelmatch's reader, pngjs, refuses it too; libpng would draw it black)")) {
            try PNG.decode(past)
        }
        // Two bits a pixel, two colours, indices 0, 1, 3, 0.
        let packed = Self.palettePNG(width: 4, depth: 2, palette: [255, 0, 0, 0, 0, 255], packed: [0b00_01_11_00])
        #expect(throws: RasterError.unreadablePNG(path: nil, message: "pixel (2, 0) has palette index 3, past the palette's 2 colours (indices 0 to 1): it has no colour (pixelmatch's reader, pngjs, refuses it too; libpng would draw it black)")) {
            try PNG.decode(packed)
        }
        let inRange = Self.palettePNG(width: 4, depth: 2, palette: [255, 0, 0, 0, 0, 255], packed: [0b00_01_01_00])
        #expect(try PNG.decode(inRange)[1, 0] == RGBA(0, 0, 255))
    }
}
