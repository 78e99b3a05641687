import CPNG

/// Reads PNG data through libpng's simplified `png_image` API, except the commonest files
/// (8-bit RGB or RGBA, as Raster and cairo write them), which `PNGPlainDecoder` reads faster
/// to the same pixels (`isPlain`).
///
/// Every PNG flavour libpng knows decodes to 8-bit RGBA: RGB and RGBA, gray and gray+alpha,
/// palette (with or without transparency), 1/2/4/16 bits per sample, interlaced or not.
/// 16-bit files without colour information are taken as sRGB, like their 8-bit siblings, so
/// `v * 257` decodes to `v`.
enum PNGDecoder {
    /// The eight bytes every PNG file starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Decodes PNG bytes.
    ///
    /// - Parameters:
    ///   - data: the whole PNG stream.
    ///   - path: the file it came from, for error messages.
    ///   - maximumPixelCount: the largest `width * height` accepted; checked against the header
    ///     before any pixel memory is allocated (a decompression bomb is refused cheaply).
    /// - Throws: `RasterError.emptyFile`, `.unreadablePNG` with libpng's message, `.imageTooLarge`,
    ///   `.sideTooLong`.
    ///   - keep: keep only this top-left part of the image (every row is still decoded and
    ///     checked: the same errors as a whole decode); the plain reader stores no more.
    static func decode(_ data: UnsafeRawBufferPointer, path: String?, maximumPixelCount: Int, keep: PixelSize? = nil) throws -> Bitmap {
        var image: Bitmap
        do {
            image = try decodePixels(data, path: path, maximumPixelCount: maximumPixelCount, keep: keep)
            if let keep, image.width > keep.width || image.height > keep.height {
                image = image.cropped(to: PixelRect(x: 0, y: 0, width: keep.width, height: keep.height))
            }
        } catch RasterError.unreadablePNG(path, "read beyond end of data") {
            // libpng's words (and the plain reader's) for a file cut short: said where it ends.
            throw RasterError.unreadablePNG(path: path, message: truncation(data) ?? "read beyond end of data")
        }
        try checkEnd(data, path: path)
        return image
    }

    /// Where a file cut short ends, in the words of the other "truncated PNG: …" messages: in
    /// which chunk (its data or its CRC), or after the last whole chunk with no IEND; nil when
    /// the chunks run whole to an IEND.
    static func truncation(_ data: UnsafeRawBufferPointer) -> String? {
        var offset = 8
        while offset < data.count {
            guard offset + 8 <= data.count else {
                return "truncated PNG: the file ends inside a chunk's length and type (\(data.count - offset) of their 8 bytes follow the last whole chunk)"
            }
            let length = (0..<4).reduce(0) { $0 << 8 | Int(data[offset + $1]) }
            let type = String(decoding: data[offset + 4..<offset + 8].map { $0 >= 0x20 && $0 < 0x7F ? $0 : 0x3F }, as: UTF8.self)
            if let message = chunkEnd(type: type, length: length, follow: data.count - offset - 8) { return message }
            if type == "IEND" { return nil }
            offset += 12 + length
        }
        return offset == 8 ? "truncated PNG: the file ends after its signature, with no IHDR chunk" : "truncated PNG: no IEND chunk (the file ends early)"
    }

    /// Why a chunk of `length` bytes, with `follow` bytes of the file after its length and
    /// type, is cut short (in its data, or in its CRC), or nil when it is whole.
    static func chunkEnd(type: String, length: Int, follow: Int) -> String? {
        if length > follow {
            return "truncated PNG: the file ends inside its \(type) chunk (it claims \(length) bytes, \(follow) follow)"
        }
        if length + 4 > follow {
            return "truncated PNG: the file ends inside the CRC of its \(type) chunk (its \(length) bytes are there, then \(follow - length) of the CRC's 4)"
        }
        return nil
    }

    /// Refuses a file whose pixels decoded but which ends early: the chunks after the image
    /// data must run whole to an IEND with its CRC right (libpng's readers stop at the last
    /// row, so a golden copied in part, or cut by a full disk, compared as whole).
    static func checkEnd(_ data: UnsafeRawBufferPointer, path: String?) throws {
        var offset = 8
        while offset + 8 <= data.count {
            let length = (0..<4).reduce(0) { $0 << 8 | Int(data[offset + $1]) }
            guard length <= data.count - offset - 12 else {
                let type = String(decoding: data[offset + 4..<offset + 8].map { $0 >= 0x20 && $0 < 0x7F ? $0 : 0x3F }, as: UTF8.self)
                throw RasterError.unreadablePNG(path: path, message: "truncated PNG: the file ends inside its \(type) chunk")
            }
            if data[offset + 4] == 0x49, data[offset + 5] == 0x45, data[offset + 6] == 0x4E, data[offset + 7] == 0x44 {   // IEND
                let covered = UnsafeRawBufferPointer(rebasing: data[offset + 4..<offset + 8 + length])
                let stored = (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(data[offset + 8 + length + $1]) }
                guard UInt(stored) == crc32(0, covered.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt32(covered.count)) else {
                    throw RasterError.unreadablePNG(path: path, message: "IEND: CRC error")
                }
                return
            }
            offset += 12 + length
        }
        throw RasterError.unreadablePNG(path: path, message: "truncated PNG: no IEND chunk (the file ends early)")
    }

    /// The chunks before the image data that make libpng convert colours (gAMA, cHRM, sRGB,
    /// iCCP), by byte range, read in one walk that also refuses a chunk whose length runs past
    /// the end of the file: libpng allocates a chunk's whole declared length before reading
    /// it, so a 44-byte file whose `tEXt` claims 2 GB cost 2 GB of memory before it failed.
    static func headerChunks(_ data: UnsafeRawBufferPointer, path: String?) throws -> [Range<Int>] {
        var colour: [Range<Int>] = []
        var offset = 8
        while offset + 8 <= data.count {
            let length = (0..<4).reduce(0) { $0 << 8 | Int(data[offset + $1]) }
            let type = String(decoding: data[offset + 4..<offset + 8].map { $0 >= 0x20 && $0 < 0x7F ? $0 : 0x3F }, as: UTF8.self)
            // libpng: "PNG unsigned integer out of range".
            guard length <= 0x7FFF_FFFF else {
                throw RasterError.unreadablePNG(
                    path: path, message: "the \(type) chunk claims \(length) bytes, more than a PNG chunk may hold (2147483647)")
            }
            if type == "IDAT" || type == "IEND" { break }
            if let message = chunkEnd(type: type, length: length, follow: data.count - offset - 8) {
                throw RasterError.unreadablePNG(path: path, message: message)
            }
            if ["gAMA", "cHRM", "sRGB", "iCCP"].contains(type) { colour.append(offset..<offset + 12 + length) }
            offset += 12 + length
        }
        return colour
    }

    /// `data` without the byte ranges `drop` (in order).
    static func removing(_ drop: [Range<Int>], from data: UnsafeRawBufferPointer) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(data.count)
        var at = 0
        for r in drop {
            out.append(contentsOf: data[at..<r.lowerBound])
            at = r.upperBound
        }
        out.append(contentsOf: data[at...])
        return out
    }

    private static func decodePixels(_ data: UnsafeRawBufferPointer, path: String?, maximumPixelCount: Int, keep: PixelSize?) throws -> Bitmap {
        guard data.count > 0 else { throw RasterError.emptyFile(path: path) }
        // libpng says "read beyond end of data" for a file shorter than the signature.
        guard data.count >= 8, data.prefix(8).elementsEqual(signature) else {
            throw RasterError.unreadablePNG(path: path, message: "Not a PNG file")
        }
        // Colours are compared as stored, as pixelmatch (through pngjs) and browsers' canvas
        // diffs take them: a gAMA (or cHRM, sRGB, iCCP) chunk does not change the pixels read.
        if let message = truncation(data), data.count < 8 + 12 + 13 {
            throw RasterError.unreadablePNG(path: path, message: message)   // no whole IHDR
        }
        let colour = try headerChunks(data, path: path)
        if let reason = headerProblem(data) {
            throw RasterError.unreadablePNG(path: path, message: "Invalid IHDR data: " + reason)
        }
        if !colour.isEmpty {
            return try removing(colour, from: data).withUnsafeBytes { try decodePixels($0, path: path, maximumPixelCount: maximumPixelCount, keep: keep) }
        }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_memory(&image, data.baseAddress, data.count) != 0 else {
            let text = message(of: &image)
            // libpng says only "Invalid IHDR data"; the commonest reasons are said here.
            if text == "Invalid IHDR data", let (w, h) = headerSize(data) {
                if w == 0 || h == 0 {
                    throw RasterError.unreadablePNG(path: path, message: "Invalid IHDR data: a \(w)x\(h) image has no pixels")
                }
                if w > 0x7FFF_FFFF || h > 0x7FFF_FFFF {
                    throw RasterError.unreadablePNG(path: path, message: "Invalid IHDR data: \(w)x\(h) is past PNG's largest side, 2147483647")
                }
                if w * h > maximumPixelCount {
                    throw RasterError.imageTooLarge(path: path, width: w, height: h, limit: maximumPixelCount)
                }
                // No more pixels than the limit, but a side past libpng's (1x268435456 was said
                // to be more than the limit of 268435456 pixels).
                if w > PNG.maximumSide || h > PNG.maximumSide {
                    throw RasterError.sideTooLong(path: path, width: w, height: h, limit: PNG.maximumSide)
                }
            }
            throw RasterError.unreadablePNG(path: path, message: text)
        }
        // From here on libpng holds memory in `image.opaque`; png_image_finish_read frees it
        // on success and on failure, png_image_free frees it when we stop early.
        let width = Int(image.width), height = Int(image.height)
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= maximumPixelCount else {
            png_image_free(&image)
            throw RasterError.imageTooLarge(path: path, width: width, height: height, limit: maximumPixelCount)
        }
        if let message = tooLittleData(data, width: width, height: height) {
            png_image_free(&image)
            throw RasterError.unreadablePNG(path: path, message: message)
        }
        if let message = PNGPaletteCheck.problem(data, width: width, height: height) {
            png_image_free(&image)
            throw RasterError.unreadablePNG(path: path, message: message)
        }
        if isSixteenBitInterlaced(data) {
            png_image_free(&image)
            return try decodeClassic(data, width: width, height: height, path: path)
        }
        if isPlain(data) {
            png_image_free(&image)
            return try PNGPlainDecoder.decode(data, width: width, height: height, path: path, keep: keep)
        }
        image.format = CPNG_FORMAT_RGBA
        image.flags |= png_uint_32(PNG_IMAGE_FLAG_16BIT_sRGB)
        var succeeded = false
        let bytes = PixelStorage.makeOrEmpty(byteCount: pixels * 4, { buffer in
            // On failure libpng has written part of the rows: the array is left empty.
            succeeded = png_image_finish_read(&image, nil, buffer.baseAddress, 0, nil) != 0
            return succeeded
        })
        guard succeeded else {
            throw RasterError.unreadablePNG(path: path, message: message(of: &image))
        }
        return try Bitmap(width: width, height: height, bytes: bytes)
    }

    /// What is wrong with the fields of an IHDR chunk at byte 8, in a user's terms (libpng says
    /// only "Invalid IHDR data", or "PNG unsigned integer out of range" for a side past
    /// 2³¹ − 1): which field, its value, and what PNG allows. Nil when they are fine, or when
    /// there is no whole IHDR there (libpng says so).
    static func headerProblem(_ data: UnsafeRawBufferPointer) -> String? {
        guard data.count >= 8 + 8 + 13, let (w, h) = headerSize(data),
              (0..<4).reduce(0, { $0 << 8 | Int(data[8 + $1]) }) == 13 else { return nil }
        if w == 0 || h == 0 { return "a \(w)x\(h) image has no pixels" }
        if w > 0x7FFF_FFFF || h > 0x7FFF_FFFF { return "\(w)x\(h) is past PNG's largest side, 2147483647" }
        let depth = Int(data[24]), colourType = Int(data[25])
        let types: [Int: (name: String, depths: [Int])] = [
            0: ("grey", [1, 2, 4, 8, 16]), 2: ("RGB", [8, 16]), 3: ("palette", [1, 2, 4, 8]),
            4: ("grey and alpha", [8, 16]), 6: ("RGBA", [8, 16]),
        ]
        guard let type = types[colourType] else {
            return "colour type \(colourType) is not one of PNG's: 0 (grey), 2 (RGB), 3 (palette), 4 (grey and alpha) or 6 (RGBA)"
        }
        guard type.depths.contains(depth) else {
            let allowed = type.depths.map(String.init)
            return "bit depth \(depth) is not one colour type \(colourType) (\(type.name)) has: "
                + allowed.dropLast().joined(separator: ", ") + " or " + allowed.last!
        }
        if data[26] != 0 { return "compression method \(data[26]) is not PNG's only one, 0 (deflate)" }
        if data[27] != 0 { return "filter method \(data[27]) is not PNG's only one, 0 (adaptive)" }
        if data[28] > 1 { return "interlace method \(data[28]) is not 0 (none) or 1 (Adam7)" }
        return nil
    }

    /// deflate inflates at most 1032 bytes from one (zlib's "maximum compression factor").
    static let largestInflation = 1032

    /// Why the image data cannot hold the image the header declares, or nil when it may: its
    /// rows take more bytes than the IDAT chunks could inflate to. Said before the pixels are
    /// allocated, so a header claiming 16384 × 16384 over a hundred bytes of data is refused
    /// at once (it took 1 GB and 4.3 s to say "Not enough image data").
    static func tooLittleData(_ data: UnsafeRawBufferPointer, width: Int, height: Int) -> String? {
        let depth = Int(data[24]), colourType = Int(data[25])
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colourType] ?? 4
        let rowBytes = (width * channels * depth + 7) / 8
        let (needed, overflow) = rowBytes.multipliedReportingOverflow(by: height)
        guard !overflow else { return nil }
        var compressed = 0, offset = 8
        while offset + 8 <= data.count {
            let length = (0..<4).reduce(0) { $0 << 8 | Int(data[offset + $1]) }
            if data[offset + 4] == 0x49, data[offset + 5] == 0x44, data[offset + 6] == 0x41, data[offset + 7] == 0x54 {   // IDAT
                compressed += min(length, data.count - offset - 8)
            }
            offset += 12 + length
        }
        guard compressed * largestInflation < needed else { return nil }
        let kind = [0: "grey", 2: "RGB", 3: "palette", 4: "grey and alpha", 6: "RGBA"][colourType] ?? "colour type \(colourType)"
        return "Not enough image data: a \(width)x\(height) \(depth)-bit \(kind) image takes at least \(needed) bytes, "
            + "more than the \(compressed) bytes of its IDAT chunks could hold (deflate inflates at most \(largestInflation) to 1)"
    }

    /// The width and height an IHDR chunk at byte 8 declares, or nil when there is none.
    static func headerSize(_ data: UnsafeRawBufferPointer) -> (Int, Int)? {
        guard data.count >= 24, data[12] == 0x49, data[13] == 0x48, data[14] == 0x44, data[15] == 0x52 else { return nil }
        func word(_ at: Int) -> Int { (0..<4).reduce(0) { $0 << 8 | Int(data[at + $1]) } }
        return (word(16), word(20))
    }

    /// Whether the header (which libpng has already validated, so IHDR sits at byte 8) says
    /// 16 bits per sample and Adam7 interlacing: libpng 1.6.39's simplified API loses rows of
    /// such files when it scales them to 8 bits, so they go through `cpng_decode_classic`.
    private static func isSixteenBitInterlaced(_ data: UnsafeRawBufferPointer) -> Bool {
        data.count > 28 && data[24] == 16 && data[28] == 1
    }

    /// Chunks that change nothing in an 8-bit RGB or RGBA file's pixels as the simplified API
    /// decodes them (colour-space chunks such as gAMA or iCCP, and tRNS, do).
    static let plainChunks: Set<String> = ["IHDR", "sRGB", "pHYs", "tEXt", "zTXt", "iTXt", "tIME"]

    /// Whether the file is 8-bit RGB or RGBA, not interlaced, with nothing but `plainChunks`
    /// before its first IDAT: then `PNGPlainDecoder` reads it, with the same pixels and the
    /// same messages as libpng, in well under half the time. libpng has validated the header.
    static func isPlain(_ data: UnsafeRawBufferPointer) -> Bool {
        guard data.count > 33, data[24] == 8, data[25] == 2 || data[25] == 6, data[28] == 0 else { return false }
        var offset = 8
        while offset + 8 <= data.count {
            let length = (0..<4).reduce(0) { $0 << 8 | Int(data[offset + $1]) }
            let type = String(decoding: UnsafeRawBufferPointer(rebasing: data[offset + 4..<offset + 8]), as: UTF8.self)
            if type == "IDAT" { return true }
            guard plainChunks.contains(type), length <= data.count - offset - 12 else { return false }
            offset += 12 + length
        }
        return false
    }

    private static func decodeClassic(_ data: UnsafeRawBufferPointer, width: Int, height: Int, path: String?) throws -> Bitmap {
        var message = [CChar](repeating: 0, count: 256)
        var status: Int32 = 1
        let bytes = PixelStorage.make(byteCount: width * height * 4) { buffer in
            buffer.initializeMemory(as: UInt8.self, repeating: 0)
            status = cpng_decode_classic(data.baseAddress!.assumingMemoryBound(to: UInt8.self), data.count,
                                         png_uint_32(width), png_uint_32(height),
                                         buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), &message, message.count)
        }
        guard status == 0 else {
            let end = message.firstIndex(of: 0) ?? message.count
            let text = String(decoding: message[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw RasterError.unreadablePNG(path: path, message: text)
        }
        return try Bitmap(width: width, height: height, bytes: bytes)
    }

    /// libpng's message, stored in the struct as a fixed-size C string.
    private static func message(of image: inout png_image) -> String {
        let text = withUnsafeBytes(of: &image.message) { raw -> String in
            let bytes = raw.bindMemory(to: UInt8.self)
            let end = bytes.firstIndex(of: 0) ?? bytes.count
            return String(decoding: bytes[..<end], as: UTF8.self)
        }
        return text.isEmpty ? "unknown libpng error" : text
    }
}
