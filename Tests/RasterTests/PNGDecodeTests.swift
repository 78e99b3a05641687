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
