/// A view that lines its arranged subviews up along an axis (UIKit's `UIStackView`), by
/// generating ordinary constraints: each has an identifier such as `stack spacing
/// title–subtitle`, so reports and diagrams name it, and ``arrangementConstraints`` lists them.
///
/// ```swift
/// let row = StackView(name: "row", arrangedSubviews: [icon, title, badge])
/// row.axis = .horizontal
/// row.spacing = 8
/// row.alignment = .center
/// ```
///
/// The constraints are regenerated whenever a property, the arranged subviews or the hidden
/// state of one of them changes; the next layout takes the change in. Hidden arranged views
/// collapse: they leave the arrangement and get a zero length along the axis.
public final class StackView: View {
    /// How the arranged views share the stack's length along its axis.
    public enum Distribution: String, Sendable, CaseIterable {
        /// Views fill the stack; the one with the lowest hugging grows, the one with the
        /// lowest compression resistance shrinks.
        case fill
        /// Every view has the same length.
        case fillEqually
        /// Lengths proportional to the views' intrinsic lengths.
        case fillProportionally
        /// Views keep their size; the gaps between them are equal (at least ``spacing``).
        case equalSpacing
        /// Views keep their size; their centres are equally far apart (gaps at least ``spacing``).
        case equalCentering
    }

    /// How arranged views sit across the stack's axis.
    public enum Alignment: String, Sendable, CaseIterable {
        /// Views span the stack across its axis.
        case fill
        /// Views hug the leading edge (top in a horizontal stack).
        case leading
        /// Views are centred across the axis.
        case center
        /// Views hug the trailing edge (bottom in a horizontal stack).
        case trailing
        /// First baselines line up (horizontal stacks).
        case firstBaseline
        /// Last baselines line up (horizontal stacks).
        case lastBaseline

        /// `top` is `leading` in a horizontal stack, as in UIKit.
        public static let top = Alignment.leading
        /// `bottom` is `trailing` in a horizontal stack, as in UIKit.
        public static let bottom = Alignment.trailing
    }

    /// The axis the arranged views are lined up along (default horizontal).
    public var axis: LayoutAxis = .horizontal { didSet { arrange() } }
    /// How the views share the length along the axis (default ``Distribution/fill``).
    public var distribution: Distribution = .fill { didSet { arrange() } }
    /// How the views sit across the axis (default ``Alignment/fill``).
    public var alignment: Alignment = .fill { didSet { arrange() } }
    /// The gap between adjacent views (exact for the fill distributions, a minimum for the
    /// equal-spacing ones). Default 0.
    public var spacing: Double = 0 { didSet { arrange() } }
    /// When true the views are laid out inside the stack's layout margins, not its bounds.
    public var isLayoutMarginsRelativeArrangement = false { didSet { arrange() } }
    /// When true (vertical stacks) the spacing runs from a view's last baseline to the next
    /// view's first baseline.
    public var isBaselineRelativeArrangement = false { didSet { arrange() } }

    /// The views the stack arranges, in order; each is also a subview.
    public private(set) var arrangedSubviews: [View] = []
    /// The constraints the stack made for its current arrangement (all active).
    public private(set) var arrangementConstraints: [LayoutConstraint] = []
    /// The spacer guides of the equal-spacing distributions, one per gap, in order.
    public private(set) var spacerGuides: [LayoutGuide] = []

    private var customSpacings: [(view: View, spacing: Double)] = []
    /// Where the stack was declared (a `.layout` line): its constraints carry it.
    var declaration: SourceLocation?

    /// Makes an empty stack; add views with ``addArrangedSubview(_:)``.
    public override init(name: String) {
        super.init(name: name)
        layoutMargins = .zero
    }

    /// Makes a stack arranging `views` (each becomes a subview, taken from its superview).
    /// - Throws: ``LayoutError`` when one of `views` is an ancestor of the stack.
    public convenience init(name: String, arrangedSubviews views: [View]) throws(LayoutError) {
        self.init(name: name)
        for v in views { try addArrangedSubview(v) }
    }

    // MARK: Arranged subviews

    /// Adds `view` at the end of the arrangement (and as the last subview).
    /// - Throws: ``LayoutError`` when `view` is the stack or one of its ancestors.
    public func addArrangedSubview(_ view: View) throws(LayoutError) {
        try insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts `view` into the arrangement at `index` (clamped), making it a subview if it
    /// is not one.
    /// - Throws: ``LayoutError`` when `view` is the stack or one of its ancestors.
    public func insertArrangedSubview(_ view: View, at index: Int) throws(LayoutError) {
        if view.superview !== self { try addSubview(view) }
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: Swift.max(0, Swift.min(index, arrangedSubviews.count)))
        arrange()
    }

    /// Takes `view` out of the arrangement; it stays a subview (as in UIKit), without the
    /// stack's constraints.
    public func removeArrangedSubview(_ view: View) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrangedSubviews.removeAll { $0 === view }
        customSpacings.removeAll { $0.view === view }
        arrange()
    }

    /// Sets the gap after `view` (instead of ``spacing``).
    public func setCustomSpacing(_ spacing: Double, after view: View) {
        customSpacings.removeAll { $0.view === view }
        customSpacings.append((view, spacing))
        arrange()
    }

    /// The gap after `view`: its custom spacing, or ``spacing``.
    public func customSpacing(after view: View) -> Double {
        customSpacings.first { $0.view === view }?.spacing ?? spacing
    }

    /// The arranged views that take part in the layout (the ones not hidden), in order.
    public var visibleArrangedSubviews: [View] { arrangedSubviews.filter { !$0.isHidden } }

    /// Called by a subview about to leave the stack: it leaves the arrangement too.
    func subviewWillLeave(_ view: View) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrangedSubviews.removeAll { $0 === view }
        customSpacings.removeAll { $0.view === view }
        for c in arrangementConstraints where c.firstItem === view || c.secondItem === view { c.deactivate() }
        arrangementConstraints.removeAll { !$0.isActive }
        arrange()
    }

    /// Called when an arranged view is hidden or shown, or its intrinsic size changed.
    func arrangedSubviewChanged(_ view: View, sizeOnly: Bool) {
        guard !sizeOnly || distribution == .fillProportionally else { return }
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrange()
    }

    // MARK: Constraints

    /// Replaces the arrangement's constraints with ones made for the current state.
    private func arrange() {
        for c in arrangementConstraints { c.deactivate() }
        for g in spacerGuides { removeLayoutGuide(g) }
        var plan = StackArrangement(stack: self)
        // Made outside any `layout { }` block that happens to be running: the block must not
        // collect (and later return) constraints the stack owns.
        ConstraintCollector.$current.withValue(nil) { plan.build() }
        spacerGuides = plan.guides
        for g in spacerGuides { addLayoutGuide(g) }
        arrangementConstraints = plan.constraints
        for c in arrangementConstraints {
            do {
                try c.activate()
                c.location = declaration
            } catch {
                // Every generated constraint relates the stack, its subviews and its guides
                // with finite numbers; a custom spacing of NaN is the one way to get here.
                // It is left inactive; the layout report's conflicts do not list it.
            }
        }
        arrangementConstraints.removeAll { !$0.isActive }
    }
}
