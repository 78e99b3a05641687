/// What the scan found at one pixel whose colours are further apart than the threshold.
enum DiffPixelKind {
    /// A real difference; `darker` when the actual pixel is darker than the expected one.
    case different(darker: Bool)
    /// A difference explained by anti-aliasing in either image.
    case antialiased
}

/// Receives the pixels the scan classifies. Generic, so each use is specialised and inlined.
///
/// A parallel scan gives each part of the differing blocks its own copy of the (fresh) visitor
/// and merges the copies in order, so a visitor's result must not depend on the split.
protocol DiffVisitor: SendableMetatype {
    /// Called for each pixel above the threshold, in memory order within a part.
    mutating func visit(index: Int, x: Int, y: Int, kind: DiffPixelKind)
    /// Adds what another copy saw in the blocks after this one's.
    mutating func merge(_ other: Self)
}

/// The pixelmatch algorithm over two same-sized images, built for speed.
///
/// Memory is compared 64 pixels at a time with `SIMD16<UInt32>` XORs (four vectors of 16
/// pixels, OR-ed together, one test): identical regions cost what reading them costs, and
/// identical images return without any colour math. Only where two pixels differ does the
/// YIQ delta run, and only where that delta passes the threshold does the anti-aliasing
/// detector look at the 3×3 neighbourhoods.
struct DiffScan {
    let expected: UnsafePointer<UInt32>
    let actual: UnsafePointer<UInt32>
    let width: Int
    let height: Int
    /// `35215 * threshold²`: deltas at or below it are "the same colour".
    let maxDelta: Double
    let includeAntialiasing: Bool
    /// Blend semi-transparent pixels over pixelmatch 7's checkerboard (else over white).
    let checkerboard: Bool

    /// Walks every pixel that differs and reports those above the threshold to `visitor`.
    ///
    /// - Complexity: O(width × height) memory reads; colour math only for differing pixels.
    func run<V: DiffVisitor>(_ visitor: inout V) {
        forEachDifferingBlock(from: 0, to: width &* height) { start, end in examine(from: start, to: end, &visitor) }
    }

    /// `run` over the pixels `start..<end` only (a band of rows, for a diff image drawn band
    /// by band); the anti-aliasing check still reads neighbours outside the range.
    func run<V: DiffVisitor>(from start: Int, to end: Int, _ visitor: inout V) {
        forEachDifferingBlock(from: start, to: end) { start, end in examine(from: start, to: end, &visitor) }
    }

    /// The first pixel index of every 64-pixel block (and of the shorter last one) in which
    /// the images differ, in memory order: the SIMD pass alone, for sharing the colour math
    /// among threads afterwards.
    func differingBlocks() -> [Int] {
        var blocks: [Int] = []
        forEachDifferingBlock(from: 0, to: width &* height) { start, _ in blocks.append(start) }
        return blocks
    }

    /// Whether any pixel differs at all: the SIMD pass, stopping at the first differing block.
    func anyDifference() -> Bool {
        let a = UnsafeRawPointer(expected), b = UnsafeRawPointer(actual)
        let count = width &* height
        var i = 0
        while i &+ 16 <= count {
            let offset = i &* 4
            let x = a.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt32>.self) ^ b.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt32>.self)
            if any(x .!= SIMD16<UInt32>()) { return true }
            i &+= 16
        }
        while i < count {
            if expected[i] != actual[i] { return true }
            i &+= 1
        }
        return false
    }

    /// Classifies the pixels of the given blocks (starts from `differingBlocks`).
    func examine<V: DiffVisitor>(blocks: UnsafeBufferPointer<Int>, _ visitor: inout V) {
        let count = width &* height
        for start in blocks {
            examine(from: start, to: min(start &+ 64, count), &visitor)
        }
    }

    /// The SIMD pass over `first..<count`: calls `body(start, end)` for each block of up to 64
    /// pixels in which at least one pixel differs. Four 16-pixel vectors of each image are
    /// compared, the results OR-ed, and the block is skipped on one test when they are all equal.
    @inline(__always)
    private func forEachDifferingBlock(from first: Int, to count: Int, _ body: (Int, Int) -> Void) {
        let a = UnsafeRawPointer(expected), b = UnsafeRawPointer(actual)
        var i = first
        typealias Lane = SIMD16<UInt32>
        let zero = Lane()
        while i &+ 64 <= count {
            let offset = i &* 4
            var x = a.loadUnaligned(fromByteOffset: offset, as: Lane.self) ^ b.loadUnaligned(fromByteOffset: offset, as: Lane.self)
            x |= a.loadUnaligned(fromByteOffset: offset &+ 64, as: Lane.self) ^ b.loadUnaligned(fromByteOffset: offset &+ 64, as: Lane.self)
            x |= a.loadUnaligned(fromByteOffset: offset &+ 128, as: Lane.self) ^ b.loadUnaligned(fromByteOffset: offset &+ 128, as: Lane.self)
            x |= a.loadUnaligned(fromByteOffset: offset &+ 192, as: Lane.self) ^ b.loadUnaligned(fromByteOffset: offset &+ 192, as: Lane.self)
            if any(x .!= zero) {
                body(i, i &+ 64)
            }
            i &+= 64
        }
        if i < count {
            body(i, count)
        }
    }

    /// Checks pixels one by one in `start..<end` (a block known to hold a difference).
    @inline(__always)
    private func examine<V: DiffVisitor>(from start: Int, to end: Int, _ visitor: inout V) {
        var i = start
        while i < end {
            let p = expected[i], q = actual[i]
            if p != q {
                classify(index: i, p, q, &visitor)
            }
            i &+= 1
        }
    }

    @inline(__always)
    private func classify<V: DiffVisitor>(index: Int, _ p: UInt32, _ q: UInt32, _ visitor: inout V) {
        let delta = YIQ.colorDelta(p, q, index: index, checkerboard: checkerboard)
        guard abs(delta) > maxDelta else { return }
        let y = index / width
        let x = index &- y &* width
        if !includeAntialiasing {
            let detector = AntialiasingDetector(width: width, height: height, checkerboard: checkerboard)
            if detector.isAntialiased(expected, actual, x: x, y: y) || detector.isAntialiased(actual, expected, x: x, y: y) {
                visitor.visit(index: index, x: x, y: y, kind: .antialiased)
                return
            }
        }
        visitor.visit(index: index, x: x, y: y, kind: .different(darker: delta < 0))
    }
}

/// Counts differences and anti-aliased pixels and tracks the differences' bounding box.
struct DiffCounter: DiffVisitor {
    var different = 0
    var antialiased = 0
    var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1

    @inline(__always)
    mutating func visit(index: Int, x: Int, y: Int, kind: DiffPixelKind) {
        switch kind {
        case .antialiased:
            antialiased += 1
        case .different:
            different += 1
            if x < minX { minX = x }
            if x > maxX { maxX = x }
            if y < minY { minY = y }
            if y > maxY { maxY = y }
        }
    }

    mutating func merge(_ other: DiffCounter) {
        different += other.different
        antialiased += other.antialiased
        minX = min(minX, other.minX)
        minY = min(minY, other.minY)
        maxX = max(maxX, other.maxX)
        maxY = max(maxY, other.maxY)
    }

    /// The bounding box of the differences, nil when there are none.
    var bounds: PixelRect? {
        different == 0 ? nil : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
