import CPNG
import Dispatch

/// Raster's own PNG writer for settings with a single row filter (`.fast`: zlib 3, the up
/// filter), written for the diff image of `blueprint diff`: its rows are compressed on every
/// free core.
///
/// The rows are cut into parts of about `partBytes` of filtered data. The cut depends on the
/// image's width and height alone, never on the machine, so the bytes are the same on every
/// run and every machine. Each part is filtered and deflated on its own (pigz's method): a
/// part other than the last ends with a sync flush, an empty stored block that leaves the
/// stream byte-aligned and not final, so the parts' raw deflate streams join into the single
/// zlib stream PNG holds; the stream's Adler-32 is combined from the parts' sums. Each part is
/// one IDAT chunk. Parts do not share the 32 KiB window, which costs a few bytes per part.
///
/// Rows come from a `RowSource`, a band of up to `bandRows(width:)` rows at a time, in order
/// within a part; parts run concurrently, so the source must be safe to call from several
/// threads for different rows.
package enum PNGPartsWriter {
    /// About how many bytes of filtered rows one part holds: 2 MiB, so a 4096 × 4096 RGB image
    /// has 24 parts (many small parts share two busy cores better than two large ones).
    static let partBytes = 1 << 21

    /// PNG and libpng refuse larger widths and heights by default.
    static let maximumDimension = PNG.maximumSide

    /// Which rows the writer wants: `first ..< first + count`, for part `part`. A part that
    /// starts below the first row and uses a filter that reads the row above asks for that row
    /// alone first, with `isAbove` set: it is drawn for the filter, not written.
    struct RowRequest {
        let part: Int
        let first: Int
        let count: Int
        let isAbove: Bool
    }

    /// Draws the requested rows as packed RGBA (`width` pixels a row, no padding) and returns
    /// where they are: into `band` (room for `count` rows), or anywhere else that stays valid
    /// until the part's next request.
    typealias RowSource = (_ request: RowRequest, _ band: UnsafeMutablePointer<UInt32>) -> UnsafePointer<UInt32>

    /// The PNG filter type (0 none ... 4 Paeth) when `compression` allows exactly one filter,
    /// else nil (an adaptive choice among several is libpng's job).
    static func singleFilter(_ compression: PNGCompression) -> UInt8? {
        let bits: [(PNGCompression.Filters, UInt8)] = [(.none, 0), (.sub, 1), (.up, 2), (.average, 3), (.paeth, 4)]
        let allowed = bits.filter { compression.filters.contains($0.0) }
        return allowed.count == 1 ? allowed[0].1 : nil
    }

    /// Rows per band handed to the source: about `PixelDiff.bandPixels` pixels, so a band stays in cache.
    static func bandRows(width: Int) -> Int { max(1, PixelDiff.bandPixels / max(width, 1)) }

    /// Rows per part, from the row size alone.
    static func partRows(rowBytes: Int, partBytes: Int = partBytes) -> Int { max(1, partBytes / (rowBytes + 1)) }

    /// How many parts `encode` cuts an image into.
    static func partCount(width: Int, height: Int, keepAlpha: Bool, partBytes: Int = partBytes) -> Int {
        let rows = partRows(rowBytes: width * (keepAlpha ? 4 : 3), partBytes: partBytes)
        return (height + rows - 1) / rows
    }

    /// Encodes a bitmap with this writer when `compression` allows a single filter (`.fast`),
    /// else with libpng (`PNG.encode`): the bytes `diffImagePNG` writes for the same pixels.
    package static func encode(_ bitmap: Bitmap, compression: PNGCompression) throws -> [UInt8] {
        guard let filter = singleFilter(compression), bitmap.pixelCount > 0 else { return try PNG.encode(bitmap, compression: compression) }
        return try encode(bitmap, filter: filter, compression: compression)
    }

    /// Encodes a bitmap (RGB when it is opaque, RGBA otherwise, as `PNG.encode` does).
    ///
    /// - Parameter filter: a PNG filter type, 0...4 (from `singleFilter`).
    /// - Parameter partBytes: the size of a part (smaller in tests, to make many parts).
    static func encode(_ bitmap: Bitmap, filter: UInt8, compression: PNGCompression, partBytes: Int = partBytes) throws -> [UInt8] {
        try bitmap.withUnsafeBytes { raw in
            let pixels = raw.bindMemory(to: UInt32.self)
            nonisolated(unsafe) let base = pixels.baseAddress
            return try encode(width: bitmap.width, height: bitmap.height, keepAlpha: !bitmap.isOpaque, filter: filter,
                              compression: compression, partBytes: partBytes) { request, _ in
                UnsafePointer(base! + request.first * bitmap.width)
            }
        }
    }

    /// Encodes the image `rows` draws.
    ///
    /// - Parameters:
    ///   - keepAlpha: write RGBA (true) or RGB, dropping every fourth byte (false).
    ///   - filter: a PNG filter type, 0...4, used on every row.
    ///   - compression: the zlib level and strategy (its filters are not read).
    ///   - partBytes: about how many filtered bytes a part holds.
    /// - Throws: `RasterError.emptyImage`, `.encodingFailed` when zlib fails or the image is
    ///   larger than PNG readers accept.
    static func encode(width: Int, height: Int, keepAlpha: Bool, filter: UInt8, compression: PNGCompression,
                       partBytes: Int = partBytes, rows: RowSource) throws -> [UInt8] {
        guard width > 0, height > 0 else { throw RasterError.emptyImage(width: width, height: height) }
        guard width <= maximumDimension, height <= maximumDimension else {
            throw RasterError.encodingFailed(message: "\(width)x\(height) pixels is more than PNG readers accept (\(maximumDimension) a side)")
        }
        let channels = keepAlpha ? 4 : 3
        let rowBytes = width * channels
        let perPart = partRows(rowBytes: rowBytes, partBytes: partBytes)
        let partCount = partCount(width: width, height: height, keepAlpha: keepAlpha, partBytes: partBytes)
        let strategy = compression.strategy == .automatic ? (filter == 0 ? 0 : 1) : Int32(compression.strategy.rawValue)
        let layout = PartLayout(width: width, height: height, channels: channels, filter: filter,
                                level: Int32(compression.level), strategy: Int32(strategy), rowsPerPart: perPart)
        var results = [Result<CompressedPart, any Error>](repeating: .failure(RasterError.emptyImage(width: 0, height: 0)), count: partCount)
        withoutActuallyEscaping(rows) { rows in
            nonisolated(unsafe) let rows = rows
            results.withUnsafeMutableBufferPointer { buffer in
                nonisolated(unsafe) let slots = buffer
                if partCount == 1 {
                    slots[0] = Result { try layout.compress(part: 0, rows: rows) }
                } else {
                    DispatchQueue.concurrentPerform(iterations: partCount) { part in
                        slots[part] = Result { try layout.compress(part: part, rows: rows) }
                    }
                }
            }
        }
        let parts = try results.map { try $0.get() }
        return PNGChunks.file(width: width, height: height, keepAlpha: keepAlpha, level: Int(compression.level),
                              strategy: Int(strategy), parts: parts)
    }
}

/// One part's deflate stream, its rows' Adler-32 and how many filtered bytes it holds.
struct CompressedPart {
    var bytes: [UInt8]
    var adler: UInt
    var rawCount: Int
}

/// How the image is cut and filtered; compresses one part.
private struct PartLayout {
    let width: Int
    let height: Int
    let channels: Int
    let filter: UInt8
    let level: Int32
    let strategy: Int32
    let rowsPerPart: Int

    func compress(part: Int, rows: PNGPartsWriter.RowSource) throws(RasterError) -> CompressedPart {
        let first = part * rowsPerPart, end = min(first + rowsPerPart, height)
        let rowBytes = width * channels
        let bandRows = PNGPartsWriter.bandRows(width: width)
        let band = UnsafeMutablePointer<UInt32>.allocate(capacity: bandRows * width)
        // The previous row (zeros above the first), this row, and the filtered row with its type byte.
        let previous = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)
        let current = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)
        let filtered = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes + 1)
        previous.initialize(repeating: 0, count: rowBytes)
        defer { band.deallocate(); previous.deallocate(); current.deallocate(); filtered.deallocate() }
        var deflater = try Deflater(level: level, strategy: strategy, expected: (end - first) * (rowBytes + 1) / 8)
        var adler: UInt32 = 1
        // Every filter but `none` and `sub` reads the row above: a part that starts lower
        // asks for that row first.
        if first > 0 && filter >= 2 {
            pack(rows(PNGPartsWriter.RowRequest(part: part, first: first - 1, count: 1, isAbove: true), band), into: previous)
        }
        var swapped = (previous, current)
        var y = first
        while y < end {
            let count = min(bandRows, end - y)
            let pixels = rows(PNGPartsWriter.RowRequest(part: part, first: y, count: count, isAbove: false), band)
            for row in 0..<count {
                let (above, this) = swapped
                pack(pixels + row * width, into: this)
                filtered[0] = filter
                PNGFilter.apply(filter, row: this, above: above, into: filtered + 1, count: rowBytes, bytesPerPixel: channels)
                adler = Adler32.update(adler, filtered, count: rowBytes + 1)
                try deflater.add(filtered, count: rowBytes + 1)
                swapped = (this, above)
            }
            y += count
        }
        let bytes = try deflater.finish(last: end == height)
        return CompressedPart(bytes: bytes, adler: UInt(adler), rawCount: (end - first) * (rowBytes + 1))
    }

    /// RGBA pixels to the row's bytes: copied, or with every fourth byte dropped.
    private func pack(_ pixels: UnsafePointer<UInt32>, into row: UnsafeMutablePointer<UInt8>) {
        if channels == 4 {
            UnsafeMutableRawPointer(row).copyMemory(from: pixels, byteCount: width * 4)
            return
        }
        var x = 0, o = 0
        while x < width {
            let p = pixels[x]
            row[o] = UInt8(truncatingIfNeeded: p)
            row[o &+ 1] = UInt8(truncatingIfNeeded: p >> 8)
            row[o &+ 2] = UInt8(truncatingIfNeeded: p >> 16)
            x &+= 1
            o &+= 3
        }
    }
}

/// A raw deflate stream into a growing buffer.
private struct Deflater: ~Copyable {
    private let stream: UnsafeMutablePointer<z_stream>
    private var output: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0

    init(level: Int32, strategy: Int32, expected: Int) throws(RasterError) {
        stream = .allocate(capacity: 1)
        capacity = max(expected, 1 << 12)
        output = .allocate(capacity: capacity)
        guard cpng_deflate_init_raw(stream, level, strategy) == Z_OK else {
            stream.deallocate()
            output.deallocate()
            throw RasterError.encodingFailed(message: "zlib could not start a deflate stream")
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
        output.deallocate()
    }

    mutating func add(_ bytes: UnsafeMutablePointer<UInt8>, count: Int) throws(RasterError) {
        try run(bytes, count: count, flush: Z_NO_FLUSH)
    }

    /// Ends the part: the final block for the last part, a sync flush for the others.
    consuming func finish(last: Bool) throws(RasterError) -> [UInt8] {
        try run(nil, count: 0, flush: last ? Z_FINISH : Z_SYNC_FLUSH)
        return [UInt8](UnsafeBufferPointer(start: output, count: count))
    }

    private mutating func run(_ bytes: UnsafeMutablePointer<UInt8>?, count input: Int, flush: Int32) throws(RasterError) {
        stream.pointee.next_in = bytes
        stream.pointee.avail_in = UInt32(input)
        var status: Int32
        repeat {
            if capacity - count < 64 { grow() }
            stream.pointee.next_out = output + count
            stream.pointee.avail_out = UInt32(min(capacity - count, Int(UInt32.max)))
            let room = Int(stream.pointee.avail_out)
            status = deflate(stream, flush)
            count += room - Int(stream.pointee.avail_out)
            let stuck = status == Z_BUF_ERROR && flush == Z_FINISH && stream.pointee.avail_out > 0
            guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR, !stuck else {
                throw RasterError.encodingFailed(message: "zlib failed while compressing (status \(status))")
            }
        } while stream.pointee.avail_out == 0 || (flush == Z_FINISH && status != Z_STREAM_END)
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: output, count: count)
        output.deallocate()
        output = larger
        capacity *= 2
    }
}
