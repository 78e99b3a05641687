import CPNG

/// Frames compressed parts as a PNG file: signature, IHDR, one IDAT per part, IEND.
enum PNGChunks {
    /// The file, its zlib stream being the parts' raw deflate streams joined, after a zlib
    /// header and before the Adler-32 of all their filtered bytes.
    ///
    /// - Parameters:
    ///   - level, strategy: what the parts were compressed with, for the header's level hint.
    static func file(width: Int, height: Int, keepAlpha: Bool, level: Int, strategy: Int, parts: [CompressedPart]) -> [UInt8] {
        var header: [UInt8] = []
        appendBigEndian(UInt32(width), to: &header)
        appendBigEndian(UInt32(height), to: &header)
        header += [8, keepAlpha ? 6 : 2, 0, 0, 0] // 8 bits, RGBA or RGB, deflate, adaptive filtering, not interlaced
        var adler = adler32(0, nil, 0)
        // The length is a z_off_t: Int on Linux, Int64 on macOS.
        for part in parts { adler = adler32_combine(adler, part.adler, .init(part.rawCount)) }
        let total = parts.reduce(0) { $0 + $1.bytes.count + 12 } + 8 + 25 + 12 + 6
        var file: [UInt8] = []
        file.reserveCapacity(total)
        file += PNGDecoder.signature
        appendChunk("IHDR", header, to: &file)
        for (index, part) in parts.enumerated() {
            var data: [UInt8] = index == 0 ? zlibHeader(level: level, strategy: strategy) : []
            data += part.bytes
            if index == parts.count - 1 { appendBigEndian(UInt32(truncatingIfNeeded: adler), to: &data) }
            appendChunk("IDAT", data, to: &file)
        }
        appendChunk("IEND", [], to: &file)
        return file
    }

    /// The two bytes before a deflate stream: method 8 with a 32 KiB window, and the level
    /// hint zlib itself writes (0 fastest, 1 fast, 2 default, 3 smallest), checked modulo 31.
    static func zlibHeader(level: Int, strategy: Int) -> [UInt8] {
        let hint = strategy >= 2 || level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3
        let cmf = 0x78
        var flg = hint << 6
        flg += 31 - (cmf * 256 + flg) % 31
        return [UInt8(cmf), UInt8(flg)]
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        appendBigEndian(UInt32(data.count), to: &file)
        file += typeBytes
        file += data
        var crc = typeBytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, 4) }
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        appendBigEndian(UInt32(truncatingIfNeeded: crc), to: &file)
    }

    private static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
