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
        #expect(Self.message("truncated.png") == "invalid/truncated.png: not a readable PNG: read beyond end of data")
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
