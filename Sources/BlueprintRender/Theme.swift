/// A colour with straight alpha, each channel 0...1.
public struct Color: Hashable, Sendable {
    /// The red, green and blue channels and the opacity (alpha), each 0...1; the colour
    /// channels are not premultiplied by alpha.
    public var red, green, blue, alpha: Double

    /// A colour from its channels, each 0...1; opaque by default.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour from `0xRRGGBB`.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }
}

/// The colours of a diagram. Three are built in — ``light`` (the default), ``dark`` and
/// ``blueprint`` (white lines on blue) — and any field can be changed.
public struct Theme: Hashable, Sendable {
    /// The name `--theme` selects it by.
    public var name: String
    /// The page behind the layout.
    public var background: Color
    /// View fills by depth (the root is depth 0); the list repeats for deeper trees.
    public var fills: [Color]
    /// View outlines by depth, paired with `fills`.
    public var outlines: [Color]
    /// Label text, legend text.
    public var text: Color
    /// View names.
    public var secondaryText: Color
    /// Layout margins (dashed).
    public var margins: Color
    /// The safe area (dashed).
    public var safeArea: Color
    /// Constraints: I-bars, alignment lines, their labels.
    public var constraint: Color
    /// The constraints of a conflict that were kept.
    public var conflict: Color
    /// Constraints the engine broke to recover from a conflict.
    public var broken: Color
    /// Views whose frame the constraints do not fix.
    public var ambiguous: Color
    /// The backdrop of constraint labels (keeps them readable over lines).
    public var labelBackground: Color
    /// Size badges (`40 × 40`, `16:9`, `=w A`).
    public var badge: Color
    /// Custom layout guides (dashed).
    public var guide: Color

    /// Dark lines on paper, pastel fills by depth.
    public static let light = Theme(
        name: "light",
        background: Color(hex: 0xFCFCFD),
        fills: [0xF1F3F5, 0xE3ECFA, 0xE3F2E8, 0xFBF1DE, 0xEEE7F8, 0xFAE6EA].map { Color(hex: $0) },
        outlines: [0x9AA4AE, 0x7C9CCF, 0x79AD8B, 0xC9A25A, 0x9D8AC4, 0xC98E9A].map { Color(hex: $0) },
        text: Color(hex: 0x1F2933), secondaryText: Color(hex: 0x52606D),
        margins: Color(hex: 0x8895A2), safeArea: Color(hex: 0x0CA678),
        constraint: Color(hex: 0x1C6ED6), conflict: Color(hex: 0xE8590C), broken: Color(hex: 0xE03131),
        ambiguous: Color(hex: 0xC2255C), labelBackground: Color(hex: 0xFFFFFF, alpha: 0.92),
        badge: Color(hex: 0x7048E8), guide: Color(hex: 0xD9480F))

    /// Light lines on charcoal.
    public static let dark = Theme(
        name: "dark",
        background: Color(hex: 0x15181C),
        fills: [0x1F242A, 0x1E2A3D, 0x1D3326, 0x3A3020, 0x2D2640, 0x3A2229].map { Color(hex: $0) },
        outlines: [0x5C6670, 0x5B7FB8, 0x5C9470, 0xB08C48, 0x8874B5, 0xB57683].map { Color(hex: $0) },
        text: Color(hex: 0xE9ECEF), secondaryText: Color(hex: 0xADB5BD),
        margins: Color(hex: 0x7A8691), safeArea: Color(hex: 0x38D9A9),
        constraint: Color(hex: 0x74C0FC), conflict: Color(hex: 0xFFA94D), broken: Color(hex: 0xFF6B6B),
        ambiguous: Color(hex: 0xF783AC), labelBackground: Color(hex: 0x15181C, alpha: 0.9),
        badge: Color(hex: 0xB197FC), guide: Color(hex: 0xFFA94D))

    /// White constraints on blueprint blue: frames in pale blue, margins dashed in sky blue,
    /// label text in warm white, badges in yellow, so each kind of line reads apart.
    public static let blueprint = Theme(
        name: "blueprint",
        background: Color(hex: 0x1B4F8C),
        fills: [0.04, 0.07, 0.10, 0.13, 0.16, 0.19].map { Color(hex: 0xFFFFFF, alpha: $0) },
        outlines: [Color(hex: 0x8DB4E2)],
        text: Color(hex: 0xFFF4D6), secondaryText: Color(hex: 0xB9D3F2),
        margins: Color(hex: 0x6FA8DC), safeArea: Color(hex: 0x96F2D7),
        constraint: Color(hex: 0xFFFFFF), conflict: Color(hex: 0xFFA94D), broken: Color(hex: 0xFF8787),
        ambiguous: Color(hex: 0xFFC9E3), labelBackground: Color(hex: 0x1B4F8C, alpha: 0.92),
        badge: Color(hex: 0xFFE066), guide: Color(hex: 0x63E6BE))

    /// The built-in themes, in the order help lists them.
    public static let builtIn: [Theme] = [.light, .dark, .blueprint]

    /// The built-in theme called `name`, or nil.
    public init?(named name: String) {
        guard let theme = Self.builtIn.first(where: { $0.name == name }) else { return nil }
        self = theme
    }

    /// A theme from its colours (see the properties); `badge` defaults to `constraint`, `guide`
    /// to `margins`, an empty `fills` or `outlines` to the background or the text colour.
    public init(name: String, background: Color, fills: [Color], outlines: [Color], text: Color,
                secondaryText: Color, margins: Color, safeArea: Color, constraint: Color,
                conflict: Color, broken: Color, ambiguous: Color, labelBackground: Color, badge: Color? = nil, guide: Color? = nil) {
        self.name = name
        self.background = background
        self.fills = fills.isEmpty ? [background] : fills
        self.outlines = outlines.isEmpty ? [text] : outlines
        self.text = text
        self.secondaryText = secondaryText
        self.margins = margins
        self.safeArea = safeArea
        self.constraint = constraint
        self.conflict = conflict
        self.broken = broken
        self.ambiguous = ambiguous
        self.labelBackground = labelBackground
        self.badge = badge ?? constraint
        self.guide = guide ?? margins
    }

    func fill(depth: Int) -> Color { fills[depth % fills.count] }
    func outline(depth: Int) -> Color { outlines[depth % outlines.count] }
}
