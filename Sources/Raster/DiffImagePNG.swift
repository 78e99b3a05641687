extension PixelDiff {
    /// The diff image as PNG bytes: the pixels of `diffImage(expected, actual, options:
    /// options, style: style)`, drawn band by band while they are compressed, so the whole
    /// diff image is never in memory (64 MiB fewer to allocate and fault in for a 4096 × 4096
    /// pair; on a fresh process that is a large share of the time).
    ///
    /// When `compression` allows one row filter (`.fast` does), Raster's own writer draws and
    /// compresses parts of the rows on all free cores; the parts are cut by the image's size
    /// alone, so the bytes are the same on every run and machine (they are not those of
    /// `PNG.encode`, which writes through libpng). With several filters (`.compact`) libpng
    /// writes the stream, as `PNG.encode` does. Same-sized pairs without `style.mask` are
    /// streamed; others take the bitmap path, with the same writer.
    ///
    /// - Parameters:
    ///   - expected: the reference image.
    ///   - actual: the image under test.
    ///   - options: the same options given to `compare`.
    ///   - style: the colours.
    ///   - compression: the PNG preset (default `.fast`).
    /// - Returns: the bytes of a PNG file.
    /// - Throws: the errors of `PNG.encode`.
    /// - Complexity: O(width × height) time; O(width) memory per core beyond the two images.
    public static func diffImagePNG(_ expected: Bitmap, _ actual: Bitmap, options: DiffOptions = DiffOptions(),
                                    style: DiffImageStyle = DiffImageStyle(), compression: PNGCompression = .fast) throws -> [UInt8] {
        try diffImagePNG(expected, actual, options: options, style: style, compression: compression, partBytes: PNGPartsWriter.partBytes)
    }

    /// `diffImagePNG` with the size of the writer's parts chosen by the caller (for tests).
    static func diffImagePNG(_ expected: Bitmap, _ actual: Bitmap, options: DiffOptions, style: DiffImageStyle,
                             compression: PNGCompression, partBytes: Int) throws -> [UInt8] {
        let filter = PNGPartsWriter.singleFilter(compression)
        guard expected.width == actual.width, expected.height == actual.height, expected.pixelCount > 0, !style.mask else {
            let image = diffImage(expected, actual, options: options, style: style)
            guard let filter, image.pixelCount > 0 else { return try PNG.encode(image, compression: compression) }
            return try PNGPartsWriter.encode(image, filter: filter, compression: compression, partBytes: partBytes)
        }
        guard let filter else {
            return try withScan(expected, actual, options: options) { scan in
                try bandsThroughLibpng(width: expected.width, height: expected.height, compression: compression) { first, count, band in
                    drawRows(expected, scan, style: style, first: first, count: count, into: band, counters: nil, part: 0)
                }
            }
        }
        return try drawnPNG(expected, actual, options: options, style: style, filter: filter, compression: compression,
                            partBytes: partBytes, counters: nil)
    }

    /// The diff image of a same-sized, non-empty pair through `PNGPartsWriter`, drawn inside
    /// the parts. With `counters` (one per part), each part also counts what it classifies in
    /// its own rows, as `compare` counts.
    static func drawnPNG(_ expected: Bitmap, _ actual: Bitmap, options: DiffOptions, style: DiffImageStyle, filter: UInt8,
                         compression: PNGCompression, partBytes: Int,
                         counters: UnsafeMutableBufferPointer<DiffCounter>?) throws -> [UInt8] {
        try withScan(expected, actual, options: options) { scan in
            // Every pixel is opaque (grey or an opaque colour), so the stream is RGB, as
            // `PNG.encode` writes an opaque bitmap.
            try PNGPartsWriter.encode(width: expected.width, height: expected.height, keepAlpha: false, filter: filter,
                                      compression: compression, partBytes: partBytes) { request, band in
                drawRows(expected, scan, style: style, first: request.first, count: request.count, into: band,
                         counters: request.isAbove ? nil : counters, part: request.part)
                return UnsafePointer(band)
            }
        }
    }

    /// A scan over two same-sized images, valid inside `body`.
    private static func withScan<T>(_ expected: Bitmap, _ actual: Bitmap, options: DiffOptions, _ body: (DiffScan) throws -> T) rethrows -> T {
        try expected.withUnsafeBytes { a in
            try actual.withUnsafeBytes { b in
                try body(DiffScan(expected: a.baseAddress!.assumingMemoryBound(to: UInt32.self),
                                  actual: b.baseAddress!.assumingMemoryBound(to: UInt32.self),
                                  width: expected.width, height: expected.height, maxDelta: options.maxDelta,
                                  includeAntialiasing: options.includeAntialiasing, checkerboard: options.checkerboard))
            }
        }
    }

    /// Draws rows `first ..< first + count` of the diff image into `band`: the faded expected
    /// image, then the classified pixels; counted into `counters[part]` when given.
    private static func drawRows(_ expected: Bitmap, _ scan: DiffScan, style: DiffImageStyle, first: Int, count: Int,
                                 into band: UnsafeMutablePointer<UInt32>, counters: UnsafeMutableBufferPointer<DiffCounter>?, part: Int) {
        let start = first * expected.width, end = (first + count) * expected.width
        fillFaded(expected, from: start, to: end, into: band, alpha: style.alpha)
        let painter = DiffPainter(output: band, offset: start, different: opaque(style.differentColor), darker: opaque(style.darkerColor),
                                  antialiased: opaque(style.antialiasedColor), paintsAntialiasing: true)
        if let counters {
            var visitor = CountingPainter(painter: painter, counter: counters[part])
            scan.run(from: start, to: end, &visitor)
            counters[part] = visitor.counter
        } else {
            var painter = painter
            scan.run(from: start, to: end, &painter)
        }
    }

    /// The diff image's rows drawn a band at a time while libpng compresses them.
    private static func bandsThroughLibpng(width: Int, height: Int, compression: PNGCompression,
                                           draw: (Int, Int, UnsafeMutablePointer<UInt32>) -> Void) throws -> [UInt8] {
        let bandRows = max(1, min(height, bandPixels / width))
        let band = UnsafeMutablePointer<UInt32>.allocate(capacity: bandRows * width)
        defer { band.deallocate() }
        var first = -1
        return try PNGEncoder.encode(width: width, height: height, keepAlpha: false, compression: compression) { y in
            if y >= first + bandRows || first < 0 {
                first = y
                draw(y, min(bandRows, height - y), band)
            }
            return UnsafeRawPointer(band + (y - first) * width).assumingMemoryBound(to: UInt8.self)
        }
    }

    /// About how many pixels a band holds (256 KiB of RGBA): small enough to stay in cache.
    static let bandPixels = 1 << 16
}

/// Paints and counts at once (the diff image and `compare`'s counts from one classification).
struct CountingPainter: DiffVisitor {
    var painter: DiffPainter
    var counter: DiffCounter

    @inline(__always)
    mutating func visit(index: Int, x: Int, y: Int, kind: DiffPixelKind) {
        painter.visit(index: index, x: x, y: y, kind: kind)
        counter.visit(index: index, x: x, y: y, kind: kind)
    }

    mutating func merge(_ other: CountingPainter) { counter.merge(other.counter) }
}
