extension PixelDiff {
    /// `compare`, and when the images differ, the diff image as `diffImagePNG` writes it:
    /// what `blueprint diff -o` needs.
    ///
    /// For same-sized pairs without `style.mask` and a single-filter `compression`, the pixels
    /// are classified once: the parts of the diff image count what they draw. Identical images
    /// are found by one pass over memory first and draw nothing; images that differ within the
    /// tolerances are drawn and counted, and the drawing is dropped. Other pairs are compared,
    /// then drawn.
    ///
    /// - Returns: the result (as `compare` returns it) and, unless it matches, the PNG bytes.
    /// - Throws: the errors of `diffImagePNG`.
    package static func compareWithDiffPNG(_ expected: Bitmap, _ actual: Bitmap, options: DiffOptions = DiffOptions(),
                                           style: DiffImageStyle = DiffImageStyle(),
                                           compression: PNGCompression = .fast) throws -> (result: DiffResult, png: [UInt8]?) {
        try compareWithDiffPNG(expected, actual, options: options, style: style, compression: compression, partBytes: PNGPartsWriter.partBytes)
    }

    /// `compareWithDiffPNG` with the size of the writer's parts chosen by the caller (for tests).
    static func compareWithDiffPNG(_ expected: Bitmap, _ actual: Bitmap, options: DiffOptions, style: DiffImageStyle,
                                   compression: PNGCompression, partBytes: Int) throws -> (result: DiffResult, png: [UInt8]?) {
        let sameSize = expected.width == actual.width && expected.height == actual.height
        guard sameSize, expected.pixelCount > 0, !style.mask, let filter = PNGPartsWriter.singleFilter(compression) else {
            let result = compare(expected, actual, options: options)
            if result.matches { return (result, nil) }
            return (result, try diffImagePNG(expected, actual, options: options, style: style, compression: compression, partBytes: partBytes))
        }
        let size = PixelSize(width: expected.width, height: expected.height)
        let identical = expected.withUnsafeBytes { a in
            actual.withUnsafeBytes { b in
                !DiffScan(expected: a.baseAddress!.assumingMemoryBound(to: UInt32.self), actual: b.baseAddress!.assumingMemoryBound(to: UInt32.self),
                          width: expected.width, height: expected.height, maxDelta: options.maxDelta,
                          includeAntialiasing: options.includeAntialiasing, checkerboard: options.checkerboard).anyDifference()
            }
        }
        if identical {
            return (DiffResult(expectedSize: size, actualSize: size, differentPixels: 0, antialiasedPixels: 0, bounds: nil, matches: true), nil)
        }
        let parts = PNGPartsWriter.partCount(width: expected.width, height: expected.height, keepAlpha: false, partBytes: partBytes)
        var counters = [DiffCounter](repeating: DiffCounter(), count: parts)
        let png = try counters.withUnsafeMutableBufferPointer { counters in
            try drawnPNG(expected, actual, options: options, style: style, filter: filter, compression: compression,
                         partBytes: partBytes, counters: counters)
        }
        var counter = counters[0]
        for part in counters.dropFirst() { counter.merge(part) }
        let matches = options.tolerates(differentPixels: counter.different, totalPixels: expected.pixelCount)
        let result = DiffResult(expectedSize: size, actualSize: size, differentPixels: counter.different,
                                antialiasedPixels: counter.antialiased, bounds: counter.bounds, matches: matches)
        return (result, matches ? nil : png)
    }
}
