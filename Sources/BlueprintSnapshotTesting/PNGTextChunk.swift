/// A PNG `tEXt` chunk: the solved frames travel inside the reference image, so that a failing
/// comparison can say which frames moved even though swift-snapshot-testing hands the strategy
/// nothing but the two images. Every PNG reader ignores the chunk.
enum PNGTextChunk {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// `png` with a `tEXt` chunk of `keyword` and `text` right after the header chunk.
    /// - Precondition: `png` starts with the PNG signature and its `IHDR` chunk (13 bytes of data),
    ///   as every PNG does; the text is Latin-1 as the chunk requires (the frames are ASCII JSON
    ///   with every other character escaped).
    static func inserting(keyword: String, text: String, into png: [UInt8]) -> [UInt8] {
        let headerEnd = 8 + 4 + 4 + 13 + 4
        guard png.count >= headerEnd, Array(png[0..<8]) == signature else { return png }
        var body = Array("tEXt".utf8) + Array(keyword.utf8) + [0]
        body += text.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") }
        var chunk = bigEndian(UInt32(body.count - 4))
        chunk += body
        chunk += bigEndian(crc32(body))
        return Array(png[0..<headerEnd]) + chunk + Array(png[headerEnd...])
    }

    /// The text of the first `tEXt` chunk with `keyword`, if any (chunks with a wrong CRC or
    /// running past the end are not read).
    static func text(keyword: String, in png: [UInt8]) -> String? {
        guard png.count > 8, Array(png[0..<8]) == signature else { return nil }
        var offset = 8
        let key = Array(keyword.utf8) + [0]
        while offset + 12 <= png.count {
            let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
            let typeStart = offset + 4, dataStart = offset + 8, dataEnd = dataStart + length
            guard length >= 0, dataEnd + 4 <= png.count else { return nil }
            let type = String(decoding: png[typeStart..<dataStart], as: UTF8.self)
            if type == "IDAT" || type == "IEND" { return nil }
            if type == "tEXt", length >= key.count, Array(png[dataStart..<(dataStart + key.count)]) == key {
                let stored = UInt32(png[dataEnd]) << 24 | UInt32(png[dataEnd + 1]) << 16 | UInt32(png[dataEnd + 2]) << 8 | UInt32(png[dataEnd + 3])
                guard stored == crc32(Array(png[typeStart..<dataEnd])) else { return nil }
                return String(png[(dataStart + key.count)..<dataEnd].map { Character(Unicode.Scalar($0)) })
            }
            offset = dataEnd + 4
        }
        return nil
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// The CRC-32 of PNG chunks (ISO 3309, reflected polynomial 0xEDB88320).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }
}
