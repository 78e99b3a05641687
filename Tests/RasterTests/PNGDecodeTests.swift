import Foundation
import Testing
@testable import Raster

@Suite struct PNGDecodeTests {
    @Test func fixturesArePresent() {
        #expect(Fixtures.flavourNames.count == 14)
    }

    @Test(arguments: Fixtures.flavourNames)
    func everyFlavourDecodesToItsReferencePixels(name: String) throws {
        let bitmap = try PNG.read(path: Fixtures.path("flavours/\(name).png"))
        let reference = try #require(FileManager.default.contents(atPath: Fixtures.path("flavours/\(name).rgba")))
        #expect(bitmap.width == 13)
        #expect(bitmap.height == 7)
        #expect(bitmap.bytes == [UInt8](reference))
    }

    /// Pixels are read as stored, as pixelmatch's pngjs reads them: a gAMA chunk (1.0, a
    /// linear file), a cHRM or an sRGB chunk changes none (libpng converted them to sRGB, and
    /// 189 of 200 pixels of such a file differed from the same pixels without it).
    @Test func colourChunksDoNotChangeThePixels() throws {
        let plain = [UInt8](try #require(FileManager.default.contents(atPath: Fixtures.path("flavours/rgba8.png"))))
        func crc(_ bytes: [UInt8]) -> UInt32 {
            var c: UInt32 = 0xFFFF_FFFF
            for b in bytes {
                c ^= UInt32(b)
                for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            }
            return ~c
        }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            let n = UInt32(body.count), c = crc(typed)
            return [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: n >> $0) } + typed + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: c >> $0) }
        }
        let ihdrEnd = 8 + 12 + 13
        let gamma = chunk("gAMA", [0, 1, 0x86, 0xA0])   // 100000: gamma 1.0
        let chrm = chunk("cHRM", [UInt8](repeating: 0, count: 28).enumerated().map { $0.offset % 4 == 3 ? 100 : 0 })
        let srgb = chunk("sRGB", [0])
        for extra in [gamma, gamma + chrm, srgb + gamma] {
            let file = Array(plain[0..<ihdrEnd]) + extra + Array(plain[ihdrEnd...])
            #expect(try PNG.decode(file) == PNG.decode(plain))
        }
    }

    @Test func decodeFromMemoryMatchesRead() throws {
        let data = [UInt8](try #require(FileManager.default.contents(atPath: Fixtures.path("flavours/rgba8.png"))))
        #expect(try PNG.decode(data) == PNG.read(path: Fixtures.path("flavours/rgba8.png")))
    }

    @Test func pixelSubscriptReadsRGBA() throws {
        let bitmap = try PNG.read(path: Fixtures.path("invalid/good.png"))
        #expect(bitmap[3, 5] == RGBA(48, 80, 128, 255))
    }

    @Test func limitIsInclusive() throws {
        let path = Fixtures.path("flavours/rgba8.png")
        #expect(try PNG.read(path: path, maximumPixelCount: 91).pixelCount == 91)
        #expect(throws: RasterError.imageTooLarge(path: path, width: 13, height: 7, limit: 90)) {
            try PNG.read(path: path, maximumPixelCount: 90)
        }
    }
}
