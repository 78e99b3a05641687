/// A font for the text of a ``Label``: a size, a weight, italic or not, and where the face comes
/// from (the bundled system family, a face you loaded, or a font file named by path).
///
/// The system family is Inter, bundled in five weights with their italics; scripts Inter does
/// not cover fall back to bundled Noto faces (Arabic, Hebrew, Devanagari), DejaVu Sans, Droid
/// Sans Fallback (CJK) and Noto Color Emoji (see <doc:LabelText>). Weights without a bundled face of their own take the nearest one by
/// the CSS font-matching rule: ultraLight, thin and light draw as regular, black as heavy.
public struct Font: Hashable, Sendable {
    /// The weights UIKit names, with their numeric (CSS) values.
    public enum Weight: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        case ultraLight = 100, thin = 200, light = 300, regular = 400, medium = 500
        case semibold = 600, bold = 700, heavy = 800, black = 900

        /// The weight a `.layout` file writes: `ultralight`, `thin`, … `black`.
        public var description: String {
            switch self {
            case .ultraLight: "ultralight"
            case .thin: "thin"
            case .light: "light"
            case .regular: "regular"
            case .medium: "medium"
            case .semibold: "semibold"
            case .bold: "bold"
            case .heavy: "heavy"
            case .black: "black"
            }
        }

        /// The weight a `.layout` file names (`semibold`), or nil.
        public init?(named name: String) {
            guard let w = Self.allCases.first(where: { $0.description == name.lowercased() }) else { return nil }
            self = w
        }
    }

    /// Where the face comes from.
    public enum Source: Hashable, Sendable {
        /// The bundled system family (Inter), in the font's weight and style.
        case system
        /// A face loaded by the caller (``FontFace/init(contentsOfFile:)``); weight and italic
        /// do not change it.
        case face(FontFace)
        /// A font file, loaded on first use and kept for the process. A file that cannot be read
        /// makes the label fall back to the system family and is named in the tree's
        /// ``LayoutReport/textProblems``.
        case file(String)
    }

    /// The size in points (the em square).
    public var size: Double
    /// The weight (only the system family has several).
    public var weight: Weight
    /// Whether the system family's italic is used.
    public var isItalic: Bool
    /// Where the face comes from.
    public var source: Source

    /// A font from its parts.
    public init(size: Double, weight: Weight = .regular, italic: Bool = false, source: Source = .system) {
        self.size = size
        self.weight = weight
        self.isItalic = italic
        self.source = source
    }

    /// The system family at `size` points, in `weight` (default regular), italic or not.
    public static func system(size: Double, weight: Weight = .regular, italic: Bool = false) -> Font {
        Font(size: size, weight: weight, italic: italic)
    }

    /// The system family's bold at `size` points (`UIFont.boldSystemFont(ofSize:)`).
    public static func boldSystem(size: Double) -> Font { Font(size: size, weight: .bold) }

    /// The face in the font file at `path` (TrueType or OpenType), at `size` points:
    /// `Label(font: .file("Inter-Regular.ttf", size: 17))`. Relative paths are taken from the
    /// current directory.
    public static func file(_ path: String, size: Double) -> Font {
        Font(size: size, source: .file(path))
    }

    /// A loaded face at `size` points.
    public init(face: FontFace, size: Double) {
        self.init(size: size, source: .face(face))
    }

    /// The same font in another weight.
    public func weight(_ weight: Weight) -> Font {
        var f = self
        f.weight = weight
        return f
    }

    /// The same font, italic.
    public func italic(_ on: Bool = true) -> Font {
        var f = self
        f.isItalic = on
        return f
    }

    /// The same font at another size.
    public func withSize(_ size: Double) -> Font {
        var f = self
        f.size = size
        return f
    }

    /// The primary face, and the problem that made it the system family's if a file failed.
    func resolvedPrimary() -> (face: FontFace, problem: FontError?) {
        switch source {
        case .system:
            return (BundledFace.system(weight: weight, italic: isItalic), nil)
        case .face(let face):
            return (face, nil)
        case .file(let path):
            switch FontFace.cached(path: path) {
            case .success(let face): return (face, nil)
            case .failure(let error): return (BundledFace.system(weight: weight, italic: isItalic), error)
            }
        }
    }

    /// The faces tried, in order, for a character: the primary, then the bundled fallbacks in
    /// the nearest weight.
    func cascade(primary: FontFace) -> [FontFace] {
        [primary] + BundledFace.fallbacks(bold: weight.rawValue >= 600)
    }
}
