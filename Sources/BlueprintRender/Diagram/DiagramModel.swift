import Blueprint

/// How a line is drawn: the constraint colour, a conflict's kept constraints, or broken.
enum StrokeRole: Int, Comparable {
    case normal, conflict, broken
    static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// A view as the diagram draws it, in root coordinates (points).
struct ViewBox {
    var name: String
    var frame: Rect
    var depth: Int
    var hidden: Bool
    /// A label's text, font size, and where its first baseline sits.
    var text: (string: String, fontSize: Double, baselineY: Double, width: Double, lineHeight: Double)?
    var rightToLeft: Bool
    /// The dashed inset of its layout margins (containers and views whose margins are used).
    var margins: Rect?
    /// Free axes when the constraints do not fix its frame.
    var ambiguous: [LayoutAxis]
}

/// One constraint drawn as a line, in root coordinates.
struct Annotation {
    enum Kind { case spacing, dimension, alignment }
    var kind: Kind
    /// The main line.
    var start: Point
    var end: Point
    /// Extension lines of a dimension line (from the view's edge to just past the line).
    var extensions: [(Point, Point)] = []
    var dashed: Bool
    var role: StrokeRole
    /// The label text, nil for a plain required alignment.
    var label: String?
    /// The constraint as written, for legend entries.
    var formula: String
    /// Activation order among the drawn constraints: the last tie-breaker everywhere.
    var order: Int

    var isHorizontal: Bool { start.y == end.y }
    var length: Double { abs(end.x - start.x) + abs(end.y - start.y) }
}

/// A piece of text placed on the diagram (a constraint label, a view name, an ambiguity note),
/// or the numbered marker that stands in for one.
struct PlacedText {
    enum Style { case constraint(StrokeRole), name, ambiguity }
    var text: String
    /// The box the text (with its padding) occupies; nothing else placed may overlap it.
    var rect: Rect
    var style: Style
    /// Set for a marker: the number its legend entry carries.
    var marker: Int?
    /// A leader line from the annotation to a label placed away from it.
    var leader: (Point, Point)?
    /// Whether a pill is drawn behind it (constraint labels sitting on lines).
    var backdrop: Bool
}

/// One line of the legend.
struct LegendEntry {
    enum Sample {
        case swatches([Int])        // fills by depth
        case dashed(Color)          // margins, safe area
        case spacing, dimension, alignment, lowPriority
        case role(StrokeRole)
        case ambiguous, hidden
        case marker(Int)
    }
    var sample: Sample
    var text: String
}

/// Sizes of the diagram's own furniture, in points (multiplied by the scale when drawn).
enum Metrics {
    static let nameFontSize = 9.0
    static let labelFontSize = 9.0
    static let legendFontSize = 10.0
    /// Padding inside a label's box, horizontally and vertically.
    static let padX = 2.0
    static let padY = 1.0
    static let outline = 1.0
    static let constraintLine = 1.0
    static let alignmentLine = 0.5
    static let capHalf = 3.0
    /// The first dimension-line lane's distance from the view's edge, and the lane step.
    static let laneGap = 9.0
    static let laneStep = 13.0
    /// The border around the drawing.
    static let border = 12.0
}

/// Numbers as the diagram prints them: no trailing zeros, at most two decimals, a real minus.
func formatNumber(_ v: Double) -> String {
    let r = (v * 100).rounded() / 100
    if r == r.rounded() { return r == 0 ? "0" : sign(r) + String(Int(abs(r))) }
    var s = String(Int((abs(r) * 100).rounded()))
    while s.count < 3 { s = "0" + s }
    var fraction = String(s.suffix(2))
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return sign(r) + String(s.dropLast(2)) + "." + fraction
}

private func sign(_ v: Double) -> String { v < 0 ? "−" : "" }
