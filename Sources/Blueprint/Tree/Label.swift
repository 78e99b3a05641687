/// A view that shows text. Its intrinsic size is its text's size in the bundled font (rounded
/// up to whole points), and its baselines are the text's: the text block is centred vertically
/// in the label's frame, as UILabel does, so `firstBaseline = centerY - textHeight/2 + ascent`.
public final class Label: View {
    /// The text; `\n` breaks lines.
    public var text: String { didSet { textChanged() } }
    /// The font size in points (default 17, UIKit's body size).
    public var fontSize: Double { didSet { textChanged() } }
    /// Where the metrics come from (default: the bundled font's tables).
    public var textMeasurer: any TextMeasuring { didSet { textChanged() } }

    /// A label named `name` (for reports and diagrams) showing `text` at `fontSize` points,
    /// measured by `measurer`.
    public init(name: String, text: String, fontSize: Double = 17, measurer: any TextMeasuring = BundledFontMetrics()) {
        self.text = text
        self.fontSize = fontSize
        self.textMeasurer = measurer
        super.init(name: name)
    }

    /// The text's metrics at the label's font size (measured once per text, font size and
    /// measurer: layouts and reports ask for them often).
    public var textMetrics: TextMetrics {
        if let m = metricsCache { return m }
        let m = textMeasurer.measure(text, fontSize: fontSize)
        metricsCache = m
        return m
    }
    private var metricsCache: TextMetrics?

    /// The text's size, rounded up to whole points (or the explicit size, if one is set).
    public override var intrinsicContentSize: Size {
        if let s = explicitIntrinsicContentSize { return s }
        let m = textMetrics
        return Size(width: (m.width - 1e-9).rounded(.up), height: (m.height - 1e-9).rounded(.up))
    }

    /// Baseline offsets from the label's vertical centre.
    var baselineOffsets: (first: Double, last: Double) {
        let m = textMetrics
        return (m.ascent - m.height / 2, m.height / 2 - m.descent)
    }

    /// Constraints on baselines carry the text's metrics in their constants: a new text needs
    /// them rebuilt; otherwise only the intrinsic size moves.
    private func textChanged() {
        metricsCache = nil
        if usedByBaselineConstraint { structureChanged() } else { invalidateIntrinsicContentSize() }
    }

    var usedByBaselineConstraint = false
}
