import BlueprintSupport
import Dispatch

/// The perceptual pixel diff used by golden tests: pixelmatch 7's algorithm, same counts.
///
/// Two pixels differ when their YIQ colour distance passes the threshold and the difference is
/// not anti-aliasing in either image; semi-transparent pixels are blended over pixelmatch 7's
/// checkerboard (or over white, `DiffOptions.checkerboard = false`). On the same pair and
/// options `compare` counts exactly what pixelmatch 7.2 counts. Images of different sizes are
/// a difference, never a crash: the overlap is compared and every pixel only one image covers
/// counts as different.
///
/// ```swift
/// let result = PixelDiff.compare(expected, actual)
/// if !result.matches {
///     try PNG.write(PixelDiff.diffImage(expected, actual), to: "diff.png")
/// }
/// ```
public enum PixelDiff {
    /// Compares two images.
    ///
    /// - Parameters:
    ///   - expected: the reference image (the golden).
    ///   - actual: the image under test.
    ///   - options: thresholds and tolerances (default: pixelmatch's threshold 0.1, no tolerance).
    /// - Returns: counts, bounding box and the verdict.
    /// - Complexity: O(width × height) memory reads, 64 pixels per step; colour math only where
    ///   pixels differ. Identical images do no colour math at all. On images of 2 megapixels
    ///   or more with many differences the colour math runs on all cores; the result is the same.
    public static func compare(_ expected: Bitmap, _ actual: Bitmap, options: DiffOptions = DiffOptions()) -> DiffResult {
        let overlap = PixelRect(x: 0, y: 0, width: min(expected.width, actual.width), height: min(expected.height, actual.height))
        let sameSize = expected.width == actual.width && expected.height == actual.height
        return compare(overlapOf: sameSize ? expected : expected.cropped(to: overlap),
                       sameSize ? actual : actual.cropped(to: overlap),
                       expectedSize: PixelSize(width: expected.width, height: expected.height),
                       actualSize: PixelSize(width: actual.width, height: actual.height), options: options)
    }

    /// ``compare(_:_:options:)`` of two images of these sizes from the top-left part they
    /// share alone (`expected` and `actual` are that overlap, of the same size): what is
    /// outside it counts as different without its pixels being read, so an image of other
    /// size need not be decoded whole. The same result as a compare of the whole images.
    package static func compare(overlapOf expected: Bitmap, _ actual: Bitmap, expectedSize: PixelSize, actualSize: PixelSize,
                                options: DiffOptions = DiffOptions()) -> DiffResult {
        precondition(expected.width == actual.width && expected.height == actual.height, "the overlap of both images")
        let overlap = PixelRect(x: 0, y: 0, width: expected.width, height: expected.height)
        let sameSize = expectedSize == actualSize
        var counter = DiffCounter()
        scan(expected, actual, options: options, into: &counter)
        var different = counter.different
        var bounds = counter.bounds
        if !sameSize {
            let width = max(expectedSize.width, actualSize.width), height = max(expectedSize.height, actualSize.height)
            let outside = width * height - overlap.width * overlap.height
            different += outside
            if outside > 0 {
                // The uncovered part is an L (or a bar) hugging the right and bottom edges.
                let left = overlap.width < width ? (overlap.height < height ? 0 : overlap.width) : 0
                let top = overlap.height < height ? (overlap.width < width ? 0 : overlap.height) : 0
                var box = PixelRect(x: left, y: top, width: width - left, height: height - top)
                if let inner = bounds { box = box.union(inner) }
                bounds = box
            }
        }
        let matches = sameSize && options.tolerates(differentPixels: different, totalPixels: expectedSize.width * expectedSize.height)
        return DiffResult(expectedSize: expectedSize, actualSize: actualSize, differentPixels: different,
                          antialiasedPixels: counter.antialiased, bounds: bounds, matches: matches)
    }

    /// Images with at least this many pixels may share their colour math among cores.
    static let parallelPixelThreshold = 1 << 21
    /// ...when at least this many 64-pixel blocks differ (about 64,000 pixels); fewer are
    /// classified faster than threads can be woken.
    static let parallelBlockThreshold = 1024
    /// Parts per core. Many small parts rather than one per core: Dispatch hands them out as
    /// threads come free, so a core busy with other work (parallel tests, a build) delays the
    /// diff by one small part at most.
    static let partsPerCore = 8
    /// The most parts the work is split into.
    static let maximumParts = 64

    /// Runs the scan over two same-sized bitmaps. `visitor` must be fresh: parallel parts work
    /// on copies of it, merged in order.
    ///
    /// The SIMD pass over memory is always one thread: it runs at memory speed, and identical
    /// or sparse pairs end with it. Only when many blocks differ is their colour math shared
    /// among cores. `parts` forces a number of parts (for tests).
    static func scan<V: DiffVisitor>(_ expected: Bitmap, _ actual: Bitmap, options: DiffOptions, into visitor: inout V, parts: Int? = nil) {
        guard expected.pixelCount > 0 else { return }
        let automatic = expected.pixelCount >= parallelPixelThreshold && processorCount > 1
            ? min(processorCount * partsPerCore, maximumParts) : 1
        let parts = max(parts ?? automatic, 1)
        expected.withUnsafeBytes { a in
            actual.withUnsafeBytes { b in
                let scan = DiffScan(expected: a.baseAddress!.assumingMemoryBound(to: UInt32.self),
                                    actual: b.baseAddress!.assumingMemoryBound(to: UInt32.self),
                                    width: expected.width, height: expected.height,
                                    maxDelta: options.maxDelta, includeAntialiasing: options.includeAntialiasing,
                                    checkerboard: options.checkerboard)
                if parts == 1 {
                    scan.run(&visitor)
                    return
                }
                let blocks = scan.differingBlocks()
                blocks.withUnsafeBufferPointer { blocks in
                    if blocks.count < parallelBlockThreshold && automatic == parts {
                        scan.examine(blocks: blocks, &visitor)
                    } else {
                        visitor = examineInParts(scan, blocks: blocks, parts: min(parts, max(blocks.count, 1)), fresh: visitor)
                    }
                }
            }
        }
    }

    /// Splits the differing blocks into `parts` runs, classifies them on all cores and merges
    /// the results in order. Parts only read both images (the anti-aliasing check looks at
    /// neighbours anywhere) and write their own visitor, so they share nothing mutable.
    private static func examineInParts<V: DiffVisitor>(_ scan: DiffScan, blocks: UnsafeBufferPointer<Int>, parts: Int, fresh: V) -> V {
        var results = [V](repeating: fresh, count: parts)
        results.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let slots = buffer
            nonisolated(unsafe) let scan = scan
            nonisolated(unsafe) let blocks = blocks
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                let first = blocks.count * part / parts, end = blocks.count * (part + 1) / parts
                var visitor = slots[part]
                scan.examine(blocks: UnsafeBufferPointer(rebasing: blocks[first..<end]), &visitor)
                slots[part] = visitor
            }
        }
        var merged = results[0]
        for part in 1..<parts { merged.merge(results[part]) }
        return merged
    }
}

extension PixelRect {
    /// The smallest rectangle holding both.
    func union(_ other: PixelRect) -> PixelRect {
        let x0 = min(x, other.x), y0 = min(y, other.y)
        let x1 = max(x + width, other.x + other.width), y1 = max(y + height, other.y + other.height)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
