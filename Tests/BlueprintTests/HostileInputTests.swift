import Foundation
import Testing
import Blueprint

/// Hostile `.layout` input is an error, never a crash or a hang: 10 MB lines, deep nesting,
/// 100,000 views, a view inside itself, duplicate names, invalid UTF-8 anywhere, NUL bytes,
/// very long names, thousands of errors. Each test is fast in a debug build.
@Suite("Hostile input: errors, never crashes or hangs")
struct HostileInputTests {
    static let tenMB = 10 << 20

    func parse(_ bytes: [UInt8]) throws(SourceDiagnostics) -> LayoutDocument {
        try LayoutDocument(bytes: bytes, file: "hostile.layout")
    }

    func parse(_ text: String) throws(SourceDiagnostics) -> LayoutDocument {
        try parse(Array(text.utf8))
    }

    /// The diagnostics of an input that must not parse.
    func diagnostics(_ bytes: [UInt8]) -> SourceDiagnostics? {
        do {
            _ = try parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    func diagnostics(_ text: String) -> SourceDiagnostics? { diagnostics(Array(text.utf8)) }

    // MARK: 10 MB lines

    @Test func tenMegabytesOfGarbageOnOneLine() throws {
        let bytes = [UInt8](repeating: UInt8(ascii: "@"), count: Self.tenMB) + [0x0A]
        let error = try #require(diagnostics(bytes))
        #expect(error.diagnostics.count == 1)
        let d = error.diagnostics[0]
        #expect((d.line, d.column, d.message) == (1, 1, "unexpected character `@`"))
        // The printed line is cut short around the caret, not 10 MB of output.
        let text = error.description
        #expect(text.utf8.count < 400)
        #expect(text == """
            hostile.layout:1:1: error: unexpected character `@`
                \(String(repeating: "@", count: 51))…
                ^
            """)
    }

    @Test func tenMegabyteConstraintWithAnErrorAtItsEnd() throws {
        // `v.left == superview.left + 8` then 10 MB of spaces, then one bad character.
        let head = "view v\nv.left == superview.left + 8"
        var bytes = Array(head.utf8)
        bytes += [UInt8](repeating: 0x20, count: Self.tenMB)
        bytes += Array("%\n".utf8)
        let error = try #require(diagnostics(bytes))
        #expect(error.diagnostics.count == 1)
        let d = error.diagnostics[0]
        let column = "v.left == superview.left + 8".count + Self.tenMB + 1
        #expect((d.line, d.column) == (2, column))
        let text = error.description
        #expect(text.utf8.count < 400)
        #expect(text == """
            hostile.layout:2:\(column): error: unexpected character `%`
                …\(String(repeating: " ", count: 50))%
                \(String(repeating: " ", count: 51))^
            """)
    }

    @Test func megabyteConstraintOfConstantArithmetic() throws {
        // `+ 1` repeated to 1 MB (250,000 terms; 10 MB takes ~9 s in a debug build): one error,
        // at the second constant, printed short.
        let head = "view v\nv.left == superview.left + 1"
        var bytes = Array(head.utf8)
        bytes.reserveCapacity(Self.tenMB + 64)
        let more = Array(" + 1".utf8)
        while bytes.count < 1 << 20 { bytes += more }
        let error = try #require(diagnostics(bytes))
        #expect(error.diagnostics.count == 1)
        let d = error.diagnostics[0]
        #expect((d.line, d.column) == (2, 32))
        #expect(d.message == "no constant arithmetic: write the result as one number")
        #expect(error.description.utf8.count < 400)
        #expect(error.description.hasSuffix(" + 1 +…\n" + String(repeating: " ", count: 35) + "^"))
    }

    @Test func tenMegabyteValidConstraintLaysOut() throws {
        // A metric with a 10 MB name, used in a constraint whose line is 10 MB long, and a
        // constraint followed by a long comment: both are fine.
        let name = String(repeating: "m", count: Self.tenMB)
        let comment = String(repeating: "#", count: 1 << 20)
        let d = try parse("""
            canvas 100 x 100
            let \(name) = 8
            view v
            v.left == superview.left + \(name)
            v.top == 8 \(comment)
            v.width == 20
            v.height == 10
            """)
        d.root.layoutIfNeeded()
        #expect(d.root.layoutReport.isClean)
        #expect(d.view(named: "v")?.frame == Rect(x: 8, y: 8, width: 20, height: 10))
    }

    // MARK: Nesting

    /// `view v0`, `view v1 in v0`, … `view v(n-1) in v(n-2)`: n levels under the root.
    func chain(_ n: Int, constraints: Bool) -> String {
        var s = "canvas 2000 x 2000\n"
        for i in 0..<n { s += i == 0 ? "view v0\n" : "view v\(i) in v\(i - 1)\n" }
        if constraints {
            for i in 0..<n {
                s += "v\(i).left == 1\nv\(i).top == 1\nv\(i).width == superview.width - 1\nv\(i).height == superview.height - 1\n"
            }
        }
        return s
    }

    @Test func nestingDeeperThanTheLimit() throws {
        let limit = LayoutDocument.depthLimit
        let error = try #require(diagnostics(chain(limit + 1, constraints: false)))
        #expect(error.diagnostics.count == 1)
        #expect(error.description == """
            hostile.layout:\(limit + 2):6: error: views nest deeper than \(limit) levels
                view v\(limit) in v\(limit - 1)
                     ^~~~~
            """)
    }

    @Test func chainJustUnderTheLimitLaysOut() throws {
        let limit = LayoutDocument.depthLimit
        let d = try parse(chain(limit, constraints: true))
        #expect(d.views.count == limit + 1)
        d.root.layoutIfNeeded()
        #expect(d.root.layoutReport.isClean)
        let deepest = try #require(d.view(named: "v\(limit - 1)"))
        #expect(deepest.frame == Rect(x: 1, y: 1, width: Double(2000 - limit), height: Double(2000 - limit)))
    }

    // MARK: Many views

    /// The siblings system of Benchmarks/SYSTEMS.md as a `.layout` file: n views in a
    /// column, each `left 8, top 28i + 8, width = superview - 16, height >= 10, height 20 @500`.
    func siblings(_ n: Int) -> String {
        var s = "canvas 800 x \(28 * n + 8)\n"
        s.reserveCapacity(n * 130)
        for i in 0..<n { s += "view v\(i)\n" }
        for i in 0..<n {
            s += "v\(i).left == 8\nv\(i).top == \(28 * i + 8)\nv\(i).width == superview.width - 16\n"
            s += "v\(i).height >= 10\nv\(i).height == 20 ~ 500\n"
        }
        return s
    }

    /// Parse only: 100,000 views with the siblings' constraints take ~15 s to parse in a debug
    /// build (0.5 million constraint lines), so the views come bare here; format-bench measures
    /// the parser on the full system in release.
    @Test func hundredThousandViewsParse() throws {
        let n = 100_000
        var text = "canvas 800 x 600\n"
        for i in 0..<n { text += "view v\(i)\n" }
        let d = try parse(text)
        #expect(d.views.count == n + 1)
        #expect(d.root.subviews.count == n)
        #expect(d.view(named: "v99999") === d.root.subviews.last)
    }

    /// Unconstrained views are all ambiguous: the report's probes stay linear (they were
    /// quadratic: 100,000 views took 40 s in release).
    @Test func unconstrainedViewsReportAmbiguity() throws {
        let n = 20_000
        var text = "canvas 800 x 600\n"
        for i in 0..<n { text += "view v\(i)\n" }
        let d = try parse(text)
        d.root.layoutIfNeeded()
        let report = d.root.layoutReport
        #expect(report.conflicts.isEmpty)
        #expect(report.ambiguous.count == n)
        #expect(report.ambiguous.last?.item === d.view(named: "v19999"))
    }

    /// With layout: 20,000 views, 100,000 constraints (~6 s in a debug build; 100,000 views
    /// would take well over 10 s).
    @Test func twentyThousandViewsLayOut() throws {
        let n = 20_000
        let d = try parse(siblings(n))
        d.root.layoutIfNeeded()
        #expect(d.root.layoutReport.isClean)
        #expect(d.view(named: "v19999")?.frame == Rect(x: 8, y: Double(28 * 19_999 + 8), width: 784, height: 20))
    }

    // MARK: Names

    @Test func aViewThatIsItsOwnAncestor() throws {
        let error = try #require(diagnostics("view a in a\n"))
        #expect(error.description == """
            hostile.layout:1:11: error: a view cannot be inside itself
                view a in a
                          ^
            """)
        // Its own ancestor through a later declaration cannot be written either: a superview
        // must be declared above its subview.
        let loop = try #require(diagnostics("view a in b\nview b in a\n"))
        #expect(loop.diagnostics.map(\.line) == [1])
        #expect(loop.diagnostics[0].message.contains("`b`"))
    }

    @Test func duplicateNames() throws {
        let error = try #require(diagnostics("view a\nlet a = 1\nview a\nlet m = 1\nlet m = 2\nview m\n"))
        #expect(error.diagnostics.map(\.line) == [2, 3, 5, 6])
        #expect(error.diagnostics.allSatisfy { $0.column == 5 || $0.column == 6 })
        #expect(error.diagnostics.map(\.message) == [
            "a view named `a` is already declared on line 1",
            "a view named `a` is already declared on line 1",
            "a metric named `m` is already declared on line 4",
            "a metric named `m` is already declared on line 4",
        ])
    }

    @Test func veryLongIdentifiers() throws {
        let long = String(repeating: "n", count: 1 << 20)
        let d = try parse("canvas 50 x 50\nview \(long)\n\(long).edges == superview.edges - 5\n")
        d.root.layoutIfNeeded()
        #expect(d.view(named: long)?.frame == Rect(x: 5, y: 5, width: 40, height: 40))
        // A misspelt attribute after a long name: no suggestion search over huge names, and a
        // short printed line.
        let error = try #require(diagnostics("view \(long)\n\(long).widht == 10\n"))
        #expect(error.diagnostics.map(\.column) == [(1 << 20) + 2])
        #expect(error.diagnostics[0].message == "unknown attribute `widht`; did you mean `width`?")
        #expect(error.description.utf8.count < 400)
        // A message that quotes a long name quotes it shortened.
        let unknown = try #require(diagnostics("\(long).left == 1\n"))
        #expect(unknown.diagnostics[0].message == "unknown view `\(long)`")
        let shortened = String(repeating: "n", count: 40) + "…" + String(repeating: "n", count: 10)
        #expect(unknown.description.hasPrefix("hostile.layout:1:1: error: unknown view `\(shortened)`\n    nnnn"))
        #expect(unknown.description.utf8.count < 400)
    }

    // MARK: Invalid UTF-8

    /// The first error of `bytes`: line, column and message.
    func firstError(_ bytes: [UInt8]) -> (Int, Int, String)? {
        diagnostics(bytes).map { ($0.diagnostics[0].line, $0.diagnostics[0].column, $0.diagnostics[0].message) }
    }

    @Test func invalidUTF8AtTheFirstByte() throws {
        let e = try #require(firstError([0xFF] + Array("view a\n".utf8)))
        #expect(e == (1, 1, "invalid UTF-8 (byte 0xFF at offset 0): a .layout file is UTF-8 text"))
    }

    @Test func invalidUTF8InTheMiddleOfALine() throws {
        // Columns count characters: `é` before the bad byte is one column.
        let bytes = Array("view a\nview é".utf8) + [0x80] + Array("b in a\n".utf8)
        let e = try #require(firstError(bytes))
        #expect(e == (2, 7, "invalid UTF-8 (byte 0x80 at offset 14): a .layout file is UTF-8 text"))
        let error = try #require(diagnostics(bytes))
        #expect(error.description.hasPrefix("hostile.layout:2:7: error: invalid UTF-8"))
    }

    @Test func truncatedMultiByteSequenceAtTheEnd() throws {
        // `€` is E2 82 AC; the file ends after E2 82.
        let bytes = Array("view a label \"".utf8) + [0xE2, 0x82]
        #expect(try #require(firstError(bytes)) == (1, 15, "invalid UTF-8 (byte 0xE2 at offset 14): a .layout file is UTF-8 text"))
        #expect(try #require(firstError([0xF0])) == (1, 1, "invalid UTF-8 (byte 0xF0 at offset 0): a .layout file is UTF-8 text"))
    }

    @Test func overlongEncodings() throws {
        // `/` as C0 AF (two bytes), and as E0 80 AF (three).
        let two = Array("# a\nview a".utf8) + [0xC0, 0xAF] + Array("\n".utf8)
        #expect(try #require(firstError(two)) == (2, 7, "invalid UTF-8 (byte 0xC0 at offset 10): a .layout file is UTF-8 text"))
        let three = Array("view a\n\n  ".utf8) + [0xE0, 0x80, 0xAF]
        #expect(try #require(firstError(three)) == (3, 3, "invalid UTF-8 (byte 0xE0 at offset 10): a .layout file is UTF-8 text"))
    }

    @Test func surrogatesAndOutOfRangeScalars() throws {
        // U+D800 as ED A0 80; U+110000 as F4 90 80 80.
        let surrogate = Array("view a label \"x".utf8) + [0xED, 0xA0, 0x80] + Array("\"\n".utf8)
        #expect(try #require(firstError(surrogate)) == (1, 16, "invalid UTF-8 (byte 0xED at offset 15): a .layout file is UTF-8 text"))
        let beyond = Array("view 😀".utf8) + [0xF4, 0x90, 0x80, 0x80]
        #expect(try #require(firstError(beyond)) == (1, 7, "invalid UTF-8 (byte 0xF4 at offset 9): a .layout file is UTF-8 text"))
    }

    @Test func invalidUTF8OnALongLineIsPrintedShort() throws {
        let bytes = Array("view a\n".utf8) + [UInt8](repeating: UInt8(ascii: "#"), count: 1 << 20) + [0xFE]
        let error = try #require(diagnostics(bytes))
        #expect(error.diagnostics[0].line == 2 && error.diagnostics[0].column == (1 << 20) + 1)
        #expect(error.description.utf8.count < 400)
    }

    // MARK: Odd but valid bytes

    @Test func emptyFile() throws {
        let d = try parse([UInt8]())
        #expect(d.views.map(\.name) == ["root"])
        d.root.layoutIfNeeded()
        #expect(d.root.frame == Rect(x: 0, y: 0, width: 0, height: 0))
    }

    @Test func onlyComments() throws {
        let d = try parse("# one\n   # two\n#\n\n\t# three ## \" unclosed\r\n#")
        #expect(d.views.count == 1 && d.constraints.isEmpty)
        d.root.layoutIfNeeded()
        #expect(d.root.layoutReport.conflicts.isEmpty)
    }

    @Test func nulBytes() throws {
        // A NUL is a character no rule accepts; inside a comment or a label's quotes it is text.
        let error = try #require(diagnostics(Array("view a\nview b\u{0}\n".utf8)))
        #expect(error.diagnostics.map(\.line) == [2])
        #expect(error.diagnostics[0].column == 7)
        let nuls = try #require(diagnostics([UInt8](repeating: 0, count: 1000)))
        #expect((nuls.diagnostics[0].line, nuls.diagnostics[0].column) == (1, 1))
        let d = try parse("view a label \"x\u{0}y\" # \u{0}\na.left == 0\na.top == 0\n")
        d.root.layoutIfNeeded()
        #expect(d.view(named: "a")?.frame.width ?? 0 > 0)
    }

    // MARK: Many errors

    @Test func tenThousandErrorsStopAtTheLimit() throws {
        let limit = LayoutDocument.errorLimit
        let text = String(repeating: "view a in a\n", count: 10_000)
        let error = try #require(diagnostics(text))
        #expect(error.diagnostics.count == limit)
        #expect(error.truncated)
        #expect(error.diagnostics.last?.line == limit)
        #expect(error.description.hasSuffix("\nerror: too many errors; only the first \(limit) are listed"))
        // As many constraint errors.
        let constraints = try #require(diagnostics("view a\n" + String(repeating: "a.left = b.left\n", count: 10_000)))
        #expect(constraints.diagnostics.count == limit && constraints.truncated)
    }
    /// A tree tens of thousands of levels deep, made through the Swift API (a file stops at
    /// 1,000 levels), is laid out and freed without overflowing the stack: a dying view hands
    /// its subviews and constraints to a loop instead of freeing them inside its `deinit`.
    @Test func aVeryDeepTreeIsFreedWithoutOverflowingTheStack() throws {
        for constrained in [false, true] {
            let depth = constrained ? 20_000 : 100_000
            do {
                // Built from the top down, each new view a leaf (no walk up to the root).
                let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
                var deepest = root
                for i in 0..<depth {
                    let child = View(name: "v\(i)")
                    deepest.addSubview(child)
                    if constrained {
                        try activate(i == 0 ? [child.edges == root.edges]
                                            : [child.top == deepest.top + 1, child.leading == deepest.leading, child.size == deepest.size])
                    }
                    deepest = child
                }
                if constrained {
                    root.layoutIfNeeded()
                    #expect(deepest.absoluteFrame == Rect(x: 0, y: Double(depth - 1), width: 100, height: 100))
                }
                #expect(root.subviews.count == 1)
            }   // the whole tree is freed here
        }
    }
    /// Sizes and insets that are not finite numbers are refused where they are set, the old
    /// value kept, and listed in the report of the tree (a label made with a NaN size, before it
    /// joins a tree, hands its refusal to the tree it joins): before, NaN frames were blamed on
    /// constraints "multiplied past the largest number", and a NaN font gave a 0 × 0 label with
    /// a clean report.
    @Test func nonFiniteSizesAndInsetsAreRefusedAndListed() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let title = Label(name: "title", text: "Hi", fontSize: .nan)
        let card = View(name: "card")
        root.addSubview(card)
        card.addSubview(title)
        card.layoutMargins = EdgeInsets(top: .infinity, left: .nan, bottom: 0, right: 0)
        root.safeAreaInsets = EdgeInsets(top: .nan, left: 0, bottom: 0, right: 0)
        try activate([card.edges == root.edges, title.top == card.topMargin, title.leading == card.leadingMargin])
        root.layoutIfNeeded()
        #expect(title.fontSize == 17)
        #expect(card.layoutMargins == EdgeInsets(all: 8))
        #expect(root.safeAreaInsets == .zero)
        #expect(title.frame.minX == 8 && title.frame.minY == 8 && title.frame.height > 0)
        let refused = root.layoutReport.refused
        #expect(refused.map(\.kind) == [.nonFinite(what: "font size"), .nonFinite(what: "layout margin"), .nonFinite(what: "safe-area inset")])
        #expect(refused.map(\.constraint) == ["title.font.size = nan", "card.layoutMargins", "root.safeAreaInsets"])
    }
}
