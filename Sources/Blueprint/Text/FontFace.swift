import BlueprintSupport
internal import CHarfBuzz
import Synchronization

/// Why a font could not be used.
public enum FontError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The bytes are not a TrueType or OpenType font (or a collection's first face).
    case notAFont(name: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "font file \(path): \(reason)"
        case .notAFont(let name): "\(name) is not a TrueType or OpenType font"
        }
    }
}

/// One font face (a TrueType or OpenType file, or a bundled face), ready to shape text with
/// HarfBuzz and to draw with the same glyphs. Faces are immutable and may be shared across
/// threads; the bytes stay in memory as long as the face lives.
public final class FontFace: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The family and style (`Inter Bold`), or the file name for a font file.
    public let name: String
    /// Font units per em.
    public let unitsPerEm: Double
    /// Distance from the baseline up to the top of a line, in font units (positive).
    public let ascender: Double
    /// Distance from the baseline down to the bottom of a line, in font units (negative).
    public let descender: Double
    /// Extra space between lines, in font units.
    public let lineGap: Double
    /// The font's bytes (static for bundled faces, owned otherwise): the renderer makes its
    /// FreeType face from the same bytes, so what is drawn is what was measured.
    package let bytes: UnsafeRawBufferPointer
    /// Whether the glyphs are colour bitmaps (Noto Color Emoji): drawn with FreeType's colour
    /// loading, not as outlines.
    package let hasColorBitmaps: Bool
    /// The bundled face this is, or nil for a user's face.
    package let bundled: BundledFace?
    let hbFont: OpaquePointer
    private let hbFace: OpaquePointer
    private let ownsBytes: Bool

    /// Loads the face in the font file at `path` (TrueType `.ttf`, OpenType `.otf`, or the first
    /// face of a collection). Relative paths are taken from the current directory.
    public convenience init(contentsOfFile path: String) throws(FontError) {
        let data: [UInt8]
        do {
            // A named pipe (or a device) is refused, not opened: opening one waits for a writer,
            // and a layout naming one blocked for ever.
            data = try FileIO.read(path, limit: 64 << 20, regularOnly: true)
        } catch {
            var reason = "\(error)"
            if reason.hasPrefix(path + ": ") { reason.removeFirst(path.count + 2) }
            throw .unreadable(path: path, reason: reason)
        }
        try self.init(data: data, name: FileSystem.fileName(of: path))
    }

    /// A face from a font file's bytes; `name` names it in reports.
    public convenience init(data: [UInt8], name: String) throws(FontError) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: Swift.max(data.count, 1), alignment: 16)
        copy.copyBytes(from: data)
        do {
            try self.init(bytes: UnsafeRawBufferPointer(rebasing: copy[0..<data.count]), name: name, owns: true, bundled: nil)
        } catch {
            copy.deallocate()
            throw error
        }
    }

    init(bytes: UnsafeRawBufferPointer, name: String, owns: Bool, bundled: BundledFace?) throws(FontError) {
        guard let base = bytes.baseAddress, bytes.count >= 12,
              let blob = hb_blob_create(base.assumingMemoryBound(to: CChar.self), UInt32(bytes.count),
                                        HB_MEMORY_MODE_READONLY, nil, nil)
        else { throw .notAFont(name: name) }
        defer { hb_blob_destroy(blob) }
        guard hb_face_count(blob) > 0, let face = hb_face_create(blob, 0) else { throw .notAFont(name: name) }
        guard hb_face_get_glyph_count(face) > 0, hb_face_get_upem(face) > 0, Self.hasWholeTables(face) else {
            hb_face_destroy(face)
            throw .notAFont(name: name)
        }
        hb_face_make_immutable(face)
        let font = hb_font_create(face)!
        let upem = Int32(hb_face_get_upem(face))
        hb_font_set_scale(font, upem, upem)
        hb_font_make_immutable(font)
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        self.name = name
        self.unitsPerEm = Double(upem)
        self.ascender = Double(extents.ascender)
        self.descender = Double(extents.descender)
        self.lineGap = Double(extents.line_gap)
        self.bytes = bytes
        self.hasColorBitmaps = hb_ot_color_has_png(face) != 0
        self.bundled = bundled
        self.hbFace = face
        self.hbFont = font
        self.ownsBytes = owns
    }

    /// Whether the tables text needs are all there and inside the file: a character map,
    /// horizontal metrics and glyphs (outlines or bitmaps). A file cut short keeps its table
    /// directory, whose tables then lie past its end: HarfBuzz reads them as empty.
    private static func hasWholeTables(_ face: OpaquePointer) -> Bool {
        func length(_ tag: String) -> Int {
            let b = Array(tag.utf8)
            let t = (UInt32(b[0]) << 24) | (UInt32(b[1]) << 16) | (UInt32(b[2]) << 8) | UInt32(b[3])
            guard let blob = hb_face_reference_table(face, t) else { return 0 }
            defer { hb_blob_destroy(blob) }
            return Int(hb_blob_get_length(blob))
        }
        let glyphs = (length("glyf") > 0 && length("loca") > 0) || length("CFF ") > 0 || length("CFF2") > 0
            || length("CBDT") > 0 || length("sbix") > 0
        return length("cmap") > 0 && length("hhea") > 0 && length("hmtx") > 0 && glyphs
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
        if ownsBytes { UnsafeMutableRawPointer(mutating: bytes.baseAddress)?.deallocate() }
    }

    /// The glyph the face's cmap maps `scalar` to, or nil when the face lacks it.
    package func glyph(for scalar: UInt32) -> UInt32? {
        var g: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar, &g) != 0 && g != 0 ? g : nil
    }

    /// The horizontal advance of `glyph`, in font units (the hmtx advance, unhinted).
    package func advance(of glyph: UInt32) -> Double {
        Double(hb_font_get_glyph_h_advance(hbFont, glyph))
    }

    /// Whether the face has a glyph for `scalar`.
    public func covers(_ scalar: Unicode.Scalar) -> Bool { glyph(for: scalar.value) != nil }

    public var description: String { name }

    public static func == (a: FontFace, b: FontFace) -> Bool { a === b }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }

    // MARK: Font files by path, loaded once per process

    private static let files = Mutex<[String: Result<FontFace, FontError>]>([:])

    /// The face of the file at `path`, loaded on first use; a failure is remembered too.
    static func cached(path: String) -> Result<FontFace, FontError> {
        if let r = files.withLock({ $0[path] }) { return r }
        let r = Result { () throws(FontError) in try FontFace(contentsOfFile: path) }
        return files.withLock { table in
            if let first = table[path] { return first }
            table[path] = r
            return r
        }
    }
}
