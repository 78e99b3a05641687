/// A constraint or a group of them (what a compound attribute returns), so one call can
/// activate both: `activate([a.width == 100, a.edges == b.edges - 8])`.
public protocol LayoutConstraintGroup {
    /// The constraints of the group, in the order they are activated.
    var layoutConstraints: [LayoutConstraint] { get }
}

extension LayoutConstraint: LayoutConstraintGroup {
    /// The constraint alone.
    public var layoutConstraints: [LayoutConstraint] { [self] }
}

extension Array: LayoutConstraintGroup where Element == LayoutConstraint {
    /// The constraints of the array, in order.
    public var layoutConstraints: [LayoutConstraint] { self }
}

/// Activates every constraint (in order) and returns them, flattened, so they can be kept.
/// All or nothing: when one constraint cannot be activated, none is.
///
/// Constraints without a location of their own (made with property anchors) take this call's
/// `file:line`, and so do their errors.
/// - Throws: the first invalid constraint's ``LayoutError``; no constraint is activated then.
@discardableResult
public func activate(
    _ groups: [any LayoutConstraintGroup], file: StaticString = #fileID, line: UInt = #line
) throws(LayoutError) -> [LayoutConstraint] {
    var all: [LayoutConstraint] = []
    all.reserveCapacity(groups.count)
    for g in groups {
        if let c = g as? LayoutConstraint { all.append(c) } else { all.append(contentsOf: g.layoutConstraints) }
    }
    // All or nothing: every container is found before any constraint is installed.
    var checked: [(LayoutConstraint, View)] = []
    checked.reserveCapacity(all.count)
    var here: LayoutSourceLocation?   // made once, for the constraints that have no location yet
    for c in all {
        if c.location == nil {
            if here == nil { here = LayoutSourceLocation(file, line) }
            c.location = here
        }
        if !c.isActive { checked.append((c, try c.checkActivatable())) }
    }
    for (c, container) in checked { c.install(in: container) }
    return all
}

/// Deactivates every constraint.
public func deactivate(_ groups: [any LayoutConstraintGroup]) {
    for g in groups { for c in g.layoutConstraints { c.deactivate() } }
}

extension LayoutConstraint {
    /// `NSLayoutConstraint.activate([...])`.
    @discardableResult
    public static func activate(
        _ groups: [any LayoutConstraintGroup], file: StaticString = #fileID, line: UInt = #line
    ) throws(LayoutError) -> [LayoutConstraint] {
        try Blueprint.activate(groups, file: file, line: line)
    }

    /// `NSLayoutConstraint.activateConstraints([...])`, the Blueprint seed's spelling.
    @discardableResult
    public static func activateConstraints(
        _ groups: [any LayoutConstraintGroup], file: StaticString = #fileID, line: UInt = #line
    ) throws(LayoutError) -> [LayoutConstraint] {
        try Blueprint.activate(groups, file: file, line: line)
    }

    /// `NSLayoutConstraint.deactivate([...])`.
    public static func deactivate(_ groups: [any LayoutConstraintGroup]) {
        Blueprint.deactivate(groups)
    }
}

/// Cartography's block: every constraint made inside `block` is activated when it returns,
/// and all of them are returned.
///
/// ```swift
/// try layout(view1, view2) { view1, view2 in
///     view1.width == (view1.superview!.width - 50) * 0.5
///     view2.top == view1.bottom + 20
/// }
/// ```
/// - Throws: the ``LayoutError`` of the first constraint that cannot be activated, or what
///   `block` throws; nothing is activated then.
@discardableResult
public func layout<each Item: LayoutItem>(
    _ items: repeat each Item, file: StaticString = #fileID, line: UInt = #line,
    _ block: (repeat each Item) throws -> Void
) throws -> [LayoutConstraint] {
    let collector = ConstraintCollector()
    try ConstraintCollector.$current.withValue(collector) { try block(repeat each items) }
    var checked: [(LayoutConstraint, View)] = []
    var here: LayoutSourceLocation?   // made once, for the constraints that have no location yet
    for c in collector.constraints {
        if c.location == nil {
            if here == nil { here = LayoutSourceLocation(file, line) }
            c.location = here
        }
        if !c.isActive { checked.append((c, try c.checkActivatable())) }   // all or nothing
    }
    for (c, container) in checked { c.install(in: container) }
    return collector.constraints
}

/// Cartography's later name for ``layout(_:file:line:_:)``.
@discardableResult
public func constrain<each Item: LayoutItem>(
    _ items: repeat each Item, file: StaticString = #fileID, line: UInt = #line,
    _ block: (repeat each Item) throws -> Void
) throws -> [LayoutConstraint] {
    try layout(repeat each items, file: file, line: line, block)
}

extension View {
    /// LayoutExpressions' `addExpression`: activates the constraint and returns it.
    @discardableResult
    public func addExpression(
        _ constraint: LayoutConstraint, file: StaticString = #fileID, line: UInt = #line
    ) throws(LayoutError) -> LayoutConstraint {
        try constraint.activate(file: file, line: line)
        return constraint
    }

    /// LayoutExpressions' `addExpression` for a composite expression (edges, size, center).
    @discardableResult
    public func addExpression(
        _ constraints: [LayoutConstraint], file: StaticString = #fileID, line: UInt = #line
    ) throws(LayoutError) -> [LayoutConstraint] {
        try Blueprint.activate(constraints, file: file, line: line)
    }

    /// LayoutExpressions' `addExpressions`: activates every constraint (compound ones
    /// included) and returns them, flattened.
    @discardableResult
    public func addExpressions(
        _ groups: any LayoutConstraintGroup..., file: StaticString = #fileID, line: UInt = #line
    ) throws(LayoutError) -> [LayoutConstraint] {
        try Blueprint.activate(groups, file: file, line: line)
    }
}
