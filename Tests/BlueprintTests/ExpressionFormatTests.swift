import Testing
import Blueprint

@Suite("Expression format (seed 001): examples and every invalid string")
struct ExpressionFormatTests {
    let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 300))
    let view1 = View(name: "view1"), view2 = View(name: "view2")

    init() throws {
        root.addSubview(view1)
        root.addSubview(view2)
    }

    func make(_ s: String, metrics: [String: Double] = ["myVar": 0.5, "margin": 10]) throws -> LayoutConstraint {
        try LayoutConstraint(expression: s, views: ["view1": view1, "view2": view2], metrics: metrics)
    }

    func error(_ s: String) -> String {
        do {
            _ = try LayoutConstraint.constraints(
                expression: s, views: ["view1": view1, "view2": view2, "root": root], metrics: ["myVar": 0.5])
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func seedExamples() throws {
        #expect(try make("view1.left = 10").formula == "view1.left == root.left + 10")
        #expect(try make("view1.width = superview.width").formula == "view1.width == root.width")
        #expect(try make("view1.width = superview.width * 0.9").formula == "view1.width == 0.9 × root.width")
        #expect(try make("view1.width = superview.width * myVar").formula == "view1.width == 0.5 × root.width")
        #expect(try make("view1.width = view2.width - 20").formula == "view1.width == view2.width - 20")
        #expect(try make("view1.width = view2.width * 0.9 + 5").formula == "view1.width == 0.9 × view2.width + 5")
        #expect(try make("view1.trailing >= 20").formula == "view1.trailing >= root.trailing + 20")
        #expect(try make("view1.left = margin").formula == "view1.left == root.left + 10")
        #expect(try make("view2.left = view1.right + 10").formula == "view2.left == view1.right + 10")
        #expect(try make("view1.centerX = superview.centerX").formula == "view1.centerX == root.centerX")
        #expect(try make("view1.width = 200").formula == "view1.width == 200")
    }

    @Test func extensions() throws {
        #expect(try make("view1.width == 0.5 * view2.width").formula == "view1.width == 0.5 × view2.width")
        #expect(try make("view1.width == view2.width / 4").formula == "view1.width == 0.25 × view2.width")
        #expect(try make("view1.width * 3 == view1.height * 4").formula == "view1.width == 1.3333333333333333 × view1.height")
        #expect(try make("view1.width <= view2.width ~ 750").formula == "view1.width <= view2.width @750")
        #expect(try make("view1.width >= 10 ~ defaultLow").priority == .defaultLow)
        #expect(try make("view1.width >= 10 ~ .defaultHigh").priority == .defaultHigh)
        #expect(try make("view1.width >= 10 <~ fittingSizeLevel").priority == .fittingSizeLevel)
        #expect(try make("view1.baseline == view2.firstBaseline").formula == "view1.lastBaseline == view2.firstBaseline")
        #expect(try make("view1.width == -view2.width + 400").formula == "view1.width == -1 × view2.width + 400")
        let edges = try LayoutConstraint.constraints(expression: "view1.edges == superview.margins - 10", views: ["view1": view1])
        #expect(edges.map(\.formula) == [
            "view1.top == root.topMargin + 10", "view1.left == root.leftMargin + 10",
            "view1.bottom == root.bottomMargin - 10", "view1.right == root.rightMargin - 10",
        ])
        let size = try LayoutConstraint.constraints(expression: "view1.size == view2.size * 0.5", views: ["view1": view1, "view2": view2])
        #expect(size.map(\.formula) == ["view1.width == 0.5 × view2.width", "view1.height == 0.5 × view2.height"])
        let center = try LayoutConstraint.constraints(expression: "view1.center == view2.center", views: ["view1": view1, "view2": view2])
        #expect(center.map(\.formula) == ["view1.centerX == view2.centerX", "view1.centerY == view2.centerY"])
    }

    @Test func seedInvalidStrings() {
        #expect(error("view1 = view2") == """
            1:1: error: must specify view.attribute, not just the view: write `view1.left`, `view1.width`…
                view1 = view2
                ^~~~~
            """)
        #expect(error("view1.subview.left = 20") == """
            1:14: error: cannot follow dot paths: write `view.attribute`, or `view.margins.attribute` / `view.safeArea.attribute` / `view.readableContent.attribute` for a view's guides
                view1.subview.left = 20
                             ^
            """)
        #expect(error("[view1 setLeft:20]") == """
            1:1: error: unexpected character `[`: a constraint reads `view.attribute = …`, not a message send
                [view1 setLeft:20]
                ^
            """)
        #expect(error("view1.left = 20 + superview.left") == """
            1:14: error: a constant must come last, after the attribute
                view1.left = 20 + superview.left
                             ^~
            """)
        #expect(error("view1.left + 20 = superview.left") == """
            1:14: error: a constant must come last, at the end of the right-hand side
                view1.left + 20 = superview.left
                             ^~
            """)
        #expect(error("view1.left = 20 + 3") == """
            1:19: error: no constant arithmetic: write the result as one number
                view1.left = 20 + 3
                                  ^
            """)
        #expect(error("view1.left = view2.width * (0.9 + 5)") == """
            1:28: error: parentheses are not supported: write `multiplier * view.attribute + constant`
                view1.left = view2.width * (0.9 + 5)
                                           ^
            """)
    }

    @Test func moreInvalidStrings() {
        #expect(error("viewX.left = 10") == "1:1: error: unknown view `viewX`\n    viewX.left = 10\n    ^~~~~")
        #expect(error("view1.wdith = 10") == "1:7: error: unknown attribute `wdith`; did you mean `width`?\n    view1.wdith = 10\n          ^~~~~")
        #expect(error("view1.width = superview.width * spacing") == "1:33: error: unknown metric `spacing`\n    view1.width = superview.width * spacing\n                                    ^~~~~~~")
        #expect(error("view1.width = 10 10") == "1:18: error: unexpected `10` after the end of the constraint\n    view1.width = 10 10\n                     ^~")
        #expect(error("view1.width = 1" + String(repeating: "0", count: 400)).hasPrefix("1:15: error: number too large: the limit is 1e15"))
        #expect(error("view1.width = 10 ~") == "1:19: error: expected a priority after `~`: a number 1...1000 or a name like defaultHigh\n    view1.width = 10 ~\n                      ^")
        #expect(error("view1.width = 10 ~ 1001") == "1:20: error: priority 1001 is outside 1...1000\n    view1.width = 10 ~ 1001\n                       ^~~~")
        #expect(error("view1.width = 10 ~ urgent").hasPrefix("1:20: error: unknown priority `urgent`: use a number 1...1000 or one of required, defaultHigh"))
        #expect(error("view1.left = view2.width") == "1:20: error: cannot relate a position (left) to a size (width)\n    view1.left = view2.width\n                       ^~~~~")
        #expect(error("view1.leading = view2.left") == "1:23: error: cannot relate leading to left: leading/trailing and left/right do not mix\n    view1.leading = view2.left\n                          ^~~~")
        #expect(error("view1.top = view2.left") == "1:19: error: cannot relate a vertical attribute (top) to a horizontal one (left)\n    view1.top = view2.left\n                      ^~~~")
        #expect(error("view1.width < 10") == "1:13: error: `<` is not a relation: write `<=`\n    view1.width < 10\n                ^")
        #expect(error("view1.width = view2.width * view1.height") == "1:29: error: cannot multiply two attributes: a constraint is linear\n    view1.width = view2.width * view1.height\n                                ^~~~~~~~~~~~")
        #expect(error("view1.width = 10 / view2.width") == "1:20: error: cannot divide by an attribute: a constraint is linear\n    view1.width = 10 / view2.width\n                       ^~~~~~~~~~~")
        #expect(error("view1.width = view2.width + view1.height") == "1:29: error: only one attribute may appear on each side\n    view1.width = view2.width + view1.height\n                                ^~~~~~~~~~~~")
        #expect(error("view1.width =") == "1:14: error: expected a right-hand side after the relation\n    view1.width =\n                 ^")
        #expect(error("view1.width view2.width") == "1:13: error: expected `=`, `==`, `<=` or `>=` after the left-hand side, found `view2`\n    view1.width view2.width\n                ^~~~~")
        #expect(error("root.left = 10") == "1:13: error: `root` has no superview, so a position cannot be a bare number: relate it to another item\n    root.left = 10\n                ^~")
        // `superview` on the left is the right-hand view's superview (issue 15); alone it is an error.
        #expect(error("superview.left = superview.left") == "1:1: error: `superview` on the left needs a view on the right: it means that view's superview\n    superview.left = superview.left\n    ^~~~~~~~~")
        #expect(error("view1.width = view2.width / 0") == "1:29: error: division by zero\n    view1.width = view2.width / 0\n                                ^")
        #expect(error("view1.size == view2.width") == "1:21: error: cannot relate the compound attribute size to width\n    view1.size == view2.width\n                        ^~~~~")
        #expect(error("view1.left = \"x\"") == "1:14: error: expected a view attribute or a number, found `\"x\"`\n    view1.left = \"x\"\n                 ^~~")
        #expect(error("view1.left = 12px") == "1:14: error: `12px` is not a number\n    view1.left = 12px\n                 ^~~~")
    }

    @Test func compoundExpressionNeedsTheArrayAPI() {
        #expect(throws: SourceDiagnostic.self) { _ = try make("view1.size == view2.size") }
    }
}
