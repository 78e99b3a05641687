import Foundation
import Testing
@testable import Raster

@Suite struct PNGEncodeTests {
    static let settings: [PNGCompression] = [.fast, .compact, .cairoLike, PNGCompression(level: 0, filters: [])]

    static func sample(opaque: Bool) -> Bitmap {
        var bitmap = Bitmap(width: 37, height: 23, color: .white)
        for y in 0..<23 {
            for x in 0..<37 {
                bitmap[x, y] = RGBA(UInt8(x * 6), UInt8(y * 11), UInt8((x * y) % 256), opaque ? 255 : UInt8((x + y) * 4))
            }
        }
        return bitmap
    }

    @Test(arguments: settings)
    func roundTripsWithAlpha(compression: PNGCompression) throws {
        let bitmap = Self.sample(opaque: false)
        let data = try PNG.encode(bitmap, compression: compression)
        #expect(data[25] == 6) // colour type RGBA
        #expect(try PNG.decode(data) == bitmap)
    }

    @Test(arguments: settings)
    func opaqueImagesAreWrittenAsRGB(compression: PNGCompression) throws {
        let bitmap = Self.sample(opaque: true)
        let data = try PNG.encode(bitmap, compression: compression)
        #expect(Array(data[0..<8]) == PNGDecoder.signature)
        #expect(data[25] == 2) // colour type RGB
        #expect(try PNG.decode(data) == bitmap)
    }

    @Test func compactIsSmallerThanFast() throws {
        let (expected, _) = try Fixtures.pair("text-subpixel")
        #expect(try PNG.encode(expected, compression: .compact).count < PNG.encode(expected, compression: .fast).count)
    }

    @Test func levelIsClamped() {
        #expect(PNGCompression(level: 12, filters: .none).level == 9)
        #expect(PNGCompression(level: -3, filters: .none).level == 0)
    }

    @Test func emptyImageCannotBeEncoded() {
        #expect(throws: RasterError.emptyImage(width: 0, height: 5)) { try PNG.encode(Bitmap(width: 0, height: 5)) }
        #expect("\(RasterError.emptyImage(width: 0, height: 5))" == "cannot encode a 0x5 image as PNG: it has no pixels")
    }

    @Test func writeIsAtomicAndLeavesNoTemporaryFile() throws {
        let folder = try Fixtures.temporaryFolder()
        let path = folder + "/out.png"
        try PNG.write(Self.sample(opaque: false), to: path)
        try PNG.write(Self.sample(opaque: true), to: path, compression: .compact)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.png"])
        #expect(try PNG.read(path: path) == Self.sample(opaque: true))
        try FileManager.default.removeItem(atPath: folder)
    }

    @Test func writeIntoAMissingFolderFailsClearly() {
        #expect(throws: RasterError.io(path: "/nonexistent-folder/x.png", operation: "create a temporary file", reason: "No such file or directory")) {
            try PNG.write(Bitmap(width: 1, height: 1), to: "/nonexistent-folder/x.png")
        }
    }

    @Test func failedWriteKeepsTheOldFile() throws {
        let folder = try Fixtures.temporaryFolder()
        let path = folder + "/keep.png"
        try PNG.write(Self.sample(opaque: true), to: path)
        #expect(throws: RasterError.emptyImage(width: 0, height: 0)) { try PNG.write(Bitmap(width: 0, height: 0), to: path) }
        #expect(try PNG.read(path: path) == Self.sample(opaque: true))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["keep.png"])
        try FileManager.default.removeItem(atPath: folder)
    }
}
