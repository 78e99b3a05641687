import Testing
@testable import Raster

/// Large images with many differences share the colour math among cores; the result must not
/// depend on the split.
@Suite struct ParallelScanTests {
    /// A 1500 × 1500 pair (above the parallel threshold) built from the text fixture tiled,
    /// with the actual image's tiles taken from the subpixel-shifted rendering.
    static let pair: (Bitmap, Bitmap) = {
        let (expectedTile, actualTile) = try! Fixtures.pair("text-subpixel")
        var expected = Bitmap(width: 1500, height: 1500, color: .white)
        var actual = expected
        var row = 0
        for y in stride(from: 0, to: 1500, by: expectedTile.height) {
            for x in stride(from: 0, to: 1500, by: expectedTile.width) {
                expected.draw(expectedTile, atX: x, y: y)
                // Every third tile changes, so some parts have differences and some have none.
                actual.draw((x / expectedTile.width + row) % 3 == 0 ? actualTile : expectedTile, atX: x, y: y)
            }
            row += 1
        }
        return (expected, actual)
    }()

    @Test func bigEnoughToBeScannedInParallel() {
        #expect(Self.pair.0.pixelCount >= PixelDiff.parallelPixelThreshold)
    }

    @Test(arguments: [2, 3, 7, 1500])
    func countsAndBoundsDoNotDependOnTheParts(parts: Int) {
        let (expected, actual) = Self.pair
        var serial = DiffCounter()
        PixelDiff.scan(expected, actual, options: DiffOptions(), into: &serial, parts: 1)
        var parallel = DiffCounter()
        PixelDiff.scan(expected, actual, options: DiffOptions(), into: &parallel, parts: parts)
        #expect(serial.different > 10_000)
        #expect(serial.antialiased > 10_000)
        #expect(parallel.different == serial.different)
        #expect(parallel.antialiased == serial.antialiased)
        #expect(parallel.bounds == serial.bounds)
    }

    @Test func publicCompareAgreesWithTheSerialScan() {
        let (expected, actual) = Self.pair
        var serial = DiffCounter()
        PixelDiff.scan(expected, actual, options: DiffOptions(), into: &serial, parts: 1)
        let result = PixelDiff.compare(expected, actual)
        #expect(result.differentPixels == serial.different)
        #expect(result.antialiasedPixels == serial.antialiased)
    }

    @Test func diffImageDoesNotDependOnTheParts() {
        let (expected, actual) = Self.pair
        let serial = PixelDiff.diffImage(expected, actual, options: DiffOptions(), style: DiffImageStyle(), parts: 1)
        #expect(PixelDiff.diffImage(expected, actual, options: DiffOptions(), style: DiffImageStyle(), parts: 5) == serial)
        #expect(PixelDiff.diffImage(expected, actual) == serial)
    }
}
