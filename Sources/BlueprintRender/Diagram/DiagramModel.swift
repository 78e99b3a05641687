import Blueprint

/// How a line is drawn: the constraint colour, a conflict's kept constraints, or broken.
enum StrokeRole: Int, Comparable {
    case normal, conflict, broken
    static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// A view as the diagram draws it, in root coordinates (points).
struct ViewBox {
    /// The area the frame covers: the frame itself, or for a negative width or height (which
    /// runs back from the origin) the same rectangle with its sides in order.
    var extent: Rect {
        Rect(x: min(frame.minX, frame.maxX), y: min(frame.minY, frame.maxY), width: abs(frame.width), height: abs(frame.height))
    }
    var name: String
    var frame: Rect
    var depth: Int
    var hidden: Bool
    /// Out of focus (`--show` names other views): drawn faintly.
    var dimmed = false
    /// Inside a folded copy of a repeated container (`tab2`, tagged `as tab1`): named by its
    /// frame when there is room, never on a leader (its twin in the first copy is).
    var inFoldedCopy = false
    /// A label's text as drawn in its frame (shaped, wrapped, truncated, aligned), and the
    /// top-left corner of the text block (the block is centred vertically, as UILabel does).
    var textLayout: (layout: TextLayout, origin: Point)?
    /// The box the label's lines cover, within its frame.
    var textBox: Rect?
    var rightToLeft: Bool
    /// The parent view's name (nil for the root).
    var parentName: String?
    /// The dashed inset of its layout margins (containers and views whose margins are used).
    var margins: Rect?
    /// The free parts of its frame (`left`, `width`, `top`, `height`: see
    /// ``AmbiguousItem/free``) when the constraints do not fix it.
    var ambiguous: [LayoutAttribute]
    /// For a stack view, its arrangement as the name shows it: `→ 8`, `↓ 12 equal` (the stack's
    /// own constraints are not drawn; its spacings are, as I-bars).
    var stack: String? = nil
    /// The view itself (badges name it by identity).
    var id: ObjectIdentifier? = nil
    /// A label whose name is its text in other letters (`sun` for "Sun", `signIn` for "Sign
    /// in"): the text already names it, so the name is not drawn.
    var nameIsText = false
}

/// One constraint drawn as a line, in root coordinates.
struct Annotation {
    enum Kind { case spacing, alignment }
    var kind: Kind
    /// The main line.
    var start: Point
    var end: Point
    var dashed: Bool
    var role: StrokeRole
    /// The label text, nil for a plain required alignment.
    var label: String?
    /// A gap of a stack's own spacing, which the stack's name states (`priceRow → 8`): a label
    /// with no room beside its views is left out rather than becoming a numbered marker.
    var statedByStack = false
    /// The label without the metric names of its constants (`20` for `pad 20`), tried where
    /// the full label does not fit beside the views it relates; nil when it has none.
    var shortLabel: String?
    /// How the constraint reads in a label merged with others between the same anchors, when
    /// that differs from ``label``: a plain alignment states its number (`0 @250`, `0`), which
    /// its line says when it is alone (`@250`, no label) but not beside another constraint's
    /// text (`≥ 0, @250` read as one inequality at 250). And its ``shortLabel``'s counterpart.
    var mergedLabel: String?
    var mergedShortLabel: String?
    /// The constraint as written, for legend entries.
    var formula: String
    /// Activation order among the drawn constraints: the last tie-breaker everywhere.
    var order: Int
    /// The frames of the views the constraint relates (its label belongs near them).
    var owners: [Rect] = []
    /// The names of the views the constraint relates (an SVG highlights it when one is hovered).
    var related: [String] = []
    /// The constraint with where it was made (`title.top == card.topMargin (login.layout:12)`):
    /// the SVG's tooltip.
    var source = ""
    /// The extent of the related items across the line (their union's top and bottom for a
    /// horizontal line, left and right for a vertical one).
    var span: (lo: Double, hi: Double) = (0, 0)
    /// For an alignment line, the extent along it of the items it runs along (the inner one
    /// when one holds the other, which the line overshoots by 4 points at each end, else both).
    var itemsAlong: (lo: Double, hi: Double)?
    /// The line as drawn: the main line cut around every text box it would cross, and the
    /// end caps of an I-bar that cross none.
    var pieces: [(Point, Point)] = []
    var caps: [(Point, Point)] = []
    /// A thin dashed extension of the far item's edge to the bar's end, for a gap between
    /// items that do not face each other across it (a button in a corner and a picture
    /// below, off to its side): the bar stands on the near item, and the line carries the
    /// far item's edge over to it, as drafting's extension lines do. Nil when they face.
    var extensionLine: (Point, Point)?

    /// The end caps of an I-bar (none for an alignment line).
    var capSegments: [(Point, Point)] {
        guard kind == .spacing else { return [] }
        let h = Metrics.capHalf
        return [start, end].map { p in
            isHorizontal ? (Point(x: p.x, y: p.y - h), Point(x: p.x, y: p.y + h)) : (Point(x: p.x - h, y: p.y), Point(x: p.x + h, y: p.y))
        }
    }

    var isHorizontal: Bool { start.y == end.y }
    var length: Double { abs(end.x - start.x) + abs(end.y - start.y) }

    /// Folds another constraint between the same two anchors into this line: one label with
    /// both texts (`≥ 11, = 11 @751`), dashed only if both are, the stronger role.
    /// Past this many texts, a merged label counts the rest (`≥ 1, ≥ 2, ≥ 3, +97 more`): a
    /// hundred constraints between two anchors made one label wider than any picture.
    static let mostMergedTexts = 4

    /// The texts folded into the label and its short form so far (each once), kept apart so
    /// that a long run of merges neither rejoins nor searches a growing string.
    var mergedTexts: (all: [String], seen: Set<String>, short: [String], shortSeen: Set<String>)?

    mutating func merge(_ other: Annotation) {
        var m = mergedTexts ?? ([], [], [], [])
        // Each constraint as it reads beside another: a plain alignment with its number.
        let texts = { (a: Annotation) in (a.mergedLabel ?? a.label, a.mergedShortLabel ?? a.shortLabel ?? a.mergedLabel ?? a.label) }
        if mergedTexts == nil {
            let (t, s) = texts(self)
            if let t { m.all.append(t); m.seen.insert(t) }
            if let s { m.short.append(s); m.shortSeen.insert(s) }
        }
        let (t, s) = texts(other)
        if let t, m.seen.insert(t).inserted { m.all.append(t) }
        if let s, m.shortSeen.insert(s).inserted { m.short.append(s) }
        mergedTexts = m
        func written(_ texts: [String]) -> String {
            texts.count <= Self.mostMergedTexts ? texts.joined(separator: ", ")
                : texts.prefix(Self.mostMergedTexts - 1).joined(separator: ", ") + ", +\(texts.count - Self.mostMergedTexts + 1) more"
        }
        // The same constraint twice reads as it does alone (a plain alignment keeps no label).
        if m.all.count > 1 {
            label = written(m.all)
            shortLabel = m.short == m.all ? nil : written(m.short)
        }
        dashed = dashed && other.dashed
        related += other.related.filter { !related.contains($0) }
        source += "\n" + other.source
        role = max(role, other.role)
        formula += ", " + other.formula
    }
}

/// A piece of text placed on the diagram (a constraint label, a view name, an ambiguity note),
/// or the numbered marker that stands in for one.
struct PlacedText {
    enum Style { case constraint(StrokeRole), name, badge(StrokeRole), ambiguity }
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
    /// For a leader: the box the text belongs to, which its leader may enter.
    var home: Rect? = nil
    /// For a constraint label or badge: the frames of the views its constraints relate.
    var owners: [Rect] = []
    /// A name of a view out of focus: drawn faintly.
    var dimmed = false
    /// A constraint label set a size smaller, at a name's size, to fit a narrow spot by its
    /// views (a 6-point gap between tall texts).
    var small = false

    var isName: Bool { if case .name = style { true } else { false } }
    /// The size its text is set in.
    var fontSize: Double { isName || small ? Metrics.nameFontSize : Metrics.labelFontSize }
    /// The padding above and below its text.
    var padY: Double { isName || small ? Metrics.namePadY : Metrics.padY }
}

/// One line of the legend.
struct LegendEntry {
    enum Sample {
        case swatches([Int])        // fills by depth
        case dashed(Color)          // margins, safe area
        case spacing, badge, alignment, lowPriority
        case role(StrokeRole)
        case ambiguous, hidden
        case covered                // a view hidden behind others: its outline, dashed
        case marker(Int, PlacedText.Style)   // in the colour of the text it stands for
        case stackTag(rightToLeft: Bool)   // `→ 8` (`← 8` right to left) after a stack's name
        case note                   // a sentence, no sample (labels left out where too dense)
        case screenEdge             // the root's edge drawn over views that reach past it
    }
    var sample: Sample
    var text: String
}

/// Sizes of the diagram's own furniture, in points (multiplied by the scale when drawn).
enum Metrics {
    static let nameFontSize = 8.0
    static let labelFontSize = 9.0
    static let legendFontSize = 10.0
    /// Padding inside a label's box, horizontally and vertically.
    static let padX = 2.0
    static let padY = 1.0
    static let outline = 1.0
    static let constraintLine = 1.0
    static let alignmentLine = 0.5
    static let capHalf = 3.0
    /// Names are a size smaller than constraint labels and sit closer to their box edge.
    static let namePadY = 0.5
    /// The gap between the layout and the column of name callouts beside it.
    static let calloutGap = 10.0
    /// The border around the drawing.
    static let border = 12.0
}

/// Numbers as the diagram prints them: no trailing zeros, at most two decimals, a real minus.
/// From 1e13 (where hundredths no longer fit the integer arithmetic below), whole numbers
/// below 1e18 in digits and others, NaN and infinities as Swift writes them (`1e+20`, `inf`).
func formatNumber(_ v: Double) -> String {
    guard v.isFinite, abs(v) < 1e13 else {
        let a = abs(v)
        return (v < 0 ? "−" : "") + (a < 1e18 && a == a.rounded() ? String(Int64(a)) : "\(a)")
    }
    let r = (v * 100).rounded() / 100
    if r == r.rounded() { return r == 0 ? "0" : sign(r) + String(Int(abs(r))) }
    var s = String(Int((abs(r) * 100).rounded()))
    while s.count < 3 { s = "0" + s }
    var fraction = String(s.suffix(2))
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return sign(r) + String(s.dropLast(2)) + "." + fraction
}

private func sign(_ v: Double) -> String { v < 0 ? "−" : "" }
