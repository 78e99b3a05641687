import Testing
@testable import Blueprint

private func box(_ name: String, _ w: Double, _ h: Double, hugging: LayoutPriority = .defaultLow) -> View {
    let v = View(name: name)
    v.explicitIntrinsicContentSize = Size(width: w, height: h)
    v.setContentHuggingPriority(hugging, for: .horizontal)
    return v
}

/// The visual format language: Apple's examples from the Auto Layout Guide with the frames
/// UIKit gives (worked out by hand), the constraints each part makes, and every error with its
/// column.
@Suite("Visual format language")
struct VisualFormatTests {
    /// The formula of each constraint a format makes.
    func formulas(_ format: String, _ options: VisualFormatOptions, metrics: [String: Double] = [:], _ views: [String: LayoutItem]) throws -> [String] {
        try LayoutConstraint.constraints(withVisualFormat: format, options: options, metrics: metrics, views: views).map(\.formula)
    }

    func formulas(_ format: String, metrics: [String: Double] = [:], _ views: [String: LayoutItem]) throws -> [String] {
        try formulas(format, [], metrics: metrics, views)
    }

    func error(_ format: String, _ views: [String: LayoutItem]) -> String { error(format, [], views) }

    func error(_ format: String, _ options: VisualFormatOptions, _ views: [String: LayoutItem]) -> String {
        do {
            _ = try LayoutConstraint.constraints(withVisualFormat: format, options: options, metrics: ["pad": 12], views: views)
            return "no error"
        } catch {
            return error.description
        }
    }

    let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 300))

    func views(_ names: String...) throws -> [String: LayoutItem] {
        var out: [String: LayoutItem] = [:]
        for n in names {
            let v = View(name: n)
            root.addSubview(v)
            out[n] = v
        }
        return out
    }

    // MARK: Apple's examples

    @Test func aCompleteLineOfLayout() throws {
        let find = box("find", 50, 20, hugging: 251), findNext = box("findNext", 60, 20, hugging: 251)
        let findField = box("findField", 100, 20)
        for v in [find, findNext, findField] { root.addSubview(v) }
        let views: [String: LayoutItem] = ["find": find, "findNext": findNext, "findField": findField]
        let h = try LayoutConstraint.constraints(
            withVisualFormat: "|-[find]-[findNext]-[findField(>=20)]-|", options: .alignAllTop, views: views)
        #expect(h.map(\.formula) == [
            "find.leading == root.leadingMargin", "findNext.leading == find.trailing + 8",
            "findField.leading == findNext.trailing + 8", "findField.width >= 20",
            "root.trailingMargin == findField.trailing",
            "findNext.top == find.top", "findField.top == findNext.top",
        ])
        try activate(h + LayoutConstraint.constraints(withVisualFormat: "V:|-[find]", views: views))
        root.layoutIfNeeded()
        // `|-` is the root's margin, 8 (as UIKit since iOS 8): 8 + 50 + 8 + 60 + 8 = 134; the
        // field stretches to 400 − 8.
        #expect(find.frame == Rect(x: 8, y: 8, width: 50, height: 20))
        #expect(findNext.frame == Rect(x: 66, y: 8, width: 60, height: 20))
        #expect(findField.frame == Rect(x: 134, y: 8, width: 258, height: 20))
        #expect(root.layoutReport.isClean)
    }

    @Test func connectionToSuperviewAndVerticalLayout() throws {
        let v = try views("purpleBox", "topField", "bottomField")
        try activate(try LayoutConstraint.constraints(withVisualFormat: "|-50-[purpleBox]-50-|", views: v))
        try activate(try LayoutConstraint.constraints(withVisualFormat: "V:|[purpleBox(40)]", views: v))
        try activate(try LayoutConstraint.constraints(withVisualFormat: "V:|-100-[topField(20)]-10-[bottomField(30)]", views: v))
        try activate(try LayoutConstraint.constraints(withVisualFormat: "H:|[topField(80)]", options: [], views: v))
        try activate(try LayoutConstraint.constraints(withVisualFormat: "H:[topField][bottomField(==topField)]", views: v))
        root.layoutIfNeeded()
        #expect(v["purpleBox"]!.absoluteLayoutRect == Rect(x: 50, y: 0, width: 300, height: 40))
        #expect(v["topField"]!.absoluteLayoutRect == Rect(x: 0, y: 100, width: 80, height: 20))
        #expect(v["bottomField"]!.absoluteLayoutRect == Rect(x: 80, y: 130, width: 80, height: 30))
        #expect(root.layoutReport.isClean)
    }

    @Test func theGuidesOtherExamples() throws {
        let v = try views("button", "textField", "maroonView", "blueView", "button1", "button2", "flexibleButton")
        #expect(try formulas("[button]-[textField]", v) == ["textField.leading == button.trailing + 8"])
        #expect(try formulas("[button(>=50)]", v) == ["button.width >= 50"])
        #expect(try formulas("[maroonView][blueView]", v) == ["blueView.leading == maroonView.trailing"])
        #expect(try formulas("[button(100@20)]", v) == ["button.width == 100 @20"])
        #expect(try formulas("[button1(==button2)]", v) == ["button1.width == button2.width"])
        #expect(try formulas("[flexibleButton(>=70,<=100)]", v) == ["flexibleButton.width >= 70", "flexibleButton.width <= 100"])
        #expect(try formulas("V:[button]-[textField]-|", v) == ["textField.top == button.bottom + 8", "root.bottomMargin == textField.bottom"])
    }

    @Test func predicatesMetricsPrioritiesAndDirections() throws {
        let v = try views("a", "b")
        #expect(try formulas("H:|-pad-[a(w@defaultHigh)]-(>=8@750,<=pad)-[b]", metrics: ["pad": 16, "w": 44], v) == [
            "a.leading == root.leading + 16", "a.width == 44 @750",
            "b.leading >= a.trailing + 8 @750", "b.leading <= a.trailing + 16",
        ])
        #expect(try formulas("|-(-4)-[a]", v) == ["a.leading == root.leading - 4"])
        #expect(try formulas("|-10-[a]-[b]", .directionLeftToRight, v) == ["a.left == root.left + 10", "b.left == a.right + 8"])
        #expect(try formulas("|-10-[a]-[b]-|", .directionRightToLeft, v) == [
            "root.right == a.right + 10", "a.left == b.right + 8", "b.left == root.leftMargin",
        ])
        #expect(try formulas("V:[a][b]", [.alignAllLeading, .alignAllCenterX], v) == [
            "b.top == a.bottom", "b.leading == a.leading", "b.centerX == a.centerX",
        ])
        #expect(try formulas("H: [ a ] - 4 - [ b ]", .alignAllFirstBaseline, v) == [
            "b.leading == a.trailing + 4", "b.firstBaseline == a.firstBaseline",
        ])
    }

    @Test func rightToLeftFramesAsUIKitGivesThem() throws {
        let a = box("a", 50, 20), b = box("b", 60, 20)
        for x in [a, b] { root.addSubview(x) }
        let v: [String: LayoutItem] = ["a": a, "b": b]
        try activate(try LayoutConstraint.constraints(withVisualFormat: "|-10-[a]-[b]", options: [.directionRightToLeft, .alignAllTop], views: v))
        try activate(try LayoutConstraint.constraints(withVisualFormat: "V:|[a]", views: v))
        root.layoutIfNeeded()
        #expect(a.frame == Rect(x: 340, y: 0, width: 50, height: 20))
        #expect(b.frame == Rect(x: 272, y: 0, width: 60, height: 20))
    }

    @Test func madeConstraintsCarryTheCallersLine() throws {
        let v = try views("a")
        let c = try LayoutConstraint.constraints(withVisualFormat: "[a(10)]", views: v)
        #expect(c.map(\.description) == ["a.width == 10 (VisualFormatTests.swift:\(#line - 1))"])
        #expect(!c[0].isActive)
    }

    // MARK: Errors

    @Test func everyErrorPointsAtItsColumn() throws {
        let v = try views("a", "b")
        let lonely = View(name: "lonely")
        #expect(error("H:|-[x]", v) == "1:6: error: unknown view `x`\n    H:|-[x]\n         ^")
        #expect(error("X:[a]", v) == "1:1: error: unknown orientation `X`: use `H:` or `V:`\n    X:[a]\n    ^")
        #expect(error("H[a]", v) == "1:2: error: expected `:` after the orientation (`H:` or `V:`)\n    H[a]\n     ^")
        #expect(error("[a]-", v) == "1:4: error: a connection must lead to a view or to `|`\n    [a]-\n       ^")
        #expect(error("[a(>=)]", v) == "1:6: error: expected a number, a metric or a view, found `)`\n    [a(>=)]\n         ^")
        #expect(error("[a(<8)]", v) == "1:4: error: expected a relation (`==`, `<=` or `>=`), found `<`\n    [a(<8)]\n       ^")
        #expect(error("[a]-(>=8@1001)-[b]", v) == "1:10: error: priority 1001 is outside 1...1000\n    [a]-(>=8@1001)-[b]\n             ^~~~")
        #expect(error("[a]-(>=8@urgent)-[b]", v) == "1:10: error: unknown priority or metric `urgent`\n    [a]-(>=8@urgent)-[b]\n             ^~~~~~")
        #expect(error("[a(>=44@high)]", v) == "1:9: error: unknown priority or metric `high`; did you mean defaultHigh (750)?\n    [a(>=44@high)]\n            ^~~~")
        #expect(error("[a]-(b)-[b]", v) == "1:6: error: a spacing cannot be another view: `b` is a view; use a number or a metric\n    [a]-(b)-[b]\n         ^")
        #expect(error("[a]-wide-[b]", v) == "1:5: error: unknown metric `wide`\n    [a]-wide-[b]\n        ^~~~")
        #expect(error("[a]-8[b]", v) == "1:6: error: expected `-` after the spacing, found `[`\n    [a]-8[b]\n         ^")
        #expect(error("[a(==c)]", v) == "1:6: error: unknown view or metric `c`\n    [a(==c)]\n         ^")
        #expect(error("[a]-()-[b]", v) == "1:6: error: expected a number or a metric, found `)`\n    [a]-()-[b]\n         ^")
        #expect(error("[a]-(1e400)-[b]", v) == "1:6: error: `1e400` is not a number here: write it in digits (no exponent)\n    [a]-(1e400)-[b]\n         ^~~~~")
        #expect(error("[a(10 20)]", v) == "1:7: error: expected `,` or `)` in a predicate list, found `2`\n    [a(10 20)]\n          ^")
        #expect(error("[a", v) == "1:3: error: expected `]` after `[a`, found the end of the format\n    [a\n      ^")
        #expect(error("[]", v) == "1:2: error: expected a view name after `[`, found `]`\n    []\n     ^")
        #expect(error("|[a]|x", v) == "1:6: error: unexpected `x` after the closing `|`\n    |[a]|x\n         ^")
        #expect(error("|-|", v) == "1:3: error: expected a view after `|`, found `|`\n    |-|\n      ^")
        #expect(error("", v) == "1:1: error: a format needs at least one view in brackets: `[name]`\n    \n    ^")
        #expect(error("H:a", v) == "1:3: error: expected `|` or a view in brackets (`[name]`), found `a`\n    H:a\n      ^")
        #expect(error("[a][a]", v) == "1:5: error: `a` appears twice in one format\n    [a][a]\n        ^")
        #expect(error("|-[lonely]", ["lonely": lonely]) == "1:4: error: `lonely` has no superview for `|` to stand for\n    |-[lonely]\n       ^~~~~~")
        #expect(error("[a][b]", .alignAllLeading, v) == "1:1: error: alignAllLeading aligns horizontal positions, which a H: format already sets; use it with V:\n    [a][b]\n    ^")
        #expect(error("V:[a][b]", .alignAllTop, v) == "1:1: error: alignAllTop aligns vertical positions, which a V: format already sets; use it with H:\n    V:[a][b]\n    ^")
        #expect(error("[a]", [.directionLeftToRight, .directionRightToLeft], v) == "1:1: error: directionLeftToRight and directionRightToLeft cannot both be given\n    [a]\n    ^")
    }

    // MARK: In .layout files

    @Test func layoutFileLines() throws {
        let d = try LayoutDocument(parsing: """
            canvas 400 x 100
            let gap = 12
            view icon size 32 x 32
            view title label "Inbox" hugging 249
            view count label "12"
            H:|-[icon]-gap-[title]-[count]-|  alignAllCenterY   # one line, three views
            V:|-[icon]
            """, file: "row.layout")
        d.root.layoutIfNeeded()
        let icon = d.view(named: "icon")!, title = d.view(named: "title")!, count = d.view(named: "count")!
        // `|-` and `-|` are the root's margins, 8 from its edges.
        #expect(icon.frame == Rect(x: 8, y: 8, width: 32, height: 32))
        #expect(title.frame.minX == 52)
        #expect(count.frame.maxX == 392)
        #expect(title.frame.maxX + 8 == count.frame.minX)
        #expect(title.frame.midY == 24 && count.frame.midY == 24)
        #expect(d.constraints[1].description == "title.leading == icon.trailing + 12 (row.layout:6)")
        #expect(d.root.layoutReport.isClean)
    }

    @Test func layoutFileErrors() {
        func errors(_ text: String) -> String {
            do {
                _ = try LayoutDocument(parsing: text, file: "f.layout")
                return "no error"
            } catch {
                return error.description
            }
        }
        #expect(errors("view a\nview b\nH:[a]-[b] alignAllTop alignAllTop") == """
            f.layout:3:23: error: the option `alignAllTop` is given twice
                H:[a]-[b] alignAllTop alignAllTop
                                      ^~~~~~~~~~~
            """)
        #expect(errors("view a\nH:|-[a]-| alignAllTopp") == """
            f.layout:2:11: error: unknown visual format option `alignAllTopp`; did you mean `alignAllTop`?
                H:|-[a]-| alignAllTopp
                          ^~~~~~~~~~~~
            """)
        // A format cut short says so, not that its tail is an unknown option.
        #expect(errors("view a\nview b\nH:|-[a]-[b") == """
            f.layout:3:8: error: the visual format ends in `-[b`: a `[` is never closed: a view is written `[name]`
                H:|-[a]-[b
                       ^~~
            """)
        #expect(errors("view a\nview b\nH:[a]-#-[b]") == """
            f.layout:3:6: error: the visual format ends in `-`: `#` starts a comment, so the rest of the line is not part of the format
                H:[a]-#-[b]
                     ^
            """)
        #expect(errors("view a\n  V:|-[a]-(>=pad)-|") == """
            f.layout:2:14: error: unknown metric `pad`
                  V:|-[a]-(>=pad)-|
                             ^~~
            """)
        #expect(errors("view a\nview b\nH:[a][b] alignAllLeading") == """
            f.layout:3:10: error: alignAllLeading aligns horizontal positions, which a H: format already sets; use it with V:
                H:[a][b] alignAllLeading
                         ^~~~~~~~~~~~~~~
            """)
        // A view whose declaration failed is not reported again by a format that uses it.
        #expect(errors("view a label\nview b\nH:|[a]-[b]|") == """
            f.layout:1:13: error: expected the label's text in quotes after `label`, found the end of the line
                view a label
                            ^
            """)
        #expect(errors("view a\nH:[a]-[nope]") == """
            f.layout:2:8: error: unknown view `nope`
                H:[a]-[nope]
                       ^~~~
            """)
    }

    /// A format of 20,000 views is one pass (each view looked up once, duplicates found by
    /// identity), and an error at its end still points at its column.
    @Test func longFormats() throws {
        var views: [String: LayoutItem] = [:]
        var format = "H:|"
        for i in 0..<20_000 {
            let v = View(name: "v\(i)")
            root.addSubview(v)
            views["v\(i)"] = v
            format += "-[v\(i)]"
        }
        let made = try LayoutConstraint.constraints(withVisualFormat: format + "-|", views: views)
        #expect(made.count == 20_001)
        #expect(made.last?.formula == "root.trailingMargin == v19999.trailing")
        #expect(error(format + "-[v0]", views).hasPrefix("1:\(format.count + 3): error: `v0` appears twice in one format"))
    }
}
