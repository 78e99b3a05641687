/// PNG's five row filters (PNG specification, section 9), each byte predicted from the byte
/// `bytesPerPixel` to its left (`a`), the byte above (`b`) and the one above-left (`c`).
enum PNGFilter {
    /// Writes `row` filtered with filter `type` (0 none, 1 sub, 2 up, 3 average, 4 Paeth) to
    /// `output`; `above` is the previous row (zeros for the first row of the image).
    static func apply(_ type: UInt8, row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>,
                      into output: UnsafeMutablePointer<UInt8>, count: Int, bytesPerPixel bpp: Int) {
        switch type {
        case 1:
            for i in 0..<min(bpp, count) { output[i] = row[i] }
            var i = bpp
            while i < count { output[i] = row[i] &- row[i &- bpp]; i &+= 1 }
        case 2:
            var i = 0
            while i < count { output[i] = row[i] &- above[i]; i &+= 1 }
        case 3:
            for i in 0..<min(bpp, count) { output[i] = row[i] &- above[i] >> 1 }
            var i = bpp
            while i < count {
                output[i] = row[i] &- UInt8((UInt16(row[i &- bpp]) &+ UInt16(above[i])) >> 1)
                i &+= 1
            }
        case 4:
            for i in 0..<min(bpp, count) { output[i] = row[i] &- above[i] } // Paeth of (0, b, 0) is b
            var i = bpp
            while i < count {
                output[i] = row[i] &- paeth(row[i &- bpp], above[i], above[i &- bpp])
                i &+= 1
            }
        default:
            output.update(from: row, count: count)
        }
    }

    /// Of left, above and above-left, the one nearest to `left + above - aboveLeft` (ties in that order).
    @inline(__always)
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// Reverses `apply`: writes the row whose filtered bytes (after the type byte) are
    /// `filtered` to `output`; `above` is the previous row, already unfiltered (zeros for the
    /// first row). Types above 4 are the caller's to refuse.
    static func undo(_ type: UInt8, row filtered: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>,
                     into output: UnsafeMutablePointer<UInt8>, count: Int, bytesPerPixel bpp: Int) {
        switch type {
        case 1:
            for i in 0..<min(bpp, count) { output[i] = filtered[i] }
            var i = bpp
            while i < count { output[i] = filtered[i] &+ output[i &- bpp]; i &+= 1 }
        case 2:
            var i = 0
            while i < count { output[i] = filtered[i] &+ above[i]; i &+= 1 }
        case 3:
            for i in 0..<min(bpp, count) { output[i] = filtered[i] &+ above[i] >> 1 }
            var i = bpp
            while i < count {
                output[i] = filtered[i] &+ UInt8((UInt16(output[i &- bpp]) &+ UInt16(above[i])) >> 1)
                i &+= 1
            }
        case 4:
            for i in 0..<min(bpp, count) { output[i] = filtered[i] &+ above[i] }
            var i = bpp
            while i < count {
                output[i] = filtered[i] &+ paeth(output[i &- bpp], above[i], above[i &- bpp])
                i &+= 1
            }
        default:
            output.update(from: filtered, count: count)
        }
    }
}
