import BlueprintSupport

/// A UIKit or AppKit "Unable to simultaneously satisfy constraints" log, read back as a layout.
///
/// The log lists the constraints of one conflict, each as its `description`
/// (`<NSLayoutConstraint:0x6000… UILabel:0x7fb…'Title'.leading == UIView:0x7fb….leadingMargin + 16   (active)>`,
/// `<NSLayoutConstraint:0x6000… V:|-(8)-[UIImageView:0x7fb…]   (active, names: '|':UIView:0x7fb… )>`,
/// `<NSAutoresizingMaskLayoutConstraint:0x6000… h=--& v=--& UIView:0x7fb….width == 375   (active)>`),
/// then the one it broke. Each conflict becomes a `.layout` text: a view for each address (a
/// label where the log quotes its text), a guide for each layout guide, the tree as far as the
/// log shows it (`names: '|':…` gives a superview, a stack's `UISV-…` constraints its arranged
/// views), and one constraint line for each listed constraint, in the log's order. The log
/// tells nothing of the views' other constraints, so each view also gets placeholders at
/// priorities 1 to 4 (room in its superview at 4, a place below its previous sibling at 3, a
/// 44 × 44 intrinsic size at 2 (none for a view with subviews), the root as small as that at 1; a guide at its view's corner
/// at 3, of no size at 2): they decide only what the log leaves free, one level at a time, and
/// never which required constraint breaks.
///
/// UIKit's own constraints (`UIView-Encapsulated-Layout-…`, `UISV-…`, margin guides,
/// autoresizing masks) come first, as Blueprint's engine keeps its own in a conflict and
/// UIKit keeps its. ``Conflict/document(file:)`` lays it out with each constraint's location
/// at its line of the log (`feed.log:7`); ``Conflict/readableLayout`` is the file `blueprint
/// import` writes.
public struct UIKitConflictLog: Sendable {
    /// One "Unable to simultaneously satisfy constraints" message.
    public struct Conflict: Sendable {
        /// The 1-based lines of the log that list the conflict's constraints, in order.
        public var constraintLines: [Int]
        /// The line of the listed constraint the log says was broken ("Will attempt to recover
        /// by breaking constraint"), or nil when the log does not say.
        public var brokenLine: Int?
        /// The line of the "Unable to simultaneously satisfy constraints" message (the first
        /// constraint's line when the log has none).
        public var line: Int
        /// The conflict as a `.layout` file: declarations, UIKit's own constraints, the app's,
        /// each under a comment with its description in the log, and the placeholders.
        public var readableLayout: String
        /// For each line of ``readableLayout`` that holds a constraint, its line in the log.
        public var logLines: [Int: Int]
        /// The views' and guides' names, by the log's address (`0x7fb5f8d0a3f0`) or name.
        public var names: [String: String]
        /// What each name stands for in the log, in declaration order:
        /// `("trendingNowLabel", "UILabel:0x1555f30f0'Trending now'")`.
        public var origins: [(name: String, log: String)]

        /// The layout, each constraint's location being its line of the log (`feed.log:7`).
        /// - Throws: ``SourceDiagnostics`` when the layout made from the log does not parse
        ///   (which would be a bug of this reader).
        public func document(file: String) throws(SourceDiagnostics) -> LayoutDocument {
            let document = try LayoutDocument(bytes: Array(readableLayout.utf8), file: file)
            let base = file.split(separator: "/").last.map(String.init) ?? file
            for c in document.constraints {
                if let line = c.location?.line, let logLine = logLines[line] {
                    c.location = LayoutSourceLocation(file: base, line: logLine)
                }
            }
            return document
        }
    }

    /// The identifier of the placeholders (`… ~ 1 as placeholder`): diagrams lay them out but
    /// do not draw them.
    public static let placeholderIdentifier = "placeholder"

    /// Whether a constraint's identifier is one UIKit gives its own constraints, as a log's
    /// read-back writes it (`UIView_Encapsulated_Layout_Height`, `UISV_spacing`,
    /// `_UITemporaryLayoutWidth`, `UIView_leftMargin_guide_constraint`, `autoresizingMask`;
    /// AppKit's `NSWindow_current_width`…).
    /// A conflict breaks such a constraint only when it has no other to break, as UIKit keeps
    /// its own and breaks the app's.
    public static func isUIKitIdentifier(_ identifier: String?) -> Bool {
        guard let id = identifier else { return false }
        return id == "autoresizingMask" || [
            "UIView_Encapsulated_Layout", "UISV_", "_UITemporaryLayout", "fittingSize", "UIView_leftMargin",
            "UIView_rightMargin", "UIView_topMargin", "UIView_bottomMargin", "UIViewSafeAreaLayoutGuide",
            "UIViewLayoutMarginsGuide", "_UILayoutSupport", "IB_auto_generated",
            // AppKit's own: a window's current size, a table cell's.
            "NSWindow_current", "NSView_Encapsulated_Layout",
        ].contains { id.hasPrefix($0) }
    }

    /// The conflicts of the log, in its order.
    public var conflicts: [Conflict]

    /// Whether the bytes read as such a log rather than a `.layout` file: a line without a
    /// `#` (a comment) before it holds the message, or a line starts (after blanks, a quote,
    /// or a printed array's `[` or `- 0 : `) with a constraint's description
    /// (`<NSLayoutConstraint:0x…`). One pass over the
    /// bytes, no string made (every `.layout` file given to `solve` is asked).
    public static func isLog(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { b in
            func matches(_ pattern: StaticString, at k: Int) -> Bool {
                let n = pattern.utf8CodeUnitCount
                guard k + n <= b.count else { return false }
                let p = pattern.utf8Start
                for j in 0..<n where b[k + j] != p[j] { return false }
                return true
            }
            // The current line's start and whether a `#` came before on it (kept as the
            // scan goes: a hostile line of repeats stays linear).
            var start = 0, comment = false
            var k = 0
            while k < b.count {
                let c = b[k]
                if c == 0x0A {
                    start = k + 1
                    comment = false
                } else if c == UInt8(ascii: "#") {
                    comment = true
                } else if c == UInt8(ascii: "U"), !comment, matches("Unable to simultaneously satisfy constraints", at: k) {
                    return true
                } else if c == UInt8(ascii: "L"), matches("LayoutConstraint:0x", at: k) || matches("LayoutSupportConstraint:0x", at: k) {
                    // `<` and a class name (`NSLayoutConstraint`, `SnapKit.LayoutConstraint`)
                    // at the start of the line.
                    // (After blanks, a quote, or `[`, `- 0 : ` of a printed array.)
                    var j = start
                    while j < k, b[j] == 0x20 || b[j] == 0x09 || b[j] == 0x22 || b[j] == 0x5B || b[j] == 0x2D || b[j] == 0x3A || (b[j] >= 0x30 && b[j] <= 0x39) { j += 1 }
                    if j < k, b[j] == UInt8(ascii: "<"),
                       b[(j + 1)..<k].allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F || $0 == 0x2E }) {
                        return true
                    }
                }
                k += 1
            }
            return false
        }
    }

    /// Whether `line` holds `pattern`, byte for byte (the standard library's `contains` was
    /// a quarter of reading a long log).
    static func has(_ line: String, _ pattern: StaticString) -> Bool {
        let p = UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount)
        guard let first = p.first else { return true }
        var line = line
        return line.withUTF8 { bytes in
            guard bytes.count >= p.count else { return false }
            var k = 0
            let last = bytes.count - p.count
            while k <= last {
                if bytes[k] == first {
                    var j = 1
                    while j < p.count, bytes[k + j] == p[j] { j += 1 }
                    if j == p.count { return true }
                }
                k += 1
            }
            return false
        }
    }

    /// Reads the log.
    /// - Throws: ``SourceDiagnostics``: a constraint description that cannot be read (its line
    ///   and column, and why), or a log with no constraint in it.
    public init(text: String, file: String) throws(SourceDiagnostics) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        var blocks: [(start: Int, entries: [LogEntry], broken: String?)] = []
        var errors: [SourceDiagnostic] = []
        var current: (start: Int, entries: [LogEntry], broken: String?)?
        var awaitingBroken = false
        for (index, line) in lines.enumerated() {
            let number = index + 1
            if Self.has(line, "Unable to simultaneously satisfy constraints") {
                if let c = current { blocks.append(c) }
                current = (number, [], nil)
                awaitingBroken = false
                continue
            }
            if Self.has(line, "Will attempt to recover by breaking constraint") {
                awaitingBroken = true
                if let address = LogEntryReader.constraintAddress(line) {
                    current?.broken = address
                    awaitingBroken = false
                }
                continue
            }
            guard let address = LogEntryReader.constraintAddress(line) else { continue }
            if awaitingBroken {
                current?.broken = address
                awaitingBroken = false
                if let c = current { blocks.append(c) }
                current = nil
                continue
            }
            // One description a line, or several (`print(view.constraints)`: `[<…>, <…>]`).
            let text = LineText(line)
            let starts = LogEntryReader.descriptionStarts(text.chars)
            for (k, from) in starts.enumerated() {
                do throws(LogError) {
                    var reader = LogEntryReader(text: text, number: number, from: from, to: k + 1 < starts.count ? starts[k + 1] : text.chars.count)
                    let entry = try reader.read()
                    if current == nil { current = (number, [], nil) }
                    current!.entries.append(entry)
                } catch {
                    errors.append(SourceDiagnostic(
                        file: file, line: number, column: error.offset + 1, length: error.length,
                        message: error.message, sourceLine: line))
                    break
                }
            }
        }
        if let c = current { blocks.append(c) }
        if !errors.isEmpty {
            throw SourceDiagnostics(Array(errors.prefix(LayoutDocument.errorLimit)), truncated: errors.count > LayoutDocument.errorLimit)
        }
        blocks.removeAll { $0.entries.isEmpty }
        guard !blocks.isEmpty else {
            throw SourceDiagnostics([SourceDiagnostic(
                file: file, line: 1, column: 1,
                message: "no constraint in this log: a UIKit conflict lists its constraints as \"<NSLayoutConstraint:0x… A.width == 100   (active)>\"",
                sourceLine: lines.first ?? "")])
        }
        let trace = ViewTrace(lines: lines)
        conflicts = blocks.map { block in
            LogLayoutWriter(entries: block.entries, brokenAddress: block.broken, start: block.start, trace: trace).conflict()
        }
    }
}

/// A view, guide or `|` named by a constraint of the log.
struct LogItem: Hashable {
    /// The address (`0x7fb…`), or the name the log gives it (an accessibility identifier).
    var key: String
    /// `UILabel`, `Trust.BrowserNavigationBar`; empty when the log names the item only.
    var className: String
    /// The quoted text after the address (`'Sign in'`), if any.
    var text: String?
    /// The name the log gives (`names: homeLarge:0x…`), if any.
    var given: String?

    var isGuide: Bool {
        let bare = className.split(separator: ".").last.map(String.init) ?? className
        return bare.hasSuffix("LayoutGuide") || bare.hasSuffix("LayoutSpacer")
    }
    var isStack: Bool { className.hasSuffix("StackView") }
}

/// One side's attribute: `item.attribute`, times a multiplier.
struct LogTerm {
    var item: String          // an item's key, or "|" for the superview of the VFL's views
    var attribute: String     // already in the `.layout` spelling
    var multiplier: Double = 1
}

/// One constraint of the log, as `first relation multiplier × second + constant @priority`.
struct LogConstraint {
    var first: LogTerm
    var relation: String
    var second: LogTerm?
    var constant: Double
    var priority: Double
}

/// One listed constraint: where it is, what it says, and what it names.
struct LogEntry {
    var line: Int
    var address: String
    var kind: String              // NSLayoutConstraint, NSAutoresizingMaskLayoutConstraint…
    var identifier: String?
    var description: String        // the text between < and >
    var constraints: [LogConstraint]
    var items: [LogItem]           // in order of appearance
    /// The view `|` stands for (`names: '|':UIView:0x…`), if the description names one.
    var superviewItem: LogItem?
    var superview: String? { superviewItem?.key }
    /// Whether the constraint came from a visual format description (`H:|-(8)-[a]`).
    var visual: Bool
}

struct LogError: Error {
    var offset: Int
    var length: Int
    var message: String
}

/// A line's characters by offset, and its text between two offsets without building the
/// string a character at a time (which was most of reading a long log).
struct LineText {
    let line: String
    let chars: [Character]
    let indices: [String.Index]

    init(_ line: String) {
        self.line = line
        chars = Array(line)
        var indices = Array(line.indices)
        indices.append(line.endIndex)
        self.indices = indices
    }

    subscript(_ r: Range<Int>) -> String { String(line[indices[r.lowerBound] ..< indices[r.upperBound]]) }
}

/// Reading a line's characters at an offset, for the two readers of a description.
protocol CharacterCursor {
    var chars: [Character] { get }
    var i: Int { get set }
}

extension CharacterCursor {
    var atEnd: Bool { i >= chars.count }
    var peek: Character? { atEnd ? nil : chars[i] }

    mutating func skipSpaces() { while let c = peek, c == " " || c == "\t" { i += 1 } }

    /// Reads `s` if it comes next.
    mutating func expect(_ s: String) -> Bool {
        var k = i
        for c in s {
            guard k < chars.count, chars[k] == c else { return false }
            k += 1
        }
        i = k
        return true
    }
}

/// Reads one constraint description, character by character.
struct LogEntryReader: CharacterCursor {
    let text: LineText
    var chars: [Character] { text.chars }
    let number: Int
    var i = 0
    /// The part of the line this description has (a line may hold several).
    var lowerLimit = 0
    var limit = 0

    /// Where the description (or each of several) on a line starts: a `<` before a class
    /// name that ``isConstraintClass(_:)`` and `:0x`.
    static func descriptionStarts(_ chars: [Character]) -> [Int] {
        var starts: [Int] = []
        var k = 0
        while k < chars.count {
            if chars[k] == "<" {
                var j = k + 1
                while j < chars.count, chars[j].isLetter || chars[j].isNumber || chars[j] == "_" || chars[j] == "." { j += 1 }
                let name = chars[(k + 1) ..< j]
                if Self.isConstraintClass(name), j + 2 < chars.count,
                   chars[j] == ":", chars[j + 1] == "0", chars[j + 2] == "x" {
                    starts.append(k)
                    k = j
                    continue
                }
            }
            k += 1
        }
        return starts
    }

    /// Whether a class name is a layout constraint's: it ends in `LayoutConstraint`
    /// (`NSLayoutConstraint`, `NSAutoresizingMaskLayoutConstraint`, `SnapKit.LayoutConstraint`)
    /// or is the top and bottom layout guides' `_UILayoutSupportConstraint`.
    static func isConstraintClass<C: Collection>(_ name: C) -> Bool where C.Element == Character {
        let s = String(name)
        return s.hasSuffix("LayoutConstraint") || s.hasSuffix("LayoutSupportConstraint")
    }

    init(text: LineText, number: Int, from: Int, to limit: Int) {
        self.text = text
        self.number = number
        self.i = from
        self.lowerLimit = from
        self.limit = limit
    }

    /// The address of the constraint described on the line (`0x6000…` after
    /// `<…LayoutConstraint:`), if the line has one.
    static func constraintAddress(_ line: String) -> String? {
        guard let lt = line.firstIndex(of: "<") else { return nil }
        let rest = line[line.index(after: lt)...]
        guard let colon = rest.firstIndex(of: ":"), isConstraintClass(rest[..<colon]),
              !rest[..<colon].contains(where: { $0 == " " }) else { return nil }
        let after = rest[rest.index(after: colon)...]
        guard after.hasPrefix("0x") else { return nil }
        let hex = after.dropFirst(2).prefix { $0.isHexDigit }
        return hex.isEmpty ? nil : "0x" + hex.lowercased()
    }

    func fail(_ message: String, at offset: Int? = nil, length: Int = 1) -> LogError {
        LogError(offset: offset ?? i, length: length, message: message)
    }

    mutating func read() throws(LogError) -> LogEntry {
        // The envelope: `<KIND:0xADDR[@file#line] ['identifier'] [h=… v=…] BODY   (active, names: …)>`.
        while let c = peek, c != "<" { i += 1 }
        i += 1
        let kindStart = i
        while let c = peek, c != ":" { i += 1 }
        let kind = text[kindStart ..< i]
        i += 1   // ':'
        let address = hexAddress() ?? ""
        // SnapKit: `@ViewController.swift#39`.
        if peek == "@" { while let c = peek, c != " " { i += 1 } }
        // Older SnapKit closes the constraint's own part and writes its views in brackets:
        // `<<Module.LayoutConstraint:0x…> <UIView:0x…>.top == <UIView:0x…>.bottom>`.
        if peek == ">" { i += 1 }
        skipSpaces()
        // The body ends at the last ` (active`, ` (inactive` or ` (Names:` before the closing `>`.
        guard let close = chars[i ..< limit].lastIndex(of: ">") else {
            throw fail("this constraint's description has no closing `>`", at: limit)
        }
        var bodyEnd = close
        var names: [String: LogItem] = [:]
        for marker in [" (active", " (inactive", " (Names:", " (names:"] {
            if let r = lastRange(of: marker, before: close) {
                bodyEnd = min(bodyEnd, r)
                if let n = lastRange(of: "names:", before: close) ?? lastRange(of: "Names:", before: close), n > r {
                    names = try readNames(from: n + 6, to: close)
                }
                break
            }
        }
        let descriptionStart = kindStart - 1
        var identifier: String?
        if peek == "'" {
            let start = i + 1
            guard let end = closingQuote(from: start, limit: bodyEnd) else { throw fail("this identifier's quote is not closed") }
            identifier = text[start ..< end]
            i = end + 1
            skipSpaces()
        }
        // Autoresizing masks: `h=--& v=--& `.
        while expect("h=") || expect("v=") {
            while let c = peek, c != " " { i += 1 }
            skipSpaces()
        }
        // (Flags or an identifier that ran to the end leave an empty body.)
        i = min(i, bodyEnd)
        var bodyEnd2 = bodyEnd
        while bodyEnd2 > i, chars[bodyEnd2 - 1] == " " { bodyEnd2 -= 1 }
        var parser = LogBodyParser(text: text, range: i ..< bodyEnd2, names: names)
        let constraints = try parser.parse()
        return LogEntry(
            line: number, address: address, kind: kind, identifier: identifier,
            description: text[descriptionStart ..< close + 1], constraints: constraints,
            items: parser.items, superviewItem: names["|"],
            visual: parser.visual)
    }

    mutating func hexAddress() -> String? {
        guard expect("0x") else { return nil }
        let start = i
        while let c = peek, c.isHexDigit { i += 1 }
        return i > start ? "0x" + text[start ..< i].lowercased() : nil
    }

    func lastRange(of s: String, before end: Int) -> Int? {
        let cs = Array(s)
        var k = end - cs.count
        while k >= lowerLimit {
            if chars[k] == cs[0], chars[k ..< k + cs.count].elementsEqual(cs) { return k }
            k -= 1
        }
        return nil
    }

    /// The quote that closes a text starting at `start`: the first `'` followed by a character
    /// that cannot be inside a view's description (`.`, `]`, `(`, `)`, a blank, the end).
    func closingQuote(from start: Int, limit: Int) -> Int? {
        var k = start
        while k < limit {
            if chars[k] == "'" {
                let next: Character? = k + 1 < chars.count ? chars[k + 1] : nil
                if next == nil || [".", "]", "(", ")", " ", ",", ">"].contains(next!) { return k }
            }
            k += 1
        }
        return nil
    }

    /// `names: '|':UIView:0x…, homeLarge:0x… )`.
    mutating func readNames(from start: Int, to end: Int) throws(LogError) -> [String: LogItem] {
        var result: [String: LogItem] = [:]
        let list = text[start ..< end].trimmingCharacters(in: " )")
        for part in list.split(separator: ",") {
            let p = String(part).trimmingCharacters(in: " ")
            guard !p.isEmpty else { continue }
            let name: String, rest: Substring
            if p.hasPrefix("'|':") {
                name = "|"
                rest = p.dropFirst(4)
            } else if let colon = p.firstIndex(of: ":") {
                name = String(p[..<colon])
                rest = p[p.index(after: colon)...]
            } else { continue }
            var item = LogBodyParser.item(fromDescription: String(rest))
            if name != "|" { item.given = name }
            result[name] = item
        }
        return result
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}

/// Reads a constraint's body: `A.attr REL [m*]B.attr [± c] [@p]` or a visual format
/// `H:|-(8)-[A(>=44@750)]-(NSSpace(8))-[B]-|`.
struct LogBodyParser: CharacterCursor {
    let chars: [Character]
    let line: LineText
    let offset: Int
    let names: [String: LogItem]
    var i = 0
    var items: [LogItem] = []
    var visual = false
    /// Where the first number past 1e15 is, if one is.
    var tooLarge: Range<Int>?

    init(text: LineText, range: Range<Int>, names: [String: LogItem]) {
        // Offsets from 0 within the body.
        chars = Array(text.chars[range])
        line = text
        offset = range.lowerBound
        self.names = names
    }

    /// The body's text between two of its offsets.
    func text(_ r: Range<Int>) -> String { line[(offset + r.lowerBound) ..< (offset + r.upperBound)] }

    static let attributes: [String: String] = [
        "left": "left", "right": "right", "top": "top", "bottom": "bottom", "leading": "leading",
        "trailing": "trailing", "width": "width", "height": "height", "centerX": "centerX",
        "centerY": "centerY", "baseline": "lastBaseline", "lastBaseline": "lastBaseline",
        "firstBaseline": "firstBaseline", "leftMargin": "leftMargin", "rightMargin": "rightMargin",
        "topMargin": "topMargin", "bottomMargin": "bottomMargin", "leadingMargin": "leadingMargin",
        "trailingMargin": "trailingMargin", "centerXWithinMargins": "centerXWithinMargins",
        "centerYWithinMargins": "centerYWithinMargins",
        // Autoresizing-mask constraints speak of the frame.
        "minX": "left", "minY": "top", "midX": "centerX", "midY": "centerY", "maxX": "right", "maxY": "bottom",
    ]

    func fail(_ message: String, at k: Int? = nil, length: Int = 1) -> LogError {
        LogError(offset: offset + (k ?? i), length: length, message: message)
    }

    mutating func parse() throws(LogError) -> [LogConstraint] {
        guard !chars.isEmpty else { throw fail("this constraint's description is empty") }
        // A trailing ` @750` (or `@750`) is the priority.
        var priority = 1000.0
        var end = chars.count
        if let at = chars.lastIndex(of: "@"), at > 0, !chars[(at + 1)...].contains(where: { !($0.isNumber || $0 == ".") }),
           at + 1 < chars.count, let p = Double(text((at + 1) ..< chars.count)) {
            // Not a VFL's `(44@750)` (which ends with `)` or `]`).
            priority = p
            end = at
            while end > 0, chars[end - 1] == " " { end -= 1 }
        }
        let body = Array(chars[..<end])
        let made: [LogConstraint]
        if body.starts(with: ["H", ":"]) || body.starts(with: ["V", ":"]) {
            visual = true
            made = try visualFormat(body, priority: priority)
        } else {
            made = [try expression(body, priority: priority)]
        }
        if let r = tooLarge { throw fail("this number is too large: the limit is 1e15", at: r.lowerBound, length: r.count) }
        return made
    }

    // MARK: Items

    /// `UILabel:0x7fb…'Title'` or a bare name, from a `names:` list.
    static func item(fromDescription s: String) -> LogItem {
        if s.hasPrefix("0x") {
            return LogItem(key: "0x" + s.dropFirst(2).prefix { $0.isHexDigit }.lowercased(), className: "", text: nil, given: nil)
        }
        let cs = Array(s)
        var k = 0
        while k < cs.count, cs[k] != ":" { k += 1 }
        let className = String(cs[..<k])
        var address = ""
        var text: String?
        if k + 2 < cs.count, cs[k + 1] == "0", cs[k + 2] == "x" {
            var e = k + 3
            while e < cs.count, cs[e].isHexDigit { e += 1 }
            address = "0x" + String(cs[(k + 3) ..< e]).lowercased()
            if e < cs.count, cs[e] == "'" {
                let t = cs[(e + 1)...]
                if let q = t.lastIndex(of: "'") { text = String(cs[(e + 1) ..< q]) }
            }
        }
        if address.isEmpty { return LogItem(key: s, className: "", text: nil, given: s) }
        // (A module may be lower case: `deltachat_ios.ChatTitleView:0x…` is a class.)
        return LogItem(key: address, className: className, text: text, given: nil)
    }

    mutating func note(_ item: LogItem) -> String {
        if let k = items.firstIndex(where: { $0.key == item.key }) {
            if items[k].text == nil { items[k].text = item.text }
            if items[k].className.isEmpty { items[k].className = item.className }
            return item.key
        }
        items.append(item)
        return item.key
    }

    /// An item at `i`: `CLASS:0xADDR['text']`, or a name the `names:` list gives
    /// (`homeLarge`, `AddressToolbar.lockIcon`). For a name with dots, `attributeFollows`
    /// leaves the last `.attribute` unread.
    mutating func readItem(attributeFollows: Bool) throws(LogError) -> String {
        // An item in brackets (older SnapKit: `<UIView:0x7f…>.top`).
        if peek == "<" {
            i += 1
            let key = try readItem(attributeFollows: attributeFollows)
            guard expect(">") else { throw fail("expected `>` after the view") }
            return key
        }
        let start = i
        while let c = peek, c.isLetter || c.isNumber || c == "_" || c == "." || c == "$" || c == "-" && attributeFollows == false { i += 1 }
        guard i > start else { throw fail("expected a view here (`UIView:0x7f…` or a name)") }
        if peek == ":" && i + 2 < chars.count && chars[i + 1] == "0" && chars[i + 2] == "x" {
            let className = text(start ..< i)
            i += 3
            let hexStart = i
            while let c = peek, c.isHexDigit { i += 1 }
            let address = "0x" + text(hexStart ..< i).lowercased()
            var quoted: String?
            if peek == "'" {
                let tStart = i + 1
                var k = tStart
                var found: Int?
                while k < chars.count {
                    if chars[k] == "'" {
                        let next: Character? = k + 1 < chars.count ? chars[k + 1] : nil
                        if next == nil || [".", "]", "(", ")", " ", ">"].contains(next!) { found = k; break }
                    }
                    k += 1
                }
                guard let q = found else { throw fail("this text's quote is not closed") }
                quoted = text(tStart ..< q)
                i = q + 1
            }
            // A name the log gives this address (`names: homeLarge:0x…`).
            let given = names.first { $0.key != "|" && $0.value.key == address }?.key
            return note(LogItem(key: address, className: className, text: quoted, given: given))
        }
        // A bare name: all but its last `.attribute`.
        var word = text(start ..< i)
        if attributeFollows, let dot = word.lastIndex(of: ".") {
            let attribute = String(word[word.index(after: dot)...])
            if Self.attributes[attribute] != nil {
                i -= attribute.count + 1
                word = String(word[..<dot])
            }
        }
        if let named = names[word] {
            var item = named
            item.given = word
            return note(item)
        }
        return note(LogItem(key: word, className: "", text: nil, given: word))
    }

    mutating func attribute() throws(LogError) -> String {
        guard expect(".") else { throw fail("expected `.` and an attribute after the view") }
        let start = i
        while let c = peek, c.isLetter { i += 1 }
        let name = text(start ..< i)
        guard let a = Self.attributes[name] else {
            throw fail(name.isEmpty ? "expected an attribute after `.`" : "unknown attribute `\(name)`", at: start, length: max(1, name.count))
        }
        return a
    }

    mutating func number() -> Double? {
        let start = i
        if peek == "-" || peek == "+" { i += 1 }
        while let c = peek, c.isNumber || c == "." { i += 1 }
        // 1e-05 in a tiny multiplier.
        if peek == "e", i + 1 < chars.count, chars[i + 1] == "-" || chars[i + 1] == "+" || chars[i + 1].isNumber {
            i += 2
            while let c = peek, c.isNumber { i += 1 }
        }
        guard i > start, let v = Double(text(start ..< i)), v.isFinite else { i = start; return nil }
        // As in a `.layout` file (whose lines these become).
        if abs(v) > 1e15 { tooLarge = tooLarge ?? (start ..< i) }
        return v
    }

    // MARK: Expressions

    mutating func expression(_ body: [Character], priority: Double) throws(LogError) -> LogConstraint {
        i = 0
        let firstItem = try readItem(attributeFollows: true)
        let firstAttribute = try attribute()
        skipSpaces()
        let relStart = i
        let relation: String
        if expect("==") { relation = "==" } else if expect(">=") { relation = ">=" } else if expect("<=") { relation = "<=" } else {
            throw fail("expected `==`, `>=` or `<=` here", at: relStart)
        }
        skipSpaces()
        var second: LogTerm?
        var constant = 0.0
        // `+ 70` (an autoresizing mask's `midY == + 70`), `-10`, `375`.
        let save = i
        if peek == "+" || peek == "-" {
            let sign: Double = peek == "-" ? -1 : 1
            i += 1
            skipSpaces()
            if let v = number(), atEnd(in: body) {
                constant = sign * v
                return LogConstraint(first: LogTerm(item: firstItem, attribute: firstAttribute), relation: relation, second: nil, constant: constant, priority: priority)
            }
            i = save
        }
        if let c = peek, c.isNumber {
            let at = i
            if number() == nil { throw fail("this number is too large: the limit is 1e15") }
            i = at
        }
        if let v = number() {
            skipSpaces()
            if atEnd(in: body) {
                return LogConstraint(first: LogTerm(item: firstItem, attribute: firstAttribute), relation: relation, second: nil, constant: v, priority: priority)
            }
            // `0.5*UIView:0x….width`
            guard expect("*") else { throw fail("expected `*` and a view after the multiplier") }
            skipSpaces()
            let item = try readItem(attributeFollows: true)
            let a = try attribute()
            second = LogTerm(item: item, attribute: a, multiplier: v)
        } else {
            let item = try readItem(attributeFollows: true)
            let a = try attribute()
            second = LogTerm(item: item, attribute: a)
            skipSpaces()
            if expect("*") {
                skipSpaces()
                guard let m = number() else { throw fail("expected a multiplier after `*`") }
                second!.multiplier = m
            }
        }
        skipSpaces()
        if peek == "+" || peek == "-" {
            let sign: Double = peek == "-" ? -1 : 1
            i += 1
            skipSpaces()
            guard let v = number() else { throw fail("expected a number after the sign") }
            constant = sign * v
        }
        skipSpaces()
        guard atEnd(in: body) else { throw fail("unexpected text at the end of the constraint") }
        return LogConstraint(first: LogTerm(item: firstItem, attribute: firstAttribute), relation: relation, second: second, constant: constant, priority: priority)
    }

    func atEnd(in body: [Character]) -> Bool { i >= body.count }


    // MARK: Visual format

    /// `(SPEC)`: `8`, `>=8`, `8@750`, `NSSpace(8)`, `-7`; the relation, constant and priority.
    mutating func spec(default priority: Double) throws(LogError) -> (String, Double, Double) {
        var relation = "=="
        if expect("==") {} else if expect(">=") { relation = ">=" } else if expect("<=") { relation = "<=" }
        var value: Double
        if expect("NSSpace(") {
            guard let v = number(), expect(")") else { throw fail("expected `NSSpace(N)`") }
            value = v
        } else {
            guard let v = number() else { throw fail("expected a number here") }
            value = v
        }
        var p = priority
        if expect("@") {
            guard let v = number() else { throw fail("expected a priority after `@`") }
            p = v
        }
        return (relation, value, p)
    }

    mutating func visualFormat(_ body: [Character], priority: Double) throws(LogError) -> [LogConstraint] {
        let horizontal = body[0] == "H"
        i = 2
        // `(LTR)` at the end: left and right rather than leading and trailing.
        var limit = body.count
        var absolute = false
        for suffix in ["(LTR)", "(RTL)"] where limit >= suffix.count && body[(limit - suffix.count) ..< limit].elementsEqual(suffix) {
            limit -= suffix.count
            absolute = true
        }
        let startEdge = horizontal ? (absolute ? "left" : "leading") : "top"
        let endEdge = horizontal ? (absolute ? "right" : "trailing") : "bottom"
        let length = horizontal ? "width" : "height"
        enum Element { case superview, view(String) }
        var result: [LogConstraint] = []
        var previous: Element?
        var gap: (String, Double, Double)?
        func connect(_ a: Element, _ b: Element, _ g: (String, Double, Double)) {
            switch (a, b) {
            case let (.superview, .view(v)):
                result.append(LogConstraint(first: LogTerm(item: v, attribute: startEdge), relation: g.0, second: LogTerm(item: "|", attribute: startEdge), constant: g.1, priority: g.2))
            case let (.view(v), .superview):
                result.append(LogConstraint(first: LogTerm(item: "|", attribute: endEdge), relation: g.0, second: LogTerm(item: v, attribute: endEdge), constant: g.1, priority: g.2))
            case let (.view(u), .view(v)):
                result.append(LogConstraint(first: LogTerm(item: v, attribute: startEdge), relation: g.0, second: LogTerm(item: u, attribute: endEdge), constant: g.1, priority: g.2))
            case (.superview, .superview): break
            }
        }
        while i < limit {
            let c = chars[i]
            if c == "|" {
                i += 1
                if let p = previous { connect(p, .superview, gap ?? ("==", 0, priority)) }
                previous = .superview
                gap = nil
            } else if c == "[" {
                i += 1
                let item = try readItem(attributeFollows: false)
                if peek == "(" {
                    i += 1
                    repeat {
                        let (r, v, p) = try spec(default: priority)
                        result.append(LogConstraint(first: LogTerm(item: item, attribute: length), relation: r, second: nil, constant: v, priority: p))
                    } while expect(",")
                    guard expect(")") else { throw fail("expected `)` after the size") }
                }
                guard expect("]") else { throw fail("expected `]` after the view") }
                if let p = previous { connect(p, .view(item), gap ?? ("==", 0, priority)) }
                previous = .view(item)
                gap = nil
            } else if c == "-" {
                i += 1
                if peek == "(" {
                    i += 1
                    gap = try spec(default: priority)
                    guard expect(")") else { throw fail("expected `)` after the spacing") }
                    guard expect("-") else { throw fail("expected `-` after the spacing") }
                } else {
                    // `-` alone: the standard spacing.
                    gap = ("==", 8, priority)
                }
            } else if c == " " {
                i += 1
            } else {
                throw fail("unexpected `\(c)` in this visual format")
            }
        }
        return result
    }
}

/// Writes one conflict as a `.layout` text.
/// The view tree of `_autolayoutTrace` output in the log, if it has one: each line a view,
/// `|   ` once for each level (`|   |   *UILabel:0x7fe3…'Hello'`), a `*` or `•` before the
/// class allowed.
struct ViewTrace {
    /// Each traced address's superview.
    var parent: [String: String] = [:]
    /// Each traced address's place in the trace (a walk of the tree from the window).
    var order: [String: Int] = [:]

    init(lines: [String]) {
        var stack: [String] = []   // the addresses of the current line's ancestors
        for line in lines {
            var rest = Substring(line)
            while let f = rest.first, f == " " || f == "\t" { rest = rest.dropFirst() }
            var depth = 0
            while rest.hasPrefix("|") {
                rest = rest.dropFirst()
                while let f = rest.first, f == " " || f == "\t" { rest = rest.dropFirst() }
                depth += 1
            }
            while let f = rest.first, f == "*" || f == "•" || f == "+" { rest = rest.dropFirst() }
            // `CLASS:0xADDR`, the class a name of letters, digits, `_`, `.` and `$`.
            guard let colon = rest.firstIndex(of: ":"), colon > rest.startIndex,
                  rest[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "$" }),
                  rest[colon...].hasPrefix(":0x") else {
                continue
            }
            let hex = rest[rest.index(colon, offsetBy: 3)...].prefix { $0.isHexDigit }
            guard !hex.isEmpty, depth <= stack.count else { continue }
            let address = "0x" + hex.lowercased()
            stack.removeLast(stack.count - depth)
            if let p = stack.last { parent[address] = p }
            if order[address] == nil { order[address] = order.count }
            stack.append(address)
        }
        // A tree has depth: lines that all sit at the top are not one.
        if parent.isEmpty { order = [:] }
    }
}

struct LogLayoutWriter {
    let entries: [LogEntry]
    let brokenAddress: String?
    let start: Int
    let trace: ViewTrace

    func conflict() -> UIKitConflictLog.Conflict {
        // Every item, in order of appearance.
        var items: [LogItem] = []
        var index: [String: Int] = [:]
        func add(_ item: LogItem) {
            if let k = index[item.key] {
                if items[k].text == nil { items[k].text = item.text }
                if items[k].className.isEmpty { items[k].className = item.className }
                if items[k].given == nil { items[k].given = item.given }
            } else {
                index[item.key] = items.count
                items.append(item)
            }
        }
        for e in entries {
            if let s = e.superviewItem { add(s) }
            for item in e.items { add(item) }
        }
        // The tree: a superview from `|`, a stack's arranged views from its `UISV-` constraints,
        // a margin's view from `A.x == B.leadingMargin`; the rest are the root's.
        var parent: [String: String] = [:]
        func setParent(_ child: String, _ p: String) {
            guard child != p, parent[child] == nil else { return }
            // No cycle.
            var k: String? = p
            while let x = k {
                if x == child { return }
                k = parent[x]
            }
            parent[child] = p
        }
        // An `_autolayoutTrace` in the log gives the tree itself: each traced view's nearest
        // traced ancestor among the conflict's views, or none (the root's).
        var traced: Set<String> = []
        for item in items where trace.order[item.key] != nil {
            traced.insert(item.key)
            var k = trace.parent[item.key]
            var steps = 0
            while let a = k, index[a] == nil, steps < trace.parent.count {
                k = trace.parent[a]
                steps += 1
            }
            if let a = k, index[a] != nil { setParent(item.key, a) }
        }
        func setParentUntraced(_ child: String, _ p: String) {
            if !traced.contains(child) { setParent(child, p) }
        }
        for e in entries {
            if let s = e.superview {
                for item in e.items where item.key != s { setParentUntraced(item.key, s) }
            }
        }
        for e in entries where e.identifier?.hasPrefix("UISV-") == true {
            let stacks = e.items.filter(\.isStack)
            guard let stack = stacks.first else { continue }
            for item in e.items where item.key != stack.key && !item.isStack { setParentUntraced(item.key, stack.key) }
        }
        for e in entries {
            for c in e.constraints {
                guard let s = c.second, s.item != "|", c.first.item != "|", s.item != c.first.item else { continue }
                if s.attribute.hasSuffix("Margin") || s.attribute.hasSuffix("WithinMargins") { setParentUntraced(c.first.item, s.item) }
                if c.first.attribute.hasSuffix("Margin") || c.first.attribute.hasSuffix("WithinMargins") { setParentUntraced(s.item, c.first.item) }
            }
        }
        // Views a visual format relates to each other without `|` (`V:[a]-(8)-[b]`), and
        // a stack's neighbours (`UISV-spacing`), are siblings; a view constrained to a
        // container's edge is, failing other evidence, inside it.
        func siblings() {
            // Forward and backward sweeps: a chain of visual formats in either order settles
            // in a few (a bound, so a hostile log stays linear).
            let related = entries.filter { ($0.visual && $0.superview == nil) || $0.identifier?.hasPrefix("UISV-spacing") == true }
            var changed = true
            var rounds = 0
            while changed && rounds < 4 {
                changed = false
                rounds += 1
                for e in rounds % 2 == 1 ? related : related.reversed() {
                    let views = e.items.filter { !$0.isGuide }
                    guard let p = views.lazy.compactMap({ parent[$0.key] }).first else { continue }
                    for v in views where parent[v.key] == nil {
                        setParentUntraced(v.key, p)
                        if parent[v.key] != nil { changed = true }
                    }
                }
            }
        }
        // An autoresizing mask relates a view to its superview
        // (`h=-&- A.midX == B.midX + 187.5`).
        for e in entries where e.kind.hasSuffix("AutoresizingMaskLayoutConstraint") {
            for c in e.constraints {
                if let s = c.second, s.item != "|", s.item != c.first.item { setParentUntraced(c.first.item, s.item) }
            }
        }
        siblings()
        // Containers: the superviews found so far, and the views a table, collection or
        // navigation bar sizes (`UIView-Encapsulated-Layout-…`, `_UITemporaryLayout…`).
        var containers = Set(parent.values)
        for e in entries where e.identifier?.hasPrefix("UIView-Encapsulated-Layout") == true || e.identifier?.hasPrefix("_UITemporaryLayout") == true {
            containers.formUnion(e.constraints.map(\.first.item).filter { $0 != "|" })
        }
        // A cell and its content view hold what is pinned to them.
        for item in items {
            let bare = item.className.split(separator: ".").last.map(String.init) ?? item.className
            if bare.hasSuffix("ContentView") || bare.hasSuffix("Cell") { containers.insert(item.key) }
        }
        for e in entries {
            for c in e.constraints {
                guard let s = c.second, s.item != "|", c.first.item != "|", s.item != c.first.item else { continue }
                if containers.contains(s.item), parent[c.first.item] == nil { setParentUntraced(c.first.item, s.item) }
                if containers.contains(c.first.item), parent[s.item] == nil { setParentUntraced(s.item, c.first.item) }
            }
        }
        siblings()
        // A guide is its owner's; an owner must be a view.
        let isGuide = Dictionary(uniqueKeysWithValues: items.map { ($0.key, $0.isGuide) })
        for (child, p) in parent where isGuide[p] == true {
            var owner: String? = p
            var steps = 0
            while let o = owner, isGuide[o] == true, steps <= items.count {
                owner = parent[o]
                steps += 1
            }
            parent[child] = owner
        }

        // Names.
        let names = LogNames(items: items).names
        // Declarations in tree order: a superview before its subviews.
        var children: [String: [String]] = [:]
        var roots: [String] = []
        // In the trace's order where the log has one (a walk of the app's tree), else the log's.
        let byTrace = items.enumerated().sorted { a, b in
            let ta = trace.order[a.element.key], tb = trace.order[b.element.key]
            if let ta, let tb { return ta < tb }
            if ta != nil || tb != nil { return ta != nil }
            return a.offset < b.offset
        }.map(\.element)
        for item in byTrace {
            if let p = parent[item.key], index[p] != nil { children[p, default: []].append(item.key) } else { roots.append(item.key) }
        }
        var order: [(key: String, parent: String?)] = []
        func visit(_ key: String, _ p: String?) {
            order.append((key, p))
            for c in children[key] ?? [] { visit(c, key) }
        }
        for r in roots { visit(r, nil) }

        // The constraint lines.
        var lines: [(line: Int, text: String, comment: String)] = []
        var extra: [String] = []
        var brokenLine: Int?
        for e in entries {
            if e.address == brokenAddress { brokenLine = e.line }
            let superview = e.superview ?? e.items.first.flatMap { parent[$0.key] }
            let texts = e.constraints.map { layoutLine($0, entry: e, superview: superview, names: names) }
            lines.append((e.line, texts.first ?? "", e.description))
            // A description that makes several constraints (`H:[a(70)]-(8)-[b]`): the others
            // go below the log's lines.
            for t in texts.dropFirst() { extra.append(t + "  # also from log line \(e.line)") }
        }

        var declarations: [String] = []
        var origins: [(name: String, log: String)] = []
        var placeholders: [String] = []
        var previousSibling: [String: String] = [:]
        for (key, p) in order {
            let item = items[index[key]!]
            let name = names[key]!
            let parentName = p.flatMap { names[$0] }
            let inPart = parentName.map { " in \($0)" } ?? ""
            let origin = item.className.isEmpty ? key : "\(item.className):\(key)"
            origins.append((name, (item.given.map { $0 + ":" } ?? "") + origin + (item.text.map { "'\($0)'" } ?? "")))
            let comment = "  # " + origin + (item.given.map { " (\($0))" } ?? "")
            if item.isGuide {
                declarations.append("guide \(name)\(inPart)" + comment)
                placeholders.append("\(name).leading = 0 ~ 3 as placeholder")
                placeholders.append("\(name).top = 0 ~ 3 as placeholder")
                placeholders.append("\(name).width == 0 ~ 2 as placeholder")
                placeholders.append("\(name).height == 0 ~ 2 as placeholder")
                continue
            }
            var options = ""
            if let text = item.text, !text.isEmpty, !item.isStack {
                var escaped = ""
                for ch in text {
                    switch ch {
                    case "\\": escaped += "\\\\"
                    case "\"": escaped += "\\\""
                    case "\n": escaped += "\\n"
                    // (A control character would be an error in the layout: left out.)
                    case _ where ch.unicodeScalars.allSatisfy({ $0.value < 0x20 || $0.value == 0x7F || (0x80..<0xA0).contains($0.value) }): break
                    default: escaped.append(ch)
                    }
                }
                options += " label \"" + escaped + "\""
            } else if children[key] != nil {
                // A container: as large as its subviews and their placeholders make it.
                options += " size none x none"
            } else {
                options += " size 44 x 44 hugging 2 compression 2"
            }
            declarations.append("view \(name)\(inPart)\(options)" + comment)
            // Placeholders: room in the superview, below the previous sibling.
            let siblingKey = p ?? ""
            if let before = previousSibling[siblingKey], let b = names[before] {
                placeholders.append("\(name).top == \(b).bottom + 8 ~ 3 as placeholder")
            } else {
                placeholders.append("\(name).top = \(p == nil ? 16 : 8) ~ 3 as placeholder")
            }
            placeholders.append("\(name).leading = \(p == nil ? 16 : 8) ~ 3 as placeholder")
            let container = parentName ?? "root"
            placeholders.append("\(container).bottom >= \(name).bottom + \(p == nil ? 16 : 8) ~ 4 as placeholder")
            placeholders.append("\(container).trailing >= \(name).trailing + \(p == nil ? 16 : 8) ~ 4 as placeholder")
            previousSibling[siblingKey] = key
        }
        placeholders.append("root.width == 0 ~ 1 as placeholder")
        placeholders.append("root.height == 0 ~ 1 as placeholder")

        let header = [
            "# A UIKit conflict read back from its log: views and guides for the addresses it names,",
            "# then its constraints. The log does not give the views' other constraints: the",
            "# placeholders at priorities 1 to 4 at the end only place what it leaves free.",
        ]
        let brokenNote = brokenLine.map { "# UIKit broke the constraint of log line \($0)." } ?? "# The log does not say which constraint UIKit broke."
        // UIKit's own constraints first: its engine keeps them and breaks the app's, as
        // Blueprint keeps its own (activated before every constraint of a file).
        let uikits = Set(entries.filter(Self.isUIKits).map(\.line))
        let system = lines.filter { uikits.contains($0.line) }
        let app = lines.filter { !uikits.contains($0.line) }
        var text = header + [brokenNote, ""] + declarations
        var lineMap: [Int: Int] = [:]
        func emit(_ section: String, _ group: [(line: Int, text: String, comment: String)]) {
            guard !group.isEmpty else { return }
            text += ["", section]
            for l in group {
                text.append("# log line \(l.line)\(l.line == brokenLine ? " (UIKit broke this one)" : ""): \(l.comment)")
                text.append(l.text)
                lineMap[text.count] = l.line
            }
        }
        emit("# UIKit's own constraints (kept in a conflict, as UIKit keeps them)", system)
        emit("# the app's constraints, in the log's order", app)
        text += extra
        text += ["", "# placeholders"] + placeholders
        return UIKitConflictLog.Conflict(
            constraintLines: entries.map(\.line), brokenLine: brokenLine, line: start,
            readableLayout: text.joined(separator: "\n") + "\n", logLines: lineMap, names: names, origins: origins)
    }

    /// Whether UIKit made the constraint: a table's or collection's size for its cell, a stack
    /// view's, a margin or safe-area guide's, a temporary width, an autoresizing mask.
    static func isUIKits(_ e: LogEntry) -> Bool {
        if e.kind.hasSuffix("AutoresizingMaskLayoutConstraint") || e.kind.hasSuffix("LayoutSupportConstraint")
            || e.kind.hasSuffix("IBPrototypingLayoutConstraint") { return true }
        return e.identifier.map { UIKitConflictLog.isUIKitIdentifier(LogNames.identifier($0)) } ?? false
    }

    /// A number as a `.layout` file writes it: no exponent (`0.00001`, not `1e-05`).
    static func decimal(_ v: Double) -> String {
        // The project's shortest form, its exponent (Swift's `1e-05`) written out.
        let plain = formatNumber(v)
        guard let e = plain.firstIndex(where: { $0 == "e" || $0 == "E" }), let exponent = Int(plain[plain.index(after: e)...]) else { return plain }
        var mantissa = String(plain[..<e])
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa.removeFirst() }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        var digits = String(parts[0]) + (parts.count > 1 ? String(parts[1]) : "")
        var point = parts[0].count + exponent
        if point <= 0 {
            digits = String(repeating: "0", count: 1 - point) + digits
            point = 1
        }
        while digits.count < point { digits += "0" }
        var result = String(digits.prefix(point)) + (digits.count > point ? "." + digits.dropFirst(point) : "")
        while result.contains(where: { $0 == "." }), result.hasSuffix("0") { result.removeLast() }
        if result.hasSuffix(".") { result.removeLast() }
        return (negative ? "-" : "") + result
    }

    /// One constraint in `.layout` spelling.
    func layoutLine(_ c: LogConstraint, entry: LogEntry, superview: String?, names: [String: String]) -> String {
        func name(_ key: String) -> String {
            if key == "|" { return superview.flatMap { names[$0] } ?? "root" }
            return names[key] ?? "root"
        }
        func number(_ v: Double) -> String { LogLayoutWriter.decimal(v) }
        var text = "\(name(c.first.item)).\(c.first.attribute) \(c.relation) "
        if let s = c.second, s.multiplier != 0 {
            if s.multiplier != 1 { text += "\(number(s.multiplier)) * " }
            text += "\(name(s.item)).\(s.attribute)"
            if c.constant > 0 { text += " + \(number(c.constant))" } else if c.constant < 0 { text += " - \(number(-c.constant))" }
        } else {
            text += number(c.constant)
        }
        if c.priority < 1000 { text += " ~ \(number(max(1, c.priority)))" }
        if let id = entry.identifier.map(LogNames.identifier), !id.isEmpty {
            text += " as \(id)"
        } else if entry.kind.hasSuffix("AutoresizingMaskLayoutConstraint") {
            text += " as autoresizingMask"
        } else if entry.kind.hasSuffix("LayoutSupportConstraint") {
            text += " as _UILayoutSupport"
        }
        return text
    }
}

/// Names for the log's items: `secondsLabel` for `UILabel:0x…'Seconds'`, `stackView` for
/// `UIStackView:0x…`, the given name (`homeLarge`) where the log has one; numbered when
/// several would share one.
struct LogNames {
    var names: [String: String] = [:]

    static let reserved: Set<String> = [
        "root", "superview", "safeArea", "readableContent", "view", "stack", "guide", "let", "canvas",
        "direction", "safearea", "fontfile", "in", "label", "font", "size", "margins", "hugging",
        "compression", "hidden", "spacingAfter", "weight", "italic", "lines", "align", "truncate",
        "wrap", "clip", "maxwidth", "as", "H", "V",
    ]

    /// A name of the `.layout` format from any text: ASCII letters, digits and `_`.
    static func identifier(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            if u.isASCII, u.properties.isAlphabetic || ("0"..."9").contains(u) || u == "_" { out.unicodeScalars.append(u) } else if !out.isEmpty, out.last != "_" { out += "_" }
        }
        while out.last == "_" { out.removeLast() }
        if let f = out.first, f.isNumber { out = "_" + out }
        return out
    }

    init(items: [LogItem]) {
        var base: [String] = []
        for item in items {
            var b: String
            if let given = item.given, !Self.identifier(given).isEmpty {
                b = Self.identifier(given)
            } else {
                var cls = item.className.split(separator: ".").last.map(String.init) ?? item.className
                while cls.hasPrefix("_") { cls.removeFirst() }
                for prefix in ["UI", "NS", "MAS"] where cls.hasPrefix(prefix) && cls.dropFirst(prefix.count).first?.isUppercase == true {
                    cls.removeFirst(prefix.count)
                }
                if cls.isEmpty { cls = "View" }
                if item.isGuide, let text = item.text {
                    // 'UIViewLayoutMarginsGuide' → margins, 'UIViewSafeAreaLayoutGuide' → safeArea.
                    // (`has`, not `contains`: a string's `contains(String)` needs macOS 13.)
                    if UIKitConflictLog.has(text, "Margins") { cls = "MarginsGuide" } else if UIKitConflictLog.has(text, "SafeArea") { cls = "SafeAreaGuide" } else if UIKitConflictLog.has(text, "Readable") { cls = "ReadableContentGuide" } else if UIKitConflictLog.has(text, "spanner") || UIKitConflictLog.has(text, "alignment") { cls = "AlignmentSpanner" } else if !text.isEmpty { cls = Self.identifier(text) + "Guide" }
                } else if let text = item.text, !item.isStack {
                    let words = text.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.prefix(3)
                    let prefix = words.enumerated().map { k, w in k == 0 ? w.lowercased() : w.prefix(1).uppercased() + w.dropFirst().lowercased() }.joined()
                    if !prefix.isEmpty, prefix.first!.isLetter { cls = prefix + cls }
                }
                // Lower camel case: `SPUISearchHeader` → `spuiSearchHeader`, `URL` → `url`.
                let upper = cls.prefix { $0.isUppercase }.count
                let head = upper > 1 && upper < cls.count ? upper - 1 : max(upper, 1)
                b = cls.prefix(head).lowercased() + cls.dropFirst(head)
                b = Self.identifier(b)
                if b.isEmpty { b = "view" }
            }
            base.append(b)
        }
        var counts: [String: Int] = [:]
        for b in base { counts[b, default: 0] += 1 }
        var used: Set<String> = []
        var seen: [String: Int] = [:]
        for (item, b) in zip(items, base) {
            var name = b
            if counts[b]! > 1 || Self.reserved.contains(b) {
                var n = seen[b, default: 0]
                repeat {
                    n += 1
                    name = "\(b)\(n)"
                } while used.contains(name)
                seen[b] = n
            }
            used.insert(name)
            names[item.key] = name
        }
    }
}
