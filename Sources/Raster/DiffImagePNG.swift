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
        return try expected.withUnsafeBytes { a in
            try actual.withUnsafeBytes { b in
                let scan = DiffScan(expected: a.baseAddress!.assumingMemoryBound(to: UInt32.self),
                                    actual: b.baseAddress!.assumingMemoryBound(to: UInt32.self),
                                    width: expected.width, height: expected.height, maxDelta: options.maxDelta,
                                    includeAntialiasing: options.includeAntialiasing, checkerboard: options.checkerboard)
                let colors = (opaque(style.differentColor), opaque(style.darkerColor), opaque(style.antialiasedColor))
                // Draws rows into a band: the faded expected image, then the classified pixels.
                let draw = { (first: Int, count: Int, band: UnsafeMutablePointer<UInt32>) in
                    let start = first * expected.width, end = (first + count) * expected.width
                    fillFaded(expected, from: start, to: end, into: band, alpha: style.alpha)
                    var painter = DiffPainter(output: band, offset: start, different: colors.0, darker: colors.1,
                                              antialiased: colors.2, paintsAntialiasing: true)
                    scan.run(from: start, to: end, &painter)
                }
                // Every pixel is opaque (grey or an opaque colour), so the stream is RGB, as
                // `PNG.encode` writes an opaque bitmap.
                if let filter {
                    return try PNGPartsWriter.encode(width: expected.width, height: expected.height, keepAlpha: false,
                                                     filter: filter, compression: compression, partBytes: partBytes) { first, count, band in
                        draw(first, count, band)
                        return UnsafePointer(band)
                    }
                }
                return try bandsThroughLibpng(width: expected.width, height: expected.height, compression: compression, draw: draw)
            }
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
