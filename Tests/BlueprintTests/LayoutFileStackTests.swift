import Testing
@testable import Blueprint

/// `stack` and `guide` lines of `.layout` files, and `spacingAfter`.
@Suite("Layout files: stacks and guides")
struct LayoutFileStackTests {
    func parse(_ text: String) throws(SourceDiagnostics) -> LayoutDocument {
        try LayoutDocument(parsing: text, file: "test.layout")
    }

    func errors(_ text: String) -> String {
        do {
            _ = try LayoutDocument(parsing: text, file: "test.layout")
            return "no error"
        } catch {
            return error.description
        }
    }

    /// An equal-spacing stack too narrow for views of equal compression resistance: the views
    /// are ambiguous (and tied), the stack's spacer guides are not listed with them.
    @Test func anAmbiguousStackListsItsViewsNotItsSpacers() throws {
        let d = try parse("""
            canvas 400 x 100
            stack s spacing 10 distribution equalSpacing alignment top
            view a in s size 50 x 10
            view b in s size 60 x 10
            view c in s size 40 x 10
            s.leading == root.leading
            s.top == root.top
            s.width == 150
            """)
        d.root.layoutIfNeeded()
        let names = d.root.layoutReport.ambiguous.map(\.item.name)
        #expect(!names.isEmpty)
        #expect(names.allSatisfy { ["a", "b", "c"].contains($0) }, "\(names)")
        #expect((d.view(named: "s") as? StackView)?.spacerGuides.count == 2)
    }

    @Test func theIssuesActionRow() throws {
        let d = try parse("""
            canvas 320 x 100
            stack actions axis horizontal spacing 8 alignment center distribution fillEqually
            view reply in actions label "Reply" font 15      # arranged, in order
            view share in actions label "Share" font 15
            view icon in actions size 40 x 40
            actions.leading == root.leading + 2
            actions.trailing == root.trailing - 2
            actions.top == root.top + 20
            """)
        let actions = try #require(d.view(named: "actions") as? StackView)
        #expect(actions.arrangedSubviews.map(\.name) == ["reply", "share", "icon"])
        #expect(actions.axis == .horizontal && actions.spacing == 8)
        #expect(actions.alignment == .center && actions.distribution == .fillEqually)
        d.root.layoutIfNeeded()
        // A 15 pt line of the bundled font (Inter) is 18.15 pt tall, 19 rounded up: centred in 40.
        #expect(d.view(named: "reply")!.intrinsicContentSize.height == 19)
        #expect(actions.frame == Rect(x: 2, y: 20, width: 316, height: 40))
        #expect(d.view(named: "reply")!.frame == Rect(x: 0, y: 10.5, width: 100, height: 19))
        #expect(d.view(named: "share")!.frame == Rect(x: 108, y: 10.5, width: 100, height: 19))
        #expect(d.view(named: "icon")!.frame == Rect(x: 216, y: 0, width: 100, height: 40))
        #expect(d.root.layoutReport.isClean)
        // The stack's constraints carry the line that declared it.
        #expect(actions.arrangementConstraints.first?.description == "'stack edge actions–reply' reply.leading == actions.leading (test.layout:2)")
    }

    @Test func nestedStacksWithCustomSpacingAndMargins() throws {
        let d = try parse("""
            canvas 200 x 200
            stack cell axis vertical alignment leading spacing 4 marginsRelative margins 10
            view title in cell size 120 x 20 spacingAfter 12
            view subtitle in cell size 80 x 16
            stack buttons in cell spacing 6 baselineRelative
            view like in buttons size 30 x 30
            view share in buttons size 30 x 30
            cell.top == root.top
            cell.leading == root.leading
            """)
        d.root.layoutIfNeeded()
        let cell = try #require(d.view(named: "cell") as? StackView)
        #expect(cell.isLayoutMarginsRelativeArrangement)
        #expect((d.view(named: "buttons") as? StackView)?.isBaselineRelativeArrangement == true)
        // 10 + 20 + 12 + 16 + 4 + 30 + 10 = 102 tall; 10 + 120 + 10 wide.
        #expect(cell.frame == Rect(x: 0, y: 0, width: 140, height: 102))
        #expect(d.view(named: "subtitle")!.frame == Rect(x: 10, y: 42, width: 80, height: 16))
        #expect(d.view(named: "buttons")!.frame == Rect(x: 10, y: 62, width: 66, height: 30))
        #expect(d.view(named: "share")!.frame == Rect(x: 36, y: 0, width: 30, height: 30))
        #expect(d.root.layoutReport.isClean)
    }

    @Test func guidesAreItemsOfTheirView() throws {
        let d = try parse("""
            canvas 300 x 100
            view row
            guide gap in row
            guide band
            view left in row size 50 x 20
            view right in row size 50 x 20
            row.edges == root.edges
            left.leading == row.leading
            gap.leading == left.trailing
            gap.trailing == right.leading
            gap.width == 100
            gap.top == row.top
            gap.height == 10
            right.top == row.top
            left.top == row.top
            band.top == root.top
            band.height == root.height * 0.5
            band.leading == gap.leading
            band.width == gap.width
            """)
        d.root.layoutIfNeeded()
        #expect(d.guides.map(\.name) == ["gap", "band"])
        #expect(d.guides[0].owningView === d.view(named: "row"))
        #expect(d.guides[0].layoutFrame == Rect(x: 50, y: 0, width: 100, height: 10))
        #expect(d.guides[1].layoutFrame == Rect(x: 50, y: 0, width: 100, height: 50))
        #expect(d.view(named: "right")!.frame.minX == 150)
        #expect(d.root.layoutReport.isClean)
    }

    /// Beside a guide, `superview` (and a position against a bare number) means the guide's
    /// own view, as `|` in a visual format does and SnapKit's `equalToSuperview()`: not that
    /// view's superview.
    @Test func aGuidesSuperviewIsItsView() throws {
        let d = try parse("""
            canvas 400 x 200
            view pane
            pane.left == superview.left + 200
            pane.top = 0
            pane.width == 200
            pane.height == 200
            guide g1 in pane
            guide g2 in pane
            guide g3 in pane
            g1.leading == superview.leading + 10
            g1.top = 10
            g1.width == 50
            g1.height == 20
            H:|-10-[g2(50)]
            V:|-40-[g2(20)]
            superview.trailing == g3.trailing + 30
            g3.bottom = -10
            g3.width == 20
            g3.height == 20
            """)
        d.root.layoutIfNeeded()
        // In pane's coordinates, all three.
        #expect(d.guides.map(\.layoutFrame) == [Rect(x: 10, y: 10, width: 50, height: 20), Rect(x: 10, y: 40, width: 50, height: 20),
                                                Rect(x: 150, y: 170, width: 20, height: 20)])
        #expect(d.root.layoutReport.isClean)
    }

    @Test func stackAndGuideErrors() {
        #expect(errors("stack s axis diagonal") == """
            test.layout:1:14: error: unknown axis `diagonal`: use horizontal, vertical
                stack s axis diagonal
                             ^~~~~~~~
            """)
        #expect(errors("stack s alignment centre") == """
            test.layout:1:19: error: unknown alignment `centre`; did you mean `center`?
                stack s alignment centre
                                  ^~~~~~
            """)
        #expect(errors("stack s distribution") == """
            test.layout:1:21: error: expected distribution (fill, fillEqually, fillProportionally, equalSpacing, equalCentering) after `distribution`, found the end of the line
                stack s distribution
                                    ^
            """)
        #expect(errors("stack s label \"x\"") == """
            test.layout:1:7: error: a stack has no label: put a label view in it
                stack s label "x"
                      ^
            """)
        #expect(errors("view a axis vertical") == """
            test.layout:1:8: error: unknown view option `axis`: use in, label, font, size, margins, hugging, compression, hidden, spacingAfter, weight, italic, lines, align, truncate, wrap, clip or maxwidth
                view a axis vertical
                       ^~~~
            """)
        #expect(errors("view a\nview b in a spacingAfter 8") == """
            test.layout:2:6: error: `spacingAfter` is for the arranged views of a stack: `b` is not in one
                view b in a spacingAfter 8
                     ^
            """)
        #expect(errors("guide g\nview a in g") == """
            test.layout:2:11: error: `g` is a guide: only a view can have subviews
                view a in g
                          ^
            """)
        #expect(errors("guide g in nowhere") == """
            test.layout:1:12: error: unknown view `nowhere`
                guide g in nowhere
                           ^~~~~~~
            """)
        #expect(errors("guide g in later\nview later") == """
            test.layout:1:12: error: the view `later` is declared below, on line 2: declare a view before its guides
                guide g in later
                           ^~~~~
            """)
        #expect(errors("view g\nguide g") == """
            test.layout:2:7: error: a view named `g` is already declared on line 1
                guide g
                      ^
            """)
        #expect(errors("view bar\nbar.leading == safeArea.leadingMargin") == """
            test.layout:2:25: error: `safeArea` is a layout guide and has no leadingMargin (a guide has no margins): write `safeArea.leading`
                bar.leading == safeArea.leadingMargin
                                        ^~~~~~~~~~~~~
            """)
        #expect(errors("view bar\nguide g\ng.topMargin == bar.top") == """
            test.layout:3:3: error: `g` is a layout guide and has no topMargin (a guide has no margins): write `g.top`
                g.topMargin == bar.top
                  ^~~~~~~~~
            """)
        #expect(errors("view bar\nbar.bottom == root.keyboardLayoutGuide.top\nbar.top == keyboardLayoutGuide.top") == """
            test.layout:2:20: error: `keyboardLayoutGuide` is not supported: no keyboard is shown here; declare a guide (`guide keyboard`), pin it to the root's bottom with the keyboard's height (`keyboard.height == 336`), and constrain to it
                bar.bottom == root.keyboardLayoutGuide.top
                                   ^~~~~~~~~~~~~~~~~~~
            test.layout:3:12: error: `keyboardLayoutGuide` is not supported: no keyboard is shown here; declare a guide (`guide keyboard`), pin it to the root's bottom with the keyboard's height (`keyboard.height == 336`), and constrain to it
                bar.top == keyboardLayoutGuide.top
                           ^~~~~~~~~~~~~~~~~~~
            """)
        #expect(errors("view t label \"Hi\" numberOfLines 0") == """
            test.layout:1:19: error: unknown view option `numberOfLines`: a .layout file writes UIKit's `numberOfLines` as `lines`
                view t label "Hi" numberOfLines 0
                                  ^~~~~~~~~~~~~
            """)
        #expect(errors("view t label \"Hi\" lineBreakMode tail") == """
            test.layout:1:19: error: unknown view option `lineBreakMode`: a .layout file writes UIKit's `lineBreakMode` as `truncate` or `wrap`
                view t label "Hi" lineBreakMode tail
                                  ^~~~~~~~~~~~~
            """)
        #expect(errors("stack s isLayoutMarginsRelativeArrangement true") == """
            test.layout:1:9: error: unknown stack option `isLayoutMarginsRelativeArrangement`: a .layout file writes UIKit's `isLayoutMarginsRelativeArrangement` as `marginsRelative`
                stack s isLayoutMarginsRelativeArrangement true
                        ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
            """)
        #expect(errors("guide g\ng.firstBaseline == root.top") == """
            test.layout:2:3: error: `g` is a layout guide and has no firstBaseline: only a view has baselines
                g.firstBaseline == root.top
                  ^~~~~~~~~~~~~
            """)
    }

    /// A stack's constraints are made once per layout, not once per arranged view: a stack of
    /// 1,000 views parses and lays out (each view 10 wide, 1 apart).
    @Test func aLongStackIsArrangedOnce() throws {
        var text = "stack list spacing 1\nlist.leading == root.leading\nlist.top == root.top\n"
        for i in 0..<1_000 { text += "view v\(i) in list size 10 x 4\n" }
        let d = try parse(text)
        let list = try #require(d.view(named: "list") as? StackView)
        #expect(list.needsArrangement)
        d.root.layoutIfNeeded()
        #expect(!list.needsArrangement)
        #expect(list.arrangementConstraints.count == 2 + 999 + 2 * 1_000)
        #expect(d.view(named: "v999")!.frame == Rect(x: 10_989, y: 0, width: 10, height: 4))
        #expect(list.frame == Rect(x: 0, y: 0, width: 10_999, height: 4))
    }

    /// The same stack written in Swift and in `.layout` makes the same constraints and frames;
    /// so does the same visual format.
    @Test func swiftAndLayoutFilesAgree() throws {
        let d = try parse("""
            canvas 300 x 120
            stack bar axis horizontal spacing 6 alignment center distribution equalSpacing marginsRelative margins 4
            view back in bar size 44 x 30 spacingAfter 10
            view title in bar label "Inbox" font 17
            view edit in bar size 44 x 30
            view footer size 100 x 20
            bar.leading == root.leading
            bar.trailing == root.trailing
            bar.top == root.top
            H:|-[footer]-(>=8)-|  alignAllTop
            V:[bar]-12-[footer]
            """)
        d.root.layoutIfNeeded()

        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 120))
        let back = View(name: "back"), edit = View(name: "edit"), footer = View(name: "footer")
        back.explicitIntrinsicContentSize = Size(width: 44, height: 30)
        edit.explicitIntrinsicContentSize = Size(width: 44, height: 30)
        footer.explicitIntrinsicContentSize = Size(width: 100, height: 20)
        let title = Label(name: "title", text: "Inbox", fontSize: 17)
        let bar = StackView(name: "bar", arrangedSubviews: [back, title, edit])
        bar.spacing = 6
        bar.alignment = .center
        bar.distribution = .equalSpacing
        bar.isLayoutMarginsRelativeArrangement = true
        bar.layoutMargins = EdgeInsets(all: 4)
        bar.setCustomSpacing(10, after: back)
        root.addSubview(bar)
        root.addSubview(footer)
        try activate([bar.leading == root.leading, bar.trailing == root.trailing, bar.top == root.top])
        try activate(LayoutConstraint.constraints(withVisualFormat: "H:|-[footer]-(>=8)-|", options: .alignAllTop, views: ["footer": footer]))
        try activate(LayoutConstraint.constraints(withVisualFormat: "V:[bar]-12-[footer]", views: ["bar": bar, "footer": footer]))
        root.layoutIfNeeded()

        let fileBar = try #require(d.view(named: "bar") as? StackView)
        #expect(fileBar.arrangementConstraints.map(\.formula) == bar.arrangementConstraints.map(\.formula))
        for name in ["bar", "back", "title", "edit", "footer"] {
            #expect(d.view(named: name)!.frame == root.view(named: name)!.frame, "\(name)")
        }
        // Worked out: margins 4, so 292 for 44 + 44 + 44 = 132 of views: 160 of gaps, 80 each.
        #expect(title.intrinsicContentSize.width == 44)
        #expect([back.frame.minX, title.frame.minX, edit.frame.minX] == [4, 128, 252])
        #expect(bar.frame == Rect(x: 0, y: 0, width: 300, height: 38))
        #expect(footer.frame == Rect(x: 8, y: 50, width: 100, height: 20))   // `|-`: the root's margin
        #expect(root.layoutReport.isClean && d.root.layoutReport.isClean)
    }
}
