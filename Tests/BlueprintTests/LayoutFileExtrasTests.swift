import Testing
import Blueprint

/// The `.layout` additions of issue 15: `let` arithmetic, directional margins, priority names
/// for hugging and compression, ratios, `as NAME`, `superview` on the left, and the per-view
/// guides `view.margins.attribute` / `view.safeArea.attribute`.
@Suite("Layout files: metrics arithmetic, ratios, identifiers, guides in expressions")
struct LayoutFileExtrasTests {
    func parse(_ text: String) throws(SourceDiagnostics) -> LayoutDocument {
        try LayoutDocument(parsing: text, file: "x.layout")
    }

    func errors(_ text: String) -> String {
        do {
            _ = try LayoutDocument(parsing: text, file: "x.layout")
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func letArithmetic() throws {
        let d = try parse("""
            let side = 10
            let double = side * 2 + 1
            let half = (side + 2) / 4
            let negative = -side - -(1 + 1)
            let ratio = 16:9 * 9
            """)
        #expect(d.metrics == ["side": 10, "double": 21, "half": 3, "negative": -8, "ratio": 16])
        #expect(errors("let a = 1 / 0") == "x.layout:1:13: error: division by zero\n    let a = 1 / 0\n                ^")
        #expect(errors("let a = (1 + 2") == "x.layout:1:9: error: this `(` is not closed\n    let a = (1 + 2\n            ^")
        #expect(errors("let a = 1 + 2)") == "x.layout:1:14: error: this `)` has no `(`\n    let a = 1 + 2)\n                 ^")
        #expect(errors("let a = 2 * b") == "x.layout:1:13: error: unknown metric `b`\n    let a = 2 * b\n                ^")
        // A sum is held to the limit as a product is (it used to pass at 1.8e15).
        #expect(errors("let a = 900000000000000 + 900000000000000")
                == "x.layout:1:42: error: the result is too large: the limit is 1e15\n    let a = 900000000000000 + 900000000000000\n                                             ^")
        #expect(errors("let a = 1e15 * 10") == "x.layout:1:9: error: `1e15` is not a number\n    let a = 1e15 * 10\n            ^~~~")
    }

    @Test func directionalMarginsAndPriorityNames() throws {
        let d = try parse("""
            direction rtl
            view card margins leading 16 trailing 4 hugging defaultHigh required compression fittingSizeLevel
            view inner in card
            inner.leading == card.leadingMargin
            inner.trailing == card.trailingMargin
            """)
        let card = d.view(named: "card")!
        #expect(card.directionalLayoutMargins == DirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 4))
        #expect(card.layoutMargins == EdgeInsets(top: 8, left: 4, bottom: 8, right: 16))
        #expect(card.contentHuggingPriority(for: .horizontal) == .defaultHigh)
        #expect(card.contentHuggingPriority(for: .vertical) == .required)
        #expect(card.contentCompressionResistancePriority(for: .vertical) == .fittingSizeLevel)
        #expect(errors("view a margins leading 1 leading 2") == "x.layout:1:26: error: the leading margin is given twice\n    view a margins leading 1 leading 2\n                             ^~~~~~~")
    }

    @Test func ratiosIdentifiersAndSuperviewOnTheLeft() throws {
        let d = try parse("""
            canvas 320 x 480
            view image
            image.leading == root.leading
            image.top == root.top
            image.width == 160
            image.height == image.width * 9:16 as imageAspect
            superview.trailing == image.trailing + 160 ~ 500 as fill
            """)
        d.root.layoutIfNeeded()
        #expect(d.view(named: "image")!.frame == Rect(x: 0, y: 0, width: 160, height: 90))
        #expect(d.constraints.map(\.description) == [
            "image.leading == root.leading (x.layout:3)",
            "image.top == root.top (x.layout:4)",
            "image.width == 160 (x.layout:5)",
            "'imageAspect' image.height == 0.5625 × image.width (x.layout:6)",
            "'fill' root.trailing == image.trailing + 160 @500 (x.layout:7)",
        ])
        #expect(errors("view a\nview b\nsuperview.top == superview.top") == "x.layout:3:1: error: `superview` on the left needs a view on the right: it means that view's superview\n    superview.top == superview.top\n    ^~~~~~~~~")
        #expect(errors("view a\na.width == a.height * 16:0") == "x.layout:2:23: error: a ratio cannot have 0 after the colon\n    a.width == a.height * 16:0\n                          ^~~~")
        #expect(errors("view a\na.width == a.height * 16:9:4") == "x.layout:2:23: error: `16:9:4` is not a ratio: write two whole numbers, `16:9`\n    a.width == a.height * 16:9:4\n                          ^~~~~~")
        #expect(errors("view a\na.width == a.height * 1:1000000000000001") == "x.layout:2:23: error: number too large after the colon: the limit is 1e15\n    a.width == a.height * 1:1000000000000001\n                          ^~~~~~~~~~~~~~~~~~")
        // A priority name in other letter cases gets its spelling (names are UIKit's).
        #expect(errors("view a label \"x\" hugging DefaultHigh") == "x.layout:1:26: error: unknown priority `DefaultHigh`; did you mean defaultHigh (750)?\n    view a label \"x\" hugging DefaultHigh\n                             ^~~~~~~~~~~")
        #expect(errors("view a label \"x\" hugging 250 DefaultLow") == "x.layout:1:30: error: unknown priority `DefaultLow`; did you mean defaultLow (250)?\n    view a label \"x\" hugging 250 DefaultLow\n                                 ^~~~~~~~~~")
        // A long chain of colons is one malformed token, not a deep recursion.
        let colons = "view a\na.width == a.height * 1" + String(repeating: ":1", count: 200_000)
        #expect(errors(colons).hasPrefix("x.layout:2:23: error: `1:1:1:1:1"))
        #expect(errors("view a\na.width == 10 as") == "x.layout:2:17: error: expected a name for the constraint after `as`, found the end of the line\n    a.width == 10 as\n                    ^")
    }

    @Test func perViewGuidesInExpressions() throws {
        let d = try parse("""
            canvas 300 x 600
            safearea 40 0 20 0
            view card margins 10 20 30 40
            view title in card
            view footer
            card.top == root.top + 100
            card.leading == root.leading
            card.width == 300
            card.height == 200
            title.leading == card.margins.leading
            title.top == card.margins.top
            title.trailing == card.margins.trailing
            title.bottom == card.margins.bottom
            footer.bottom == root.safeArea.bottom
            footer.leading == superview.safeArea.leading
            footer.width == 10
            footer.height == 10
            """)
        d.root.layoutIfNeeded()
        #expect(d.view(named: "title")!.frame == Rect(x: 20, y: 10, width: 240, height: 160))
        #expect(d.view(named: "footer")!.frame == Rect(x: 0, y: 570, width: 10, height: 10))
        #expect(d.constraints[4].description == "title.leading == card.layoutMarginsGuide.leading (x.layout:10)")
        #expect(d.root.layoutReport.isClean)
        #expect(errors("view a\na.left == a.frame.left") == "x.layout:2:18: error: cannot follow dot paths: write `view.attribute`, or `view.margins.attribute` / `view.safeArea.attribute` / `view.readableContent.attribute` for a view's guides\n    a.left == a.frame.left\n                     ^")
        #expect(errors("view a\na.left == a.margins.margins.left") == "x.layout:2:28: error: cannot follow dot paths any further: a guide has no guides\n    a.left == a.margins.margins.left\n                               ^")
        #expect(errors("view a\nguide g\na.left == g.margins.left") == "x.layout:3:11: error: `g` is a layout guide: it has no margins guide\n    a.left == g.margins.left\n              ^~~~~~~~~")
        #expect(errors("view a\na.left == b.margins.left") == "x.layout:2:11: error: unknown view `b`; did you mean `a`?\n    a.left == b.margins.left\n              ^")
    }

    /// `readableContent`: the margins, at most 672 wide, centred in them.
    @Test func readableContentGuide() throws {
        let d = try parse("""
            canvas 1024 x 300
            view card margins 10 20 10 40
            view text in card
            view note
            card.edges == root.edges
            text.leading == card.readableContent.leading
            text.trailing == card.readableContent.trailing
            text.top == card.readableContent.top
            text.height == 20
            note.leading == readableContent.leading
            note.top == root.top
            note.size == readableContent.size * 0.5
            """)
        d.root.layoutIfNeeded()
        // Within card's margins: 1024 − 60 = 964 wide, centred at 20 + 482 = 502; 672 of it.
        #expect(d.view(named: "text")!.frame == Rect(x: 166, y: 10, width: 672, height: 20))
        // The root's: margins 8, 1008 wide, centred at 512.
        #expect(d.view(named: "note")!.frame == Rect(x: 176, y: 0, width: 336, height: 142))
        #expect(d.root.readableContentGuide.layoutFrame == Rect(x: 176, y: 8, width: 672, height: 284))
        #expect(d.root.layoutReport.isClean)

        // A narrow view: the guide is its margins; unused, the guide computes the same frame.
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 375, height: 100))
        root.layoutIfNeeded()
        #expect(root.readableContentGuide.layoutFrame == Rect(x: 8, y: 8, width: 359, height: 84))
    }

    /// Words a UIKit or Swift habit writes, each pointed at what the file calls it.
    @Test func uikitHabitsGetTheFilesWord() throws {
        #expect(errors("view a\na.topAnchor == root.top") == "x.layout:2:3: error: unknown attribute `topAnchor`; write `top` for UIKit's `topAnchor`\n    a.topAnchor == root.top\n      ^~~~~~~~~")
        #expect(errors("view a\na.top == root.safeAreaLayoutGuide.top") == "x.layout:2:15: error: write `root.safeArea` for UIKit's `safeAreaLayoutGuide` (`root.safeArea.top`)\n    a.top == root.safeAreaLayoutGuide.top\n                  ^~~~~~~~~~~~~~~~~~~")
        #expect(errors("view a\nview b in a\nb.leading == a.layoutMarginsGuide.leading") == "x.layout:3:16: error: write `a.margins` for UIKit's `layoutMarginsGuide` (`a.margins.leading`)\n    b.leading == a.layoutMarginsGuide.leading\n                   ^~~~~~~~~~~~~~~~~~")
        #expect(errors("view a\na.top == view.safeAreaLayoutGuide.top") == "x.layout:2:10: error: write `safeArea` for `view.safeAreaLayoutGuide` (`safeArea.top`): no view of this file is called `view`, so the root's guide is meant\n    a.top == view.safeAreaLayoutGuide.top\n             ^~~~~~~~~~~~~~~~~~~~~~~~")
        #expect(errors("direction RTL") == "x.layout:1:11: error: unknown direction `RTL`; did you mean `rtl`?\n    direction RTL\n              ^~~")
        #expect(errors("view a label \"x\" truncate end") == "x.layout:1:27: error: unknown truncation `end`; did you mean `tail`?\n    view a label \"x\" truncate end\n                              ^~~")
        #expect(errors("view a label \u{201C}Hello\u{201D}") == "x.layout:1:14: error: unexpected character `\u{201C}`: a text goes in straight double quotes (`label \"Sign in\"`), not typographic ones\n    view a label \u{201C}Hello\u{201D}\n                 ^")
        // A negative intrinsic length is pointed at, and `none` is the file's noIntrinsicMetric.
        #expect(errors("view sep size -1 x 0.5") == "x.layout:1:15: error: an intrinsic width cannot be negative: write `none` for no intrinsic width (UIKit's noIntrinsicMetric)\n    view sep size -1 x 0.5\n                  ^~")
        #expect(errors("view sep size -0.5x2") == "x.layout:1:15: error: an intrinsic width cannot be negative: write `none` for no intrinsic width (UIKit's noIntrinsicMetric)\n    view sep size -0.5x2\n                  ^~~~~~")
        #expect(errors("view sep size 10 x -1") == "x.layout:1:20: error: an intrinsic height cannot be negative: write `none` for no intrinsic height (UIKit's noIntrinsicMetric)\n    view sep size 10 x -1\n                       ^~")
        let d = try parse("""
            canvas 100 x 100
            stack s axis .vertical
            view sep size none x 0.5
            sep.leading == root.leading
            sep.trailing == root.trailing
            sep.top == root.top
            """)
        d.root.layoutIfNeeded()
        #expect((d.view(named: "s") as? StackView)?.axis == .vertical)
        #expect(d.view(named: "sep")!.intrinsicContentSize == Size(width: View.noIntrinsicMetric, height: 0.5))
        #expect(d.view(named: "sep")!.frame == Rect(x: 0, y: 0, width: 100, height: 0.5))
    }
}
