/// Options of the visual format language: alignments of every pair of adjacent views in the
/// format, and the direction horizontal formats read in (UIKit's
/// `NSLayoutConstraint.FormatOptions`).
public struct VisualFormatOptions: OptionSet, Sendable, Hashable {
    /// The bits, as UIKit numbers them.
    public let rawValue: Int
    /// The options of these bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Each view's left edge on the previous one's (V: formats).
    public static let alignAllLeft = VisualFormatOptions(rawValue: 1 << 1)
    /// Each view's right edge on the previous one's (V: formats).
    public static let alignAllRight = VisualFormatOptions(rawValue: 1 << 2)
    /// Each view's top on the previous one's (H: formats).
    public static let alignAllTop = VisualFormatOptions(rawValue: 1 << 3)
    /// Each view's bottom on the previous one's (H: formats).
    public static let alignAllBottom = VisualFormatOptions(rawValue: 1 << 4)
    /// Each view's leading edge on the previous one's (V: formats).
    public static let alignAllLeading = VisualFormatOptions(rawValue: 1 << 5)
    /// Each view's trailing edge on the previous one's (V: formats).
    public static let alignAllTrailing = VisualFormatOptions(rawValue: 1 << 6)
    /// Each view's horizontal centre on the previous one's (V: formats).
    public static let alignAllCenterX = VisualFormatOptions(rawValue: 1 << 9)
    /// Each view's vertical centre on the previous one's (H: formats).
    public static let alignAllCenterY = VisualFormatOptions(rawValue: 1 << 10)
    /// Each view's last baseline on the previous one's (H: formats).
    public static let alignAllLastBaseline = VisualFormatOptions(rawValue: 1 << 11)
    /// Each view's first baseline on the previous one's (H: formats).
    public static let alignAllFirstBaseline = VisualFormatOptions(rawValue: 1 << 12)
    /// Horizontal formats run from leading to trailing (the default).
    public static let directionLeadingToTrailing = VisualFormatOptions([])
    /// Horizontal formats run from left to right whatever the layout direction.
    public static let directionLeftToRight = VisualFormatOptions(rawValue: 1 << 16)
    /// Horizontal formats run from right to left whatever the layout direction.
    public static let directionRightToLeft = VisualFormatOptions(rawValue: 2 << 16)

    /// Each option with its name (the `.layout` spelling) and the attribute it aligns.
    static let named: [(name: String, option: VisualFormatOptions, attribute: LayoutAttribute?)] = [
        ("alignAllLeft", .alignAllLeft, .left), ("alignAllRight", .alignAllRight, .right),
        ("alignAllTop", .alignAllTop, .top), ("alignAllBottom", .alignAllBottom, .bottom),
        ("alignAllLeading", .alignAllLeading, .leading), ("alignAllTrailing", .alignAllTrailing, .trailing),
        ("alignAllCenterX", .alignAllCenterX, .centerX), ("alignAllCenterY", .alignAllCenterY, .centerY),
        ("alignAllFirstBaseline", .alignAllFirstBaseline, .firstBaseline),
        ("alignAllLastBaseline", .alignAllLastBaseline, .lastBaseline),
        ("directionLeadingToTrailing", .directionLeadingToTrailing, nil),
        ("directionLeftToRight", .directionLeftToRight, nil), ("directionRightToLeft", .directionRightToLeft, nil),
    ]
}

/// Apple's standard spacing between two sibling views. Between a view and `|` the standard
/// spacing is the superview's layout margin (`|-[a]` is `a.leading == superview.leadingMargin`,
/// as UIKit reads it since iOS 8).
public enum VisualFormatSpacing {
    /// `[a]-[b]`.
    public static let siblings = 8.0
    /// What `|-[a]` and `[a]-|` measured from the superview's edge before iOS 8. No longer
    /// used: they are relative to the superview's layout margins.
    @available(*, deprecated, message: "`|-[a]` is relative to the superview's layout margins, as in UIKit since iOS 8")
    public static let superviewEdge = 20.0
}

extension LayoutConstraint {
    /// The constraints a visual-format string describes (`constraints(withVisualFormat:
    /// options:metrics:views:)`), not yet active:
    ///
    /// ```swift
    /// let cs = try LayoutConstraint.constraints(
    ///     withVisualFormat: "H:|-[icon(==32)]-[title(>=70,<=200@750)]-(>=8)-|",
    ///     options: .alignAllCenterY, metrics: [:], views: ["icon": icon, "title": title])
    /// try activate(cs)
    /// ```
    ///
    /// The whole grammar: `H:`/`V:`, `|`, `-` (standard spacing: 8 between views, 20 to the
    /// superview), `-N-`, `-(>=8@750)-`, predicate lists `[a(>=70,<=100@750)]`, `[a(==b)]`,
    /// metric names and named priorities (`@defaultHigh`) wherever a number goes.
    /// - Throws: ``SourceDiagnostic`` pointing at the offending column of `format`.
    public static func constraints(
        withVisualFormat format: String, options: VisualFormatOptions = [],
        metrics: [String: Double] = [:], views: [String: LayoutItem],
        file: StaticString = #fileID, line: UInt = #line
    ) throws(SourceDiagnostic) -> [LayoutConstraint] {
        let location = LayoutSourceLocation(file, line)
        var parser = VisualFormatParser(
            Substring(format), metric: { metrics[$0] }, item: { views[$0] }, location: location)
        do {
            return try parser.parse(options: options, optionsRange: nil)
        } catch {
            throw diagnostic(error, in: Substring(format), file: nil, line: 1)
        }
    }
}
