import BlueprintSupport

/// A `.layout` file, parsed into a view tree with its constraints activated (docs/LayoutFormat.md, "The
/// `.layout` file format").
///
/// ```
/// canvas 375 x 667                 # the root view, `root`; omit to size it by its constraints
/// direction rtl                    # default ltr
/// safearea 47 0 34 0               # the root's safe-area insets: top left bottom right
/// let pad = 20                     # a metric, usable wherever a number is
/// view header                      # a child of root
/// view title in header label "Sign in" font 17
/// view avatar in header size 40 x 40 hugging 251 compression 750 751
/// view card margins 8 16 8 16      # layoutMargins: top left bottom right (or one number)
/// view note label "draft" hidden
/// header.top == safeArea.top + pad   # `safeArea`: the root's safe-area layout guide
/// title.width = superview.width * 0.9 + 5 ~ 750
/// stack row in header axis horizontal spacing 8 alignment center distribution fill
/// view icon in row size 24 x 24 spacingAfter 12   # a stack's subviews are arranged, in order
/// guide gap in header                # a custom layout guide, used like a view
/// H:|-[avatar]-pad-[title]-|  alignAllCenterY   # a visual format (`V:` too)
/// let double = pad * 2 + 1           # metrics take arithmetic
/// avatar.height == avatar.width * 1:1 as square   # ratios; `as` names the constraint
/// title.top == card.margins.top      # a view's margins / safeArea / readableContent guide
/// ```
/// Names are ASCII (`[_a-zA-Z][_a-zA-Z0-9]*`); any keyword can name a view (`view view`).
/// Lines end with LF or CRLF. A file that parses always lays out: conflicts and ambiguity are
/// reported by the engine, not here. Every error names `file:line:column` with a caret; all
/// errors of a file are reported in line order (up to ``LayoutDocument/errorLimit``), each
/// once: lines that use a view or metric whose declaration failed are not reported again.
public struct LayoutDocument {
    /// The root view, named `root`.
    public let root: View
    /// Every view in declaration order, the root first.
    public let views: [View]
    /// Every constraint, in file order (active).
    public let constraints: [LayoutConstraint]
    /// The metrics (`let`) by name.
    public let metrics: [String: Double]
    /// The custom layout guides (`guide`), in declaration order.
    public let guides: [LayoutGuide]

    /// The view called `name`.
    public func view(named name: String) -> View? { index[name] }
    private let index: [String: View]

    /// More errors than this and parsing stops, saying so.
    public static let errorLimit = 100
    /// Views nested deeper than this are refused (a hostile file could otherwise make every
    /// walk to the root slow).
    public static let depthLimit = 1000

    /// Parses `text`; `file` names it in diagnostics and constraint locations.
    /// - Throws: ``SourceDiagnostics`` with every error found (up to ``errorLimit``).
    /// - Complexity: O(size of the text + views × nesting depth).
    public init(parsing text: String, file: String) throws(SourceDiagnostics) {
        try self.init(parsing: text, bytes: nil, file: file)
    }

    /// ``init(parsing:file:)``; `bytes`, when given, are the text's UTF-8 bytes (and `text`
    /// is not read).
    private init(parsing text: String, bytes: [UInt8]?, file: String) throws(SourceDiagnostics) {
        var p = LayoutFileParser(file: file)
        p.parse(text, bytes: bytes)
        if !p.errors.isEmpty {
            // The constraints activated before the errors were found are installed on views
            // they also hold: deactivated, the views and constraints can be freed.
            for c in p.constraints { c.deactivate() }
            throw SourceDiagnostics(p.errors, truncated: p.truncated)
        }
        root = p.root
        views = p.views
        constraints = p.constraints
        metrics = p.metrics
        guides = p.guides
        index = p.viewsByName
    }

    /// How many bytes of a file are on lines that hold a statement (not blank, not a comment):
    /// what its views and constraints grow with, for a caller that makes room for them ahead.
    package static func statementByteCount(_ bytes: [UInt8]) -> Int {
        StatementLines.statementByteCount(bytes)
    }

    /// Parses the UTF-8 bytes of a file (invalid UTF-8 is an error naming its line and column).
    /// - Throws: ``SourceDiagnostics``.
    public init(bytes: [UInt8], file: String) throws(SourceDiagnostics) {
        // UTF-16 (a byte-order mark, or a NUL after every ASCII character): said as such, not
        // as bad UTF-8 or as a NUL on every line.
        // (UTF-32 starts FF FE 00 00 or 00 00 FE FF, or has three NULs beside each ASCII byte.)
        let utf32 = bytes.count >= 4 && ((bytes[0] == 0xFF && bytes[1] == 0xFE && bytes[2] == 0 && bytes[3] == 0)
            || (bytes[0] == 0 && bytes[1] == 0 && bytes[2] == 0xFE && bytes[3] == 0xFF)
            || (bytes[0] != 0 && bytes[1] == 0 && bytes[2] == 0 && bytes[3] == 0)
            || (bytes[0] == 0 && bytes[1] == 0 && bytes[2] == 0 && bytes[3] != 0))
        /// A file in another encoding, said as such with its first bytes.
        func otherEncoding(_ name: String) -> SourceDiagnostics {
            SourceDiagnostics([SourceDiagnostic(
                file: file, line: 1, column: 1,
                message: "the file is \(name) text (its first bytes below): a .layout file is UTF-8; save it as UTF-8 (`iconv -f \(name) -t UTF-8`)",
                sourceLine: bytes.prefix(8).map { (($0 < 16) ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined(separator: " "))])
        }
        if utf32 { throw otherEncoding("UTF-32") }
        let utf16 = bytes.count >= 2 && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF))
            || (bytes.count >= 4 && bytes[0] != 0 && bytes[1] == 0 && bytes[2] != 0 && bytes[3] == 0)
            || (bytes.count >= 4 && bytes[0] == 0 && bytes[1] != 0 && bytes[2] == 0 && bytes[3] != 0)
        if utf16 { throw otherEncoding("UTF-16") }
        if let bad = firstInvalidUTF8(bytes) {
            let lineStart = bytes[..<bad].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let line = bytes[..<bad].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            let prefix = String(decoding: bytes[lineStart..<bad], as: UTF8.self)
            let end = bytes[bad...].firstIndex(of: 0x0A) ?? bytes.count
            throw SourceDiagnostics([SourceDiagnostic(
                file: file, line: line, column: prefix.count + 1,
                message: "invalid UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)) at offset \(bad)): a .layout file is UTF-8 text",
                sourceLine: String(decoding: bytes[lineStart..<end], as: UTF8.self))])
        }
        // The bytes are read as they are (valid UTF-8, checked above): no string of the whole file.
        try self.init(parsing: "", bytes: bytes, file: file)
    }
}

/// The offset of the first byte that does not belong to valid UTF-8, if any.
func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    var i = 0
    let n = bytes.count
    while i < n {
        // ASCII eight bytes at a time (nearly every file is all ASCII outside its labels).
        bytes.withUnsafeBytes { raw in
            while i + 8 <= n, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
        }
        guard i < n else { return nil }
        let b = bytes[i]
        if b < 0x80 { i += 1; continue }
        let length: Int, minimum: UInt32
        switch b {
        case 0xC2...0xDF: length = 2; minimum = 0x80
        case 0xE0...0xEF: length = 3; minimum = 0x800
        case 0xF0...0xF4: length = 4; minimum = 0x10000
        default: return i
        }
        guard i + length <= n else { return i }
        var scalar = UInt32(b) & (0xFF >> (length + 1))
        for k in 1..<length {
            let c = bytes[i + k]
            guard c & 0xC0 == 0x80 else { return i }
            scalar = scalar << 6 | UInt32(c & 0x3F)
        }
        if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return i }
        i += length
    }
    return nil
}

/// The two passes over a file: declarations in order (canvas, direction, safearea, let,
/// view), then constraint lines, which may name any view and metric of the file. Errors of
/// both passes are reported together, in line order (each line has at most one).
struct LayoutFileParser {
    let file: String
    var errors: [SourceDiagnostic] = []
    var truncated = false
    var root = View(name: "root")
    var views: [View] = []
    var viewsByName: [String: View] = [:]
    var guidesByName: [String: LayoutGuide] = [:]
    var guides: [LayoutGuide] = []
    var depth: [ObjectIdentifier: Int] = [:]
    var metrics: [String: Double] = [:]
    var constraints: [LayoutConstraint] = []
    private var canvasLine: Int?
    private var directionLine: Int?
    private var safeAreaLine: Int?
    /// The line of every view and metric declaration, even those further down (for "declared
    /// below" and "already declared on line N").
    private var declaredViews: [String: Int] = [:]
    private var declaredMetrics: [String: Int] = [:]
    /// The line being parsed.
    private var lineNumber = 0
    /// Whether constraint lines of the common shapes skip the syntax tree
    /// (``SimpleConstraintLine``); tests turn it off to compare with the general parser.
    var simpleLines = true
    /// The name of the declaration being parsed, once it is known to be a valid new name.
    fileprivate var declaring: String?
    /// Views and metrics whose declaration failed: lines that use them are not reported again.
    fileprivate var failed: Set<String> = []
    /// Fonts whose file could not be read: labels that use them are not reported again.
    fileprivate var failedFonts: Set<String> = []

    static let keywords = ["canvas", "direction", "safearea", "let", "fontfile", "view", "stack", "guide"]
    static let viewOptions = ["in", "label", "font", "size", "margins", "hugging", "compression", "hidden", "spacingAfter"]
        + LabelSettings.options.dropFirst()
    /// Font files declared by `fontfile NAME "PATH"`, loaded when declared.
    fileprivate var fonts: [String: FontFace] = [:]
    private var fontLines: [String: Int] = [:]
    /// UIKit's names of the options, for the message of a line that uses one.
    static let uikitOptionNames: [String: [String]] = [
        "numberOfLines": ["lines"], "textAlignment": ["align"], "lineBreakMode": ["truncate", "wrap"],
        "preferredMaxLayoutWidth": ["maxwidth"], "isHidden": ["hidden"], "text": ["label"],
        "contentHuggingPriority": ["hugging"], "contentCompressionResistancePriority": ["compression"],
        "layoutMargins": ["margins"], "directionalLayoutMargins": ["margins"],
        "isLayoutMarginsRelativeArrangement": ["marginsRelative"], "isBaselineRelativeArrangement": ["baselineRelative"],
        "customSpacing": ["spacingAfter"],
    ]
    static let stackOptions = ["axis", "spacing", "alignment", "distribution", "marginsRelative", "baselineRelative"]
    /// Every option of a `view` or `stack` line by name: its index in `viewOptions` followed by
    /// `stackOptions`.
    static let optionIndex: NameTable<Int> = {
        var table = NameTable<Int>(capacity: 32)
        for (i, name) in (viewOptions + stackOptions).enumerated() { table.insert(name, i) }
        return table
    }()
    /// The indices of `LabelSettings.options` in `optionIndex`, as bits.
    static let labelOptionBits: UInt64 = LabelSettings.options.reduce(0) { $0 | 1 << viewOptions.firstIndex(of: $1)! }

    init(file: String) {
        self.file = file
        views = [root]
    }

    /// A statement of the file, made when it is read (pass 1) and again for a constraint line
    /// (pass 2): its text, its number, the lexer made for it. Only the lines of statements are
    /// ever made, one at a time; blank lines and comments are counted and passed over
    /// (``StatementLines``). A struct, not a tuple: copying a tuple with a lexer in it goes
    /// through the runtime's generic copy.
    private struct Line {
        /// The text of a statement joined from several lines; nil for one line, whose text is
        /// made from its bytes only when a rare path asks (nearly every line of a file is
        /// read through its lexer alone).
        var joined: Substring?
        var text: Substring {
            joined ?? Substring(lexer.bytes.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) })
        }
        var number: Int
        var lexer: Lexer
        /// Continuation lines joined to this one: where each starts in `text` (bytes), its own
        /// text and number, so that an error in one is shown on that line.
        var parts: [(start: Int, text: Substring, number: Int)] = []

        /// An error of the joined text, on the physical line it falls on: the error with its
        /// range in that line, the line's text and its number.
        func locate(_ e: SyntaxError) -> (SyntaxError, Substring, Int) {
            guard let part = parts.last(where: { $0.start <= e.range.lowerBound }) else { return (e, text, number) }
            let lower = e.range.lowerBound - part.start
            let upper = Swift.max(Swift.min(e.range.upperBound - part.start, part.text.utf8.count), lower)
            return (SyntaxError(message: e.message, range: lower..<upper), part.text, part.number)
        }
    }

    /// Errors of one pass, at most `errorLimit + 1` (one more tells that there are more).
    private struct Collected {
        var errors: [SourceDiagnostic] = []
        var full: Bool { errors.count > LayoutDocument.errorLimit }
        mutating func add(_ e: SyntaxError, _ line: Substring, _ number: Int, file: String) {
            guard !full, !e.isCascade else { return }
            errors.append(diagnostic(e, in: line, file: file, line: number))
        }
    }

    /// Parses `text`; `bytes`, when given, are its UTF-8 bytes (the caller's array, read in
    /// place of `text`, which is then not read).
    mutating func parse(_ text: String, bytes: [UInt8]? = nil) {
        // Lines end at every U+000A. Not `text.split(separator: "\n")`: "\r\n" is one
        // Character in Swift, so a CRLF file would be one long line (a comment, if it starts
        // with one). The lexers of a file's lines read one copy of its bytes (not one array a
        // line); a line's text is found from its byte offsets (constant time in a native
        // string's UTF-8).
        let fileBytes = bytes ?? Array(text.utf8)
        func substring(_ range: Range<Int>) -> Substring {
            Substring(fileBytes[range].withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) })
        }
        func line(_ l: StatementLines.Line) -> Line {
            Line(joined: nil, number: l.number, lexer: Lexer(file: fileBytes, line: l.range, comments: true))
        }
        // The names every declaration of the file gives, with their lines (for "declared below"
        // and "already declared on line N"). Only a line that starts with the first letter of
        // `view`, `stack`, `guide` or `let` is lexed.
        StatementLines.forEach(in: fileBytes) { l in
            switch l.first {
            // (The lexer passes over a CR as it does over a space.)
            case UInt8(ascii: "v"), UInt8(ascii: "s"), UInt8(ascii: "g"), UInt8(ascii: "l"), 0x0D:
                prescan(Lexer(file: fileBytes, line: l.range, comments: true), l.number)
            default: break
            }
        }
        // Room for every view the prescan found (no rehashing as they are declared).
        viewsByName.reserveCapacity(declaredViews.count)
        depth.reserveCapacity(declaredViews.count + 1)
        views.reserveCapacity(declaredViews.count + 1)
        // Pass 1: declarations, so constraints can name views declared below them. A line that
        // starts with a quoted text continues the statement above it (a long label written
        // across lines; blank lines and comments may stand between): it is read as part of
        // that line. A constraint line needs only its first two tokens here; pass 2 reads the
        // rest (it is kept as its place in the file, and made again then).
        var first = Collected()
        var constraintLines: [(range: Range<Int>, number: Int)] = []
        /// Statements joined from several lines, by number (pass 2 reads them as they are).
        var joinedLines: [Int: Line] = [:]
        var scan = StatementLines(fileBytes)
        var pending = scan.next()
        while let here = pending {
            pending = scan.next()
            var statement = line(here)
            if let next = pending, next.first == 0x22 {
                // The continuations, joined once the run ends (joining at each line copied the
                // growing text, quadratic in the run's length).
                var joined = String(statement.text)
                while let part = pending, part.first == 0x22 {
                    joined += " "
                    let partText = substring(part.range)
                    statement.parts.append((joined.utf8.count, partText, part.number))
                    joined += partText
                    pending = scan.next()
                }
                statement.joined = Substring(joined)
                statement.lexer = Lexer(Substring(joined), comments: true)
            }
            var heads = statement.lexer
            let t0 = heads.next(), t1 = heads.next()
            guard t0.kind != .end else { continue }
            let n = statement.number, lexer = statement.lexer
            let keyword = t0.kind == .identifier && t1.kind != .dot ? lexer.text(t0) : nil
            lineNumber = n
            declaring = nil
            if first.full {
                // No error below the last one listed can be listed, nor can a constraint line
                // below it be read (pass 2 stops there): what is left to read is what the
                // constraint lines above may use, the views, guides and metrics declared (and
                // those that failed). With no constraint line above, nothing is (a file of
                // junk lines stopped only at its end: 100 MB, more than 30 s).
                if constraintLines.isEmpty { break }
                switch keyword {
                case "canvas", "direction", "safearea", "let", "fontfile", "view", "stack", "guide": break
                default:
                    // A misspelt `view` or `let` marks its name as failed; nothing else is kept.
                    if t1.kind == .identifier, !isVisualFormatLine(lexer.bytes) { try? checkStatement(t0, t1, lexer) }
                    continue
                }
            }
            do throws(SyntaxError) {
                func tokens() -> [Token] {
                    var all = lexer
                    return all.all()
                }
                if isVisualFormatLine(lexer.bytes) {
                    constraintLines.append((here.range, n))
                    if !statement.parts.isEmpty { joinedLines[n] = statement }
                    continue
                }
                switch keyword {
                case "canvas": try canvas(tokens(), lexer, n)
                case "direction": try direction(tokens(), lexer, n)
                case "safearea": try safeArea(tokens(), lexer, n)
                case "let": try metric(tokens(), lexer)
                case "fontfile": try fontFile(tokens(), lexer)
                case "view": try view(tokens(), lexer)
                case "stack": try view(tokens(), lexer, stack: true)
                case "guide": try guide(tokens(), lexer)
                default:
                    try checkStatement(t0, t1, lexer)
                    constraintLines.append((here.range, n))
                    if !statement.parts.isEmpty { joinedLines[n] = statement }
                }
            } catch {
                if let name = declaring { failed.insert(name) }
                let (e, text, number) = statement.locate(error)
                first.add(e, text, number, file: file)
            }
        }
        // Pass 2: constraints, activated in file order.
        root.name = "root"
        let views = viewsByName, metrics = self.metrics, guides = guidesByName
        let root = self.root
        // The names an unknown view may be a misspelling of: sorted once, when first asked.
        final class Known { var names: [String]? }
        let known = Known()
        let names = { () -> [String] in
            if let n = known.names { return n }
            let n = views.count < suggestionLimit ? (["root", "safeArea", "readableContent"] + views.keys + guides.keys).sorted() : []
            known.names = n
            return n
        }
        // The views and guides by their bytes, for the constraint lines' common shapes.
        var table = NameTable<LayoutItem>(capacity: views.count + guides.count)
        // Views first, as `item` looks; from the arrays, in declaration order (walking the
        // dictionaries reached every view at random, a cache miss each).
        for v in self.views.dropFirst() { table.insert(v.name, v) }
        for g in self.guides { table.insert(g.name, g) }
        let fileName = baseName(file)   // once: splitting the path per line was 24% of parsing
        // The lookups are made once, not per line (each closure literal allocates its context).
        let item: (String) -> LayoutItem? = { name in
            switch name {
            case "root": root
            case "safeArea": root.safeAreaLayoutGuide
            case "readableContent": root.readableContentGuide
            default: views[name] ?? guides[name]
            }
        }
        let metric: (String) -> Double? = { metrics[$0] }
        var second = Collected()
        // How many of pass 1's errors are above the line being read.
        var firstAbove = 0
        // Inside a `layout { }` block every constraint made is collected: no shortcut there
        // (SimpleConstraintLine may make one and leave the line to the general parser).
        let simple = simpleLines && ConstraintCollector.current == nil
        constraints.reserveCapacity(constraintLines.count)
        // One array of tokens for every line of the common shapes (not one array a line).
        var tokens: [Token] = []
        tokens.reserveCapacity(32)
        for (range, n) in constraintLines {
            // Past `errorLimit` errors above this line (of either pass), nothing below can be
            // listed or change whether the list is cut.
            while firstAbove < first.errors.count, first.errors[firstAbove].line < n { firstAbove += 1 }
            if firstAbove + second.errors.count > LayoutDocument.errorLimit { break }
            let statement = joinedLines.isEmpty ? line(StatementLines.Line(range: range, number: n, first: 0))
                : joinedLines[n] ?? line(StatementLines.Line(range: range, number: n, first: 0))
            let lexer = statement.lexer
            do throws(SyntaxError) {
                if !failed.isEmpty, mentionsFailedName(statement.text) { continue }
                let visual = isVisualFormatLine(lexer.bytes)
                // The common shapes: one constraint, no syntax tree.
                if simple, !visual {
                    var all = lexer
                    all.all(into: &tokens)
                    if let c = SimpleConstraintLine.make(
                        tokens, lexer, location: LayoutSourceLocation(file: fileName, line: n), item: item, names: table),
                       c.problem == nil {
                        do {
                            try c.activate()
                        } catch {
                            throw SyntaxError(message: error.reason, range: 0..<statement.text.utf8.count)
                        }
                        constraints.append(c)
                        continue
                    }
                }
                let line = statement.text
                let made = visual
                    ? try visualFormatLine(line, location: LayoutSourceLocation(file: fileName, line: n), item: item, metric: metric)
                    : try parseConstraintLine(
                    line, comments: true, location: LayoutSourceLocation(file: fileName, line: n),
                    item: item, metric: metric, itemNames: names, lexer: lexer, simple: false)
                for c in made {
                    do {
                        try c.activate()
                    } catch {
                        for m in made { m.deactivate() }   // no half of a compound line stays
                        throw SyntaxError(message: error.reason, range: 0..<line.utf8.count)
                    }
                }
                constraints.append(contentsOf: made)
            } catch {
                let (e, text, number) = statement.locate(error)
                second.add(e, text, number, file: file)
            }
        }
        let all = (first.errors + second.errors).sorted { $0.line < $1.line }
        truncated = all.count > LayoutDocument.errorLimit
        errors = Array(all.prefix(LayoutDocument.errorLimit))
    }

    /// Notes the name of a `view`, `stack`, `guide` or `let` line without parsing it.
    private mutating func prescan(_ lineLexer: Lexer, _ n: Int) {
        var lexer = lineLexer
        let keyword = lexer.next(), name = lexer.next()
        guard keyword.kind == .identifier, name.kind == .identifier else { return }
        // Most lines are constraints: their first word is told apart without making a string.
        guard lexer.text(keyword, is: "view") || lexer.text(keyword, is: "stack") || lexer.text(keyword, is: "guide")
                || lexer.text(keyword, is: "let") else { return }
        switch lexer.text(keyword) {
        case "view", "stack", "guide": if declaredViews[lexer.text(name)] == nil { declaredViews[lexer.text(name)] = n }
        case "let": if declaredMetrics[lexer.text(name)] == nil { declaredMetrics[lexer.text(name)] = n }
        default: break
        }
    }

    private func mentionsFailedName(_ line: Substring) -> Bool {
        if isVisualFormatLine(Array(line.utf8)) {
            // The lexer stops at `|` or `[`: read the names of a visual format directly.
            var word = ""
            for ch in line.unicodeScalars {
                if ch == "#" { break }
                if ("a"..."z").contains(ch) || ("A"..."Z").contains(ch) || ("0"..."9").contains(ch) || ch == "_" {
                    word.unicodeScalars.append(ch)
                } else {
                    if failed.contains(word) { return true }
                    word = ""
                }
            }
            return failed.contains(word)
        }
        var lexer = Lexer(line, comments: true)
        for t in lexer.all() where t.kind == .identifier && failed.contains(lexer.text(t)) { return true }
        return false
    }

    /// A line that is neither a declaration nor `view.attribute …`: an unknown statement
    /// (`canvs 375 x 667`, `frobnicate`), unless it starts with the name of a view declared
    /// anywhere in the file, which the constraint parser explains (`view1 = view2`). A
    /// misspelt `view` or `let` (`veiw header`) declares nothing, so its name's later uses are
    /// not reported again.
    private mutating func checkStatement(_ head: Token, _ next: Token, _ lexer: Lexer) throws(SyntaxError) {
        guard head.kind == .identifier, next.kind != .dot else { return }
        let word = lexer.text(head)
        guard declaredViews[word] == nil, !["root", "safeArea", "readableContent", "superview"].contains(word) else { return }
        var message = "unknown statement `\(word)`"
        if let guess = closest(word, in: Self.keywords) {
            message += "; did you mean `\(guess)`?"
            if guess == "view" || guess == "let", next.kind == .identifier { failed.insert(lexer.text(next)) }
        } else {
            message += ": a line declares something (canvas, direction, safearea, let, view, stack, guide) or is a constraint (`view.attribute == …`, or a visual format `H:|-[view]-|`)"
        }
        throw SyntaxError(message: message, range: head.start..<head.end)
    }

    // MARK: Statements

    struct Cursor {
        let tokens: [Token]
        let lexer: Lexer
        /// Metrics declared anywhere in the file, with their lines.
        var declaredMetrics: [String: Int] = [:]
        var tokensLine = 0
        var i = 1
        var current: Token { tokens[i] }
        var text: String { lexer.text(tokens[i]) }
        mutating func advance() { if i < tokens.count - 1 { i += 1 } }
        var atEnd: Bool { tokens[i].kind == .end }

        func fail(_ message: String) -> SyntaxError {
            let t = tokens[i]
            if t.kind == .invalid { return SyntaxError(message: lexer.reason(t), range: t.start..<t.end) }
            return SyntaxError(message: message, range: t.start..<Swift.max(t.end, t.start + 1))
        }

        func describe() -> String { atEnd ? "the end of the line" : "`\(text)`" }
        /// The end of the token before the current one.
        var previousEnd: Int { tokens[Swift.max(i - 1, 0)].end }

        /// A number, a metric, or `-` before either.
        mutating func number(_ what: String, metrics: [String: Double]) throws(SyntaxError) -> Double {
            var sign = 1.0
            if current.kind == .minus {
                sign = -1
                advance()
            }
            switch current.kind {
            case .number(let v):
                advance()
                return sign * v
            case .identifier:
                guard let v = metrics[text] else {
                    if let line = declaredMetrics[text], line > tokensLine {
                        throw fail("the metric `\(text)` is declared below, on line \(line): declarations may only use metrics declared above them")
                    }
                    if LayoutFileParser.viewOptions.contains(text) { throw fail("expected \(what), found \(describe())") }
                    var message = "unknown metric `\(text)`"
                    if let guess = suggestion(text, among: metrics) { message += "; did you mean `\(guess)`?" }
                    throw fail(message)
                }
                advance()
                return sign * v
            default:
                throw fail("expected \(what), found \(describe())")
            }
        }

        /// Arithmetic on numbers and metrics, for `let`: `+ - * /`, parentheses, unary minus.
        mutating func arithmetic(metrics: [String: Double]) throws(SyntaxError) -> Double {
            var depth = 0
            return try sum(metrics, &depth)
        }

        private mutating func sum(_ metrics: [String: Double], _ depth: inout Int) throws(SyntaxError) -> Double {
            var value = try product(metrics, &depth)
            while current.kind == .plus || current.kind == .minus {
                let minus = current.kind == .minus
                advance()
                let rhs = try product(metrics, &depth)
                value = minus ? value - rhs : value + rhs
                // Sums are held to the same limit as products and numbers.
                guard Swift.abs(value) <= 1e15 else { throw fail("the result is too large: the limit is 1e15") }
            }
            return value
        }

        private mutating func product(_ metrics: [String: Double], _ depth: inout Int) throws(SyntaxError) -> Double {
            var value = try factor(metrics, &depth)
            while current.kind == .star || current.kind == .slash {
                let divide = current.kind == .slash
                advance()
                let at = current
                let rhs = try factor(metrics, &depth)
                if divide {
                    guard rhs != 0 else { throw SyntaxError(message: "division by zero", range: at.start..<tokens[i - 1].end) }
                    value /= rhs
                } else {
                    value *= rhs
                }
            }
            guard value.isFinite, Swift.abs(value) <= 1e15 else { throw fail("the result is too large: the limit is 1e15") }
            return value
        }

        private mutating func factor(_ metrics: [String: Double], _ depth: inout Int) throws(SyntaxError) -> Double {
            if current.kind == .leftParen {
                let open = current
                guard depth < 64 else { throw fail("parentheses nest deeper than 64 levels") }
                depth += 1
                advance()
                let v = try sum(metrics, &depth)
                depth -= 1
                guard current.kind == .rightParen else {
                    throw SyntaxError(message: "this `(` is not closed", range: open.start..<open.end)
                }
                advance()
                return v
            }
            if current.kind == .minus, i + 1 < tokens.count, tokens[i + 1].kind == .leftParen {
                advance()
                return -(try factor(metrics, &depth))
            }
            return try number("a number", metrics: metrics)
        }

        mutating func end() throws(SyntaxError) {
            guard atEnd else { throw fail("unexpected \(describe()) at the end of the line") }
        }
    }

    private func cursor(_ tokens: [Token], _ lexer: Lexer) -> Cursor {
        Cursor(tokens: tokens, lexer: lexer, declaredMetrics: declaredMetrics, tokensLine: lineNumber)
    }

    private mutating func canvas(_ tokens: [Token], _ lexer: Lexer, _ n: Int) throws(SyntaxError) {
        var c = cursor(tokens, lexer)
        if let previous = canvasLine { throw SyntaxError(message: "the canvas is already set on line \(previous)", range: tokens[0].start..<tokens[0].end) }
        let (w, h) = try size(&c, what: "the canvas")
        try c.end()
        guard w > 0, h > 0 else { throw SyntaxError(message: "the canvas must be wider and taller than 0", range: tokens[1].start..<tokens[c.i - 1].end) }
        canvasLine = n
        root.frame = Rect(x: 0, y: 0, width: w, height: h)
        root.translatesAutoresizingMaskIntoConstraints = true
    }

    /// `W x H` (the `x` on its own, or `WxH` as one word).
    private func size(_ c: inout Cursor, what: String) throws(SyntaxError) -> (Double, Double) {
        if case .invalid = c.current.kind, let both = Self.oneWordSize(c.text) {
            c.advance()
            return both
        }
        let w = try c.number("the width of \(what)", metrics: metrics)
        guard c.current.kind == .identifier, c.text == "x" else {
            let example = what == "the canvas" ? "375 x 667" : "40 x 40"
            throw c.fail("expected `x` between the width and the height of \(what) (`\(example)`), found \(c.describe())")
        }
        c.advance()
        let h = try c.number("the height of \(what)", metrics: metrics)
        return (w, h)
    }

    /// A view's `size W x H`: each a length of 0 or more, or `none` for no intrinsic length on
    /// that axis (UIKit's `noIntrinsicMetric`, -1).
    private func intrinsicSize(_ c: inout Cursor, _ tokens: [Token]) throws(SyntaxError) -> (Double, Double) {
        if case .invalid = c.current.kind, let both = Self.oneWordSize(c.text) {
            c.advance()
            return both
        }
        // `-1x2` in one word: the minus, then what the lexer could not read as a number.
        if c.current.kind == .minus, c.i + 1 < tokens.count, case .invalid = tokens[c.i + 1].kind,
           tokens[c.i + 1].start == c.current.end, Self.oneWordSize(c.lexer.text(tokens[c.i + 1])) != nil {
            throw SyntaxError(message: "an intrinsic width cannot be negative: write `none` for no intrinsic width (UIKit's noIntrinsicMetric)",
                              range: c.current.start..<tokens[c.i + 1].end)
        }
        func length(_ what: String) throws(SyntaxError) -> Double {
            if c.current.kind == .identifier, c.text == "none" {
                c.advance()
                return View.noIntrinsicMetric
            }
            // `size x 10`: the width left out.
            if c.current.kind == .identifier, c.text == "x", metrics["x"] == nil {
                throw c.fail("expected the \(what) of the intrinsic size before `x`: `size 40 x 20`, or `none x 20` for none")
            }
            let first = c.i
            let v = try c.number("the \(what) of the intrinsic size (or `none`)", metrics: metrics)
            guard v >= 0 else {
                throw SyntaxError(message: "an intrinsic \(what) cannot be negative: write `none` for no intrinsic \(what) (UIKit's noIntrinsicMetric)",
                                  range: tokens[first].start..<tokens[c.i - 1].end)
            }
            return v
        }
        let w = try length("width")
        guard c.current.kind == .identifier, c.text == "x" else {
            throw c.fail("expected `x` between the width and the height of the intrinsic size (`40 x 40`), found \(c.describe())")
        }
        c.advance()
        let h = try length("height")
        return (w, h)
    }

    /// `375x667` (the lexer sees one malformed number): the two numbers, if both are plain
    /// decimals within the lexer's limit.
    static func oneWordSize(_ word: String) -> (Double, Double)? {
        let parts = word.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        var values: [Double] = []
        for p in parts {
            let plain = !p.isEmpty && p.first != "." && p.last != "." && p.filter { $0 == "." }.count <= 1
                && p.allSatisfy { $0 == "." || ("0"..."9").contains($0) }
            guard plain, let v = Double(p), v <= 1e15 else { return nil }
            values.append(v)
        }
        return (values[0], values[1])
    }

    private mutating func direction(_ tokens: [Token], _ lexer: Lexer, _ n: Int) throws(SyntaxError) {
        var c = cursor(tokens, lexer)
        if let previous = directionLine { throw SyntaxError(message: "the direction is already set on line \(previous)", range: tokens[0].start..<tokens[0].end) }
        guard c.current.kind == .identifier, let d = LayoutDirection(rawValue: c.text) else {
            if c.current.kind == .identifier, let d = LayoutDirection(rawValue: c.text.lowercased()) {
                throw c.fail("unknown direction `\(c.text)`; did you mean `\(d.rawValue)`?")
            }
            throw c.fail("expected `ltr` or `rtl` after `direction`, found \(c.describe())")
        }
        c.advance()
        try c.end()
        directionLine = n
        root.layoutDirection = d
    }

    private mutating func safeArea(_ tokens: [Token], _ lexer: Lexer, _ n: Int) throws(SyntaxError) {
        var c = cursor(tokens, lexer)
        if let previous = safeAreaLine { throw SyntaxError(message: "the safe area is already set on line \(previous)", range: tokens[0].start..<tokens[0].end) }
        let insets = try insetList(&c, what: "safe-area inset", atLeastZero: true)
        try c.end()
        safeAreaLine = n
        root.safeAreaInsets = insets
    }

    static let marginSides = ["top", "leading", "bottom", "trailing"]

    /// `top 8 leading 16 trailing 8`: directional margins, side by side (others keep their default).
    private func directionalInsets(_ c: inout Cursor) throws(SyntaxError) -> [String: Double] {
        var out: [String: Double] = [:]
        while c.current.kind == .identifier, Self.marginSides.contains(c.text) {
            let side = c.text
            guard out[side] == nil else { throw c.fail("the \(side) margin is given twice") }
            c.advance()
            out[side] = try c.number("the \(side) margin", metrics: metrics)
        }
        return out
    }

    /// Four numbers (top left bottom right) or one for all sides.
    /// With `atLeastZero`, a negative one is refused where it stands (a safe area cannot reach
    /// past the screen).
    private func insetList(_ c: inout Cursor, what: String, atLeastZero: Bool = false) throws(SyntaxError) -> EdgeInsets {
        var values: [Double] = []
        while values.count < 4, c.current.kind != .end, c.current.kind != .identifier || metrics[c.text] != nil {
            let start = c.current.start
            let value = try c.number("a \(what)", metrics: metrics)
            if atLeastZero && value < 0 {
                throw SyntaxError(message: "a \(what) cannot be negative (\(formatNumber(value))): the safe area lies inside the screen",
                                  range: start..<c.tokens[c.i - 1].end)
            }
            values.append(value)
        }
        switch values.count {
        case 1: return EdgeInsets(all: values[0])
        case 4: return EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
        default: throw c.fail("expected 4 \(what)s (top left bottom right) or 1 for all sides, found \(values.count)")
        }
    }

    private mutating func metric(_ tokens: [Token], _ lexer: Lexer) throws(SyntaxError) {
        var c = cursor(tokens, lexer)
        guard c.current.kind == .identifier else { throw c.fail("expected a metric name after `let`, found \(c.describe())") }
        let name = c.text
        let nameRange = c.current.start..<c.current.end
        try checkNewName(name, nameRange)
        if Self.viewOptions.contains(name) {
            throw SyntaxError(message: "`\(name)` is a view option; a metric needs another name", range: nameRange)
        }
        declaring = name
        c.advance()
        guard c.current.kind == .equal else { throw c.fail("expected `=` after `let \(name)`, found \(c.describe())") }
        c.advance()
        let value = try c.arithmetic(metrics: metrics)
        if c.current.kind == .rightParen { throw c.fail("this `)` has no `(`") }
        try c.end()
        metrics[name] = value
    }

    /// `fontfile NAME "PATH"`: a font file (TrueType or OpenType), loaded now, that labels use
    /// with `font NAME SIZE`. A relative path is taken from the layout file's folder.
    private mutating func fontFile(_ tokens: [Token], _ lexer: Lexer) throws(SyntaxError) {
        var c = cursor(tokens, lexer)
        guard c.current.kind == .identifier else { throw c.fail("expected a font name after `fontfile`, found \(c.describe())") }
        let name = c.text
        if let line = fontLines[name] { throw c.fail("a font named `\(name)` is already declared on line \(line)") }
        c.advance()
        guard c.current.kind == .string else { throw c.fail("expected the font file's path in quotes after `fontfile \(name)`, found \(c.describe())") }
        let pathToken = c.current
        let path = lexer.string(pathToken)
        c.advance()
        try c.end()
        let resolved = path.hasPrefix("/") || file.isEmpty || !file.contains("/") ? path : FileSystem.join(FileSystem.directory(of: file), path)
        do {
            fonts[name] = try FontFace(contentsOfFile: resolved)
        } catch {
            failedFonts.insert(name)
            // The path as written may hold a newline (`"a\\nb"`): shown as a control picture, so
            // the message stays on its one FILE:LINE:COL line.
            throw SyntaxError(message: SourceDiagnostic.terminalSafe("\(error)"), range: pathToken.start..<pathToken.end)
        }
        fontLines[name] = lineNumber
    }

    /// A new view or metric name: not reserved, not taken. Keywords are fine as view names
    /// (`view view`, as seed 001 names its view): `view.left = 10` is told apart by its dot.
    fileprivate func checkNewName(_ name: String, _ range: Range<Int>) throws(SyntaxError) {
        let reserved: String? =   // a switch: a dictionary literal here was built for every view
            switch name {
            case "root": "the root view"
            case "superview": "the left-hand view's superview"
            case "safeArea": "the root's safe-area guide"
            case "readableContent": "the root's readable-content guide"
            default: nil
            }
        if let meaning = reserved {
            throw SyntaxError(message: "`\(name)` is reserved: it always means \(meaning)", range: range)
        }
        if viewsByName[name] != nil || guidesByName[name] != nil {
            throw SyntaxError(message: "a view named `\(name)` is already declared on line \(declaredViews[name] ?? 0)", range: range)
        }
        if metrics[name] != nil {
            throw SyntaxError(message: "a metric named `\(name)` is already declared on line \(declaredMetrics[name] ?? 0)", range: range)
        }
    }

    private mutating func view(_ tokens: [Token], _ lexer: Lexer, stack isStack: Bool = false) throws(SyntaxError) {
        var c = cursor(tokens, lexer)
        let keyword = isStack ? "stack" : "view"
        guard c.current.kind == .identifier else { throw c.fail("expected a \(keyword) name after `\(keyword)`, found \(c.describe())") }
        let name = c.text
        let nameRange = c.current.start..<c.current.end
        try checkNewName(name, nameRange)
        declaring = name
        c.advance()
        var parent = root
        var text: String?, size: (Double, Double)?, margins: EdgeInsets?
        var labelSettings = LabelSettings()
        var hugging: [Double]?, compression: [Double]?, hidden = false, spacingAfter: Double?
        var directionalMargins: [String: Double]?
        var stackSettings = StackSettings()
        // The options given, as bits of their index in `optionIndex` (no array per view).
        var seen: UInt64 = 0
        var options: [String] { Self.viewOptions + (isStack ? Self.stackOptions : []) }   // for messages
        // A mistake in an option (`font 17 semibold`) is listed, and the view is still made
        // with the options before it, once its superview is known: the lines that use it are
        // then checked as well, so one run lists every mistake, not one a run.
        var parentGiven = false
        var optionError: SyntaxError?
        do throws(SyntaxError) {
            while !c.atEnd {
                guard c.current.kind == .identifier else { throw c.fail("expected a \(keyword) option (\(options.joined(separator: ", "))), found \(c.describe())") }
                let index = lexer.lookUp(c.current, in: Self.optionIndex)
                let option = c.text
                if let index {
                    guard seen & (1 << index) == 0 else { throw c.fail("`\(option)` is given twice") }
                    seen |= 1 << index
                }
                c.advance()
                if isStack, let index, index >= Self.viewOptions.count {
                    try stackSettings.read(option, &c, metrics: metrics)
                    continue
                }
                if let index, Self.labelOptionBits & (1 << index) != 0 {
                    // A font whose file could not be read was reported on its own line.
                    if option == "font", c.current.kind == .identifier, failedFonts.contains(c.text) { throw .cascade }
                    try labelSettings.read(option, &c, metrics: metrics, fonts: fonts)
                    continue
                }
                switch option {
                case "in":
                    guard c.current.kind == .identifier else { throw c.fail("expected the name of the superview after `in`, found \(c.describe())") }
                    if c.text == name { throw c.fail("a view cannot be inside itself") }
                    parent = try declaredView(c, ifGuide: "only a view can have subviews",
                                              ifBelow: { "the superview `\($0)`" }, before: "declare a superview before its subviews")
                    parentGiven = true
                    c.advance()
                case "label":
                    guard c.current.kind == .string else { throw c.fail("expected the label's text in quotes after `label`, found \(c.describe())") }
                    var joined = lexer.string(c.current)
                    c.advance()
                    // Continuation lines (a line that starts with a quoted text) join here.
                    while c.current.kind == .string {
                        joined += lexer.string(c.current)
                        c.advance()
                    }
                    text = joined
                case "size":
                    size = try intrinsicSize(&c, tokens)
                case "margins":
                    if c.current.kind == .identifier, Self.marginSides.contains(c.text) {
                        directionalMargins = try directionalInsets(&c)
                    } else {
                        margins = try insetList(&c, what: "margin")
                    }
                case "hugging", "compression":
                    var values: [Double] = []
                    while values.count < 2, !c.atEnd,
                        c.current.kind != .identifier || metrics[c.text] != nil || LayoutPriority.named.contains(where: { $0.name == c.text })
                    {
                        let start = c.current.start
                        let v: Double
                        if c.current.kind == .identifier, metrics[c.text] == nil, let named = LayoutPriority.named.first(where: { $0.name == c.text }) {
                            v = named.priority.rawValue
                            c.advance()
                        } else {
                            v = try c.number("a priority", metrics: metrics)
                        }
                        guard (1...1000).contains(v) else { throw SyntaxError(message: "priority \(formatNumber(v)) is outside 1...1000", range: start..<tokens[c.i - 1].end) }
                        values.append(v)
                    }
                    // (Also a second priority: `hugging 250 DefaultLow` is not an unknown option.)
                    if values.count < 2, !c.atEnd, c.current.kind == .identifier, let guess = priorityFromOtherLibraries(c.text) {
                        throw c.fail("unknown priority `\(c.text)`; did you mean \(guess)?")
                    }
                    guard !values.isEmpty else { throw c.fail("expected a priority (horizontal, then optionally vertical) after `\(option)`, found \(c.describe())") }
                    if option == "hugging" { hugging = values } else { compression = values }
                case "hidden":
                    hidden = true
                case "spacingAfter":
                    spacingAfter = try c.number("the spacing after the view", metrics: metrics)
                default:
                    // A weight or `italic` written straight after the size, as CSS and SwiftUI put it.
                    if Font.Weight(named: option) != nil {
                        throw SyntaxError(message: "unknown \(keyword) option `\(option)`: a font's weight is written `weight \(option.lowercased())`",
                                          range: tokens[c.i - 1].start..<tokens[c.i - 1].end)
                    }
                    // UIKit's property names, as an iOS engineer writes them first (only where this
                    // line takes the option: a stack's options are not a view's).
                    if let ours = Self.uikitOptionNames[option], ours.allSatisfy(options.contains) {
                        throw SyntaxError(message: "unknown \(keyword) option `\(option)`: a .layout file writes UIKit's `\(option)` as `\(ours.joined(separator: "` or `"))`",
                                          range: tokens[c.i - 1].start..<tokens[c.i - 1].end)
                    }
                    let message = closest(option, in: options).map { "unknown \(keyword) option `\(option)`; did you mean `\($0)`?" }
                        ?? "unknown \(keyword) option `\(option)`: use \(options.dropLast().joined(separator: ", ")) or \(options.last!)"
                    throw SyntaxError(message: message, range: tokens[c.i - 1].start..<tokens[c.i - 1].end)
                }
            }
        } catch {
            // Not when the superview is unsettled: the line has an `in` that was not read, or
            // that failed.
            let hasIn = tokens.contains { $0.kind == .identifier && lexer.text($0) == "in" }
            guard !error.isCascade, parentGiven || !hasIn else { throw error }
            optionError = error
        }
        if isStack && text != nil {
            throw SyntaxError(message: "a stack has no label: put a label view in it", range: nameRange)
        }
        if spacingAfter != nil && !(parent is StackView) {
            throw SyntaxError(message: "`spacingAfter` is for the arranged views of a stack: `\(name)` is not in one", range: nameRange)
        }
        if !labelSettings.isEmpty && text == nil {
            let given = LabelSettings.options.first { seen & (1 << Self.viewOptions.firstIndex(of: $0)!) != 0 } ?? "font"
            throw SyntaxError(message: "`\(given)` is for labels: add `label \"…\"`", range: nameRange)
        }
        let d = (depth[ObjectIdentifier(parent)] ?? 0) + 1
        guard d <= LayoutDocument.depthLimit else {
            throw SyntaxError(message: "views nest deeper than \(LayoutDocument.depthLimit) levels", range: nameRange)
        }
        let v: View
        if isStack {
            let stack = StackView(name: name)
            stack.declaration = LayoutSourceLocation(file: baseName(file), line: lineNumber)
            stackSettings.apply(to: stack)
            v = stack
        } else {
            v = text.map { labelSettings.label(name: name, text: $0) } ?? View(name: name)
        }
        if let size { v.explicitIntrinsicContentSize = Size(width: size.0, height: size.1) }
        if let margins { v.layoutMargins = margins }
        if let d = directionalMargins {
            let base = v.directionalLayoutMargins
            v.directionalLayoutMargins = DirectionalEdgeInsets(
                top: d["top"] ?? base.top, leading: d["leading"] ?? base.leading,
                bottom: d["bottom"] ?? base.bottom, trailing: d["trailing"] ?? base.trailing)
        }
        if let h = hugging {
            v.setContentHuggingPriority(LayoutPriority(h[0]), for: .horizontal)
            v.setContentHuggingPriority(LayoutPriority(h.count > 1 ? h[1] : h[0]), for: .vertical)
        }
        if let cr = compression {
            v.setContentCompressionResistancePriority(LayoutPriority(cr[0]), for: .horizontal)
            v.setContentCompressionResistancePriority(LayoutPriority(cr.count > 1 ? cr[1] : cr[0]), for: .vertical)
        }
        v.isHidden = hidden
        // A stack's subviews are its arranged views, in order. (A new view cannot be an
        // ancestor of its superview: no cycle to refuse.)
        if let stack = parent as? StackView {
            stack.addArrangedSubview(v)
            if let spacingAfter { stack.setCustomSpacing(spacingAfter, after: v) }
        } else {
            parent.addSubview(v)
        }
        depth[ObjectIdentifier(v)] = d
        views.append(v)
        viewsByName[name] = v
        if let optionError {
            declaring = nil   // made: the lines that use it are checked
            throw optionError
        }
    }

}

extension LayoutFileParser {
    /// `guide NAME [in VIEW]`: a custom layout guide of the view (root by default), usable in
    /// constraints like a view.
    /// The view the cursor names as a container (`in NAME` of a view or a guide), declared
    /// above: a guide, a view declared below, a view whose declaration failed and an unknown
    /// name are errors, the first two saying so in the caller's words.
    /// (`subject` is made only for its message: `in` is on nearly every view line.)
    private func declaredView(
        _ c: Cursor, ifGuide: String, ifBelow subject: (String) -> String, before advice: String
    ) throws(SyntaxError) -> View {
        let name = c.text
        if name == "root" { return root }
        if let v = viewsByName[name] { return v }
        if guidesByName[name] != nil { throw c.fail("`\(name)` is a guide: \(ifGuide)") }
        if failed.contains(name) { throw .cascade }
        if let line = declaredViews[name], line >= lineNumber {
            throw c.fail("\(subject(name)) is declared below, on line \(line): \(advice)")
        }
        var message = "unknown view `\(name)`"
        if let guess = suggestion(name, among: viewsByName) { message += "; did you mean `\(guess)`?" }
        throw c.fail(message)
    }

    fileprivate mutating func guide(_ tokens: [Token], _ lexer: Lexer) throws(SyntaxError) {
        var c = Cursor(tokens: tokens, lexer: lexer)
        guard c.current.kind == .identifier else { throw c.fail("expected a guide name after `guide`, found \(c.describe())") }
        let name = c.text
        let nameRange = c.current.start..<c.current.end
        try checkNewName(name, nameRange)
        declaring = name
        c.advance()
        var owner = root
        if !c.atEnd {
            guard c.current.kind == .identifier, c.text == "in" else { throw c.fail("expected `in` and the guide's view, found \(c.describe())") }
            c.advance()
            guard c.current.kind == .identifier else { throw c.fail("expected the name of the guide's view after `in`, found \(c.describe())") }
            if c.text == name { throw c.fail("a guide cannot belong to itself: `in` names the view it belongs to") }
            owner = try declaredView(c, ifGuide: "a guide belongs to a view",
                                     ifBelow: { "the view `\($0)`" }, before: "declare a view before its guides")
            c.advance()
            try c.end()
        }
        let g = LayoutGuide(identifier: name)
        owner.addLayoutGuide(g)
        guides.append(g)
        guidesByName[name] = g
    }
}

/// Whether a line is a visual format: it starts (after spaces) with `H:`, `V:`, `|` or `[`.
func isVisualFormatLine(_ bytes: [UInt8]) -> Bool {
    isVisualFormatLine(LineBytes(bytes, 0..<bytes.count))
}

func isVisualFormatLine(_ bytes: LineBytes) -> Bool {
    var i = 0
    while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
    guard i < bytes.count else { return false }
    if bytes[i] == UInt8(ascii: "|") || bytes[i] == UInt8(ascii: "[") { return true }
    return (bytes[i] == UInt8(ascii: "H") || bytes[i] == UInt8(ascii: "V")) && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: ":")
}

/// `H:|-[a]-[b]-| alignAllCenterY directionLeftToRight`: the format, then option names.
func visualFormatLine(
    _ line: Substring, location: LayoutSourceLocation, item: @escaping (String) -> LayoutItem?, metric: @escaping (String) -> Double?
) throws(SyntaxError) -> [LayoutConstraint] {
    var bytes = Array(line.utf8)
    let comment = bytes.firstIndex(of: UInt8(ascii: "#"))
    if let comment { bytes.removeSubrange(comment...) }
    // The options are the words after the last `]` or `|`.
    let end = (bytes.lastIndex { $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "|") }).map { $0 + 1 } ?? bytes.count
    var options: VisualFormatOptions = []
    var optionsRange: Range<Int>?
    var i = end
    while i < bytes.count {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0D { i += 1 }
        guard i < bytes.count else { break }
        let start = i
        while i < bytes.count, bytes[i] != 0x20 && bytes[i] != 0x09 && bytes[i] != 0x0D { i += 1 }
        let word = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let entry = VisualFormatOptions.named.first(where: { $0.name == word }) else {
            // A piece of the format after its last `]` or `|`: the format is cut short.
            if let first = word.first, "-[(@|".contains(first) || word.contains("[") {
                let why = comment != nil && i == bytes.count
                    ? "`#` starts a comment, so the rest of the line is not part of the format"
                    : word.contains("[") ? "a `[` is never closed: a view is written `[name]`" : "the format must end with a view `[name]` or an edge `|`"
                throw SyntaxError(message: "the visual format ends in `\(word)`: \(why)", range: start..<i)
            }
            let names = VisualFormatOptions.named.map(\.name)
            let guess = closest(word, in: names).map { "; did you mean `\($0)`?" } ?? ": options are alignAll… and direction… names"
            throw SyntaxError(message: "unknown visual format option `\(word)`\(guess)", range: start..<i)
        }
        if options.contains(entry.option) {
            throw SyntaxError(message: "the option `\(word)` is given twice", range: start..<i)
        }
        options.insert(entry.option)
        optionsRange = optionsRange.map { $0.lowerBound..<i } ?? start..<i
    }
    var parser = VisualFormatParser(Substring(decoding: bytes[..<end], as: UTF8.self), metric: metric, item: item, location: location)
    return try parser.parse(options: options, optionsRange: optionsRange)
}

/// The closest key of `names` to `name`, if `names` is small enough to search.
func suggestion<Value>(_ name: String, among names: [String: Value]) -> String? {
    names.count <= suggestionLimit ? closest(name, in: names.keys.sorted()) : nil
}

/// `path/to/login.layout` → `login.layout`, for constraint locations.
func baseName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
}
