import Foundation
import Testing
@testable import Raster

/// An image compared with one of another size is decoded only as far as the part they share is
/// kept (every row still read and checked), and a header that claims more pixels than its data
/// could hold is refused before the pixels are allocated: a 1 MB file of 16384 × 16384 zeros
/// against a small golden took 2 GB, and a header claiming as much over 100 bytes of data 1 GB
/// and 4.3 s before "Not enough image data".
@Suite struct PNGPartialDecodeTests {
    static func decode(_ bytes: [UInt8], keep: PixelSize?) throws -> Bitmap {
        try bytes.withUnsafeBytes { try PNGDecoder.decode($0, path: nil, maximumPixelCount: PNG.defaultMaximumPixelCount, keep: keep) }
    }

    /// The part kept is the whole decode's top-left corner, pixel for pixel, in every flavour
    /// (the plain reader stores no more than it; libpng's are cropped after), and the errors of
    /// a file cut short are the whole decode's.
    @Test(arguments: ["rgba8.png", "rgb8.png", "palette8-trns.png", "gray16.png", "rgba16-interlaced.png", "rgba8-interlaced.png"])
    func theKeptPartIsTheWholeDecodesCorner(name: String) throws {
        let bytes = try PNGPlainDecodeTests.bytes("flavours/" + name)
        let whole = try PNG.decode(bytes)
        let keep = PixelSize(width: max(whole.width / 2, 1), height: max(whole.height / 3, 1))
        let part = try Self.decode(bytes, keep: keep)
        #expect(part == whole.cropped(to: PixelRect(x: 0, y: 0, width: keep.width, height: keep.height)))
        #expect(part.bytes.count == keep.width * keep.height * 4)
        let cut = Array(bytes.dropLast(30))
        let wholeError = #expect(throws: RasterError.self) { try PNG.decode(cut) }
        let partError = #expect(throws: RasterError.self) { try Self.decode(cut, keep: keep) }
        #expect(wholeError == partError)
    }

    /// The overlap alone gives the whole images' result: counts, anti-aliasing, bounds.
    @Test func comparingTheOverlapIsComparingTheWholeImages() throws {
        let a = try PNG.decode(PNGPlainDecodeTests.bytes("flavours/rgba8.png"))
        let b = try PNG.decode(PNGPlainDecodeTests.bytes("flavours/rgb8.png")).cropped(to: PixelRect(x: 0, y: 0, width: a.width - 3, height: a.height + 0))
        var c = Bitmap(width: a.width + 5, height: a.height - 2, color: .white)
        c.draw(a, atX: 0, y: 0)
        for (x, y) in [(a, b), (b, a), (a, c), (c, b)] {
            let overlap = PixelRect(x: 0, y: 0, width: min(x.width, y.width), height: min(x.height, y.height))
            #expect(PixelDiff.compare(overlapOf: x.cropped(to: overlap), y.cropped(to: overlap),
                                      expectedSize: PixelSize(width: x.width, height: x.height),
                                      actualSize: PixelSize(width: y.width, height: y.height)) == PixelDiff.compare(x, y))
        }
    }

    /// 16384 × 16384 RGBA over 17 bytes of zlib data: refused from the header and the chunk
    /// lengths, before any pixel is allocated, in words that say why.
    @Test func aHeaderClaimingMoreThanItsDataCouldHoldIsRefusedAtOnce() throws {
        let file = try PNGPlainDecodeTests.bytes("invalid/good.png")
        func word(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        let ihdr = PNGPlainDecodeTests.chunk("IHDR", word(16384) + word(16384) + [8, 6, 0, 0, 0])
        let zeros: [UInt8] = [0x78, 0x9C, 0x63, 0x60, 0x18, 0x05, 0xA3, 0x60, 0x14, 0x0C, 0x77, 0x00, 0x00, 0x03, 0xE8, 0x00, 0x01]   // zlib of 1,000 zeros
        let bomb = Array(file[0..<8]) + ihdr + PNGPlainDecodeTests.chunk("IDAT", zeros) + PNGPlainDecodeTests.chunk("IEND", [])
        let start = Date()
        #expect(throws: RasterError.unreadablePNG(path: nil, message: "Not enough image data: a 16384x16384 8-bit RGBA image takes at least 1073741824 bytes, more than the 17 bytes of its IDAT chunks could hold (deflate inflates at most 1032 to 1)")) {
            try PNG.decode(bomb)
        }
        #expect(Date().timeIntervalSince(start) < 1)
        // A stream that stops early within what its data could hold is still libpng's words.
        let small = Array(file[0..<8]) + PNGPlainDecodeTests.chunk("IHDR", word(100) + word(10) + [8, 6, 0, 0, 0])
            + PNGPlainDecodeTests.chunk("IDAT", zeros) + PNGPlainDecodeTests.chunk("IEND", [])
        #expect(throws: RasterError.unreadablePNG(path: nil, message: "Not enough image data")) { try PNG.decode(small) }
    }
}
