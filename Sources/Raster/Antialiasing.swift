/// pixelmatch's anti-aliasing detector (Vyšniauskas, "Anti-aliased Pixel and Intensity Slope
/// Detector", 2009), over packed RGBA pixels.
///
/// A pixel is taken as anti-aliasing when, among its (up to) 8 neighbours, at most two equal
/// it in brightness, there is both a darker and a brighter one, and the darkest or the
/// brightest of them has 3 or more identical siblings in both images (it sits in a flat area,
/// so the pixel is a transition between two flat areas). The neighbour order (column by
/// column) and the strict comparisons decide which neighbour is "the darkest" on ties; they
/// follow pixelmatch exactly, because they change the counts. Brightness deltas are those of
/// pixelmatch 7 (`YIQ.brightnessDelta`): channel differences first, semi-transparent pixels
/// blended over the centre pixel's backdrop.
struct AntialiasingDetector {
    let width: Int
    let height: Int
    /// Blend semi-transparent pixels over pixelmatch 7's checkerboard (else over white).
    let checkerboard: Bool

    /// Whether the pixel at (x1, y1) of `image` looks like anti-aliasing.
    ///
    /// - Parameters:
    ///   - image: the image the pixel belongs to.
    ///   - other: the other image of the pair (siblings must be flat in both).
    @inline(__always)
    func isAntialiased(_ image: UnsafePointer<UInt32>, _ other: UnsafePointer<UInt32>, x x1: Int, y y1: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let centerIndex = y1 &* width &+ x1
        let center = image[centerIndex]
        // Opaque pixels (the usual case) need neither the backdrop nor the alpha blend: only
        // the integer channel differences, weighed as pixelmatch weighs them.
        let centerOpaque = center >> 24 == 255
        let cr = Int(center & 0xFF), cg = Int((center >> 8) & 0xFF), cb = Int((center >> 16) & 0xFF)
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var minDelta = 0.0, maxDelta = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        var x = x0
        while x <= x2 {
            var y = y0
            while y <= y2 {
                if x != x1 || y != y1 {
                    let neighbour = image[y &* width &+ x]
                    let delta: Double
                    if neighbour == center {
                        delta = 0
                    } else if centerOpaque && neighbour >> 24 == 255 {
                        delta = YIQ.y(Double(cr &- Int(neighbour & 0xFF)), Double(cg &- Int((neighbour >> 8) & 0xFF)),
                                      Double(cb &- Int((neighbour >> 16) & 0xFF)))
                    } else {
                        delta = YIQ.brightnessDelta(center, neighbour, index: centerIndex, checkerboard: checkerboard)
                    }
                    if delta == 0 {
                        zeroes &+= 1
                        // More than two equal siblings: a flat area, not anti-aliasing.
                        if zeroes > 2 { return false }
                    } else if delta < minDelta {
                        minDelta = delta
                        minX = x
                        minY = y
                    } else if delta > maxDelta {
                        maxDelta = delta
                        maxX = x
                        maxY = y
                    }
                }
                y &+= 1
            }
            x &+= 1
        }
        // Anti-aliasing sits between a darker and a brighter neighbour.
        if minDelta == 0 || maxDelta == 0 { return false }
        return (hasManySiblings(image, x: minX, y: minY) && hasManySiblings(other, x: minX, y: minY))
            || (hasManySiblings(image, x: maxX, y: maxY) && hasManySiblings(other, x: maxX, y: maxY))
    }

    /// Whether the pixel at (x1, y1) has 3 or more identical neighbours (a pixel on the
    /// image's edge counts as having one already, as in pixelmatch).
    @inline(__always)
    func hasManySiblings(_ image: UnsafePointer<UInt32>, x x1: Int, y y1: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let value = image[y1 &* width &+ x1]
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var x = x0
        while x <= x2 {
            var y = y0
            while y <= y2 {
                if x != x1 || y != y1 {
                    if image[y &* width &+ x] == value { zeroes &+= 1 }
                    if zeroes > 2 { return true }
                }
                y &+= 1
            }
            x &+= 1
        }
        return false
    }
}
