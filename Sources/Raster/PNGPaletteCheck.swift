import CPNG

/// Pixels whose palette index is past the end of the file's palette (a PLTE of one colour, and
/// indices up to 255). libpng pads the palette with opaque black and reads them silently;
/// pixelmatch's reader, pngjs, refuses such a file ("index 255 not in palette"), and so does
/// this one, saying which pixel and what the palette holds: a golden whose pixels have no
/// colour is not compared as black.
enum PNGPaletteCheck {
    /// Adam7's passes: the first column and row of each, and its steps.
    static let adam7: [(x: Int, y: Int, dx: Int, dy: Int)] = [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
    ]

    /// Why a palette image (colour type 3, its header valid) cannot be read, or nil when every
    /// index is in its palette, or when it is no palette image, or when its data is damaged
    /// (the decode that follows says how, in libpng's words).
    static func problem(_ data: UnsafeRawBufferPointer, width: Int, height: Int) -> String? {
        guard data.count > 28, data[25] == 3 else { return nil }
        let depth = Int(data[24]), interlaced = data[28] == 1
        var entries: Int?
        var offset = 8
        while offset + 8 <= data.count {
            let length = (0..<4).reduce(0) { $0 << 8 | Int(data[offset + $1]) }
            if data[offset + 4] == 0x50, data[offset + 5] == 0x4C, data[offset + 6] == 0x54, data[offset + 7] == 0x45 {   // PLTE
                entries = length / 3
                break
            }
            offset += 12 + length
        }
        // Without a palette libpng says so; with a full one no index can be past it.
        guard let entries, entries < 1 << depth, let pieces = try? PNGPlainDecoder.imageData(data, path: nil) else { return nil }
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        defer { stream.deallocate() }
        guard cpng_inflate_init_raw(stream) == Z_OK else { return nil }
        defer { inflateEnd(stream) }
        var input = InflateInput(pieces: pieces, stream: stream)
        let widest = (width * depth + 7) / 8
        let filtered = UnsafeMutablePointer<UInt8>.allocate(capacity: widest + 1)
        let previous = UnsafeMutablePointer<UInt8>.allocate(capacity: widest)
        let current = UnsafeMutablePointer<UInt8>.allocate(capacity: widest)
        defer { filtered.deallocate(); previous.deallocate(); current.deallocate() }
        for pass in interlaced ? adam7 : [(0, 0, 1, 1)] {
            let w = width > pass.x ? (width - pass.x + pass.dx - 1) / pass.dx : 0
            let h = height > pass.y ? (height - pass.y + pass.dy - 1) / pass.dy : 0
            guard w > 0, h > 0 else { continue }
            let rowBytes = (w * depth + 7) / 8
            previous.initialize(repeating: 0, count: rowBytes)
            var rows = (previous, current)
            for y in 0..<h {
                guard input.inflate(into: filtered, count: rowBytes + 1) == nil, filtered[0] <= 4 else { return nil }
                let (above, this) = rows
                PNGFilter.undo(filtered[0], row: filtered + 1, above: above, into: this, count: rowBytes, bytesPerPixel: 1)
                for x in 0..<w {
                    let bit = x * depth
                    let index = Int(this[bit >> 3] >> (8 - depth - bit & 7)) & (1 << depth - 1)
                    if index >= entries {
                        let colours = entries == 1 ? "1 colour" : "\(entries) colours"
                        return "pixel (\(pass.x + x * pass.dx), \(pass.y + y * pass.dy)) has palette index \(index), "
                            + "past the palette's \(colours) (indices 0 to \(entries - 1)): it has no colour "
                            + "(pixelmatch's reader, pngjs, refuses it too; libpng would draw it black)"
                    }
                }
                rows = (this, above)
            }
        }
        return nil
    }
}
