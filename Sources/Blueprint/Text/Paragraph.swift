internal import CHarfBuzz

/// One paragraph of a label's text (no newline inside), shaped once: every character's face
/// (with fallback), its bidi level, the runs HarfBuzz shaped, each character's advance, and
/// where lines may break. Lines are cut from these runs; they are never shaped again, so a
/// line's width is exactly the sum of the glyph advances that are drawn.
struct Paragraph {
    /// The characters (Unicode scalars) and their count.
    let scalars: [UInt32]
    var count: Int { scalars.count }
    /// Bidi level of each character, and the paragraph's direction.
    let levels: [UInt8]
    let rightToLeft: Bool
    /// Shaped runs in logical order.
    private(set) var runs: [ShapedRun] = []
    /// `prefix[i]`: the advance (points) of the characters before `i`; a cluster's advance is
    /// counted at its first character.
    private(set) var prefix: [Double]
    /// Whether `i` is a grapheme-cluster boundary (lines and truncations cut only there).
    let boundary: [Bool]
    /// Whether a line may break before `i` (word wrapping).
    let breakBefore: [Bool]
    /// Characters no face has, drawn as the placeholder.
    private(set) var missing: [Unicode.Scalar] = []
    /// Whether some character's advance is negative (kerning can make one): then a longer
    /// line is not always wider.
    private(set) var hasNegativeAdvance = false

    /// A run of characters with one face, one bidi level and one script, as HarfBuzz shaped it
    /// (glyphs in visual order within the run: reversed for right-to-left runs).
    struct ShapedRun {
        let range: Range<Int>
        let face: FontFace
        let level: UInt8
        var glyphs: [UInt32] = []
        /// Each glyph's character index (HarfBuzz's cluster), advance and offset, in points.
        var clusters: [Int] = []
        var advances: [Double] = []
        var offsets: [(x: Double, y: Double)] = []
        /// Whether `clusters` only go up (1), only go down (-1: a right-to-left run), or
        /// neither (0), as HarfBuzz's monotone cluster level makes them.
        var clusterOrder = 0

        /// The glyphs whose character falls in `a..<b`, by bisection of the clusters (a line
        /// costs what it holds, not what the run holds); nil when the clusters are not
        /// monotone, for the caller to scan.
        func glyphRange(_ a: Int, _ b: Int) -> Range<Int>? {
            func first(_ beyond: (Int) -> Bool) -> Int {
                var lo = 0, hi = clusters.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if beyond(clusters[mid]) { hi = mid } else { lo = mid + 1 }
                }
                return lo
            }
            switch clusterOrder {
            case 1: return first { $0 >= a }..<first { $0 >= b }
            case -1: return first { $0 < b }..<first { $0 < a }
            default: return nil
            }
        }
    }

    init(_ text: Substring, cascade: [FontFace], size: Double, rightToLeftDefault: Bool, buffer: ShapingBuffer) {
        var scalars: [UInt32] = []
        scalars.reserveCapacity(text.utf8.count)
        var simple = true
        for s in text.unicodeScalars {
            // A tab is laid out as a space (UILabel moves to the next 28-point tab stop; one
            // space keeps a tab-separated text readable and breakable); other control
            // characters, which UILabel draws as nothing, as the invisible U+200C.
            let control = s.value < 0x20 || (0x7F...0x9F).contains(s.value)   // C0, DEL and C1
            scalars.append(!control ? s.value : s.value == 0x09 ? 0x20 : 0x200C)
            // Below U+0300 every character is its own grapheme cluster (CR LF never reaches
            // here: it separates paragraphs).
            if s.value >= 0x300 { simple = false }
        }
        let primary = cascade[0]
        // Each character's face, as an index into the cascade (-1: no face has it).
        var faces: [Int8]
        var boundary: [Bool]
        if simple && scalars.allSatisfy({ primary.glyph(for: $0) != nil || Self.isDefaultIgnorable($0) }) {
            // The common case (Latin text the primary face has): one face, every character a cluster.
            faces = [Int8](repeating: 0, count: scalars.count)
            boundary = [Bool](repeating: true, count: scalars.count + 1)
        } else {
            faces = [Int8](repeating: 0, count: scalars.count)
            boundary = [Bool](repeating: false, count: scalars.count + 1)
            var i = 0
            var previous: Int8?
            for character in text {
                boundary[i] = true
                let n = character.unicodeScalars.count
                let face = Self.face(first: i, scalars: scalars, count: n, cascade: cascade, previous: previous)
                for k in i..<i + n { faces[k] = face }
                if face >= 0 { previous = face } else if let u = Unicode.Scalar(scalars[i]) { missing.append(u) }
                i += n
            }
            boundary[scalars.count] = true
        }
        self.scalars = scalars
        self.boundary = boundary
        (levels, rightToLeft) = Bidi.levels(scalars, rightToLeftDefault: rightToLeftDefault)
        breakBefore = LineBreaks.opportunities(scalars, boundary: boundary)
        prefix = [Double](repeating: 0, count: scalars.count + 1)

        // Runs: maximal stretches of one face, level and script (common characters — spaces,
        // punctuation, digits — join the script around them). A character no face has is shaped
        // with the primary face, whose missing glyph (a box) it becomes.
        let scripts = simple ? [hb_script_t](repeating: HB_SCRIPT_LATIN, count: scalars.count) : Self.scripts(scalars)
        var start = 0
        var advances = [Double](repeating: 0, count: scalars.count)
        func faceIndex(_ i: Int) -> Int8 { Swift.max(faces[i], 0) }
        while start < scalars.count {
            var end = start + 1
            while end < scalars.count, faceIndex(end) == faceIndex(start), levels[end] == levels[start], scripts[end] == scripts[start] {
                end += 1
            }
            var run = ShapedRun(range: start..<end, face: cascade[Int(faceIndex(start))], level: levels[start])
            buffer.shape(&run, scalars: scalars, script: scripts[start], size: size)
            for (g, cluster) in run.clusters.enumerated() { advances[cluster] += run.advances[g] }
            runs.append(run)
            start = end
        }
        for i in 0..<scalars.count { prefix[i + 1] = prefix[i] + advances[i] }
        hasNegativeAdvance = advances.contains { $0 < 0 }
    }

    /// The face (index into `cascade`, -1 for none) for one grapheme cluster, characters
    /// `first..<first + count`: the first of the cascade that has all its characters (emoji
    /// presentation puts the emoji face first); common characters keep the previous cluster's
    /// face when it has them, so a space inside Arabic stays in the Arabic run.
    private static func face(first: Int, scalars: [UInt32], count: Int, cascade: [FontFace],
                             previous: Int8?) -> Int8 {
        let range = first..<first + count
        func has(_ face: FontFace) -> Bool {
            for i in range where !isDefaultIgnorable(scalars[i]) && face.glyph(for: scalars[i]) == nil { return false }
            return true
        }
        guard let base = range.first(where: { !isDefaultIgnorable(scalars[$0]) }) else { return previous ?? 0 }
        let emoji = scalars[base] >= 0x2000
            && (range.contains { scalars[$0] == 0xFE0F || (0x1F3FB...0x1F3FF).contains(scalars[$0]) }
                || (Unicode.Scalar(scalars[base])?.properties.isEmojiPresentation ?? false))
        if let previous, previous >= 0, !emoji, !cascade[Int(previous)].hasColorBitmaps,
           range.allSatisfy({ isDefaultIgnorable(scalars[$0]) || isCommon(scalars[$0]) }), has(cascade[Int(previous)]) {
            return previous
        }
        if emoji, let e = cascade.last, e.hasColorBitmaps, has(e) { return Int8(cascade.count - 1) }
        for (k, face) in cascade.enumerated() where has(face) { return Int8(k) }
        // No face has all: the face of the base character, if any has it.
        for (k, face) in cascade.enumerated() where face.glyph(for: scalars[base]) != nil { return Int8(k) }
        return -1
    }

    /// Zero-width joiner and non-joiner, variation selectors, tags, the bidi controls.
    static func isDefaultIgnorable(_ c: UInt32) -> Bool {
        c == 0x200C || c == 0x200D || (0xFE00...0xFE0F).contains(c) || (0xE0000...0xE007F).contains(c)
            || (0x200E...0x200F).contains(c) || (0x202A...0x202E).contains(c) || (0x2066...0x2069).contains(c)
            || c == 0x061C || c == 0xAD
    }

    /// HarfBuzz's Unicode functions (immutable, shared by every thread).
    nonisolated(unsafe) private static let unicode = hb_unicode_funcs_get_default()

    private static func isCommon(_ c: UInt32) -> Bool {
        let s = hb_unicode_script(unicode, c)
        return s == HB_SCRIPT_COMMON || s == HB_SCRIPT_INHERITED || s == HB_SCRIPT_UNKNOWN
    }

    /// Each character's script, with common and inherited characters resolved to the script
    /// before them (or after them, at the start).
    private static func scripts(_ scalars: [UInt32]) -> [hb_script_t] {
        var result = scalars.map { hb_unicode_script(unicode, $0) }
        var last: hb_script_t?
        for i in result.indices {
            let s = result[i]
            if s == HB_SCRIPT_COMMON || s == HB_SCRIPT_INHERITED || s == HB_SCRIPT_UNKNOWN {
                if let last { result[i] = last }
            } else {
                last = s
            }
        }
        // Leading common characters take the first real script.
        if let first = result.firstIndex(where: { $0 != HB_SCRIPT_COMMON && $0 != HB_SCRIPT_INHERITED && $0 != HB_SCRIPT_UNKNOWN }) {
            for i in 0..<first { result[i] = result[first] }
        } else {
            for i in result.indices { result[i] = HB_SCRIPT_LATIN }
        }
        return result
    }

    /// Characters `a..<b` as a string.
    func string(_ a: Int, _ b: Int) -> String {
        var s = String.UnicodeScalarView()
        for i in a..<Swift.max(a, b) { if let u = Unicode.Scalar(scalars[i]) { s.append(u) } }
        return String(s)
    }

    /// The advance of characters `a..<b`.
    func width(_ a: Int, _ b: Int) -> Double { prefix[b] - prefix[a] }

    /// Whether character `i` is white space that hangs at a line's end.
    func isSpace(_ i: Int) -> Bool { LineBreaks.isSpace(scalars[i]) }

    /// `end` moved back over trailing white space (not before `start`).
    func trimmed(_ start: Int, _ end: Int) -> Int {
        var e = end
        while e > start, isSpace(e - 1) { e -= 1 }
        return e
    }

    /// The glyphs of runs that fall in `a..<b`, one piece per run, in logical order of runs.
    func pieces(_ a: Int, _ b: Int) -> [LinePiece] {
        var out: [LinePiece] = []
        guard a < b else { return out }
        // Runs cover the characters in order: the first that ends after `a`, by bisection.
        var lo = 0, hi = runs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if runs[mid].range.upperBound > a { hi = mid } else { lo = mid + 1 }
        }
        for run in runs[lo...] {
            guard run.range.lowerBound < b else { break }
            var piece = LinePiece(face: run.face, level: run.level)
            func add(_ g: Int) {
                piece.glyphs.append(run.glyphs[g])
                piece.advances.append(run.advances[g])
                piece.offsets.append(run.offsets[g])
                piece.isSpace.append(isSpace(run.clusters[g]))
            }
            if let range = run.glyphRange(a, b) {
                for g in range { add(g) }
            } else {
                for g in run.glyphs.indices where run.clusters[g] >= a && run.clusters[g] < b { add(g) }
            }
            if !piece.glyphs.isEmpty { out.append(piece) }
        }
        return out
    }
}

/// Glyphs of one run within one line, before they are placed.
struct LinePiece {
    let face: FontFace
    var level: UInt8
    var glyphs: [UInt32] = []
    var advances: [Double] = []
    var offsets: [(x: Double, y: Double)] = []
    /// Whether the glyph is a space (justified lines widen these).
    var isSpace: [Bool] = []

    var width: Double { advances.reduce(0, +) }
}

/// A HarfBuzz buffer reused for every run of a layout.
final class ShapingBuffer {
    private let buffer: OpaquePointer

    init() {
        buffer = hb_buffer_create()
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
    }

    deinit { hb_buffer_destroy(buffer) }

    /// Shapes `run` (its characters, with the paragraph around them as context) at `size`.
    /// The language is left unset (HarfBuzz's default language system), never the host's locale.
    func shape(_ run: inout Paragraph.ShapedRun, scalars: [UInt32], script: hb_script_t, size: Double) {
        hb_buffer_clear_contents(buffer)
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        scalars.withUnsafeBufferPointer { s in
            hb_buffer_add_utf32(buffer, s.baseAddress, Int32(s.count), UInt32(run.range.lowerBound), Int32(run.range.count))
        }
        hb_buffer_set_direction(buffer, run.level & 1 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, script)
        hb_shape(run.face.hbFont, buffer, nil, 0)
        var n: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &n)!
        let positions = hb_buffer_get_glyph_positions(buffer, &n)!
        let scale = size / run.face.unitsPerEm
        run.glyphs.reserveCapacity(Int(n))
        for i in 0..<Int(n) {
            run.glyphs.append(infos[i].codepoint)
            run.clusters.append(Int(infos[i].cluster))
            run.advances.append(Double(positions[i].x_advance) * scale)
            run.offsets.append((Double(positions[i].x_offset) * scale, Double(positions[i].y_offset) * scale))
        }
        let c = run.clusters
        if zip(c, c.dropFirst()).allSatisfy({ $0 <= $1 }) {
            run.clusterOrder = 1
        } else if zip(c, c.dropFirst()).allSatisfy({ $0 >= $1 }) {
            run.clusterOrder = -1
        }
    }
}
