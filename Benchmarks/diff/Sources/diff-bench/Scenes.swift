import Raster

/// Deterministic UI-like images: a window of panels, buttons, text-like strokes with
/// anti-aliased edges, and a gradient header, the kind of picture a layout renderer produces.
enum Scenes {
    /// A small deterministic generator (SplitMix64), so every run draws the same picture.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func int(_ range: Range<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    }

    static func ui(width: Int, height: Int, seed: UInt64 = 1) -> Bitmap {
        var random = Random(state: seed)
        var image = Bitmap(width: width, height: height, color: RGBA(246, 247, 249))
        // header gradient
        for y in 0..<min(64, height) {
            image.fill(PixelRect(x: 0, y: y, width: width, height: 1), with: RGBA(30, UInt8(60 + y), UInt8(120 + y)))
        }
        // cards with buttons and text lines
        var y = 80
        while y + 120 < height {
            var x = 16
            while x + 300 < width {
                image.fill(PixelRect(x: x, y: y, width: 280, height: 110), with: .white)
                image.fill(PixelRect(x: x, y: y, width: 280, height: 1), with: RGBA(220, 222, 228))
                image.fill(PixelRect(x: x + 12, y: y + 76, width: 90, height: 24), with: RGBA(0, 122, 255))
                for line in 0..<3 {
                    let length = random.int(80..<250)
                    text(&image, x: x + 12, y: y + 14 + line * 18, length: length, random: &random)
                }
                x += 300
            }
            y += 130
        }
        return image
    }

    /// Glyph-like marks: short vertical and slanted strokes with a one-pixel anti-aliased fringe.
    static func text(_ image: inout Bitmap, x: Int, y: Int, length: Int, random: inout Random) {
        var cx = x
        while cx < x + length {
            let height = random.int(7..<12)
            let top = y + 12 - height
            image.fill(PixelRect(x: cx, y: top, width: 1, height: height), with: RGBA(40, 40, 48))
            image.fill(PixelRect(x: cx + 1, y: top, width: 1, height: height), with: RGBA(150, 150, 156))
            if random.int(0..<3) == 0 {
                image.fill(PixelRect(x: cx - 1, y: top + 2, width: 1, height: height - 2), with: RGBA(200, 200, 204))
            }
            cx += random.int(4..<8)
        }
    }

    /// The same picture with a few small changes: a moved button, an edited word, a recoloured dot.
    static func sparseChange(of image: Bitmap) -> Bitmap {
        var changed = image
        changed.fill(PixelRect(x: 29, y: 156, width: 90, height: 24), with: RGBA(246, 247, 249))
        changed.fill(PixelRect(x: 30, y: 157, width: 90, height: 24), with: RGBA(0, 122, 255))
        changed.fill(PixelRect(x: image.width / 2, y: image.height / 2, width: 40, height: 10), with: RGBA(40, 40, 48))
        changed.fill(PixelRect(x: image.width - 200, y: image.height - 300, width: 6, height: 6), with: RGBA(255, 59, 48))
        changed.fill(PixelRect(x: 500, y: 3000 % max(image.height - 10, 1), width: 20, height: 3), with: RGBA(0, 0, 0))
        return changed
    }

    /// Everything moved one pixel to the right: almost every edge differs (a dense pair).
    static func shifted(_ image: Bitmap) -> Bitmap {
        var shifted = image
        shifted.draw(image, atX: 1, y: 0)
        return shifted
    }
}
