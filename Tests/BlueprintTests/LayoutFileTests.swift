import Foundation
import Testing
import TestSupport
import Blueprint

/// `LayoutDocument(parsing:file:)`: every statement and view option, metrics, comments and
/// line endings, forward references, every error of a file in order, the error limit, and
/// that a file that parses always lays out.
@Suite("Layout files: parsing into views and constraints")
struct LayoutFileTests {
    func parse(_ text: String, file: String = "test.layout") throws(SourceDiagnostics) -> LayoutDocument {
        try LayoutDocument(parsing: text, file: file)
    }

    /// The diagnostics of a file that must not parse, as the CLI prints them.
    func errors(_ text: String, file: String = "test.layout") -> String {
        do {
            _ = try LayoutDocument(parsing: text, file: file)
            return "no error"
        } catch {
            return error.description
        }
    }

    // MARK: Statements

    @Test func canvasDirectionAndSafeArea() throws {
        let d = try parse("""
            canvas 390 x 844
            direction rtl
            safearea 47 0 34 0
            """)
        #expect(d.root.name == "root")
        #expect(d.root.frame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(d.root.translatesAutoresizingMaskIntoConstraints)
        #expect(d.root.layoutDirection == .rightToLeft)
        #expect(d.root.safeAreaInsets == EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        #expect(d.views.map(\.name) == ["root"])
        #expect(d.constraints.isEmpty)
    }

    @Test func canvasAsOneWordAndFromMetrics() throws {
        #expect(try parse("canvas 320x480").root.frame == Rect(x: 0, y: 0, width: 320, height: 480))
        #expect(try parse("let w = 375\nlet h = 667\ncanvas w x h").root.frame == Rect(x: 0, y: 0, width: 375, height: 667))
    }

    @Test func defaultsWithoutCanvasDirectionOrSafeArea() throws {
        let d = try parse("view a")
        #expect(d.root.layoutDirection == .leftToRight)
        #expect(d.root.safeAreaInsets == EdgeInsets.zero)
        #expect(!d.root.translatesAutoresizingMaskIntoConstraints)
    }

    @Test func safeAreaWithOneNumber() throws {
        #expect(try parse("safearea 20").root.safeAreaInsets == EdgeInsets(all: 20))
    }

    @Test func directionLTR() throws {
        #expect(try parse("direction ltr").root.layoutDirection == .leftToRight)
    }

    @Test func metrics() throws {
        let d = try parse("""
            let pad = 20
            let half = 0.5
            let negative = -pad
            view a size pad x pad margins pad
            a.left = negative
            a.top = pad
            a.width == superview.width * half
            """)
        #expect(d.metrics == ["pad": 20, "half": 0.5, "negative": -20])
        let a = try #require(d.view(named: "a"))
        #expect(a.explicitIntrinsicContentSize == Size(width: 20, height: 20))
        #expect(a.layoutMargins == EdgeInsets(all: 20))
        #expect(d.constraints.map(\.formula) == [
            "a.left == root.left - 20", "a.top == root.top + 20", "a.width == 0.5 × root.width",
        ])
    }

    // MARK: View options

    @Test func viewWithEveryOption() throws {
        let d = try parse("""
            view card margins 8 16 4 12
            view title in card label "Sign in" font 28 hugging 251 252 compression 740 760 hidden
            view avatar in card size 40 x 30 hugging 700 compression 800
            """)
        #expect(d.views.map(\.name) == ["root", "card", "title", "avatar"])
        let card = try #require(d.view(named: "card"))
        #expect(card.superview === d.root)
        #expect(card.layoutMargins == EdgeInsets(top: 8, left: 16, bottom: 4, right: 12))
        #expect(!(card is Label))

        let title = try #require(d.view(named: "title") as? Label)
        #expect(title.superview === card)
        #expect(title.text == "Sign in")
        #expect(title.fontSize == 28)
        #expect(title.contentHuggingPriority(for: .horizontal) == 251)
        #expect(title.contentHuggingPriority(for: .vertical) == 252)
        #expect(title.contentCompressionResistancePriority(for: .horizontal) == 740)
        #expect(title.contentCompressionResistancePriority(for: .vertical) == 760)
        #expect(title.isHidden)

        // One number applies to both axes.
        let avatar = try #require(d.view(named: "avatar"))
        #expect(avatar.explicitIntrinsicContentSize == Size(width: 40, height: 30))
        #expect(avatar.contentHuggingPriority(for: .horizontal) == 700)
        #expect(avatar.contentHuggingPriority(for: .vertical) == 700)
        #expect(avatar.contentCompressionResistancePriority(for: .horizontal) == 800)
        #expect(avatar.contentCompressionResistancePriority(for: .vertical) == 800)
        #expect(!avatar.isHidden)
    }

    @Test func viewDefaults() throws {
        let d = try parse("view plain\nview text label \"Hi\"")
        let plain = try #require(d.view(named: "plain"))
        #expect(plain.layoutMargins == EdgeInsets(all: 8))
        #expect(plain.explicitIntrinsicContentSize == nil)
        #expect(plain.contentHuggingPriority(for: .horizontal) == .defaultLow)
        #expect(plain.contentCompressionResistancePriority(for: .vertical) == .defaultHigh)
        let text = try #require(d.view(named: "text") as? Label)
        #expect(text.fontSize == 17)
    }

    @Test func labelStringEscapes() throws {
        let d = try parse(#"view l label "two\nlines, a \"quote\" and a \\""#)
        #expect((d.view(named: "l") as? Label)?.text == "two\nlines, a \"quote\" and a \\")
    }

    @Test func optionsInAnyOrder() throws {
        let d = try parse("view a\nview b hidden size 10 x 10 in a")
        let b = try #require(d.view(named: "b"))
        #expect(b.superview === d.view(named: "a"))
        #expect(b.isHidden)
    }

    /// Keywords can name views (seed 001 calls its view `view`): the dot tells a constraint.
    @Test func keywordsAsViewNames() throws {
        let d = try parse("""
            canvas 375 x 667
            view view
            view let in view
            view.left = 10
            let.width == view.width
            """)
        #expect(d.views.map(\.name) == ["root", "view", "let"])
        #expect(d.constraints.map(\.formula) == ["view.left == root.left + 10", "let.width == view.width"])
    }

    // MARK: Constraints

    @Test func constraintsReferToViewsDeclaredLater() throws {
        let d = try parse("""
            canvas 375 x 667
            title.top == header.bottom + pad
            view header
            header.top = 0
            view title label "Title"
            let pad = 8
            """)
        #expect(d.constraints.map(\.formula) == ["title.top == header.bottom + 8", "header.top == root.top"])
    }

    @Test func constraintsCarryFileAndLine() throws {
        let d = try parse("view a\n\na.width = 10\n", file: "some/folder/login.layout")
        #expect(d.constraints.first?.location == LayoutSourceLocation(file: "login.layout", line: 3))
        #expect(d.constraints.first?.isActive == true)
    }

    @Test func superviewIsTheLeftHandViewsSuperview() throws {
        let d = try parse("""
            view card
            view title in card
            title.leading == superview.leadingMargin + 4
            card.width == superview.width
            """)
        #expect(d.constraints.map(\.formula) == ["title.leading == card.leadingMargin + 4", "card.width == root.width"])
    }

    @Test func safeAreaAndRootInConstraints() throws {
        let d = try parse("""
            canvas 390 x 844
            safearea 47 0 34 0
            view bar
            bar.top == safeArea.top
            bar.horizontalEdges == root.horizontalEdges
            bar.height == 44
            """)
        d.root.layoutIfNeeded()
        #expect(d.view(named: "bar")?.frame == Rect(x: 0, y: 47, width: 390, height: 44))
        #expect(d.root.layoutReport.isClean)
    }

    @Test func compoundAttributesMakeSeveralConstraints() throws {
        let d = try parse("view a\na.edges == superview.edges - 10 ~ 750")
        #expect(d.constraints.count == 4)
        #expect(d.constraints.allSatisfy { $0.priority == .defaultHigh })
    }

    @Test func priorities() throws {
        let d = try parse("""
            view a
            a.width == 10 ~ 751
            a.width >= 5 ~ defaultLow
            a.width <= 50 <~ .DefaultHigh
            a.height == 10 ~ required
            """)
        #expect(d.constraints.map(\.priority) == [751, .defaultLow, .defaultHigh, .required])
    }

    // MARK: Comments, blank lines, line endings

    @Test func commentsBlankLinesAndCRLF() throws {
        let lf = """
            # A header comment
            canvas 375 x 667   # the root

            view box           # a box
            \t
            box.edges == superview.edges - 20   # inset
            """
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(crlf.utf8.filter { $0 == 13 }.count == 5)
        for text in [lf, crlf, lf + "\n", crlf + "\r\n"] {
            let d = try parse(text)
            #expect(d.root.frame.size == Size(width: 375, height: 667))
            #expect(d.views.map(\.name) == ["root", "box"])
            #expect(d.constraints.count == 4)
            #expect(d.constraints.first?.location?.line == 6)
            d.root.layoutIfNeeded()
            #expect(d.view(named: "box")?.frame == Rect(x: 20, y: 20, width: 335, height: 627))
        }
    }

    /// An error in a CRLF file shows its line without the carriage return.
    @Test func errorInCRLFFile() {
        #expect(errors("view a\r\na.width = 10 10\r\n") == """
            test.layout:2:14: error: unexpected `10` after the end of the constraint
                a.width = 10 10
                             ^~
            """)
    }

    /// The Swift API's expression strings are one line: more after a line break is an error,
    /// not silently dropped; a trailing break is fine.
    @Test func expressionStringsAreOneLine() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let a = View(name: "a")
        root.addSubview(a)
        #expect(try LayoutConstraint(expression: "a.width = 10\r\n", views: ["a": a]).formula == "a.width == 10")
        #expect(throws: SourceDiagnostic.self) { try LayoutConstraint(expression: "a.width = 10\na.height = 5", views: ["a": a]) }
        do {
            _ = try LayoutConstraint.constraints(expression: "a.width = 10\r\na.height = 5", views: ["a": a])
        } catch {
            #expect(error.description == """
                1:13: error: an expression is one constraint on one line: use LayoutDocument for several
                    a.width = 10
                                ^
                """)
        }
    }

    @Test func hashInsideAStringIsText() throws {
        let d = try parse(##"view tag label "#1 # not a comment" # a comment"##)
        #expect((d.view(named: "tag") as? Label)?.text == "#1 # not a comment")
    }

    @Test func emptyFile() throws {
        let d = try parse("")
        #expect(d.views.count == 1)
        #expect(d.constraints.isEmpty)
    }

    @Test func utf8Bytes() throws {
        let d = try LayoutDocument(bytes: Array("view cafe label \"Café ☕️\"".utf8), file: "x.layout")
        #expect((d.views.last as? Label)?.text == "Café ☕️")
        #expect(throws: SourceDiagnostics.self) { try LayoutDocument(bytes: [0x76, 0xFF], file: "x.layout") }
    }

    /// Look-alikes of the operators (a word processor's minus, a full-width equals sign), a
    /// metric used as a view and a size without its width say what to write instead.
    @Test func lookAlikesAndMisplacedNamesSayWhatToWrite() {
        #expect(errors("view a\na.width == 10 \u{2212} 2") == """
            test.layout:2:15: error: unexpected character `\u{2212}`: write the ASCII `-`
                a.width == 10 \u{2212} 2
                              ^
            """)
        #expect(errors("view a\na.height \u{FF1D} 4") == """
            test.layout:2:10: error: unexpected character `\u{FF1D}`: write the ASCII `=`
                a.height \u{FF1D} 4
                         ^~
            """)
        #expect(errors("let m = 4\nview a\na.width == m.width") == """
            test.layout:3:12: error: `m` is a metric (4), not a view: a metric is a number (`a.width == m`)
                a.width == m.width
                           ^
            """)
        #expect(errors("view a size x 10") == """
            test.layout:1:13: error: expected the width of the intrinsic size before `x`: `size 40 x 20`, or `none x 20` for none
                view a size x 10
                            ^
            """)
    }

    /// Names are ASCII (seed 001's IDENTIFIER); text in quotes is anything.
    @Test func namesAreASCII() {
        #expect(errors("view café") == """
            test.layout:1:9: error: unexpected character `é`: names are ASCII letters, digits and `_` (any text can go in a label's quotes)
                view café
                        ^
            """)
    }

    /// What other tools taught a user to write gets a message that says what to write here:
    /// single quotes, a `//` comment, and a priority as `@750` (a visual format predicate's
    /// spelling). A line of nothing but `@` keeps the plain message.
    @Test func habitsFromOtherToolsAreExplained() {
        #expect(errors("view c label 'Hi'") == """
            test.layout:1:14: error: unexpected character `'`: a text goes in double quotes (`label "Sign in"`)
                view c label 'Hi'
                             ^
            """)
        #expect(errors("view a\nview b\na.top == b.bottom + 8 // gap") == """
            test.layout:3:23: error: `//` is not a comment here: a comment starts with `#`
                a.top == b.bottom + 8 // gap
                                      ^~
            """)
        #expect(errors("view a\na.height == 44 @750") == """
            test.layout:2:16: error: unexpected character `@`: a priority goes after `~` (`a.width == 44 ~ 750`); `@` is for visual format predicates
                a.height == 44 @750
                               ^
            """)
        #expect(errors("view a\na.width == 44 priority 750") == """
            test.layout:2:15: error: unexpected `priority` after the end of the constraint: a priority is written `~ 750`
                a.width == 44 priority 750
                              ^~~~~~~~
            """)
        #expect(errors("  @") == """
            test.layout:1:3: error: unexpected character `@`
                  @
                  ^
            """)
    }

    @Test func invalidUTF8NamesLineAndColumn() {
        do {
            _ = try LayoutDocument(bytes: Array("canvas 1 x 1\nview é".utf8) + [0xC3], file: "bad.layout")
            Issue.record("no error")
        } catch {
            #expect(error.description == """
                bad.layout:2:7: error: invalid UTF-8 (byte 0xC3 at offset 20): a .layout file is UTF-8 text
                    view é�
                          ^
                """)
        }
    }

    // MARK: Errors

    @Test func everyErrorInLineOrderWithExactText() {
        #expect(errors("""
            canvas 375 667
            view header
            header.top == 0 + 8
            view title in header label "Inbox" font 0
            view header
            title.leadng == header.leading
            canvs 1 x 1
            view icon lable "x"
            """) == """
            test.layout:1:12: error: expected `x` between the width and the height of the canvas (`375 x 667`), found `667`
                canvas 375 667
                           ^~~
            test.layout:3:19: error: no constant arithmetic: write the result as one number
                header.top == 0 + 8
                                  ^
            test.layout:4:41: error: a font size must be more than 0 and at most 1000
                view title in header label "Inbox" font 0
                                                        ^
            test.layout:5:6: error: a view named `header` is already declared on line 2
                view header
                     ^~~~~~
            test.layout:6:7: error: unknown attribute `leadng`; did you mean `leading`?
                title.leadng == header.leading
                      ^~~~~~
            test.layout:7:1: error: unknown statement `canvs`; did you mean `canvas`?
                canvs 1 x 1
                ^~~~~
            test.layout:8:11: error: unknown view option `lable`; did you mean `label`?
                view icon lable "x"
                          ^~~~~
            """)
    }

    /// A line that uses a view or metric whose declaration failed is not reported again. (A
    /// view whose mistake is in an option after its superview, as `title`'s font above and
    /// `box`'s size here, is still made: the lines that use it are checked.)
    @Test func noCascadeFromAFailedDeclaration() {
        #expect(errors("""
            view box size 10
            view inner in box
            let pad = 1 2
            box.width == 10
            inner.left = pad
            veiw other
            other.top = 0
            """) == """
            test.layout:1:17: error: expected `x` between the width and the height of the intrinsic size (`40 x 40`), found the end of the line
                view box size 10
                                ^
            test.layout:3:13: error: unexpected `2` at the end of the line
                let pad = 1 2
                            ^
            test.layout:6:1: error: unknown statement `veiw`; did you mean `view`?
                veiw other
                ^~~~
            """)
    }

    @Test func declarationErrors() {
        func first(_ text: String) -> String {
            String(errors(text).split(separator: "\n").first ?? "")
        }
        #expect(first("canvas 1 x 1\ncanvas 2 x 2") == "test.layout:2:1: error: the canvas is already set on line 1")
        #expect(first("canvas 0 x 10") == "test.layout:1:8: error: the canvas must be wider and taller than 0")
        #expect(first("direction up") == "test.layout:1:11: error: expected `ltr` or `rtl` after `direction`, found `up`")
        #expect(first("safearea 1 2") == "test.layout:1:13: error: expected 4 safe-area insets (top left bottom right) or 1 for all sides, found 2")
        // A safe area lies inside the screen: a negative inset is refused where it stands.
        #expect(first("safearea -10") == "test.layout:1:10: error: a safe-area inset cannot be negative (-10): the safe area lies inside the screen")
        #expect(first("let m = 4\nsafearea 47 0 -m 0") == "test.layout:2:15: error: a safe-area inset cannot be negative (-4): the safe area lies inside the screen")
        #expect(first("let = 3") == "test.layout:1:5: error: expected a metric name after `let`, found `=`")
        #expect(first("let a 3") == "test.layout:1:7: error: expected `=` after `let a`, found `3`")
        #expect(first("let a = 1\nlet a = 2") == "test.layout:2:5: error: a metric named `a` is already declared on line 1")
        #expect(first("let hidden = 2") == "test.layout:1:5: error: `hidden` is a view option; a metric needs another name")
        #expect(first("view root") == "test.layout:1:6: error: `root` is reserved: it always means the root view")
        #expect(first("view superview") == "test.layout:1:6: error: `superview` is reserved: it always means the left-hand view's superview")
        #expect(first("view a\nlet a = 1") == "test.layout:2:5: error: a view named `a` is already declared on line 1")
        #expect(first("view a in a") == "test.layout:1:11: error: a view cannot be inside itself")
        #expect(first("guide g in g") == "test.layout:1:12: error: a guide cannot belong to itself: `in` names the view it belongs to")
        #expect(first("view a in b\nview b") == "test.layout:1:11: error: the superview `b` is declared below, on line 2: declare a superview before its subviews")
        #expect(first("view card\nview a in crad") == "test.layout:2:11: error: unknown view `crad`; did you mean `card`?")
        #expect(first("view a hidden hidden") == "test.layout:1:15: error: `hidden` is given twice")
        #expect(first("view a font 12") == "test.layout:1:6: error: `font` is for labels: add `label \"…\"`")
        #expect(first("view a label Sign") == "test.layout:1:14: error: expected the label's text in quotes after `label`, found `Sign`")
        #expect(first("view a size -1 x 2") == "test.layout:1:13: error: an intrinsic width cannot be negative: write `none` for no intrinsic width (UIKit's noIntrinsicMetric)")
        #expect(first("view a margins 1 2 3") == "test.layout:1:21: error: expected 4 margins (top left bottom right) or 1 for all sides, found 3")
        #expect(first("view a hugging 0") == "test.layout:1:16: error: priority 0 is outside 1...1000")
        #expect(first("view a compression") == "test.layout:1:19: error: expected a priority (horizontal, then optionally vertical) after `compression`, found the end of the line")
        #expect(first("view a size w x 2\nlet w = 1") == "test.layout:1:13: error: the metric `w` is declared below, on line 2: declarations may only use metrics declared above them")
        #expect(first("let pad = 1\nview a size pda x 2") == "test.layout:2:13: error: unknown metric `pda`; did you mean `pad`?")
        #expect(first("view a 12") == "test.layout:1:8: error: expected a view option (in, label, font, size, margins, hugging, compression, hidden, spacingAfter, weight, italic, lines, align, truncate, wrap, clip, maxwidth), found `12`")
        #expect(first("frobnicate") == "test.layout:1:1: error: unknown statement `frobnicate`: a line declares something (canvas, direction, safearea, let, view, stack, guide) or is a constraint (`view.attribute == …`, or a visual format `H:|-[view]-|`)")
    }

    @Test func constraintErrors() {
        func first(_ text: String) -> String {
            String(errors("view email\nview box\n" + text).split(separator: "\n").first ?? "")
        }
        #expect(first("emial.top = 0") == "test.layout:3:1: error: unknown view `emial`; did you mean `email`?")
        #expect(first("box.top = email.hieght") == "test.layout:3:17: error: unknown attribute `hieght`; did you mean `height`?")
        #expect(first("box = email") == "test.layout:3:1: error: must specify view.attribute, not just the view: write `box.left`, `box.width`…")
        #expect(first("box.width = pad") == "test.layout:3:13: error: unknown metric `pad`")
        #expect(first("root.left = 10") == "test.layout:3:13: error: `root` has no superview, so a position cannot be a bare number: relate it to another item")
        #expect(first("box.width = 10 ~ 0") == "test.layout:3:18: error: priority 0 is outside 1...1000")
    }

    @Test func errorLimit() {
        let lines = ["view box"] + (1...150).map { "box.width = \($0) \($0)" }
        do {
            _ = try parse(lines.joined(separator: "\n"))
            Issue.record("no error")
        } catch {
            #expect(error.diagnostics.count == LayoutDocument.errorLimit)
            #expect(error.truncated)
            #expect(error.diagnostics.first?.line == 2)
            #expect(error.diagnostics.last?.line == 101)
            #expect(error.description.hasSuffix("\nerror: too many errors; only the first 100 are listed"))
        }
    }

    @Test func exactlyTheLimitIsNotTruncated() {
        let lines = ["view box"] + (1...100).map { "box.width = \($0) \($0)" }
        do {
            _ = try parse(lines.joined(separator: "\n"))
        } catch {
            #expect(error.diagnostics.count == 100)
            #expect(!error.truncated)
        }
    }

    /// Past the limit, the first 100 errors are still the first 100 by line, whichever pass
    /// (declarations, constraints) found them.
    @Test func errorLimitKeepsLineOrderAcrossPasses() {
        var lines = ["view box"]
        for i in 1...120 { lines.append(i.isMultiple(of: 2) ? "view dup\(i) size \(i)" : "box.width = \(i) \(i)") }
        do {
            _ = try parse(lines.joined(separator: "\n"))
            Issue.record("no error")
        } catch {
            #expect(error.diagnostics.map(\.line) == Array(2...101))
            #expect(error.truncated)
        }
    }

    @Test func depthLimit() throws {
        func nested(_ depth: Int) -> String {
            (["view v1"] + (2...depth).map { "view v\($0) in v\($0 - 1)" }).joined(separator: "\n")
        }
        let deepest = try parse(nested(LayoutDocument.depthLimit))
        #expect(deepest.views.count == LayoutDocument.depthLimit + 1)
        #expect(errors(nested(LayoutDocument.depthLimit + 1)) == """
            test.layout:1001:6: error: views nest deeper than 1000 levels
                view v1001 in v1000
                     ^~~~~
            """)
    }

    // MARK: Parsing always lays out

    @Test func aConflictIsAReportNotAnError() throws {
        let d = try parse("""
            canvas 100 x 100
            view box
            box.edges == superview.edges
            box.width == 50
            """, file: "c.layout")
        d.root.layoutIfNeeded()
        let report = d.root.layoutReport
        #expect(report.broken.map(\.formulaWithLocation) == ["box.width == 50 (c.layout:4)"])
        #expect(report.ambiguous.isEmpty)
        #expect(d.view(named: "box")?.frame == Rect(x: 0, y: 0, width: 100, height: 100))
    }

    @Test func ambiguityIsAReportNotAnError() throws {
        let d = try parse("canvas 100 x 100\nview box\nbox.width == 10\nbox.height == 10\nbox.top = 0")
        d.root.layoutIfNeeded()
        #expect(d.root.layoutReport.ambiguous.map(\.description) == ["box: horizontal position is ambiguous"])
        #expect(d.root.layoutReport.conflicts.isEmpty)
    }

    /// The `.layout` fixtures of the repository (`fixtures/*.layout`), by name.
    static let fixtures: [(name: String, text: String)] = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        url.appendPathComponent("fixtures")
        let names = (try! FileManager.default.contentsOfDirectory(atPath: url.path)).filter { $0.hasSuffix(".layout") }.sorted()
        return names.map { name in
            (name, try! String(contentsOf: url.appendingPathComponent(name), encoding: .utf8))
        }
    }()

    @Test func everyFixtureParsesAndLaysOut() throws {
        #expect(Self.fixtures.count >= 14)
        for (name, text) in Self.fixtures {
            let d = try LayoutDocument(bytes: Array(text.utf8), file: name)
            d.root.layoutIfNeeded()
            let clean = d.root.layoutReport.isClean
            #expect(clean == !["conflict.layout", "ambiguous.layout", "tie.layout"].contains(name), "\(name)")
        }
    }

    /// Fixtures with a character or a line removed, or two lines swapped: each either fails
    /// with diagnostics or parses, and then lays out (conflicts and ambiguity are reports).
    @Test func mutatedFixturesParseOrFailCleanly() {
        var random = SplitMix(seed: 2024)
        var parsed = 0, failed = 0
        for (name, text) in Self.fixtures {
            let chars = Array(text)
            for _ in 0..<20 {
                var mutant = chars
                switch random.next() % 3 {
                case 0:
                    mutant.remove(at: Int(random.next() % UInt64(mutant.count)))
                case 1:
                    let inserts = Array("=.~x\"#(-*/ 0a\n")
                    mutant.insert(inserts[Int(random.next() % UInt64(inserts.count))], at: Int(random.next() % UInt64(mutant.count)))
                default:
                    var lines = String(mutant).split(separator: "\n", omittingEmptySubsequences: false)
                    let i = Int(random.next() % UInt64(lines.count)), j = Int(random.next() % UInt64(lines.count))
                    lines.swapAt(i, j)
                    mutant = Array(lines.joined(separator: "\n"))
                }
                do {
                    let d = try LayoutDocument(parsing: String(mutant), file: name)
                    d.root.layoutIfNeeded()
                    _ = d.root.layoutReport.description
                    parsed += 1
                } catch {
                    #expect(!error.diagnostics.isEmpty)
                    #expect(error.diagnostics.allSatisfy { $0.file == name && $0.line >= 1 && $0.column >= 1 })
                    failed += 1
                }
            }
        }
        #expect(parsed > 0 && failed > 0)
    }

    /// Every fixture-like construct at once: it parses and lays out with a clean report.
    @Test func aFullLayoutIsClean() throws {
        let d = try parse("""
            # Login
            canvas 375 x 667
            safearea 20 0 0 0
            let pad = 24
            view title label "Sign in" font 28
            view field margins 0 12 0 12
            view hint in field label "Email" font 16
            title.top == safeArea.top + 40
            title.centerX == superview.centerX
            field.top == title.bottom + pad
            field.horizontalEdges == superview.horizontalEdges - pad
            field.height == 44
            hint.leading == superview.leadingMargin
            hint.centerY == superview.centerY
            """)
        d.root.layoutIfNeeded()
        #expect(d.root.layoutReport.isClean)
        #expect(d.view(named: "field")?.frame == Rect(x: 24, y: 118, width: 327, height: 44))
        #expect(d.view(named: "hint")?.frame.minX == 12)
    }
}
