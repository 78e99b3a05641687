extension PixelDiff {
    /// The diff image as PNG bytes: exactly `PNG.encode(diffImage(expected, actual, options:
    /// options, style: style), compression: compression)`, drawn band by band while libpng
    /// compresses, so the whole diff image is never in memory (64 MiB fewer to allocate and
    /// fault in for a 4096 × 4096 pair; on a fresh process that is a large share of the time).
    ///
    /// Same-sized pairs without `style.mask` are streamed; others (and empty images) take the
    /// bitmap path, with the same result.
    ///
    /// - Parameters:
    ///   - expected: the reference image.
    ///   - actual: the image under test.
    ///   - options: the same options given to `compare`.
    ///   - style: the colours.
    ///   - compression: the PNG preset (default `.fast`).
    /// - Returns: the bytes of a PNG file.
    /// - Throws: the errors of `PNG.encode`.
    /// - Complexity: O(width × height) time; O(width) memory beyond the two images.
    public static func diffImagePNG(_ expected: Bitmap, _ actual: Bitmap, options: DiffOptions = DiffOptions(),
                                    style: DiffImageStyle = DiffImageStyle(), compression: PNGCompression = .fast) throws -> [UInt8] {
        guard expected.width == actual.width, expected.height == actual.height, expected.pixelCount > 0, !style.mask else {
            return try PNG.encode(diffImage(expected, actual, options: options, style: style), compression: compression)
        }
        let width = expected.width, height = expected.height
        let bandRows = max(1, min(height, bandPixels / width))
        let band = UnsafeMutablePointer<UInt32>.allocate(capacity: bandRows * width)
        defer { band.deallocate() }
        return try expected.withUnsafeBytes { a in
            try actual.withUnsafeBytes { b in
                let scan = DiffScan(expected: a.baseAddress!.assumingMemoryBound(to: UInt32.self),
                                    actual: b.baseAddress!.assumingMemoryBound(to: UInt32.self),
                                    width: width, height: height, maxDelta: options.maxDelta,
                                    includeAntialiasing: options.includeAntialiasing, checkerboard: options.checkerboard)
                var painter = DiffPainter(output: band, different: opaque(style.differentColor), darker: opaque(style.darkerColor),
                                          antialiased: opaque(style.antialiasedColor), paintsAntialiasing: true)
                var first = -1
                // Every pixel is opaque (grey or an opaque colour), so the stream is RGB, as
                // `PNG.encode` writes an opaque bitmap.
                return try PNGEncoder.encode(width: width, height: height, keepAlpha: false, compression: compression) { y in
                    if y >= first + bandRows || first < 0 {
                        first = y
                        let start = y * width, end = min(y + bandRows, height) * width
                        fillFaded(expected, from: start, to: end, into: band, alpha: style.alpha)
                        painter.offset = start
                        scan.run(from: start, to: end, &painter)
                    }
                    return UnsafeRawPointer(band + (y - first) * width).assumingMemoryBound(to: UInt8.self)
                }
            }
        }
    }

    /// About how many pixels a band holds (256 KiB of RGBA): small enough to stay in cache.
    static let bandPixels = 1 << 16
}
