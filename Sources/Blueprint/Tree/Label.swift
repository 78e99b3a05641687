import BlueprintSupport

/// A view that shows text, as `UILabel` does: shaped with HarfBuzz in the bundled fonts (or a
/// font file of yours), wrapped or truncated, aligned, in either direction.
///
/// Its intrinsic size is its text's size rounded up to whole points. A label of one line
/// (``numberOfLines`` = 1, the default) asks for its whole text on one line and truncates
/// (``lineBreakMode``) when the layout gives it less. A multi-line label is laid out in two
/// passes, as UIKit does: first at its unwrapped size, then wrapped at the width the layout
/// gave it (or at ``preferredMaxLayoutWidth`` from the start), so its height follows its width.
///
/// The text block is centred vertically in the frame, as UILabel does, so
/// `firstBaseline = centerY - textHeight/2 + ascent`.
public final class Label: View {
    /// The text; `\n` starts a new paragraph.
    @exclusivity(unchecked) public var text: String { didSet { textChanged() } }
    /// The font (default: the system font at 17 points, UIKit's body size). A size that is not
    /// a finite number is refused (the font stays as it was) and listed in
    /// ``LayoutReport/refused``; a negative size lays out as 0.
    @exclusivity(unchecked) public var font: Font {
        didSet {
            guard font.size.isFinite else {
                root.noteRefusal(LayoutError(.nonFinite(what: "font size"), constraint: "\(name).font.size = \(formatNumber(font.size))"))
                font = oldValue
                return
            }
            textChanged()
        }
    }
    /// The font's size in points.
    public var fontSize: Double {
        get { font.size }
        set { font.size = newValue }
    }
    /// At most this many lines; 0 is unlimited (default 1). Negative values count as 0.
    @exclusivity(unchecked) public var numberOfLines: Int = 1 { didSet { wrappingChanged() } }
    /// How text that does not fit wraps or is cut (default: tail truncation, as UILabel's).
    @exclusivity(unchecked) public var lineBreakMode: LineBreakMode = .truncateTail { didSet { textChanged() } }
    /// Where lines sit between the edges (default natural: leading). Does not change the size.
    @exclusivity(unchecked) public var textAlignment: TextAlignment = .natural { didSet { layoutCache = nil } }
    /// The width a multi-line label wraps at when measuring its intrinsic size. nil (the
    /// default, UIKit's 0) takes the width the layout gives the label.
    @exclusivity(unchecked) public var preferredMaxLayoutWidth: Double? { didSet { wrappingChanged() } }

    /// A label named `name` (for reports and diagrams) showing `text` in the system font at
    /// `fontSize` points.
    public init(name: String, text: String, fontSize: Double = 17) {
        self.text = text
        self.font = .system(size: fontSize.isFinite ? fontSize : 17)
        super.init(name: name)
        if !fontSize.isFinite { refuseFontSize(fontSize) }
    }

    /// A size that is not a finite number, given to an initializer: 17 is used, and the refusal
    /// is listed in the report of the tree the label joins.
    private func refuseFontSize(_ size: Double) {
        noteRefusalInTree(.nonFinite(what: "font size"), "\(name).font.size = \(formatNumber(size))")
    }

    /// A label named `name` showing `text` in `font`: `Label(font: .file("Inter-Regular.ttf",
    /// size: 17))` is a label named "label" with no text yet, as `UILabel()` with a font.
    public init(name: String = "label", text: String = "", font: Font) {
        self.text = text
        var font = font
        let given = font.size
        if !given.isFinite { font.size = 17 }
        self.font = font
        super.init(name: name)
        if !given.isFinite { refuseFontSize(given) }
    }

    /// The style the text is laid out with.
    public var textStyle: TextStyle {
        TextStyle(font: font, numberOfLines: Swift.max(numberOfLines, 0), lineBreakMode: lineBreakMode, alignment: textAlignment)
    }

    /// Whether the label wraps at the width the layout gives it (the second layout pass).
    var wrapsAutomatically: Bool { numberOfLines != 1 && preferredMaxLayoutWidth == nil }

    /// The width the label's intrinsic size is measured at: nil for one line (unwrapped).
    var measuringWidth: Double? {
        guard numberOfLines != 1 else { return nil }
        if let p = preferredMaxLayoutWidth, p > 0, p.isFinite { return p }
        return automaticWrapWidth
    }
    /// The width the last layout gave a wrapping label (set by the second pass).
    @exclusivity(unchecked) private var automaticWrapWidth: Double?

    /// The text laid out as the intrinsic size measures it (wrapped at the preferred or the
    /// laid-out width for a multi-line label; unwrapped for one line).
    public var textLayout: TextLayout { textLayout(rightToLeft: effectiveLayoutDirection == .rightToLeft) }

    /// ``textLayout`` for a caller that knows the root's layout direction (the reports' walks
    /// read it once for the whole tree instead of once per label).
    func textLayout(rightToLeft rtl: Bool) -> TextLayout {
        if let c = measureCache, c.rtl == rtl { return c.layout }
        let l = engine?.textLayouts.layout(text: text, style: textStyle, width: measuringWidth, rightToLeft: rtl)
            ?? TextLayout(text: text, style: textStyle, width: measuringWidth, rightToLeft: rtl)
        measureCache = (rtl, l)
        return l
    }
    @exclusivity(unchecked) private var measureCache: (rtl: Bool, layout: TextLayout)?

    /// The unwrapped measurement this label's intrinsic size will ask its engine for, if it
    /// will ask (a one-line label with a text and no explicit size, not measured yet).
    func pendingUnwrappedMeasure(rightToLeft rtl: Bool) -> (text: String, style: TextStyle)? {
        // (A label that may wrap keeps the engine's shaped paragraphs for its second measure:
        // it is measured as it asks.)
        guard explicitIntrinsicContentSize == nil, !text.isEmpty, numberOfLines == 1 else { return nil }
        if let c = measureCache, c.rtl == rtl { return nil }
        return (text, textStyle)
    }

    /// The layout its engine measured for ``pendingUnwrappedMeasure(rightToLeft:)``.
    func adoptMeasure(_ layout: TextLayout, rightToLeft rtl: Bool) {
        measureCache = (rtl, layout)
    }

    /// The text laid out in `size` (a frame's size), as it is drawn there: wrapped and aligned in
    /// the width, as many lines as the height holds, the last one truncated by the line-break
    /// mode when text is left over.
    public func textLayout(in size: Size) -> TextLayout {
        let rtl = effectiveLayoutDirection == .rightToLeft
        if let c = layoutCache, c.size == size, c.rtl == rtl { return c.layout }
        // Text sits on whole lines: a height a hair short of the text's still shows every line.
        let maxHeight = size.height + 0.5
        let l = TextLayout(text: text, style: textStyle, width: size.width, maxHeight: maxHeight, rightToLeft: rtl)
        layoutCache = (size, rtl, l)
        return l
    }
    @exclusivity(unchecked) private var layoutCache: (size: Size, rtl: Bool, layout: TextLayout)?

    /// The metrics of the unwrapped text (every paragraph on one line).
    public var textMetrics: TextMetrics {
        let l = TextLayout(text: text, style: TextStyle(font: font, numberOfLines: 0, lineBreakMode: .clip), width: nil,
                           rightToLeft: effectiveLayoutDirection == .rightToLeft)
        return TextMetrics(width: l.usedWidth, ascent: l.ascent, descent: l.descent, lineHeight: l.lineHeight,
                           lineCount: Swift.max(l.lines.count, 1))
    }

    /// The text's size, rounded up to whole points (or the explicit size, if one is set).
    public override var intrinsicContentSize: Size {
        intrinsicContentSize(rightToLeft: effectiveLayoutDirection == .rightToLeft)
    }

    /// ``intrinsicContentSize`` for a caller that knows the root's layout direction.
    func intrinsicContentSize(rightToLeft rtl: Bool) -> Size {
        if let s = explicitIntrinsicContentSize { return s }
        // As UILabel: no text, no size.
        if text.isEmpty { return Size(width: 0, height: 0) }
        let l = textLayout(rightToLeft: rtl)
        return Size(width: (l.usedWidth - 1e-9).rounded(.up), height: (l.height - 1e-9).rounded(.up))
    }

    /// Baseline offsets from the label's vertical centre.
    var baselineOffsets: (first: Double, last: Double) {
        let l = textLayout
        return (l.firstBaseline - l.height / 2, l.lastBaseline - l.height / 2)
    }

    /// The intrinsic size moves; constraints on baselines carry the text's metrics in their
    /// constants, so they are made again (one by one, as when the label wraps).
    private func textChanged() {
        measureCache = nil
        layoutCache = nil
        invalidateIntrinsicContentSize()
        remakeBaselineConstraints()
    }

    /// The constraints on the label's baselines are made again with its current text's offsets
    /// (the engine rebuilds only if one of them is a definition whose terms changed).
    private func remakeBaselineConstraints() {
        guard usedByBaselineConstraint else { return }
        for c in baselineConstraints.compactMap(\.constraint) where c.isActive { engine?.enqueue(.replace(c)) }
    }

    /// Whether the label wraps changed: the engine's list of wrapping labels is rebuilt.
    private func wrappingChanged() {
        automaticWrapWidth = nil
        textChanged()
        structureChanged()
    }

    /// The second layout pass for this label: wraps at the width the layout gave it. Returns
    /// whether the intrinsic size (or the baselines constraints use) changed, so the tree must
    /// be solved again.
    func adoptLaidOutWidth(_ width: Double) -> Bool {
        // A label laid out 0 wide (hidden in a stack, or squeezed out) measures as one line, as
        // UILabel does with no width to wrap at: wrapped at 0 it was a character a line, and its
        // height stretched the row it sat in to hundreds of points.
        let wrap: Double? = width > 0.5 ? width : nil
        let moves = switch (wrap, automaticWrapWidth) {
        case (nil, nil): false
        case let (new?, old?): abs(new - old) > 1e-9
        default: true
        }
        guard wrapsAutomatically, width.isFinite, moves else { return false }
        let before = intrinsicContentSize, baselines = baselineOffsets
        automaticWrapWidth = wrap
        measureCache = nil
        layoutCache = nil
        let moved = intrinsicContentSize != before
        let baselinesMoved = usedByBaselineConstraint && (baselineOffsets.first != baselines.first || baselineOffsets.last != baselines.last)
        if moved { invalidateIntrinsicContentSize() }
        if baselinesMoved {
            // A baseline is the label's centre plus an offset from its text (the text is
            // centred vertically, as UILabel draws it): more lines move the offsets, which are
            // in the constants of the constraints on the label's baselines.
            remakeBaselineConstraints()
        }
        return moved || baselinesMoved
    }

    /// The width the label wraps at (nil: one line until laid out), as ``adoptLaidOutWidth(_:)``
    /// set it; `systemLayoutSizeFitting` puts it back after measuring, so a measurement leaves
    /// the label as the last layout left it.
    var wrapState: Double? {
        get { automaticWrapWidth }
        set {
            guard newValue != automaticWrapWidth else { return }
            automaticWrapWidth = newValue
            measureCache = nil
            layoutCache = nil
        }
    }

    /// Whether a constraint was activated on one of the label's baselines.
    var usedByBaselineConstraint: Bool { !baselineConstraints.isEmpty }
    /// The constraints activated on the label's baselines (some may have been deactivated since).
    @exclusivity(unchecked) private var baselineConstraints: [WeakConstraint] = []

    /// A constraint on one of the label's baselines is being activated.
    func noteBaselineConstraint(_ c: LayoutConstraint) {
        guard !baselineConstraints.contains(where: { $0.constraint === c }) else { return }
        baselineConstraints.removeAll { $0.constraint == nil || $0.constraint?.isActive == false }
        baselineConstraints.append(WeakConstraint(constraint: c))
    }
}

struct WeakConstraint { weak var constraint: LayoutConstraint? }

extension View {
    /// The second layout pass (on a root): every label that wraps at its laid-out width is
    /// measured again at that width, and the tree solved again, until no label's size changes
    /// (at most four rounds; one when no label wraps).
    func wrapLabelsToLaidOutWidths() {
        guard let engine = rootEngine else { return }
        if wrappingCollectedAt != engine.rebuildCount { collectWrappingLabels(engine) }
        // The widths are the solver's values: if it has not moved since the last check (a
        // spacing's constant moved, which is a definition), no width has, and nothing is read.
        if wrappingCheckedAt == engine.solver.revision && !wrappingWidthsOutsideSolver { return }
        for _ in 0..<4 {
            // Only each width is read, from an array of the variables (no frame, no weak load
            // of the label): the label is asked only when its width moved.
            var changed = false
            for i in wrappingWidths.indices {
                let w = engine.value(wrappingWidths[i])
                if w == wrappingLastWidths[i] { continue }   // NaN at first: always asked
                wrappingLastWidths[i] = w
                if let label = wrappingLabels[i].label, label.adoptLaidOutWidth(w) { changed = true }
            }
            guard changed else {
                wrappingCheckedAt = engine.solver.revision
                return
            }
            arrangeStacksIfNeeded()
            engine.layout()
            // A change that needed a new build made new variables.
            if wrappingCollectedAt != engine.rebuildCount { collectWrappingLabels(engine) }
        }
        wrappingCheckedAt = nil   // not settled in four rounds: look again next time
    }

    /// The labels that wrap at their laid-out width, with their width variables, for the
    /// current build.
    private func collectWrappingLabels(_ engine: LayoutEngine) {
        var labels: [Label] = []
        forEachInSubtree { if let l = $0 as? Label, l.wrapsAutomatically, l.variables != nil { labels.append(l) } }
        wrappingLabels = labels.map { WeakLabel(label: $0) }
        wrappingWidths = labels.map { $0.variables!.width }
        wrappingLastWidths = [Double](repeating: .nan, count: labels.count)
        wrappingCollectedAt = engine.rebuildCount
        // A width set aside as a definition moves with definitions' constants, which the
        // solver does not see: then every layout checks.
        wrappingWidthsOutsideSolver = wrappingWidths.contains { engine.deferred.defines($0) }
        wrappingCheckedAt = nil
    }
}

extension Label {
    /// The second layout pass over `labels` (for `systemLayoutSizeFitting`'s own engine; the
    /// root's pass reads widths from its arrays): each wraps at the width the last solve gave
    /// it (`width`), and `solve` runs again while any label's size changed (at most four rounds).
    static func wrap(_ labels: [Label], width: (Label) -> Double, solve: () -> Void) {
        guard !labels.isEmpty else { return }
        for _ in 0..<4 {
            var changed = false
            for label in labels where label.adoptLaidOutWidth(width(label)) { changed = true }
            guard changed else { return }
            solve()
        }
    }
}

/// A label held weakly by its root's list of wrapping labels.
struct WeakLabel { weak var label: Label? }
