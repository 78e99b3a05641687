extension Bitmap {
    /// A copy of a rectangle of this bitmap; the part of `rect` outside the bitmap is dropped.
    ///
    /// - Parameter rect: the rectangle to copy.
    /// - Returns: a bitmap of the rectangle's size clipped to this bitmap (possibly empty).
    /// - Complexity: O(the rectangle's area).
    public func cropped(to rect: PixelRect) -> Bitmap {
        let x0 = max(rect.x, 0), y0 = max(rect.y, 0)
        let x1 = min(rect.x + rect.width, width), y1 = min(rect.y + rect.height, height)
        guard x0 < x1, y0 < y1 else { return Bitmap(width: 0, height: 0) }
        if x0 == 0, y0 == 0, x1 == width, y1 == height { return self }
        var result = Bitmap(width: x1 - x0, height: y1 - y0)
        result.draw(self, sourceOrigin: (x0, y0), at: (0, 0), size: (x1 - x0, y1 - y0))
        return result
    }

    /// Copies `image` into this bitmap with its top-left corner at (x, y), replacing the pixels
    /// underneath (no blending); the part outside this bitmap is dropped.
    ///
    /// - Parameters:
    ///   - image: the image to copy.
    ///   - x: the destination column of its left edge.
    ///   - y: the destination row of its top edge.
    /// - Complexity: O(the image's area).
    public mutating func draw(_ image: Bitmap, atX x: Int, y: Int) {
        let sx = max(0, -x), sy = max(0, -y)
        let dx = max(0, x), dy = max(0, y)
        let w = min(image.width - sx, width - dx), h = min(image.height - sy, height - dy)
        guard w > 0, h > 0 else { return }
        draw(image, sourceOrigin: (sx, sy), at: (dx, dy), size: (w, h))
    }

    /// Row-by-row copy of an already clipped rectangle.
    private mutating func draw(_ image: Bitmap, sourceOrigin: (Int, Int), at origin: (Int, Int), size: (Int, Int)) {
        let destinationWidth = width
        image.withUnsafeBytes { source in
            withUnsafeMutableBytes { destination in
                for row in 0..<size.1 {
                    let from = ((sourceOrigin.1 + row) * image.width + sourceOrigin.0) * 4
                    let to = ((origin.1 + row) * destinationWidth + origin.0) * 4
                    destination.baseAddress!.advanced(by: to)
                        .copyMemory(from: source.baseAddress!.advanced(by: from), byteCount: size.0 * 4)
                }
            }
        }
    }
}
