import Foundation
import Testing
@testable import Raster

/// Damaged files of every kind must throw, never crash: every prefix of a good file, and the
/// good file with each byte flipped.
@Suite struct PNGRobustnessTests {
    static let good: [UInt8] = {
        (FileManager.default.contents(atPath: Fixtures.path("invalid/good.png"))).map { [UInt8]($0) } ?? []
    }()

    /// libpng (like browsers) does not need the 12-byte IEND chunk once every row is read:
    /// a file cut inside IEND, or with IEND damaged, still yields the whole image. Any cut or
    /// flipped byte before it is an error.
    static var iendStart: Int { good.count - 12 }

    @Test func everyTruncationBeforeIENDThrows() throws {
        #expect(Self.good.count == 352)
        let whole = try PNG.decode(Self.good)
        for length in 0..<Self.good.count {
            if length < Self.iendStart {
                #expect(throws: RasterError.self) { try PNG.decode(Array(Self.good[0..<length])) }
            } else {
                #expect(try PNG.decode(Array(Self.good[0..<length])) == whole)
            }
        }
    }

    @Test func everyFlippedByteBeforeIENDThrows() throws {
        let whole = try PNG.decode(Self.good)
        for index in 0..<Self.good.count {
            var damaged = Self.good
            damaged[index] ^= 0x5A
            if index < Self.iendStart {
                #expect(throws: RasterError.self) { try PNG.decode(damaged) }
            } else {
                #expect(try PNG.decode(damaged) == whole)
            }
        }
    }

    @Test func sixteenBitInterlacedErrorsComeFromTheClassicReader() throws {
        var data = [UInt8](try #require(FileManager.default.contents(atPath: Fixtures.path("flavours/rgba16-interlaced.png"))))
        data.removeLast(20)
        #expect(throws: RasterError.unreadablePNG(path: nil, message: "read beyond end of data")) { try PNG.decode(data) }
    }
}
