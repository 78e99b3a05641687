import Testing
@testable import Raster

/// Our counts against pixelmatch 7.2's own, as `fixtures/diff/generate.py` recorded them.
@Suite struct PixelDiffTests {
    /// pair × threshold × backdrop (checkerboard or white).
    static let cases: [(String, String, Bool)] = Fixtures.expectedCounts.keys.sorted().flatMap { name in
        Fixtures.expectedCounts[name]!.thresholds.keys.sorted().flatMap { [(name, $0, true), (name, $0, false)] }
    }

    @Test func everyPairHasExpectedCounts() {
        #expect(Fixtures.pairNames.count == 13)
        #expect(Fixtures.pairNames == Fixtures.expectedCounts.keys.sorted())
        #expect(Self.cases.count == 130)
    }

    @Test(arguments: cases)
    func countsEqualPixelmatch(pair: String, threshold: String, checkerboard: Bool) throws {
        let (expected, actual) = try Fixtures.pair(pair)
        let counts = try #require(Fixtures.expectedCounts[pair])
        let want = try #require((checkerboard ? counts.thresholds : counts.white)[threshold])
        let t = try #require(Double(threshold))
        let result = PixelDiff.compare(expected, actual, options: DiffOptions(threshold: t, checkerboard: checkerboard))
        #expect(result.differentPixels == want.different)
        #expect(result.antialiasedPixels == want.antialiased)
        let withAA = PixelDiff.compare(expected, actual, options: DiffOptions(threshold: t, includeAntialiasing: true, checkerboard: checkerboard))
        #expect(withAA.differentPixels == want.different + want.antialiased)
        #expect(withAA.antialiasedPixels == 0)
        #expect(result.matches == (want.different == 0))
    }

    /// The case: pixels that differ in transparency alone. Over white (pixelmatch 5
    /// and 6) transparent white is white; over pixelmatch 7's checkerboard it is not.
    @Test func transparencyAloneIsADifferenceOverTheCheckerboard() throws {
        let (expected, actual) = try Fixtures.pair("transparency")
        #expect(PixelDiff.compare(expected, actual).differentPixels == 480)
        #expect(PixelDiff.compare(expected, actual, options: DiffOptions(checkerboard: false)).differentPixels == 240)
        var white = Bitmap(width: 1, height: 1, color: .white)
        let clear = Bitmap(width: 1, height: 1, color: RGBA(255, 255, 255, 0))
        #expect(PixelDiff.compare(white, clear).differentPixels == 1)
        #expect(PixelDiff.compare(white, clear, options: DiffOptions(checkerboard: false)).matches)
        white[0, 0] = RGBA(255, 255, 255, 254)
        #expect(PixelDiff.compare(white, clear, options: DiffOptions(threshold: 0, checkerboard: false)).matches)
        let black = Bitmap(width: 1, height: 1, color: .black)
        let almostBlack = Bitmap(width: 1, height: 1, color: RGBA(0, 0, 0, 254))
        #expect(PixelDiff.compare(black, almostBlack, options: DiffOptions(threshold: 0, checkerboard: false)).differentPixels == 1)
    }

    /// pixelmatch 7's checkerboard, at the first pixels and where JavaScript's `| 0` wraps.
    @Test func checkerboardColours() {
        let first = (0..<8).map { Backdrop.color(index: $0, checkerboard: true) }
        #expect(first.map(\.0) == Array(repeating: 48, count: 8))
        // green flips where ⌊4i / φ⌋ is odd, blue where ⌊4i / φ²⌋ is
        #expect(first.map(\.1) == [48, 48, 48, 207, 207, 48, 48, 207])
        #expect(first.map(\.2) == [48, 207, 207, 48, 48, 207, 207, 48])
        #expect(Backdrop.color(index: 5, checkerboard: false) == (255, 255, 255))
        #expect(Backdrop.int32(3_000_000_000.7) == -1_294_967_296)
        #expect(Backdrop.int32(-2.9) == -2)
        #expect(Backdrop.int32(.nan) == 0)
    }

    @Test func identicalImagesMatch() throws {
        let (expected, actual) = try Fixtures.pair("identical")
        let result = PixelDiff.compare(expected, actual)
        #expect(result == DiffResult(expectedSize: PixelSize(width: 32, height: 32), actualSize: PixelSize(width: 32, height: 32),
                                     differentPixels: 0, antialiasedPixels: 0, bounds: nil, matches: true))
        #expect("\(result)" == "same: 0 of 32x32 pixels differ (0.00%), 0 anti-aliased")
    }

    @Test func boundsAndSummaryOfShiftedBox() throws {
        let (expected, actual) = try Fixtures.pair("shifted-box")
        let result = PixelDiff.compare(expected, actual)
        #expect(result.bounds == PixelRect(x: 5, y: 10, width: 35, height: 33))
        #expect(result.differentRatio == 98.0 / 2304.0)
        #expect("\(result)" == "different: 98 of 48x48 pixels differ (4.25%), 0 anti-aliased, bounds 5,10 35x33")
    }

    @Test func singlePixelBounds() {
        let a = Bitmap(width: 70, height: 5, color: .white)
        var b = a
        b[66, 3] = .black
        let result = PixelDiff.compare(a, b)
        #expect(result.differentPixels == 1)
        #expect(result.bounds == PixelRect(x: 66, y: 3, width: 1, height: 1))
    }

    @Test func differencesInTheSIMDTailAndAcrossBlocks() {
        // 67 × 3 = 201 pixels: three 64-pixel blocks and a 9-pixel tail.
        let a = Bitmap(width: 67, height: 3, color: .white)
        var b = a
        for (x, y) in [(0, 0), (63, 0), (64, 0), (30, 1), (66, 2), (60, 2)] { b[x, y] = RGBA(0, 0, 0) }
        let result = PixelDiff.compare(a, b, options: DiffOptions(includeAntialiasing: true))
        #expect(result.differentPixels == 6)
        #expect(result.bounds == PixelRect(x: 0, y: 0, width: 67, height: 3))
    }

    @Test func toleranceInPixelsAndRatio() throws {
        let (expected, actual) = try Fixtures.pair("shifted-box")
        #expect(PixelDiff.compare(expected, actual, options: DiffOptions(maxDiffPixels: 98)).matches)
        #expect(!PixelDiff.compare(expected, actual, options: DiffOptions(maxDiffPixels: 97)).matches)
        #expect(PixelDiff.compare(expected, actual, options: DiffOptions(maxDiffRatio: 0.05)).matches)
        #expect(!PixelDiff.compare(expected, actual, options: DiffOptions(maxDiffRatio: 0.04)).matches)
        #expect(!PixelDiff.compare(expected, actual, options: DiffOptions(maxDiffPixels: 100, maxDiffRatio: 0.04)).matches)
        let within = PixelDiff.compare(expected, actual, options: DiffOptions(maxDiffPixels: 100))
        #expect("\(within)" == "same: 98 of 48x48 pixels differ (4.25%), 0 anti-aliased, bounds 5,10 35x33, within tolerance")
    }

    @Test func differentSizesAreADifferenceNotACrash() {
        let a = Bitmap(width: 10, height: 8, color: .white)
        let b = Bitmap(width: 12, height: 8, color: .white)
        let result = PixelDiff.compare(a, b, options: DiffOptions(maxDiffPixels: 1000))
        #expect(!result.matches)
        #expect(!result.sizesMatch)
        #expect(result.differentPixels == 16)
        #expect(result.bounds == PixelRect(x: 10, y: 0, width: 2, height: 8))
        #expect("\(result)" == "different: sizes differ (expected 10x8, actual 12x8): 16 of 12x8 pixels differ (16.67%), 0 anti-aliased, bounds 10,0 2x8")
    }

    @Test func differentSizesInBothDirections() {
        var a = Bitmap(width: 4, height: 6, color: .white)
        a[0, 0] = .black
        let b = Bitmap(width: 6, height: 4, color: .white)
        let result = PixelDiff.compare(a, b, options: DiffOptions(includeAntialiasing: true))
        // 6×6 canvas, 4×4 overlap: 20 uncovered pixels plus the one that differs.
        #expect(result.differentPixels == 21)
        #expect(result.bounds == PixelRect(x: 0, y: 0, width: 6, height: 6))
    }

    @Test func emptyImages() {
        let result = PixelDiff.compare(Bitmap(width: 0, height: 0), Bitmap(width: 0, height: 0))
        #expect(result.matches)
        #expect(result.differentRatio == 0)
        #expect(!PixelDiff.compare(Bitmap(width: 0, height: 0), Bitmap(width: 1, height: 1)).matches)
    }

    @Test func thresholdIsClamped() {
        #expect(DiffOptions(threshold: 3).threshold == 1)
        #expect(DiffOptions(threshold: -1).threshold == 0)
        #expect(DiffOptions(threshold: .nan).threshold == 0.1)
    }

    @Test func percentFormatting() {
        #expect(DiffResult.percent(0) == "0.00%")
        #expect(DiffResult.percent(0.00001) == "<0.01%")
        #expect(DiffResult.percent(0.0425) == "4.25%")
        #expect(DiffResult.percent(1) == "100.00%")
    }
}
