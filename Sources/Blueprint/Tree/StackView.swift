import BlueprintSupport

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
    public var axis: LayoutAxis = .horizontal { didSet { setNeedsArrangement() } }
    /// How the views share the length along the axis (default ``Distribution/fill``).
    public var distribution: Distribution = .fill { didSet { setNeedsArrangement() } }
    /// How the views sit across the axis (default ``Alignment/fill``).
    public var alignment: Alignment = .fill { didSet { setNeedsArrangement() } }
    /// The gap between adjacent views (exact for the fill distributions, a minimum for the
    /// equal-spacing ones; negative overlaps). Default 0. A non-finite value is refused (the
    /// stack keeps its spacing) and listed in the tree's ``View/layoutReport``.
    public var spacing: Double = 0 {
        didSet {
            guard spacing.isFinite else {
                refuse("spacing", "\(name).spacing = \(formatNumber(spacing))")
                spacing = oldValue
                return
            }
            setNeedsArrangement()
        }
    }
    /// When true the views are laid out inside the stack's layout margins, not its bounds.
    public var isLayoutMarginsRelativeArrangement = false { didSet { setNeedsArrangement() } }
    /// When true (vertical stacks) the spacing runs from a view's last baseline to the next
    /// view's first baseline.
    public var isBaselineRelativeArrangement = false { didSet { setNeedsArrangement() } }

    /// The views the stack arranges, in order; each is also a subview.
    public private(set) var arrangedSubviews: [View] = []
    private var arranged: Set<ObjectIdentifier> = []
    /// The constraints the stack made for its current arrangement (all active). Reading them
    /// brings the arrangement up to date.
    public var arrangementConstraints: [LayoutConstraint] {
        arrangeIfNeeded()
        return madeConstraints
    }
    /// The spacer guides of the equal-spacing distributions, one per gap, in order.
    public var spacerGuides: [LayoutGuide] {
        arrangeIfNeeded()
        return madeGuides
    }
    private var madeConstraints: [LayoutConstraint] = []
    private var madeGuides: [LayoutGuide] = []

    deinit {
        // The arranged views and the stack's own constraints go with the subviews, released by
        // a loop (`Teardown`), not when this object's storage goes: nested stacks thousands
        // deep would otherwise free each level inside the one above.
        arrangedSubviews = []
        Teardown.release(&madeConstraints)
    }
    /// The guides the stack made for its arrangement (spacers, the baseline span), as of its
    /// last arrangement, without arranging again.
    var ownGuides: [LayoutGuide] { madeGuides }

    private var customSpacings: [ObjectIdentifier: Double] = [:]
    /// Where the stack was declared (a `.layout` line): its constraints carry it.
    var declaration: LayoutSourceLocation?
    /// The constraints are remade at the next layout (or read of ``arrangementConstraints``),
    /// so building a stack of n views makes its constraints once, not n times.
    private(set) var needsArrangement = false

    /// Makes an empty stack (layout margins 0); add views with ``addArrangedSubview(_:file:line:)``.
    public override init(name: String) {
        super.init(name: name)
        layoutMargins = .zero
    }

    /// Makes a stack arranging `views` (each becomes a subview, taken from its superview).
    public convenience init(name: String, arrangedSubviews views: [View], file: StaticString = #fileID, line: UInt = #line) {
        self.init(name: name)
        for v in views { addArrangedSubview(v, file: file, line: line) }
    }

    // MARK: Arranged subviews

    /// Adds `view` at the end of the arrangement (and as the last subview). Adding the stack
    /// itself or one of its ancestors is refused and listed in the tree's ``View/layoutReport``.
    public func addArrangedSubview(_ view: View, file: StaticString = #fileID, line: UInt = #line) {
        insertArrangedSubview(view, at: arrangedSubviews.count, file: file, line: line)
    }

    /// Inserts `view` into the arrangement at `index` (clamped), making it a subview if it
    /// is not one. Inserting the stack itself or one of its ancestors is refused and listed
    /// in the tree's ``View/layoutReport``.
    public func insertArrangedSubview(_ view: View, at index: Int, file: StaticString = #fileID, line: UInt = #line) {
        if view.superview !== self {
            addSubview(view, file: file, line: line)
            guard view.superview === self else { return }   // refused: a cycle
        }
        if !arranged.insert(ObjectIdentifier(view)).inserted { arrangedSubviews.removeAll { $0 === view } }
        let i = Swift.max(0, Swift.min(index, arrangedSubviews.count))
        if i == arrangedSubviews.count { arrangedSubviews.append(view) } else { arrangedSubviews.insert(view, at: i) }
        setNeedsArrangement()
    }

    /// Takes `view` out of the arrangement; it stays a subview (as in UIKit), without the
    /// stack's constraints.
    public func removeArrangedSubview(_ view: View) {
        guard arranged.remove(ObjectIdentifier(view)) != nil else { return }
        arrangedSubviews.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
        setNeedsArrangement()
    }

    /// Sets the gap after `view` (instead of ``spacing``). A non-finite value is refused and
    /// listed in the tree's ``View/layoutReport``.
    public func setCustomSpacing(_ spacing: Double, after view: View) {
        guard spacing.isFinite else {
            refuse("custom spacing", "\(name).setCustomSpacing(\(formatNumber(spacing)), after: \(view.name))")
            return
        }
        customSpacings[ObjectIdentifier(view)] = spacing
        setNeedsArrangement()
    }

    /// The gap after `view`: its custom spacing, or ``spacing``.
    public func customSpacing(after view: View) -> Double {
        customSpacings[ObjectIdentifier(view)] ?? spacing
    }

    /// The arranged views that take part in the layout (the ones not hidden), in order.
    public var visibleArrangedSubviews: [View] { arrangedSubviews.filter { !$0.isHidden } }

    /// Called by a subview about to leave the stack: it leaves the arrangement too (its
    /// constraints to the stack are deactivated by the removal, as every crossing one is).
    func subviewWillLeave(_ view: View) {
        removeArrangedSubview(view)
    }

    /// Called when an arranged view is hidden or shown, or its intrinsic size changed.
    func arrangedSubviewChanged(_ view: View, sizeOnly: Bool) {
        guard !sizeOnly || distribution == .fillProportionally else { return }
        guard arranged.contains(ObjectIdentifier(view)) else { return }
        setNeedsArrangement()
    }

    private func refuse(_ what: String, _ statement: String) {
        root.noteRefusal(LayoutError(.nonFinite(what: "stack's " + what), constraint: statement))
    }

    // MARK: Constraints

    /// Marks the constraints out of date; the root remakes them before its next layout.
    func setNeedsArrangement() {
        needsArrangement = true
        root.stacksNeedArrangement = true
    }

    /// Remakes the constraints if something changed since they were made.
    func arrangeIfNeeded() {
        guard needsArrangement else { return }
        needsArrangement = false
        arrange()
    }

    /// Replaces the arrangement's constraints with ones made for the current state.
    private func arrange() {
        for c in madeConstraints { c.deactivate() }
        // Only this stack's constraints used its guides, and they are inactive now.
        dropLayoutGuides(madeGuides)
        var plan = StackArrangement(stack: self)
        // Made outside any `layout { }` block that happens to be running: the block must not
        // collect (and later return) constraints the stack owns.
        ConstraintCollector.$current.withValue(nil) { plan.build() }
        madeGuides = plan.guides
        for g in madeGuides { addLayoutGuide(g) }
        madeConstraints = plan.constraints
        for c in madeConstraints {
            do {
                try c.activate()
                c.location = declaration
                c.arrangingStack = self
            } catch {
                // Every generated constraint relates the stack, its subviews and its guides
                // with finite numbers (non-finite spacings are refused when set): not reached.
            }
        }
    }
}
