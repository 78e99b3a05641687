import Testing
@testable import Raster

@Suite struct DiffImageTests {
    /// The diff images `generate.py` asks pixelmatch 7.2 for (its `DIFF_IMAGES`), as our
    /// options and style.
    static let variants: [String: (DiffOptions, DiffImageStyle)] = [
        "pixelmatch-diff": (DiffOptions(), .pixelmatch),
        "pixelmatch-diff-mask": (DiffOptions(), DiffImageStyle(darkerColor: RGBA(0, 102, 255), mask: true)),
        "pixelmatch-diff-styled": (DiffOptions(threshold: 0.05, checkerboard: false),
                                   DiffImageStyle(alpha: 0.5, differentColor: RGBA(200, 0, 200), darkerColor: RGBA(0, 0, 128),
                                                  antialiasedColor: RGBA(0, 200, 0))),
        "pixelmatch-diff-aa": (DiffOptions(threshold: 0, includeAntialiasing: true), DiffImageStyle(alpha: 1, darkerColor: RGBA(255, 0, 0))),
    ]

    /// Every pair's pixelmatch diff images, reproduced byte for byte.
    @Test(arguments: Fixtures.pairNames, variants.keys.sorted())
    func pixelmatchStyleEqualsPixelmatchsOwnImage(pair: String, variant: String) throws {
        let (expected, actual) = try Fixtures.pair(pair)
        let theirs = try PNG.read(path: Fixtures.path("pairs/\(pair)/\(variant).png"))
        let (options, style) = try #require(Self.variants[variant])
        let ours = PixelDiff.diffImage(expected, actual, options: options, style: style)
        #expect(ours == theirs)
    }

    @Test func maskLeavesUnchangedAndAntialiasedPixelsTransparent() throws {
        let (expected, actual) = try Fixtures.pair("circle-aa")
        let mask = PixelDiff.diffImage(expected, actual, style: DiffImageStyle(mask: true))
        #expect(mask.bytes.allSatisfy { $0 == 0 })
        let a = Bitmap(width: 4, height: 4, color: .white)
        var b = a
        b[1, 2] = .black
        let dot = PixelDiff.diffImage(a, b, style: DiffImageStyle(mask: true))
        #expect(dot[1, 2] == RGBA(0, 102, 255))
        #expect(dot[0, 0] == RGBA(0, 0, 0, 0))
        #expect(PixelDiff.diffImage(a, a, style: DiffImageStyle(mask: true)).bytes.allSatisfy { $0 == 0 })
    }

    @Test func alphaIsClamped() {
        #expect(DiffImageStyle(alpha: 2).alpha == 1)
        #expect(DiffImageStyle(alpha: -1).alpha == 0)
        var style = DiffImageStyle()
        style.alpha = .nan
        #expect(style.alpha == 0.1)
    }

    @Test func darkerInActualUsesTheSecondColour() {
        let a = Bitmap(width: 8, height: 8, color: RGBA(128, 128, 128))
        var b = a
        b[2, 2] = .black
        b[5, 5] = .white
        let image = PixelDiff.diffImage(a, b)
        #expect(image[2, 2] == RGBA(0, 102, 255))
        #expect(image[5, 5] == RGBA(255, 0, 0))
        #expect(image[0, 0] == RGBA(242, 242, 242))
    }

    @Test func antialiasedPixelsAreYellow() throws {
        let (expected, actual) = try Fixtures.pair("circle-aa")
        let image = PixelDiff.diffImage(expected, actual)
        let yellow = (0..<image.height).flatMap { y in (0..<image.width).map { x in image[x, y] } }.filter { $0 == RGBA(255, 255, 0) }
        #expect(yellow.count == 61)
    }

    @Test func differentSizesPaintTheUncoveredPart() {
        let a = Bitmap(width: 3, height: 2, color: .white)
        let b = Bitmap(width: 2, height: 3, color: .white)
        let image = PixelDiff.diffImage(a, b)
        #expect(image.width == 3 && image.height == 3)
        #expect(image[0, 0] == .white)
        #expect(image[2, 0] == RGBA(255, 0, 0))
        #expect(image[0, 2] == RGBA(255, 0, 0))
        #expect(image[2, 2] == RGBA(255, 0, 0))
    }

    @Test func sideBySideLaysOutThreePanels() {
        let a = Bitmap(width: 4, height: 3, color: .black)
        let b = Bitmap(width: 5, height: 2, color: RGBA(255, 0, 0, 0))
        let d = Bitmap(width: 5, height: 3, color: RGBA(0, 255, 0))
        let composite = PixelDiff.sideBySide(expected: a, actual: b, diff: d, gap: 2)
        #expect(composite.width == 4 + 2 + 5 + 2 + 5)
        #expect(composite.height == 3)
        #expect(composite[0, 0] == .black)
        #expect(composite[4, 0] == RGBA(224, 224, 224))
        #expect(composite[6, 0] == .white)   // transparent red shows as white
        #expect(composite[6, 2] == .white)   // below the shorter panel
        #expect(composite[13, 1] == RGBA(0, 255, 0))
        #expect(composite.isOpaque)
    }

    @Test func cropAndDraw() {
        var canvas = Bitmap(width: 4, height: 4, color: .white)
        canvas.draw(Bitmap(width: 3, height: 3, color: .black), atX: 2, y: -1)
        #expect(canvas[2, 0] == .black && canvas[3, 1] == .black && canvas[3, 2] == .white && canvas[1, 0] == .white)
        let crop = canvas.cropped(to: PixelRect(x: 2, y: 0, width: 10, height: 2))
        #expect(crop.width == 2 && crop.height == 2)
        #expect(crop.bytes.allSatisfy { $0 == 0 || $0 == 255 } && crop[0, 0] == .black)
    }
}

/// The streamed diff image (`diffImagePNG`) against the bitmap one, encoded by the same writer.
@Suite struct DiffImagePNGTests {
    /// What `diffImagePNG` must equal: the bitmap diff image through the writer `compression` picks.
    static func encoded(_ image: Bitmap, _ compression: PNGCompression = .fast, partBytes: Int = PNGPartsWriter.partBytes) throws -> [UInt8] {
        guard let filter = PNGPartsWriter.singleFilter(compression) else { return try PNG.encode(image, compression: compression) }
        return try PNGPartsWriter.encode(image, filter: filter, compression: compression, partBytes: partBytes)
    }

    @Test(arguments: Fixtures.pairNames, DiffImageTests.variants.keys.sorted())
    func streamedBytesEqualTheBitmapsEncoding(pair: String, variant: String) throws {
        let (expected, actual) = try Fixtures.pair(pair)
        let (options, style) = try #require(DiffImageTests.variants[variant])
        let streamed = try PixelDiff.diffImagePNG(expected, actual, options: options, style: style)
        #expect(streamed == (try Self.encoded(PixelDiff.diffImage(expected, actual, options: options, style: style))))
        #expect(try PNG.decode(streamed) == (try PNG.read(path: Fixtures.path("pairs/\(pair)/\(variant).png"))))
    }

    /// 300 × 700: bands of 218 rows, the last one short; differences and anti-aliasing on
    /// every band boundary (the check reads neighbours in the bands around). With parts of
    /// 20,000 bytes (22 rows of 901), part boundaries fall inside bands too.
    @Test(arguments: [(PNGCompression.fast, PNGPartsWriter.partBytes), (.fast, 20_000), (.compact, PNGPartsWriter.partBytes)])
    func bandsAndPartsJoinSeamlessly(compression: PNGCompression, partBytes: Int) throws {
        // The text-changed pair (strokes, anti-aliased edges, an extra stroke) tiled 5 × 18
        // with an offset per row of tiles, so that edges cross the band boundaries.
        var (expected, actual) = try Fixtures.tiledTextPair()
        for y in [21, 22, 23, 216, 217, 218, 219, 435, 436, 437, 654, 699] { actual[150, y] = RGBA(0, 0, 0, 128) }
        #expect(PixelDiff.bandPixels / 300 == 218)
        #expect(PNGPartsWriter.partRows(rowBytes: 900, partBytes: 20_000) == 22)
        let streamed = try PixelDiff.diffImagePNG(expected, actual, options: DiffOptions(), style: DiffImageStyle(),
                                                  compression: compression, partBytes: partBytes)
        let image = PixelDiff.diffImage(expected, actual)
        #expect(streamed == (try Self.encoded(image, compression, partBytes: partBytes)))
        #expect(try PNG.decode(streamed) == image)
        let result = PixelDiff.compare(expected, actual)
        #expect(result.differentPixels > 500 && result.antialiasedPixels > 500)
    }

    @Test func sizesThatDifferAndEmptyImagesTakeTheBitmapPath() throws {
        let a = Bitmap(width: 3, height: 2, color: .white), b = Bitmap(width: 2, height: 3, color: .black)
        #expect(try PixelDiff.diffImagePNG(a, b) == (try Self.encoded(PixelDiff.diffImage(a, b))))
        #expect(throws: RasterError.emptyImage(width: 0, height: 0)) {
            try PixelDiff.diffImagePNG(Bitmap(width: 0, height: 0), Bitmap(width: 0, height: 0))
        }
    }
}
