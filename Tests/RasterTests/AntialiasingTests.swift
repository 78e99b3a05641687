import Testing
@testable import Raster

/// The detector on hand-made neighbourhoods, each chosen to take one branch of pixelmatch's rule.
@Suite struct AntialiasingTests {
    /// Builds a bitmap from rows of grey levels.
    static func gray(_ rows: [[UInt8]]) -> Bitmap {
        var bitmap = Bitmap(width: rows[0].count, height: rows.count)
        for (y, row) in rows.enumerated() {
            for (x, value) in row.enumerated() { bitmap[x, y] = RGBA(value, value, value) }
        }
        return bitmap
    }

    static func isAntialiased(_ image: Bitmap, _ other: Bitmap, x: Int, y: Int) -> Bool {
        image.withUnsafeBytes { a in
            other.withUnsafeBytes { b in
                AntialiasingDetector(width: image.width, height: image.height, checkerboard: true)
                    .isAntialiased(a.baseAddress!.assumingMemoryBound(to: UInt32.self),
                                   b.baseAddress!.assumingMemoryBound(to: UInt32.self), x: x, y: y)
            }
        }
    }

    static let edge = gray([
        [0, 0, 128, 255, 255],
        [0, 0, 128, 255, 255],
        [0, 0, 128, 255, 255],
        [0, 0, 128, 255, 255],
        [0, 0, 128, 255, 255],
    ])

    @Test func aGreyColumnBetweenFlatBlackAndWhiteIsAntialiasing() {
        #expect(Self.isAntialiased(Self.edge, Self.edge, x: 2, y: 2))
    }

    @Test func flatNeighboursInOnlyOneImageAreNotEnough() {
        // The other image has no flat area where the darkest and brightest neighbours are.
        let noisy = Self.gray([
            [9, 0, 128, 255, 7],
            [0, 70, 128, 200, 255],
            [30, 0, 128, 255, 60],
            [0, 90, 128, 100, 255],
            [50, 0, 128, 255, 11],
        ])
        #expect(!Self.isAntialiased(Self.edge, noisy, x: 2, y: 2))
    }

    @Test func threeEqualNeighboursMeanAFlatArea() {
        let dot = Self.gray([
            [255, 255, 255],
            [255, 0, 255],
            [255, 255, 255],
        ])
        #expect(!Self.isAntialiased(dot, dot, x: 1, y: 1))
        let stripe = Self.gray([
            [0, 128, 255],
            [128, 128, 255],
            [0, 128, 255],
        ])
        // Three neighbours share the centre's brightness.
        #expect(!Self.isAntialiased(stripe, stripe, x: 1, y: 1))
    }

    @Test func onlyBrighterNeighboursIsNotAntialiasing() {
        let pit = Self.gray([
            [200, 210, 220],
            [230, 10, 240],
            [250, 245, 235],
        ])
        #expect(!Self.isAntialiased(pit, pit, x: 1, y: 1))
    }

    @Test func anImageEdgeCountsAsOneEqualNeighbour() {
        // On the top row two equal neighbours plus the edge make three: flat.
        let top = Self.gray([
            [0, 128, 128, 128, 255],
            [0, 0, 128, 255, 255],
        ])
        #expect(!Self.isAntialiased(top, top, x: 2, y: 0))
    }

    @Test func siblingsAreCountedOnExactPixelValues() {
        var image = Self.edge
        #expect(Self.isAntialiased(image, image, x: 2, y: 2))
        // Make every flat pixel next to the darkest and brightest neighbours unique.
        for y in 0..<5 {
            image[0, y] = RGBA(UInt8(y), 0, 0)
            image[1, y] = RGBA(0, UInt8(y + 1), 0)
            image[3, y] = RGBA(255, 255, UInt8(250 - y))
            image[4, y] = RGBA(255, UInt8(250 - y), 255)
        }
        #expect(!Self.isAntialiased(image, image, x: 2, y: 2))
    }
}
