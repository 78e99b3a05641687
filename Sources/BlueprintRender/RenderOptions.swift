/// What a diagram shows and how it looks.
public struct RenderOptions: Hashable, Sendable {
    /// Which constraints are drawn.
    public enum Constraints: Hashable, Sendable {
        /// Every active constraint (the default).
        case all
        /// None: frames, names, margins only.
        case none
        /// Only those whose first or second item is the named view, a view inside it, or one
        /// of their guides.
        case view(String)
        /// Only those whose first or second item is one of the named views or a view inside
        /// one: the focus. The views they relate are highlighted, every other view is dimmed.
        case views([String])

        /// The views in focus, nil for `all` and `none`.
        var focus: [String]? {
            switch self {
            case .all, .none: nil
            case .view(let name): [name]
            case .views(let names): names
            }
        }
    }

    /// Pixels per point: 1, 2 (the default) or 3. Vector formats scale their page alike.
    public var scale: Int
    /// The colours.
    public var theme: Theme
    /// Which constraints are drawn.
    public var constraints: Constraints
    /// Whether the legend (colours, line styles, numbered labels) is drawn below the layout.
    /// Numbered markers keep their legend entries even without it.
    public var legend: Bool
    /// With a focus (``Constraints/view(_:)`` or ``Constraints/views(_:)``), whether the picture
    /// is cropped to the views in focus and those their constraints relate, with a margin.
    public var crop: Bool
    /// Labels and badges drawn without their metric names whatever the room (`h 40` for
    /// `h field 40`), by ``Diagram/bareNumbers``'s keys: the other panels of a device sheet
    /// dropped them (see ``DeviceSheet/diagrams(count:options:_:)``).
    package var bareNumbers: Set<String> = []

    /// - Parameters: see the properties of the same names.
    public init(scale: Int = 2, theme: Theme = .light, constraints: Constraints = .all, legend: Bool = true, crop: Bool = false) {
        self.scale = scale
        self.theme = theme
        self.constraints = constraints
        self.legend = legend
        self.crop = crop
    }
}

/// The file formats a diagram can be written in.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// PNG (raster, at the scale's pixel size), SVG and PDF (vector, the page scaled alike).
    case png, svg, pdf

    /// The format a file name's extension names (`x.svg`, `x.PDF`), or nil.
    public init?(path: String) {
        guard let ext = Self.fileExtension(of: path) else { return nil }
        self.init(rawValue: ext.lowercased())
    }

    /// What follows the last `.` of the file name in `path` (`jpeg` in `out/x.jpeg`), as
    /// written, or nil when the name has no dot.
    public static func fileExtension(of path: String) -> String? {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: ".") else { return nil }
        return String(name[name.index(after: dot)...])
    }

    /// The extension of `path` when it names an image or document format Blueprint does not
    /// write (`x.jpeg`, `x.webp`, `x.eps`), else nil. Writing PNG bytes under such a name would
    /// give a file that other tools misread, so ``Diagram/write(to:format:compression:)`` and the
    /// command-line tool refuse it unless the format is named explicitly.
    public static func unwrittenExtension(of path: String) -> String? {
        guard let ext = fileExtension(of: path) else { return nil }
        return otherFormats.contains(ext.lowercased()) ? ext : nil
    }

    /// Why a path with extension `ext` (from ``unwrittenExtension(of:)``) is not written.
    /// `explicitly` says how the caller names a format (`--format png` on the command line).
    public static func unwrittenReason(_ ext: String, explicitly: String = "the format argument") -> String {
        ".\(ext) names a format Blueprint does not write; it writes .png, .svg and .pdf (name the file so, or give \(explicitly))"
    }

    private static let otherFormats: Set<String> = [
        "jpg", "jpeg", "jpe", "jfif", "gif", "webp", "tif", "tiff", "bmp", "heic", "heif", "avif",
        "ico", "icns", "eps", "ps", "jxl", "apng", "tga", "psd", "emf", "wmf", "xps",
    ]
}
