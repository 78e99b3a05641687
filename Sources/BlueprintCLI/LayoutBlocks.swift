import Blueprint
import BlueprintRender
import BlueprintSupport

/// The ```` ```layout ```` blocks of a Markdown document, and the image link Blueprint keeps
/// after each.
///
/// A block is a fence line ```` ```layout ```` (optionally followed by options,
/// ```` ```layout theme=dark show=card width=320 ````), the `.layout` text, and a closing
/// ```` ``` ````. The line right after the closing fence is the block's image link: written by
/// `blueprint docs`, replaced when it changes, and recognised by the image's name
/// (`layout-` and 16 hex digits of the block's hash).
struct LayoutBlock: Equatable {
    /// The 1-based line of the opening fence.
    var line: Int
    /// The `.layout` text between the fences.
    var source: String
    /// The fence's options, in the order written.
    var options: [(key: String, value: String)]
    /// The 1-based column of each option in the fence line (for messages).
    var optionColumns: [Int] = []
    /// The line index (0-based) of the closing fence.
    var closingIndex: Int
    /// Whether the line after the closing fence is a link this command wrote.
    var hasLink: Bool
    /// The spaces before the opening fence (a block in a list item), given to the link too.
    var indent = 0

    static func == (a: LayoutBlock, b: LayoutBlock) -> Bool {
        a.line == b.line && a.source == b.source && a.closingIndex == b.closingIndex && a.hasLink == b.hasLink && a.indent == b.indent
            && a.options.map(\.key) == b.options.map(\.key) && a.options.map(\.value) == b.options.map(\.value)
    }

    /// The options a block may carry.
    static let optionKeys = ["theme", "show", "scale", "format", "dark", "legend", "width", "height", "alt"]

    /// Why a document's blocks cannot be read.
    struct Invalid: Error, CustomStringConvertible {
        let description: String
        /// The layout's own diagnostics (`file:line:column: error: …` with the caret), printed as they are.
        var isDiagnostic = false
        /// The document line it is about (the fence's), for sorting with the other problems.
        var line = 0
    }

    /// The blocks of a document, in order, and what is wrong with their fences (`file:line:column`
    /// for an unknown or repeated option, `file:line` for a block never closed), in line order: a
    /// block whose fence is wrong is left out, the others are read.
    static func scan(_ lines: [Substring], file: String) -> (blocks: [LayoutBlock], problems: [Invalid]) {
        var blocks: [LayoutBlock] = []
        var problems: [Invalid] = []
        var i = 0
        // The column a list item's content starts at (`1. ` → 3), 0 outside lists: a fence in a
        // list item is indented by it (CommonMark), as in "1. Lay out the card:" then the
        // block, four spaces in.
        var listContent = 0
        while i < lines.count {
            let line = lines[i]
            let lead = line.prefix { $0 == " " }.count
            if let content = listItemContent(line) {
                listContent = content
            } else if lead < listContent, line.contains(where: { $0 != " " }) {
                listContent = 0
            }
            // CommonMark's fences: up to three spaces (past a list item's content column), then
            // three or more backticks or tildes; ours has the info string `layout`
            // (```` ```layout ````, ```` ````layout ````, `~~~layout`, indented in a list item).
            let fence = openingFence(line, listContent: listContent)
            let indent = line.prefix { $0 == " " }.count
            // (CommonMark: the info string is the rest of the line, spaces before it dropped:
            // "``` layout" is ours too.)
            let info = fence.map { line.dropFirst(indent + $0.count).drop { $0 == " " } } ?? ""
            guard let fence, info.hasPrefix("layout") else {
                // Skip other fenced blocks whole (CommonMark: closed by the same character, at
                // least as many times), so that an example of a layout fence inside another
                // code block (```` ```` ````, `~~~`) is left alone.
                if let fence = openingFence(line, listContent: listContent) {
                    i += 1
                    while i < lines.count, !isClosingFence(lines[i], of: fence) { i += 1 }
                }
                i += 1
                continue
            }
            let rest = info.dropFirst("layout".count)
            guard rest.isEmpty || rest.first == " " else { i += 1; continue }   // ```layouts is not ours
            var options: [(key: String, value: String)] = []
            var columns: [Int] = []
            var fenceProblem: Invalid?
            for word in rest.split(separator: " ") {
                // (Columns in characters, as the document shows them.)
                let column = line.distance(from: line.startIndex, to: word.startIndex) + 1
                let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, optionKeys.contains(String(parts[0])) else {
                    fenceProblem = fenceProblem ?? Invalid(description: "\(file):\(i + 1):\(column): error: unknown layout block option '\(word)': use "
                                  + optionKeys.map { "\($0)=…" }.joined(separator: ", "), isDiagnostic: true, line: i + 1)
                    continue
                }
                guard !options.contains(where: { $0.key == parts[0] }) else {
                    fenceProblem = fenceProblem ?? Invalid(description: "\(file):\(i + 1):\(column): error: layout block option \(parts[0])= is given twice", isDiagnostic: true, line: i + 1)
                    continue
                }
                options.append((String(parts[0]), String(parts[1])))
                columns.append(column)
            }
            var end = i + 1
            while end < lines.count, !isClosingFence(lines[end], of: fence) { end += 1 }
            guard end < lines.count else {
                let closing = String(repeating: fence.character, count: fence.count)
                problems.append(fenceProblem ?? Invalid(description: "\(file):\(i + 1): error: the layout block is never closed (a line \(closing) ends it)", isDiagnostic: true, line: i + 1))
                break
            }
            if let fenceProblem {
                problems.append(fenceProblem)
            } else {
                // The fence's indentation is taken off each line (CommonMark), and the link
                // line gets it (it stays in the list item).
                let source = lines[(i + 1)..<end].map { $0.dropFirst(min(indent, $0.prefix { $0 == " " }.count)) }
                    .joined(separator: "\n") + "\n"
                let hasLink = end + 1 < lines.count && isLink(lines[end + 1].drop { $0 == " " })
                blocks.append(LayoutBlock(line: i + 1, source: source, options: options, optionColumns: columns,
                                          closingIndex: end, hasLink: hasLink, indent: indent))
            }
            i = end + 1
        }
        return (blocks, problems)
    }

    /// The fence a line opens (CommonMark: up to three spaces, then three or more backticks or
    /// tildes; a backtick fence's info string has no backtick), or nil.
    static func openingFence(_ line: Substring, listContent: Int = 0) -> (character: Character, count: Int)? {
        let indent = line.prefix { $0 == " " }
        guard indent.count <= listContent + 3, let c = line.dropFirst(indent.count).first, c == "`" || c == "~" else { return nil }
        let run = line.dropFirst(indent.count).prefix { $0 == c }
        guard run.count >= 3 else { return nil }
        if c == "`" && line.dropFirst(indent.count + run.count).contains("`") { return nil }
        return (c, run.count)
    }

    /// The column a list item's content starts at, for a line that starts a list item
    /// (`- `, `* `, `+ `, `1. `, `1) `, after up to three spaces past the enclosing item), or nil.
    static func listItemContent(_ line: Substring) -> Int? {
        let lead = line.prefix { $0 == " " }.count
        let rest = line.dropFirst(lead)
        var marker = 0
        if let c = rest.first, c == "-" || c == "*" || c == "+" {
            marker = 1
        } else {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }.count
            guard digits > 0, digits <= 9, rest.dropFirst(digits).first == "." || rest.dropFirst(digits).first == ")" else { return nil }
            marker = digits + 1
        }
        let after = rest.dropFirst(marker)
        guard let first = after.first, first == " " else { return after.isEmpty && marker > 0 ? lead + marker + 1 : nil }
        let spaces = after.prefix { $0 == " " }.count
        // Five or more spaces: the content is an indented code block one space in.
        return lead + marker + (spaces >= 5 ? 1 : spaces)
    }

    /// A closing fence of `fence`: its character, at least as many times, and nothing else but
    /// spaces (CommonMark: a closing fence has no info string).
    static func isClosingFence(_ line: Substring, of fence: (character: Character, count: Int)) -> Bool {
        let trimmed = line.drop { $0 == " " }.reversed().drop { $0 == " " }
        return trimmed.count >= fence.count && trimmed.allSatisfy { $0 == fence.character }
    }

    /// Whether a line is an image link of this command (`![…](…layout-0123456789abcdef.png)`,
    /// or a `<picture>` element with light and dark variants), and nothing else: words after
    /// it are the writer's, and a link rewritten would drop them.
    static func isLink(_ line: Substring) -> Bool {
        let end = line.reversed().drop { $0 == " " }
        return (line.hasPrefix("![") && end.first == ")" || line.hasPrefix("<picture>") && end.starts(with: ">erutcip/<"))
            && imageName(in: line) != nil
    }

    /// Whether a character is a digit of the image names this command makes (lower-case hex).
    static func isNameDigit(_ c: Character) -> Bool { ("0"..."9").contains(c) || ("a"..."f").contains(c) }

    /// The first `layout-<16 hex>` image name in a line.
    static func imageName(in line: Substring) -> Substring? {
        var rest = line[...]
        while let range = rest.firstRange(of: "layout-") {
            let hex = rest[range.upperBound...].prefix(16)
            if hex.count == 16, hex.allSatisfy(isNameDigit) { return rest[range.lowerBound..<hex.endIndex] }
            rest = rest[range.upperBound...]
        }
        return nil
    }

    // MARK: Rendering

    /// What a block draws.
    struct Settings {
        var theme = Theme.light
        var constraints = RenderOptions.Constraints.all
        var scale = 2
        var format = OutputFormat.png
        var dark = false
        var legend = true
        var width: Double?
        var height: Double?
        var alt = "Layout diagram"
    }

    /// The block's options read.
    ///
    /// - Throws: ``Invalid`` naming the block's line for a value out of range.
    func settings(file: String, defaultDark: Bool) throws(Invalid) -> Settings {
        var s = Settings()
        s.dark = defaultDark
        func bad(_ key: String, _ value: String, _ expected: String) -> Invalid {
            let at = options.firstIndex { $0.key == key }.flatMap { optionColumns.indices.contains($0) ? ":\(optionColumns[$0])" : nil } ?? ""
            return Invalid(description: "\(file):\(line)\(at): error: layout block option \(key)=\(value): expected \(expected)", isDiagnostic: true)
        }
        for (key, value) in options {
            switch key {
            case "theme":
                guard let theme = Theme(named: value) else { throw bad(key, value, Theme.builtIn.map(\.name).joined(separator: ", ")) }
                s.theme = theme
            case "show": s.constraints = value == "all" ? .all : value == "none" ? .none : .view(value)
            case "scale":
                guard let n = Int(value), (1...3).contains(n) else { throw bad(key, value, "1, 2 or 3") }
                s.scale = n
            case "format":
                guard let f = OutputFormat(rawValue: value), f != .pdf else { throw bad(key, value, "png or svg") }
                s.format = f
            case "dark", "legend":
                guard value == "true" || value == "false" else { throw bad(key, value, "true or false") }
                if key == "dark" { s.dark = value == "true" } else { s.legend = value == "true" }
            case "width", "height":
                guard let n = Double(value), n.isFinite, n > 0, n <= 32767 else { throw bad(key, value, "a number of points above 0 and at most 32767 (the largest layout a diagram draws)") }
                if key == "width" { s.width = n } else { s.height = n }
            default: s.alt = value.replacing("_", with: " ")
            }
        }
        return s
    }

    /// The image name: `layout-` and 16 hex digits of FNV-1a over the options and the text,
    /// so equal blocks share an image and any change to a block gives it a new name.
    func imageStem() -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let key = options.map { "\($0.key)=\($0.value)" }.joined(separator: " ") + "\n" + source
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let hex = String(hash, radix: 16)
        return "layout-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The block's layout, with diagnostics at the document's own line numbers (the text is
    /// preceded by as many empty lines as come before it in the document).
    func document(file: String, settings: Settings) throws(Invalid) -> LayoutDocument {
        var lines = Array(repeating: "", count: line) + source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if settings.width != nil || settings.height != nil {
            guard let index = lines.firstIndex(where: { $0.split(separator: " ").first == "canvas" }),
                  let size = Self.canvasSize(lines[index]) else {
                throw Invalid(description: "\(file):\(self.line): width= and height= change the block's canvas line, and it has none")
            }
            lines[index] = "canvas \(formatNumber(settings.width ?? size.width)) x \(formatNumber(settings.height ?? size.height))"
        }
        let document: LayoutDocument
        do {
            document = try LayoutDocument(parsing: lines.joined(separator: "\n"), file: file)
        } catch {
            // Columns of the document's lines: the block's indentation put back.
            var error = error
            for k in error.diagnostics.indices where indent > 0 {
                error.diagnostics[k].column += indent
                error.diagnostics[k].sourceLine = String(repeating: " ", count: indent) + error.diagnostics[k].sourceLine
            }
            throw Invalid(description: error.description.hasSuffix("\n") ? String(error.description.dropLast()) : error.description,
                          isDiagnostic: true)
        }
        // An empty block (or one of comments only) would draw a root of no size, ambiguous.
        if LayoutInput.isEmpty(document) {
            throw Invalid(description: "\(file):\(self.line): \(LayoutInput.nothingToLayOut(in: "block"))")
        }
        return document
    }

    /// `canvas 375 x 667` read back.
    static func canvasSize(_ line: String) -> (width: Double, height: Double)? {
        let words = line.split(separator: "#").first?.split(separator: " ") ?? []
        guard words.count == 4, words[2] == "x", let w = Double(words[1]), let h = Double(words[3]) else { return nil }
        return (w, h)
    }
}
