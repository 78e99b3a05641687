import Cassowary

/// A rectangle in a tree of views, laid out by constraints (UIKit's `UIView`, for layout).
///
/// ```swift
/// let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 375, height: 667))
/// let card = View(name: "card")
/// root.addSubview(card)
/// try activate([card.edges == root.margins])
/// root.layoutIfNeeded()
/// card.frame   // (8, 8, 359, 651)
/// ```
open class View: LayoutItem {
    /// `intrinsicContentSize` uses this on an axis the view has no natural size along.
    public static let noIntrinsicMetric: Double = -1

    /// The direct subviews, in order (``addSubview(_:file:line:)`` appends, ``insertSubview(_:at:file:line:)`` inserts).
    @exclusivity(unchecked) public private(set) var subviews: [View] = []
    /// The view this one is a subview of; nil for a root.
    // Unowned, not weak, like every reference to a view from something it owns (its subviews,
    // its guides, the constraints installed on it): a weak reference gives its target a side
    // table, and every retain and release of a view with one takes the runtime's slow path
    // (8% of a 10,000-view layout). Instead the view clears them in `deinit`, exactly when
    // weak references would have turned nil; a reference it missed would trap, never dangle.
    @exclusivity(unchecked) public private(set) unowned var superview: View?

    /// Constraints installed on this view (the nearest common ancestor of their items), in
    /// activation order.
    public var constraints: [LayoutConstraint] { installed.compactMap { $0 } }
    @exclusivity(unchecked) var installed: [LayoutConstraint?] = []
    @exclusivity(unchecked) var installedHoles = 0

    /// Custom layout guides added with ``addLayoutGuide(_:)``.
    @exclusivity(unchecked) public private(set) var layoutGuides: [LayoutGuide] = []

    /// When true the view's frame is fixed to ``frame`` (relative to its superview) by required
    /// constraints, as UIKit does for views that translate their autoresizing mask. True for
    /// views made with a frame.
    @exclusivity(unchecked) public var translatesAutoresizingMaskIntoConstraints: Bool { didSet { structureChanged() } }
    @exclusivity(unchecked) var requestedFrame: Rect
    /// Which of this view's sizes the engine bounds at 0 (bit 0 width, bit 1 height): set the
    /// first time a solve gives the size a negative value, kept afterwards (see
    /// `LayoutEngine.boundNegativeSizes`).
    @exclusivity(unchecked) var nonNegativeSizes: UInt8 = 0
    /// The view's place in a pre-order walk of its tree, as of the last build.
    @exclusivity(unchecked) var treeOrder = 0

    /// Hidden views still take part in layout (as in UIKit); diagrams draw them faint. A
    /// hidden arranged view of a ``StackView`` collapses.
    @exclusivity(unchecked) public var isHidden = false {
        didSet { if isHidden != oldValue { (superview as? StackView)?.arrangedSubviewChanged(self, sizeOnly: false) } }
    }

    /// The reading direction. Only the root's counts: it flips `leading`/`trailing` for the
    /// whole tree. Set on a view that has a superview, a new direction is refused (the old one
    /// stays) and listed in the root's ``layoutReport``'s `refused`: a direction per subtree,
    /// UIKit's `semanticContentAttribute`, is not supported, and ignoring it would lay the
    /// subtree out in the other direction without a word.
    @exclusivity(unchecked) public var layoutDirection: LayoutDirection = .leftToRight {
        didSet {
            if superview != nil, layoutDirection != oldValue {
                let asked = layoutDirection
                layoutDirection = oldValue
                noteRefusalInTree(.directionOfSubview(name), "\(name).layoutDirection = \(asked == .rightToLeft ? "rightToLeft" : "leftToRight")")
                return
            }
            structureChanged()
        }
    }

    /// The safe-area insets of a root view (a window's status bar, home indicator…). The root's
    /// `safeAreaLayoutGuide` is its bounds inset by these; every other view's safe-area guide is
    /// the part of the view inside the root's safe area. The top/bottom/left/right layout
    /// guides of a view are as long as its insets on their side.
    /// Insets that are not finite numbers are refused (the insets stay as they were) and listed
    /// in ``LayoutReport/refused``.
    @exclusivity(unchecked) public var safeAreaInsets = EdgeInsets.zero {
        didSet {
            guard safeAreaInsets.isFinite else {
                noteRefusalInTree(.nonFinite(what: "safe-area inset"), "\(name).safeAreaInsets")
                safeAreaInsets = oldValue
                return
            }
            structureChanged()
        }
    }

    enum Margins: Equatable {
        case absolute(EdgeInsets)
        case directional(DirectionalEdgeInsets)
    }
    /// Margins that are not finite numbers are refused (the margins stay as they were) and
    /// listed in ``LayoutReport/refused``.
    @exclusivity(unchecked) var marginStorage = Margins.absolute(EdgeInsets(all: 8)) {
        didSet {
            let finite = switch marginStorage {
            case .absolute(let m): m.isFinite
            case .directional(let d): d.isFinite
            }
            guard finite else {
                noteRefusalInTree(.nonFinite(what: "layout margin"), "\(name).layoutMargins")
                marginStorage = oldValue
                return
            }
            structureChanged()
        }
    }

    /// The insets that the margin attributes and ``layoutMarginsGuide`` use (default 8 on each
    /// side). Setting them replaces any directional margins.
    public var layoutMargins: EdgeInsets {
        get {
            switch marginStorage {
            case .absolute(let m): m
            case .directional(let d): d.resolved(for: effectiveLayoutDirection)
            }
        }
        set { marginStorage = .absolute(newValue) }
    }

    /// The margins as leading/trailing: they flip with the layout direction. Setting them
    /// replaces any absolute margins.
    public var directionalLayoutMargins: DirectionalEdgeInsets {
        get {
            switch marginStorage {
            case .absolute(let m): m.directional(for: effectiveLayoutDirection)
            case .directional(let d): d
            }
        }
        set { marginStorage = .directional(newValue) }
    }

    /// A natural size given explicitly (an image's pixel size, a switch's fixed size).
    /// ``noIntrinsicMetric`` on an axis leaves it free.
    @exclusivity(unchecked) public var explicitIntrinsicContentSize: Size? { didSet { invalidateIntrinsicContentSize() } }

    /// The size the view would like to be. Each axis that has one becomes two constraints:
    /// `width >= w` at the compression-resistance priority, `width <= w` at the hugging one (the
    /// solver holds each pair as one row: docs/Semantics.md, "Intrinsic content size").
    open var intrinsicContentSize: Size {
        explicitIntrinsicContentSize ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }

    @exclusivity(unchecked) var hugging = (horizontal: LayoutPriority.defaultLow, vertical: LayoutPriority.defaultLow)
    @exclusivity(unchecked) var compression = (horizontal: LayoutPriority.defaultHigh, vertical: LayoutPriority.defaultHigh)

    /// Makes a view whose size and position come from constraints.
    public override init(name: String) {
        translatesAutoresizingMaskIntoConstraints = false
        requestedFrame = .zero
        super.init(name: name)
    }

    /// Makes a view whose frame is fixed (`translatesAutoresizingMaskIntoConstraints` is true):
    /// for a root, the canvas.
    public init(name: String, frame: Rect) {
        translatesAutoresizingMaskIntoConstraints = true
        requestedFrame = frame
        super.init(name: name)
    }

    deinit {
        // A tree's frames live in its root's engine, which ends with the root: views that
        // outlive it (a cell a test kept, its root gone) keep the frames they were laid out
        // with, as UIKit's do.
        if rootEngine != nil, !subviews.isEmpty { keepFramesOfViewsThatOutliveTheTree() }
        for s in subviews { s.superview = nil }
        for case let c? in installed { c.containerDidEnd(name: name) }
        for g in layoutGuides { g._owningView = nil }
        for g in madeBuiltInGuides { g._owningView = nil }
        // The subviews and constraints are released by a loop, not inside this deinit: a tree
        // 60,000 levels deep overflowed the stack when it was freed (see `Teardown`).
        if !installed.isEmpty {
            var constraints = installed.compactMap { $0 }
            installed = []
            Teardown.release(&constraints)
        }
        Teardown.release(&subviews)
    }

    public override var owningView: View? { self }

    /// Gives every view of this tree that something outside it still holds (and its subtree)
    /// its laid-out frame as its own, before the engine the frames are read from goes. Views
    /// only the tree holds end with it and are not visited below their parent.
    private func keepFramesOfViewsThatOutliveTheTree() {
        var pending: [View] = [self]
        while let v = pending.popLast() {
            for i in v.subviews.indices {
                if isKnownUniquelyReferenced(&v.subviews[i]) {
                    pending.append(v.subviews[i])
                } else {
                    v.subviews[i].forEachInSubtree { $0.requestedFrame = $0.frame }
                }
            }
        }
    }

    // MARK: Hierarchy

    /// The top of this view's tree.
    public var root: View {
        var v = self
        while let s = v.superview { v = s }
        return v
    }

    /// The root's layout direction, which decides leading and trailing for every view.
    public var effectiveLayoutDirection: LayoutDirection { root.layoutDirection }

    /// Whether `self` is `view` or lies under it.
    public func isDescendant(of view: View) -> Bool {
        var v: View? = self
        while let c = v {
            if c === view { return true }
            v = c.superview
        }
        return false
    }

    /// Adds `view` as the last subview, taking it from its current superview first. No `try`,
    /// as in UIKit: adding the view itself or one of its ancestors is refused (nothing
    /// changes) and listed, with this call's `file:line`, in the tree's ``layoutReport``.
    public func addSubview(_ view: View, file: StaticString = #fileID, line: UInt = #line) {
        insertSubview(view, at: subviews.count, file: file, line: line)
    }

    /// Inserts `view` among the subviews at `index` (clamped to the valid range). Inserting the
    /// view itself or one of its ancestors is refused and listed in the tree's ``layoutReport``.
    public func insertSubview(_ view: View, at index: Int, file: StaticString = #fileID, line: UInt = #line) {
        // Only a view with subviews can be an ancestor of this one: a new leaf (what a tree is
        // built of, level after level) needs no walk up to the root.
        guard view !== self && (view.subviews.isEmpty || !isDescendant(of: view)) else {
            root.noteRefusal(LayoutError(.cyclicHierarchy(view.name), location: LayoutSourceLocation(file, line)))
            return
        }
        if view.superview != nil { view.removeFromSuperview() }
        // Changes refused while the view was a tree of its own are this tree's now.
        if !view.refusals.isEmpty {
            for e in view.refusals { root.noteRefusal(e) }
            view.refusals = []
        }
        if index >= subviews.count {
            subviews.append(view)   // addSubview: no shifting
        } else {
            subviews.insert(view, at: Swift.max(0, index))
        }
        view.superview = self
        if view.stacksNeedArrangement {
            view.stacksNeedArrangement = false
            root.stacksNeedArrangement = true
        }
        view.detachFromEngine()
        structureChanged()
    }

    /// Takes the view out of its superview. Every constraint that relates a view of the removed
    /// subtree to a view outside it is deactivated, wherever it is installed (as in UIKit).
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        (parent as? StackView)?.subviewWillLeave(self)
        parent.structureChanged()
        var inside: Set<ObjectIdentifier> = []
        forEachInSubtree { v in
            inside.insert(ObjectIdentifier(v))
            for g in v.allGuides { inside.insert(ObjectIdentifier(g)) }
        }
        func crosses(_ c: LayoutConstraint) -> Bool {
            let a = inside.contains(ObjectIdentifier(c.firstItem))
            let b = c.secondItem.map { inside.contains(ObjectIdentifier($0)) } ?? a
            return a != b
        }
        var ancestor: View? = parent
        while let a = ancestor {
            for c in a.constraints where crosses(c) { c.deactivate() }
            ancestor = a.superview
        }
        forEachInSubtree { v in
            for c in v.constraints where crosses(c) { c.deactivate() }
        }
        parent.subviews.removeAll { $0 === self }
        superview = nil
        // Stacks of this subtree waiting for their constraints are now this root's to arrange.
        if parent.root.stacksNeedArrangement { stacksNeedArrangement = true }
        detachFromEngine()
    }

    /// Visits this view and every view under it, depth first, in subview order.
    public func forEachInSubtree(_ body: (View) throws -> Void) rethrows {
        var stack: [View] = [self]
        while let v = stack.popLast() {
            try body(v)
            // Pushed last to first, read in place (a reversed copy retained each twice).
            v.subviews.withUnsafeBufferPointer { subviews in
                for k in subviews.indices.reversed() { stack.append(subviews[k]) }
            }
        }
    }

    /// Finds the view called `name` in this subtree (depth first).
    public func view(named name: String) -> View? {
        var found: View?
        forEachInSubtree { v in if found == nil && v.name == name { found = v } }
        return found
    }

    /// Forgets the engine of the tree this subtree was in: it belongs to another tree now.
    func detachFromEngine() {
        // A view just made (what a parser adds, view after view) has no engine to forget.
        if subviews.isEmpty && rootEngine == nil && engineLink == nil && builtInGuides.isEmpty && layoutGuides.isEmpty {
            return
        }
        forEachInSubtree { v in
            v.rootEngine = nil
            v.engine = nil
            for g in v.builtInGuides { g.engine = nil }
            for g in v.layoutGuides { g.engine = nil }
        }
    }

    // MARK: Guides

    /// A guide inset from the view's edges by its layout margins.
    public private(set) lazy var layoutMarginsGuide = LayoutGuide(
        name: name + ".layoutMarginsGuide", role: .layoutMargins, owner: self)

    /// The view's layout margins, narrowed to at most ``readableContentWidth`` and centred in
    /// them: where text lines stay short enough to read (UIKit's `readableContentGuide`).
    public private(set) lazy var readableContentGuide = LayoutGuide(
        name: name + ".readableContentGuide", role: .readableContent, owner: self)

    /// The widest a ``readableContentGuide`` gets: UIKit's readable width at the default
    /// text size.
    public static let readableContentWidth = 672.0

    /// The part of the view inside the root's safe area.
    public private(set) lazy var safeAreaLayoutGuide = LayoutGuide(
        name: name + ".safeAreaLayoutGuide", role: .safeArea, owner: self)

    /// A guide along the top edge, as long as the top safe-area inset (`topLayoutGuide`).
    public private(set) lazy var topLayoutGuide = LayoutSupport(
        name: name + ".topLayoutGuide", role: .support(.top), owner: self)
    /// A guide along the bottom edge, as long as the bottom safe-area inset.
    public private(set) lazy var bottomLayoutGuide = LayoutSupport(
        name: name + ".bottomLayoutGuide", role: .support(.bottom), owner: self)
    /// A guide along the left edge, as long as the left safe-area inset.
    public private(set) lazy var leftLayoutGuide = LayoutSupport(
        name: name + ".leftLayoutGuide", role: .support(.left), owner: self)
    /// A guide along the right edge, as long as the right safe-area inset.
    public private(set) lazy var rightLayoutGuide = LayoutSupport(
        name: name + ".rightLayoutGuide", role: .support(.right), owner: self)

    /// The built-in guides that constraints have asked for so far, and the custom ones.
    var allGuides: [LayoutGuide] { builtInGuides + layoutGuides }
    @exclusivity(unchecked) var builtInGuides: [LayoutGuide] = []
    /// Every built-in guide made so far (used or not): `deinit` clears their owner.
    @exclusivity(unchecked) var madeBuiltInGuides: [LayoutGuide] = []

    /// Called when a constraint first uses a built-in guide: the engine gives it variables.
    func noteGuideUsed(_ g: LayoutGuide) {
        guard g.role != .custom, !builtInGuides.contains(where: { $0 === g }) else { return }
        builtInGuides.append(g)
        structureChanged()
    }

    /// Adds a custom guide to this view (constraints then place it like a view).
    /// A built-in guide (another view's margins, safe area…) stays with its view: adding it
    /// does nothing.
    public func addLayoutGuide(_ guide: LayoutGuide) {
        guard guide.role == .custom, guide._owningView !== self else { return }
        guide._owningView?.removeLayoutGuide(guide)
        guide._owningView = self
        layoutGuides.append(guide)
        structureChanged()
    }

    /// Removes custom guides no active constraint uses (a stack's spacers), without looking.
    func dropLayoutGuides(_ guides: [LayoutGuide]) {
        guard !guides.isEmpty else { return }
        let gone = Set(guides.map(ObjectIdentifier.init))
        layoutGuides.removeAll { gone.contains(ObjectIdentifier($0)) }
        for g in guides {
            g._owningView = nil
            g.engine = nil
        }
        structureChanged()
    }

    /// Removes a custom guide and deactivates the constraints that use it.
    public func removeLayoutGuide(_ guide: LayoutGuide) {
        guard let i = layoutGuides.firstIndex(where: { $0 === guide }) else { return }
        var ancestor: View? = self
        while let a = ancestor {
            for c in a.constraints where c.firstItem === guide || c.secondItem === guide { c.deactivate() }
            ancestor = a.superview
        }
        layoutGuides.remove(at: i)
        guide._owningView = nil
        guide.engine = nil
        structureChanged()
    }

    // MARK: Intrinsic size

    /// Tells the engine that ``intrinsicContentSize`` changed.
    public func invalidateIntrinsicContentSize() {
        engine?.intrinsicSizeChanged(self)
        (superview as? StackView)?.arrangedSubviewChanged(self, sizeOnly: true)
    }

    /// The priority with which the view resists growing beyond its intrinsic size along `axis`
    /// (default 250, ``LayoutPriority/defaultLow``).
    public func contentHuggingPriority(for axis: LayoutAxis) -> LayoutPriority {
        axis == .horizontal ? hugging.horizontal : hugging.vertical
    }

    /// How strongly the view resists growing beyond its intrinsic size along `axis` (default 250).
    public func setContentHuggingPriority(_ p: LayoutPriority, for axis: LayoutAxis) {
        if axis == .horizontal { hugging.horizontal = p } else { hugging.vertical = p }
        invalidateIntrinsicContentSize()
    }

    /// The priority with which the view resists shrinking below its intrinsic size along `axis`
    /// (default 750, ``LayoutPriority/defaultHigh``).
    public func contentCompressionResistancePriority(for axis: LayoutAxis) -> LayoutPriority {
        axis == .horizontal ? compression.horizontal : compression.vertical
    }

    /// How strongly the view resists shrinking below its intrinsic size along `axis` (default 750).
    public func setContentCompressionResistancePriority(_ p: LayoutPriority, for axis: LayoutAxis) {
        if axis == .horizontal { compression.horizontal = p } else { compression.vertical = p }
        invalidateIntrinsicContentSize()
    }

    // MARK: Frames and layout

    /// The frame in the superview's coordinates, as of the last ``layoutIfNeeded()``. Setting
    /// it fixes the frame when ``translatesAutoresizingMaskIntoConstraints`` is true.
    public var frame: Rect {
        get {
            if let f = solvedFrame { return f }   // nil without an engine or variables
            guard engine != nil else { return requestedFrame }
            let f = absoluteFrame
            guard let s = superview else { return f }
            let o = s.absoluteFrame
            return f.offsetBy(dx: -o.minX, dy: -o.minY)
        }
        set {
            requestedFrame = newValue
            if translatesAutoresizingMaskIntoConstraints { structureChanged() }
        }
    }

    /// The view's own coordinate space: origin zero, the frame's size.
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }

    /// The engine of the tree whose root this view is (nil until the first layout).
    @exclusivity(unchecked) var rootEngine: LayoutEngine?

    /// Solves the constraints of the whole tree this view is in and updates every frame.
    /// Conflicts and ambiguity do not stop it: see ``layoutReport``.
    ///
    /// - Complexity: the first call builds the solver, O(constraints × pivots); later calls
    ///   apply only what changed since (activations, constants, priorities).
    public func layoutIfNeeded() {
        let r = root
        r.arrangeStacksIfNeeded()
        if r.rootEngine == nil { r.rootEngine = LayoutEngine(root: r) }
        r.rootEngine!.layout()
        r.wrapLabelsToLaidOutWidths()
    }

    /// The conflicts and ambiguity of the last layout of this view's tree.
    public var layoutReport: LayoutReport {
        let r = root
        var report = r.rootEngine?.report() ?? LayoutReport(conflicts: [], ambiguous: [])
        report.refused = r.refusals
        if r.rootEngine != nil {
            (report.negativeSizes, report.nonFiniteFrames, report.ties, report.textProblems) = r.laidOutChecks()
        }
        return report
    }

    /// Changes refused by property setters (`constraint.constant = .nan`), oldest first; only
    /// a root's list is used. At most ``refusalLimit`` are kept.
    @exclusivity(unchecked) var refusals: [LayoutError] = []

    /// On a root: the labels that wrap at their laid-out width, as of the engine's build
    /// `wrappingCollectedAt` (see ``wrapLabelsToLaidOutWidths()``).
    @exclusivity(unchecked) var wrappingLabels: [WeakLabel] = []
    @exclusivity(unchecked) var wrappingCollectedAt = -1
    /// The solver's revision when the wrapping labels' widths were last checked (nil: check).
    @exclusivity(unchecked) var wrappingCheckedAt: UInt64?
    /// The wrapping labels' width variables and the widths last seen (in `wrappingLabels`' order).
    @exclusivity(unchecked) var wrappingWidths: [Variable] = []
    @exclusivity(unchecked) var wrappingLastWidths: [Double] = []
    /// Whether some wrapping label's width is a definition outside the solver.
    @exclusivity(unchecked) var wrappingWidthsOutsideSolver = false

    /// On a root: some stack view of the tree has constraints to remake before the next layout.
    @exclusivity(unchecked) var stacksNeedArrangement = false

    /// Remakes the constraints of every stack view of this tree that changed.
    /// - Complexity: O(views) when a stack changed, O(1) otherwise.
    func arrangeStacksIfNeeded() {
        guard stacksNeedArrangement else { return }
        stacksNeedArrangement = false
        forEachInSubtree { ($0 as? StackView)?.arrangeIfNeeded() }
    }
    static let refusalLimit = 100

    /// A property change refused: listed in the report of the tree this view is in (a view
    /// not in a tree yet keeps it, and hands it to the tree it joins).
    func noteRefusalInTree(_ kind: LayoutError.Kind, _ change: String) {
        root.noteRefusal(LayoutError(kind, constraint: change))
    }

    func noteRefusal(_ e: LayoutError) {
        if refusals.count == View.refusalLimit { refusals.removeFirst() }
        refusals.append(e)
    }

    /// Whether constraints leave this view's frame free to move or resize (after a layout).
    public var hasAmbiguousLayout: Bool {
        layoutReport.ambiguous.contains { $0.item === self }
    }

    /// Something about the tree changed that the engine can only take in by rebuilding.
    /// A view that was not in the engine's last build has no engine; a rebuild is pending for
    /// its tree then anyway (adding it scheduled one), so no walk to the root is needed.
    func structureChanged() {
        engine?.needsRebuild = true
    }

    // MARK: Installed constraints

    func install(_ c: LayoutConstraint) {
        c.installIndex = installed.count
        installed.append(c)
        c.weakenReferences(to: self)
    }

    func uninstall(_ c: LayoutConstraint) {
        c.strengthenReferences()
        installed[c.installIndex] = nil
        installedHoles += 1
        if installedHoles > 32 && installedHoles * 2 > installed.count {
            installed.removeAll { $0 == nil }
            for (i, c) in installed.enumerated() { c!.installIndex = i }
            installedHoles = 0
        }
    }
}
