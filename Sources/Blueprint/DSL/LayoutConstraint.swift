import BlueprintSupport
import Cassowary
import Synchronization

/// One constraint, `firstItem.firstAttribute (==|<=|>=) multiplier × secondItem.secondAttribute
/// + constant`, with a priority: a handle you can activate, deactivate, and change.
///
/// Made by the DSL operators (`a.width == 0.5 * b.width - 4 ~ .defaultHigh`), by
/// ``init(item:attribute:relatedBy:toItem:attribute:multiplier:constant:priority:file:line:)``
/// or by the text formats. A constraint that breaks a rule of Auto Layout (position against
/// size, leading against left, a non-finite number…) can be made but not activated: activation
/// throws ``problem``.
public final class LayoutConstraint: CustomStringConvertible {
    /// The item on the left. Held strongly, except by an active constraint installed on that
    /// very view (the view owns the constraint; the other way round would be a cycle).
    public var firstItem: LayoutItem { strongFirst ?? weakFirst ?? LayoutGuide(identifier: extras?.firstName ?? "") }
    /// The attribute of the first item.
    public let firstAttribute: LayoutAttribute
    /// The relation between the two sides.
    public let relation: LayoutRelation
    /// The item on the right, held like ``firstItem``; nil for a constant.
    public var secondItem: LayoutItem? {
        guard hasSecond else { return nil }
        return strongSecond ?? weakSecond ?? LayoutGuide(identifier: extras?.secondName ?? "")
    }
    // Each item is held strongly, or without a count while the constraint is installed on it
    // (unowned: the view clears it in its `deinit`, as a weak reference would turn nil, with no
    // side table); if the item is gone (its whole tree released while someone kept the
    // constraint), a detached guide with the same name stands in, so descriptions still read.
    @exclusivity(unchecked) private var strongFirst: LayoutItem?
    @exclusivity(unchecked) private unowned var weakFirst: LayoutItem?
    @exclusivity(unchecked) private var strongSecond: LayoutItem?
    @exclusivity(unchecked) private unowned var weakSecond: LayoutItem?
    private let hasSecond: Bool
    /// nil when the constraint relates the first attribute to a constant.
    public let secondAttribute: LayoutAttribute?
    /// The multiplier. Setting it is ``setMultiplier(_:)``; an invalid value is refused (the
    /// constraint keeps its multiplier) and listed in the tree's ``View/layoutReport``.
    public var multiplier: Double {
        get { storedMultiplier }
        set { do { try setMultiplier(newValue) } catch { refuse(error) } }
    }
    /// The constant. Setting it is ``setConstant(_:)``; a non-finite value is refused and
    /// listed in the tree's ``View/layoutReport``.
    public var constant: Double {
        get { storedConstant }
        set { do { try setConstant(newValue) } catch { refuse(error) } }
    }
    /// The priority. Setting it is ``setPriority(_:)``; a value outside 1…1000 is refused and
    /// listed in the tree's ``View/layoutReport``.
    public var priority: LayoutPriority {
        get { storedPriority }
        set { do { try setPriority(newValue) } catch { refuse(error) } }
    }
    /// The `let` metric of a `.layout` file the constant was written as (`pad` in
    /// `title.leading == superview.leading + pad`), or nil: a number, or a constraint made in
    /// Swift. Diagrams name it in the constraint's label. Changing the constant clears it.
    public internal(set) var constantName: String? {
        get { extras?.constantName }
        set { if newValue != nil || extras != nil { madeExtras.constantName = newValue } }
    }
    @exclusivity(unchecked) private(set) var storedMultiplier: Double
    @exclusivity(unchecked) private(set) var storedConstant: Double
    /// Written directly by `~` and the text formats, which keep an invalid priority as the
    /// constraint's ``problem`` (activation throws it).
    @exclusivity(unchecked) var storedPriority: LayoutPriority
    /// A name for reports and diagrams (like UIKit's `identifier`).
    public var identifier: String? {
        get { extras?.identifier }
        set { if newValue != nil || extras != nil { madeExtras.identifier = newValue } }
    }
    /// The stack view that made this constraint for its arrangement (nil for any other):
    /// a diagram can draw the stack instead of its constraints.
    public internal(set) var arrangingStack: StackView? {
        get { extras?.arrangingStack }
        set { if newValue != nil || extras != nil { madeExtras.arrangingStack = newValue } }
    }
    /// Where the constraint was made: the anchor subscript (`view[.width]`), or the call that
    /// activated it (`activate`, `layout`, `addExpressions`) for property anchors.
    @exclusivity(unchecked) public internal(set) var location: LayoutSourceLocation?
    /// Why this constraint cannot be activated, if it breaks a rule.
    public internal(set) var problem: LayoutError? {
        get { extras?.problem }
        set { if newValue != nil || extras != nil { madeExtras.problem = newValue } }
    }

    /// What few constraints have, out of line: a constraint is made for every line of a
    /// `.layout` file, and these fields were half of its size.
    private final class Extras {
        var constantName: String?
        var identifier: String?
        weak var arrangingStack: StackView?
        var problem: LayoutError?
        /// The names of the items, once the view that held them uncounted is gone.
        var firstName = "", secondName = ""
    }
    @exclusivity(unchecked) private var extras: Extras?
    private var madeExtras: Extras {
        if let extras { return extras }
        let e = Extras()
        extras = e
        return e
    }

    /// The view it is installed on (the nearest common ancestor of its items) while active.
    /// Unowned: the view clears it in its `deinit`, when a weak reference would have turned nil.
    @exclusivity(unchecked) public internal(set) unowned var container: View?
    /// Whether the constraint is installed. Setting it activates or deactivates it; a
    /// constraint that cannot be activated stays inactive and its error is listed in the
    /// tree's ``View/layoutReport``.
    public var isActive: Bool {
        get { container != nil }
        set {
            guard newValue != isActive else { return }
            if newValue {
                do { try install() } catch { refuse(error) }
            } else {
                deactivate()
            }
        }
    }

    /// Activation order, global: the conflict rule breaks the latest of a conflicting set.
    @exclusivity(unchecked) var order: UInt64 = 0
    @exclusivity(unchecked) var installIndex = 0

    // The engine's view of this constraint.
    enum EngineState { case none, active, broken, duplicate }
    @exclusivity(unchecked) var engineState = EngineState.none
    @exclusivity(unchecked) var solverConstraint: Cassowary.Constraint?
    /// The constant the solver constraint was built or last moved with.
    @exclusivity(unchecked) var solverConstant = 0.0
    var engine: LayoutEngine? {
        get { engineLink?.engine }
        set { engineLink = newValue?.link }
    }
    @exclusivity(unchecked) var engineLink: EngineLink?

    /// Makes a constraint the way `NSLayoutConstraint(item:attribute:relatedBy:toItem:…)` does.
    /// The result may carry a ``problem``; ``activate(file:line:)`` throws it.
    public init(
        item: LayoutItem, attribute: LayoutAttribute, relatedBy relation: LayoutRelation,
        toItem: LayoutItem?, attribute secondAttribute: LayoutAttribute?,
        multiplier: Double = 1, constant: Double = 0, priority: LayoutPriority = .required,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        self.strongFirst = item
        self.firstAttribute = attribute
        self.relation = relation
        self.strongSecond = toItem
        self.hasSecond = toItem != nil
        self.secondAttribute = toItem == nil ? nil : secondAttribute
        self.storedMultiplier = multiplier
        self.storedConstant = constant
        self.storedPriority = priority
        self.location = LayoutSourceLocation(file, line)
        self.problem = validate()
        ConstraintCollector.current?.collect(self)
    }

    init(
        _ first: LayoutItem, _ firstAttribute: LayoutAttribute, _ relation: LayoutRelation,
        _ second: LayoutItem?, _ secondAttribute: LayoutAttribute?,
        multiplier: Double, constant: Double, location: LayoutSourceLocation?, problem: LayoutError? = nil,
        collected: Bool = true
    ) {
        self.strongFirst = first
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.strongSecond = second
        self.hasSecond = second != nil
        self.secondAttribute = secondAttribute
        self.storedMultiplier = multiplier
        self.storedConstant = constant
        self.storedPriority = .required
        self.location = location
        self.problem = problem ?? validate()
        // `collected: false`: the caller knows no `layout { }` block is collecting (a file's
        // constraint lines), and the task-local lookup is skipped.
        if collected { ConstraintCollector.current?.collect(self) }
    }

    /// The rules of Auto Layout that a constraint can break by itself.
    func validate() -> LayoutError? {
        func fail(_ k: LayoutError.Kind) -> LayoutError { LayoutError(k, constraint: description, location: location) }
        if !multiplier.isFinite { return fail(.nonFinite(what: "multiplier")) }
        if !constant.isFinite { return fail(.nonFinite(what: "constant")) }
        if !priority.rawValue.isFinite { return fail(.nonFinite(what: "priority")) }
        if !priority.isValid { return fail(.invalidPriority(priority.rawValue)) }
        if firstAttribute.needsView && firstItem is LayoutGuide {
            return fail(.attributeNotAvailable(item: firstItem.name, firstAttribute))
        }
        guard secondItem != nil, let second = secondAttribute else {
            return firstAttribute.isDimension ? nil : fail(.positionAgainstConstant(firstAttribute))
        }
        if second.needsView && secondItem is LayoutGuide {
            return fail(.attributeNotAvailable(item: secondItem!.name, second))
        }
        if firstAttribute.isDimension != second.isDimension
            || (!firstAttribute.isDimension && firstAttribute.axis != second.axis)
        {
            return fail(.incompatibleAttributes(firstAttribute, second))
        }
        if (firstAttribute.isDirectional && second.isAbsoluteHorizontal)
            || (firstAttribute.isAbsoluteHorizontal && second.isDirectional)
        {
            return fail(.mixedDirectionalAttributes(firstAttribute, second))
        }
        if multiplier == 0 && !firstAttribute.isDimension { return fail(.zeroMultiplier) }
        return nil
    }

    // MARK: Activation

    /// Installs the constraint on the nearest common ancestor of its items; the next layout
    /// takes it in.
    /// - Throws: ``problem``, or ``LayoutError/Kind/noCommonAncestor(_:_:)`` naming both items.
    public func activate(file: StaticString = #fileID, line: UInt = #line) throws(LayoutError) {
        if location == nil { location = LayoutSourceLocation(file, line) }
        try install()
    }

    /// Activation without a location of its own.
    private func install() throws(LayoutError) {
        guard !isActive else { return }
        install(in: try checkActivatable())
    }

    /// Activation on the container ``checkActivatable()`` just returned (the tree has not
    /// changed since): `activate([...])` checks every constraint first, all or nothing, and
    /// does not look for each one's container twice.
    func install(in container: View) {
        guard !isActive else { return }
        noteUse(of: firstItem, firstAttribute)
        if let second = secondItem { noteUse(of: second, secondAttribute) }
        order = LayoutConstraint.nextOrder.add(1, ordering: .relaxed).newValue
        container.install(self)
        self.container = container
        container.engine?.enqueue(.add(self))   // nil: not built yet, a rebuild is pending
    }

    /// The view the constraint would be installed on.
    /// - Throws: its ``problem`` (with the constraint's location, which a constraint made
    ///   with property anchors only gets from the call that activates it), or
    ///   ``LayoutError/Kind/noCommonAncestor(_:_:)``.
    func checkActivatable() throws(LayoutError) -> View {
        // `problem` is kept current: set at creation, and by `~` and every setter.
        if var problem {
            if problem.location == nil { problem.location = location }
            if problem.constraint.isEmpty || location != nil { problem.constraint = description }
            self.problem = problem
            throw problem
        }
        guard let container = nearestCommonAncestor() else {
            let kind = LayoutError.Kind.noCommonAncestor(firstItem.name, secondItem?.name ?? firstItem.name)
            throw LayoutError(kind, constraint: description, location: location)
        }
        return container
    }

    /// Built-in guides join the solver only once a constraint uses them; labels learn that a
    /// baseline depends on their text.
    private func noteUse(of item: LayoutItem, _ attribute: LayoutAttribute?) {
        if item is View {
            if let attribute, attribute.isBaseline, let label = item.baselineItem(for: attribute) as? Label {
                // (A stack's baseline is its baseline view's: that label's text moves it.)
                label.noteBaselineConstraint(self)
            }
        } else if let g = item as? LayoutGuide {
            g._owningView?.noteGuideUsed(g)
        }
    }

    /// Uninstalls the constraint; the next layout drops it.
    public func deactivate() {
        guard let container else { return }
        container.uninstall(self)
        self.container = nil
        engine?.enqueue(.remove(self))
    }

    private static let nextOrder = Atomic<UInt64>(0)

    /// A change made through a property that could not be made: kept for the layout report
    /// of the tree the constraint's first item is in.
    func refuse(_ error: LayoutError) {
        var e = error
        if e.location == nil { e.location = location }
        (firstItem.owningView?.root ?? secondItem?.owningView?.root)?.noteRefusal(e)
    }

    func nearestCommonAncestor() -> View? {
        guard let a = firstItem.owningView else { return nil }
        guard let second = secondItem else { return a }
        guard let b = second.owningView else { return nil }
        // The common cases first: the same view, a view and its superview, two siblings.
        if a === b { return a }
        let pa = a.superview, pb = b.superview
        if pa === b { return b }
        if pb === a { return a }
        if let pa, pa === pb { return pa }
        var depthA = 0, depthB = 0
        var v: View? = a
        while let c = v { depthA += 1; v = c.superview }
        v = b
        while let c = v { depthB += 1; v = c.superview }
        var x: View? = a, y: View? = b
        while depthA > depthB { x = x?.superview; depthA -= 1 }
        while depthB > depthA { y = y?.superview; depthB -= 1 }
        while let p = x, let q = y, p !== q { x = p.superview; y = q.superview }
        return x
    }

    // MARK: Changes

    /// Changes the constant. An active constraint moves in place through the solver (no rebuild).
    /// - Throws: ``LayoutError/Kind/nonFinite(what:)`` for NaN or infinity; nothing changes then.
    public func setConstant(_ value: Double) throws(LayoutError) {
        guard value.isFinite else {
            throw LayoutError(.nonFinite(what: "constant"), constraint: description, location: location)
        }
        guard value != constant else { return }
        storedConstant = value
        constantName = nil
        if problem != nil { problem = validate() }
        engine?.enqueue(.constant(self))
    }

    /// Changes the priority, required ↔ optional included (which UIKit refuses).
    /// - Throws: ``LayoutError/Kind/invalidPriority(_:)`` outside 1…1000; nothing changes then.
    public func setPriority(_ value: LayoutPriority) throws(LayoutError) {
        guard value.isValid else {
            let kind: LayoutError.Kind = value.rawValue.isFinite ? .invalidPriority(value.rawValue) : .nonFinite(what: "priority")
            throw LayoutError(kind, constraint: description, location: location)
        }
        guard value != priority else { return }
        storedPriority = value
        if problem != nil { problem = validate() }
        engine?.enqueue(.replace(self))
    }

    /// Changes the multiplier.
    /// - Throws: ``LayoutError`` for a non-finite multiplier, or 0 on a position attribute;
    ///   nothing changes then.
    public func setMultiplier(_ value: Double) throws(LayoutError) {
        guard value.isFinite else {
            throw LayoutError(.nonFinite(what: "multiplier"), constraint: description, location: location)
        }
        guard value != 0 || firstAttribute.isDimension || secondItem == nil else {
            throw LayoutError(.zeroMultiplier, constraint: description, location: location)
        }
        guard value != multiplier, secondItem != nil else { return }
        storedMultiplier = value
        if problem != nil { problem = validate() }
        engine?.enqueue(.replace(self))
    }

    // MARK: Description

    /// `title.width == 0.9 × card.width + 5 @750 (LoginScreen.swift:42)`.
    public var description: String {
        var s = formula
        if let id = identifier { s = "'\(id)' " + s }
        if let location { s += " (\(location))" }
        return s
    }

    /// The constraint without identifier and location: `title.width == 0.9 × card.width + 5 @750`.
    public var formula: String {
        var s = "\(firstItem.name).\(firstAttribute) \(relation) "
        if let second = secondItem, let attribute = secondAttribute {
            if multiplier != 1 { s += "\(formatNumber(multiplier)) × " }
            s += "\(second.name).\(attribute)"
            s += signedOffset(constant)
        } else {
            s += formatNumber(constant)
        }
        if !priority.isRequired { s += " @\(priority)" }
        return s
    }
}

extension LayoutConstraint {
    /// Installed on `view`: references to `view` itself turn weak (the view owns the constraint).
    func weakenReferences(to view: View) {
        if strongFirst === view {
            weakFirst = view
            strongFirst = nil
        }
        if strongSecond === view {
            weakSecond = view
            strongSecond = nil
        }
    }

    /// The view it was installed on is going (its `deinit`): the references to it turn nil, as
    /// weak ones would, without being read (reading an unowned reference to it now would trap).
    /// `name` is the view's: descriptions keep reading it.
    func containerDidEnd(name: String) {
        container = nil
        // An item not held strongly is held unowned: by this view, the only one that can be.
        if strongFirst == nil {
            weakFirst = nil
            madeExtras.firstName = name
        }
        if hasSecond && strongSecond == nil {
            weakSecond = nil
            madeExtras.secondName = name
        }
    }

    /// Uninstalled: every reference is strong again.
    func strengthenReferences() {
        if strongFirst == nil, let w = weakFirst { strongFirst = w }
        if strongSecond == nil, let w = weakSecond { strongSecond = w }
    }
}

/// Constraints made inside a `layout { }` block, collected so the block can activate them.
final class ConstraintCollector: @unchecked Sendable {
    private(set) var constraints: [LayoutConstraint] = []

    func collect(_ c: LayoutConstraint) { constraints.append(c) }

    @TaskLocal static var current: ConstraintCollector?
}
