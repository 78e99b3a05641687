import CPNG

/// Raster's own reader for the commonest PNG files: 8-bit RGB or RGBA, not interlaced, with no
/// chunk that changes colours (`PNGDecoder.isPlain` decides). Every other file goes through
/// libpng.
///
/// The chunks' CRC-32s are checked, the IDAT data is inflated (zlib, raw, with Raster's own
/// Adler-32 checked at the stream's end, as libpng's zlib does) a row at a time, each row is
/// unfiltered and written straight into the bitmap. libpng 1.6 unfilters the up filter, the
/// one Raster's `.fast` writes, a byte at a time; here it is a loop the compiler vectorises.
/// Same pixels as libpng, and libpng's messages for the same faults.
enum PNGPlainDecoder {
    /// Decodes `data`, whose header `PNGDecoder.isPlain` accepted and libpng validated.
    ///
    /// - Parameter keep: keep only this top-left part of the image (a diff of two images of
    ///   other sizes compares their overlap alone): every row is still inflated and checked
    ///   (the same errors as a whole decode), but only the kept pixels are stored, so a 16384 ×
    ///   16384 file of zeros compared with a small image no longer takes a gigabyte.
    static func decode(_ data: UnsafeRawBufferPointer, width: Int, height: Int, path: String?, keep: PixelSize? = nil) throws -> Bitmap {
        let channels = data[25] == 6 ? 4 : 3
        let keptWidth = min(keep?.width ?? width, width), keptHeight = min(keep?.height ?? height, height)
        let idat = try imageData(data, path: path)
        let rowBytes = width * channels
        let previous = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)
        let current = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)
        let filtered = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes + 1)
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        previous.initialize(repeating: 0, count: rowBytes)
        defer { previous.deallocate(); current.deallocate(); filtered.deallocate(); stream.deallocate() }
        guard cpng_inflate_init_raw(stream) == Z_OK else {
            throw RasterError.unreadablePNG(path: path, message: "zlib could not start inflating")
        }
        defer { inflateEnd(stream) }
        var failure: RasterError?
        // A failed decode leaves the array empty: the rows it did not reach are never touched.
        let bytes = PixelStorage.makeOrEmpty(byteCount: keptWidth * keptHeight * 4, { buffer in
            guard let base = buffer.baseAddress else { return true }
            let pixels = base.assumingMemoryBound(to: UInt32.self)
            var input = InflateInput(pieces: idat, stream: stream)
            var rows = (previous, current)
            var adler: UInt32 = 1
            for y in 0..<height {
                if let error = input.inflate(into: filtered, count: rowBytes + 1) {
                    failure = .unreadablePNG(path: path, message: error)
                    break
                }
                adler = Adler32.update(adler, filtered, count: rowBytes + 1)
                guard filtered[0] <= 4 else {
                    failure = .unreadablePNG(path: path, message: "bad adaptive filter value")
                    break
                }
                guard y < keptHeight else { continue }   // checked, not kept
                let (above, this) = rows
                PNGFilter.undo(filtered[0], row: filtered + 1, above: above, into: this, count: rowBytes, bytesPerPixel: channels)
                expand(this, channels: channels, width: keptWidth, into: pixels + y * keptWidth)
                rows = (this, above)
            }
            if failure == nil, let error = input.finish(adler: adler, scratch: filtered, count: rowBytes + 1) {
                failure = .unreadablePNG(path: path, message: error)
            }
            return failure == nil
        })
        if let failure { throw failure }
        return try Bitmap(width: keptWidth, height: keptHeight, bytes: bytes)
    }

    /// The data of the consecutive IDAT chunks, without the two-byte zlib header, each
    /// chunk's CRC checked. Chunks after the image data are not read (as libpng's simplified
    /// API does not read them).
    static func imageData(_ data: UnsafeRawBufferPointer, path: String?) throws -> [UnsafeRawBufferPointer] {
        var pieces: [UnsafeRawBufferPointer] = []
        var offset = 8
        while offset + 8 <= data.count {
            let length = (0..<4).reduce(0) { $0 << 8 | Int(data[offset + $1]) }
            let isIDAT = data[offset + 4] == 0x49 && data[offset + 5] == 0x44 && data[offset + 6] == 0x41 && data[offset + 7] == 0x54
            if !isIDAT && !pieces.isEmpty { break }
            // A chunk that runs past the end of the file: libpng reads up to there and stops.
            guard length <= data.count - offset - 12 else {
                throw RasterError.unreadablePNG(path: path, message: "read beyond end of data")
            }
            if isIDAT {
                let covered = UnsafeRawBufferPointer(rebasing: data[offset + 4..<offset + 8 + length])
                let stored = (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(data[offset + 8 + length + $1]) }
                let computed = crc32(0, covered.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt32(covered.count))
                guard UInt(stored) == computed else { throw RasterError.unreadablePNG(path: path, message: "IDAT: CRC error") }
                pieces.append(UnsafeRawBufferPointer(rebasing: data[offset + 8..<offset + 8 + length]))
            }
            offset += 12 + length
        }
        guard !pieces.isEmpty else { throw RasterError.unreadablePNG(path: path, message: "read beyond end of data") }
        // The zlib header: deflate with a window of at most 32 KiB, no preset dictionary.
        var header: [UInt8] = []
        for piece in pieces where header.count < 2 { header += piece.prefix(2 - header.count) }
        guard header.count == 2 else { throw RasterError.unreadablePNG(path: path, message: "Not enough image data") }
        let cmf = Int(header[0]), flg = Int(header[1])
        guard cmf & 0x0F == 8, cmf >> 4 <= 7, (cmf * 256 + flg) % 31 == 0, flg & 0x20 == 0 else {
            throw RasterError.unreadablePNG(path: path, message: "IDAT: incorrect header check")
        }
        var skip = 2
        return pieces.compactMap { piece in
            let dropped = min(skip, piece.count)
            skip -= dropped
            return piece.count > dropped ? UnsafeRawBufferPointer(rebasing: piece[dropped...]) : nil
        }
    }

    /// A row's bytes as packed RGBA pixels.
    @inline(__always)
    private static func expand(_ row: UnsafeMutablePointer<UInt8>, channels: Int, width: Int, into pixels: UnsafeMutablePointer<UInt32>) {
        if channels == 4 {
            UnsafeMutableRawPointer(pixels).copyMemory(from: row, byteCount: width * 4)
            return
        }
        var x = 0, i = 0
        while x < width {
            pixels[x] = UInt32(row[i]) | UInt32(row[i &+ 1]) << 8 | UInt32(row[i &+ 2]) << 16 | 0xFF00_0000
            x &+= 1
            i &+= 3
        }
    }
}

/// Feeds the IDAT pieces to a raw inflate stream and takes its output a row at a time.
struct InflateInput {
    let pieces: [UnsafeRawBufferPointer]
    let stream: UnsafeMutablePointer<z_stream>
    var next = 0

    /// Inflates exactly `count` bytes into `output`; zlib's or libpng's message on failure.
    mutating func inflate(into output: UnsafeMutablePointer<UInt8>, count: Int) -> String? {
        stream.pointee.next_out = output
        stream.pointee.avail_out = UInt32(count)
        while stream.pointee.avail_out > 0 {
            guard feed() else { return "Not enough image data" }
            let status = CPNG.inflate(stream, Z_NO_FLUSH)
            if status == Z_STREAM_END && stream.pointee.avail_out > 0 { return "Not enough image data" }
            if let error = failure(status) { return error }
        }
        return nil
    }

    /// Gives the stream the next piece when it has read the last; false when none is left.
    private mutating func feed() -> Bool {
        guard stream.pointee.avail_in == 0 else { return true }
        guard next < pieces.count else { return false }
        let piece = pieces[next]
        next += 1
        stream.pointee.next_in = UnsafeMutablePointer(mutating: piece.baseAddress!.assumingMemoryBound(to: UInt8.self))
        stream.pointee.avail_in = UInt32(piece.count)
        return true
    }

    /// zlib's message for a status that is not progress, as libpng prefixes it.
    private func failure(_ status: Int32) -> String? {
        guard status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR else { return nil }
        return "IDAT: " + (stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(status)")
    }

    /// After the last row: inflates what is left of the stream (data past the image is
    /// accepted and dropped, as libpng does) and checks the Adler-32 that follows it against
    /// `adler`, the checksum of everything inflated. libpng's messages: a stream that stops
    /// early is "Not enough image data", a wrong checksum "IDAT: incorrect data check".
    mutating func finish(adler: UInt32, scratch: UnsafeMutablePointer<UInt8>, count: Int) -> String? {
        var adler = adler
        while true {
            guard feed() else { return "Not enough image data" }
            stream.pointee.next_out = scratch
            stream.pointee.avail_out = UInt32(count)
            let status = CPNG.inflate(stream, Z_NO_FLUSH)
            let made = count - Int(stream.pointee.avail_out)
            if made > 0 { adler = Adler32.update(adler, scratch, count: made) }
            if status == Z_STREAM_END { break }
            if let error = failure(status) { return error }
        }
        // The four bytes after the deflate data, which may straddle IDAT chunks.
        var stored: UInt32 = 0, have = 0
        var rest = UnsafeRawBufferPointer(start: stream.pointee.next_in, count: Int(stream.pointee.avail_in))
        while have < 4 {
            if rest.isEmpty {
                guard next < pieces.count else { return "Not enough image data" }
                rest = pieces[next]
                next += 1
                continue
            }
            stored = stored << 8 | UInt32(rest[0])
            rest = UnsafeRawBufferPointer(rebasing: rest[1...])
            have += 1
        }
        return stored == adler ? nil : "IDAT: incorrect data check"
    }
}
