import Testing
@testable import Raster

/// `compareWithDiffPNG`: the counts of `compare` and the bytes of `diffImagePNG`, from one
/// classification where it can.
@Suite struct CompareWithDiffPNGTests {
    @Test(arguments: Fixtures.pairNames, DiffImageTests.variants.keys.sorted())
    func sameResultAndBytesAsComparingThenDrawing(pair: String, variant: String) throws {
        let (expected, actual) = try Fixtures.pair(pair)
        let (options, style) = try #require(DiffImageTests.variants[variant])
        let (result, png) = try PixelDiff.compareWithDiffPNG(expected, actual, options: options, style: style)
        let compared = PixelDiff.compare(expected, actual, options: options)
        #expect(result == compared)
        #expect(png == (compared.matches ? nil : try PixelDiff.diffImagePNG(expected, actual, options: options, style: style)))
    }

    /// The tiled text pair of `bandsAndPartsJoinSeamlessly`, with parts of 22 rows: the row
    /// above each part is drawn for the up filter but counted only by its own part.
    @Test(arguments: [PNGPartsWriter.partBytes, 20_000, 1])
    func partsCountEachRowOnce(partBytes: Int) throws {
        var (expected, actual) = try Fixtures.tiledTextPair()
        for y in [0, 21, 22, 23, 43, 44, 699] { actual[150, y] = RGBA(0, 0, 0, 128) }
        let (result, png) = try PixelDiff.compareWithDiffPNG(expected, actual, options: DiffOptions(), style: DiffImageStyle(),
                                                             compression: .fast, partBytes: partBytes)
        #expect(result == PixelDiff.compare(expected, actual))
        #expect(result.differentPixels == 822 && result.antialiasedPixels == 2577)
        #expect(result.bounds == PixelRect(x: 0, y: 0, width: 300, height: 700))
        #expect(png == (try PixelDiff.diffImagePNG(expected, actual, options: DiffOptions(), style: DiffImageStyle(),
                                                    compression: .fast, partBytes: partBytes)))
    }

    @Test func identicalImagesDrawNothing() throws {
        let (expected, _) = try Fixtures.pair("text-changed")
        let (result, png) = try PixelDiff.compareWithDiffPNG(expected, expected)
        #expect(result == PixelDiff.compare(expected, expected))
        #expect(result.matches && result.differentPixels == 0 && result.antialiasedPixels == 0 && result.bounds == nil)
        #expect(png == nil)
    }

    /// Within the tolerance: counted, not written.
    @Test func differencesWithinTheToleranceAreCountedButNotDrawn() throws {
        let (expected, actual) = try Fixtures.pair("shifted-box")
        let options = DiffOptions(maxDiffPixels: 98)
        let (result, png) = try PixelDiff.compareWithDiffPNG(expected, actual, options: options)
        #expect(result == PixelDiff.compare(expected, actual, options: options))
        #expect(result.matches && result.differentPixels == 98)
        #expect(png == nil)
        let stricter = try PixelDiff.compareWithDiffPNG(expected, actual, options: DiffOptions(maxDiffPixels: 97))
        #expect(!stricter.result.matches && stricter.png != nil)
    }

    /// Sizes that differ, masks and adaptive filters are compared, then drawn.
    @Test func otherPairsAreComparedThenDrawn() throws {
        let a = Bitmap(width: 3, height: 2, color: .white), b = Bitmap(width: 2, height: 3, color: .black)
        let (result, png) = try PixelDiff.compareWithDiffPNG(a, b)
        #expect(result == PixelDiff.compare(a, b))
        #expect(png == (try PixelDiff.diffImagePNG(a, b)))
        let (expected, actual) = try Fixtures.pair("text-changed")
        let compact = try PixelDiff.compareWithDiffPNG(expected, actual, compression: .compact)
        #expect(compact.png == (try PNG.encode(PixelDiff.diffImage(expected, actual), compression: .compact)))
    }
}
