/// Constraints from strings, as NSLayoutConstraint+ExpressionFormat (seed 001) makes them:
///
/// ```swift
/// let c = try LayoutConstraint(expression: "view1.width = superview.width * 0.9",
///                              views: ["view1": view1], metrics: ["margin": 10])
/// ```
/// The grammar is the seed's, extended: `==`, a multiplier before or after the attribute
/// (`0.5 * x.width`, `* 0.5`, `/ 2`), multipliers on both sides (`a.width * 3 == a.height * 4`),
/// `~ priority` with a number or a name, compound attributes (`edges`, `margins`, `size`,
/// `center`). Every malformed string gets its own message, with the column and a caret.
extension LayoutConstraint {
    /// Makes one constraint from `expression`.
    /// - Parameters:
    ///   - expression: the constraint as text, `view1.width = superview.width * 0.9 + 5 ~ 750`.
    ///   - views: the views (and layout guides) the expression names; `superview` needs no entry.
    ///   - metrics: numbers the expression names.
    ///   - file: where the constraint is made, for reports (leave it out).
    ///   - line: the line it is made on (leave it out).
    /// - Throws: ``SourceDiagnostic`` with the column of the offending token; also when the
    ///   expression is a compound attribute (use ``constraints(expression:views:metrics:file:line:)``).
    public convenience init(
        expression: String, views: [String: LayoutItem], metrics: [String: Double] = [:],
        file: StaticString = #fileID, line: UInt = #line
    ) throws(SourceDiagnostic) {
        let made = try LayoutConstraint.parse(expression, views: views, metrics: metrics, location: LayoutSourceLocation(file, line))
        guard made.count == 1, let c = made.first else {
            throw SourceDiagnostic(
                file: nil, line: 1, column: 1, length: expression.count,
                message: "a compound attribute makes \(made.count) constraints: use LayoutConstraint.constraints(expression:views:metrics:)",
                sourceLine: expression)
        }
        self.init(
            c.firstItem, c.firstAttribute, c.relation, c.secondItem, c.secondAttribute,
            multiplier: c.multiplier, constant: c.constant, location: c.location, problem: c.problem)
        self.priority = c.priority
    }

    /// Makes the constraints of `expression` (several for a compound attribute).
    /// - Throws: ``SourceDiagnostic`` with the column of the offending token.
    public static func constraints(
        expression: String, views: [String: LayoutItem], metrics: [String: Double] = [:],
        file: StaticString = #fileID, line: UInt = #line
    ) throws(SourceDiagnostic) -> [LayoutConstraint] {
        let made = try parse(expression, views: views, metrics: metrics, location: LayoutSourceLocation(file, line))
        for c in made { ConstraintCollector.current?.collect(c) }
        return made
    }

    private static func parse(
        _ expression: String, views: [String: LayoutItem], metrics: [String: Double], location: LayoutSourceLocation
    ) throws(SourceDiagnostic) -> [LayoutConstraint] {
        // One constraint, on one line: a line break followed by more text would otherwise be
        // silently dropped (a trailing break, as multi-line literals leave, is fine).
        let scalars = expression.unicodeScalars
        let lineBreak = scalars.firstIndex { $0 == "\n" || $0 == "\r" }
        let line = Substring(scalars[..<(lineBreak ?? scalars.endIndex)])
        if let lineBreak, scalars[lineBreak...].contains(where: { !$0.properties.isWhitespace }) {
            throw SourceDiagnostic(
                file: nil, line: 1, column: line.count + 1,
                message: "an expression is one constraint on one line: use LayoutDocument for several",
                sourceLine: String(line))
        }
        do {
            // Made outside any `layout { }` block's collection: the caller decides.
            return try ConstraintCollector.$current.withValue(nil) { () throws(SyntaxError) -> [LayoutConstraint] in
                try parseConstraintLine(
                    line, comments: false, location: location,
                    item: { views[$0] }, metric: { metrics[$0] })
            }
        } catch let error as SyntaxError {
            throw diagnostic(error, in: line, file: nil, line: 1)
        } catch {
            throw SourceDiagnostic(file: nil, line: 1, column: 1, message: "\(error)", sourceLine: String(line))
        }
    }
}

/// Parses and resolves one constraint line (shared by expression strings and `.layout` files).
/// - Parameters:
///   - itemNames: the names an unknown view may be a misspelling of (for "did you mean"); nil
///     offers no suggestion.
///   - prepared: a lexer already made for `line` (a `.layout` file makes one per line), at its start.
///   - simple: whether the common shapes skip the syntax tree (``SimpleConstraintLine``); the
///     result is the same either way.
func parseConstraintLine(
    _ line: Substring, comments: Bool, location: LayoutSourceLocation?,
    item: @escaping (String) -> LayoutItem?, metric: @escaping (String) -> Double?,
    itemNames: (() -> [String])? = nil, lexer prepared: Lexer? = nil, simple: Bool = true
) throws(SyntaxError) -> [LayoutConstraint] {
    var lexer = prepared ?? Lexer(line, comments: comments)
    let tokens = lexer.all()
    // The common shapes skip the syntax tree. Not inside a `layout { }` block, which collects
    // every constraint made (one made here and then left to the general parser would stay).
    if simple, ConstraintCollector.current == nil,
       let c = SimpleConstraintLine.make(tokens, lexer, location: location, item: item), c.problem == nil {
        return [c]
    }
    var parser = ExpressionParser(lexer: lexer, startingAt: tokens, metric: metric, isView: { item($0) != nil })
    let syntax = try parser.parseConstraint()
    return try ExpressionResolver(item: item, location: location, itemNames: itemNames, metric: metric).resolve(syntax)
}

/// A syntax error at byte offsets of `line`, as a diagnostic with a character column.
func diagnostic(_ e: SyntaxError, in line: Substring, file: String?, line number: Int) -> SourceDiagnostic {
    // Only the bytes up to the error's end are read (copying a 255 MB line byte by byte to
    // say that its first character is wrong took 0.8 s).
    let count = line.utf8.count
    let lower = Swift.min(e.range.lowerBound, count)
    let upper = Swift.min(Swift.max(e.range.upperBound, lower), count)
    let utf8 = Array(line.utf8.prefix(upper))
    let column = String(decoding: utf8[0..<lower], as: UTF8.self).count + 1
    let length = String(decoding: utf8[lower..<upper], as: UTF8.self).count
    var message = e.message
    if let cr = utf8[0..<lower].firstIndex(of: 0x0D) {
        // Blank space to the lexer, but most likely a line break of a file saved with CR alone.
        let crColumn = String(decoding: utf8[0..<cr], as: UTF8.self).count + 1
        message += "; the carriage return (CR) at column \(crColumn) does not end a line: lines end with LF or CRLF"
    }
    return SourceDiagnostic(
        file: file, line: number, column: column, length: Swift.max(1, length), message: message,
        sourceLine: String(line))
}
