import Testing
import Blueprint

/// Every example of the five READMEs the project started from (their DSL spellings), with exact frames.
@Suite("Seeds: every example lays out exactly")
struct SeedExampleTests {
    /// Seed 000 (Blueprint / TATLayout): the full example.
    @Test func blueprintSeedFullExample() throws {
        let view = View(name: "view", frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let topView = View(name: "topView")
        let bottomView = View(name: "bottomView")
        let label = Label(name: "label", text: "The label")
        view.addSubview(topView)
        view.addSubview(bottomView)
        view.addSubview(label)
        let padding = 20.0

        try LayoutConstraint.activateConstraints([
            label.centerX == view.centerX,
            label.centerY == view.centerY,
            topView.top == view.top + padding,
            topView.leading == view.leading + padding,
            topView.trailing == view.trailing - padding,
            topView.height >= view.height / 3,
            topView.bottom == bottomView.top + padding ~ 751,
            bottomView.height == view.height * 0.5,
            bottomView.leading == view.leading + padding,
            bottomView.trailing == view.trailing - padding,
            bottomView.bottom == view.bottom - padding,
        ])
        view.layoutIfNeeded()

        #expect(bottomView.frame == Rect(x: 20, y: 313.5, width: 335, height: 333.5))
        #expect(topView.frame == Rect(x: 20, y: 20, width: 335, height: 313.5))
        // "The label" in Inter 17: 73.x wide → 74; line 20.57 high → 21.
        #expect(label.intrinsicContentSize == Size(width: 74, height: 21))
        #expect(label.frame == Rect(x: 150.5, y: 323, width: 74, height: 21))
        #expect(view.layoutReport.isClean)
    }

    /// Seed 000: `/` and `*` multipliers, `~` on the whole constraint, and its description.
    @Test func blueprintSeedOperatorsReadBack() throws {
        let view = View(name: "view"), topView = View(name: "topView"), bottomView = View(name: "bottomView")
        let a = topView.height >= view.height / 3
        #expect(a.formula == "topView.height >= 0.3333333333333333 × view.height")
        let b = topView.bottom == bottomView.top + 20 ~ 751
        #expect(b.formula == "topView.bottom == bottomView.top + 20 @751")
        #expect(b.priority == 751)
        let c = bottomView.height == view.height * 0.5
        #expect(c.multiplier == 0.5)
    }

    /// Seed 002 (SwiftyLayout): subscripts, constant arithmetic, multipliers on both sides.
    @Test func swiftyLayoutExamples() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let viewA = View(name: "viewA"), viewB = View(name: "viewB")
        let outerView = View(name: "outerView"), innerView = View(name: "innerView")
        for v in [viewA, viewB, outerView] { root.addSubview(v) }
        outerView.addSubview(innerView)

        let width = viewA[.width] == 0.5 * viewB[.width] - 4.0
        #expect(width.multiplier == 0.5)
        #expect(width.constant == -4)
        #expect(width.location?.file == "SeedExampleTests.swift")

        let aspect = viewA[.width] * 3.0 == viewA[.height] * 4.0
        #expect(aspect.firstAttribute == .width && aspect.secondAttribute == .height)
        #expect(aspect.multiplier == 4.0 / 3.0)
        #expect(aspect.constant == 0)

        let leading = innerView[.leading] == outerView[.leading] + 4.0 ~ 750.0
        #expect(leading.priority == .defaultHigh)

        try activate([
            width, aspect, leading,
            viewB[.width] == 200, viewB[.height] == 100, viewB[.left] == root[.left], viewB[.top] == root[.top],
            viewA[.left] == viewB[.right], viewA[.top] == viewB[.top],
            outerView[.left] == root[.left] + 10, outerView[.top] == root[.top] + 150,
            outerView[.width] == 100, outerView[.height] == 100,
            innerView[.top] == outerView[.top], innerView[.width] == 20, innerView[.height] == 20,
        ])
        root.layoutIfNeeded()
        #expect(viewA.frame == Rect(x: 200, y: 0, width: 96, height: 72))
        #expect(innerView.frame == Rect(x: 4, y: 0, width: 20, height: 20))
        #expect(root.layoutReport.isClean)
    }

    /// Seed 002's operator table: every row.
    @Test func swiftyLayoutOperatorTable() {
        let a = View(name: "a"), b = View(name: "b")
        #expect((a[.width] == b[.width] + 3).constant == 3)
        #expect((a[.width] == 3 + b[.width]).constant == 3)
        #expect((a[.width] == b[.width] - 3).constant == -3)
        let m = a[.width] == (b[.width] + 2) * 3
        #expect(m.multiplier == 3 && m.constant == 6)
        let n = a[.width] == 3 * (b[.width] + 2)
        #expect(n.multiplier == 3 && n.constant == 6)
        let d = a[.width] == (b[.width] + 2) / 4
        #expect(d.multiplier == 0.25 && d.constant == 0.5)
        #expect((a[.width] == 10).secondItem == nil)
        #expect((10 == a[.width]).constant == 10)
        #expect((a[.width] <= b[.width]).relation == .lessThanOrEqual)
        #expect((a[.width] <= 10).relation == .lessThanOrEqual)
        #expect((10 <= a[.width]).relation == .greaterThanOrEqual)
        #expect((a[.width] >= b[.width]).relation == .greaterThanOrEqual)
        #expect((a[.width] >= 10).relation == .greaterThanOrEqual)
        #expect((10 >= a[.width]).relation == .lessThanOrEqual)
        #expect((a[.width] == 10 ~ 300).priority == 300)
    }

    /// Seed 003 (Cartography): the layout block, compound attributes, inset, capture.
    @Test func cartographyBlock() throws {
        let view = View(name: "view", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let view1 = View(name: "view1"), view2 = View(name: "view2")
        view.addSubview(view1)
        view.addSubview(view2)
        let made = try layout(view1, view2) { view1, view2 in
            view1.width == (view1.superview!.width - 50) * 0.5
            view2.width == view1.width - 50
            view1.height == 40
            view2.height == view1.height
            view1.centerX == view1.superview!.centerX
            view2.centerX == view1.centerX
            view1.top >= view1.superview!.top + 20
            view2.top == view1.bottom + 20
        }
        #expect(made.count == 8)
        #expect(made.allSatisfy { $0.isActive })
        // view1.top only has a lower bound: the layout is ambiguous vertically, so pin it.
        try activate([view1.top == view.top + 20 ~ 1])
        view.layoutIfNeeded()
        #expect(view1.frame == Rect(x: 112.5, y: 20, width: 175, height: 40))
        #expect(view2.frame == Rect(x: 137.5, y: 80, width: 125, height: 40))
    }

    @Test func cartographyCompoundAttributes() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let view = View(name: "view"), other = View(name: "other")
        root.addSubview(view)
        root.addSubview(other)
        try layout(view) { view in
            view.size == view.superview!.size / 2
            view.center == view.superview!.center
        }
        try layout(other) { other in
            other.edges == inset(other.superview!.edges, 20, 20, 40, 20)
        }
        root.layoutIfNeeded()
        #expect(view.frame == Rect(x: 100, y: 75, width: 200, height: 150))
        #expect(other.frame == Rect(x: 20, y: 20, width: 360, height: 240))
    }

    @Test func cartographyPrioritiesAndCapture() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let view = View(name: "view")
        root.addSubview(view)
        var width: LayoutConstraint?
        var constraints: [LayoutConstraint]?
        try layout(view) { view in
            view.width >= 200 ~ 100
            view.height >= 200 ~ 100
            width = (view.width == 200 ~ 100)
            constraints = (view.size == view.superview!.size ~ 100)
        }
        #expect(width?.priority == 100)
        #expect(width?.isActive == true)
        #expect(constraints?.count == 2)
        #expect(constraints?.allSatisfy { $0.priority == 100 && $0.isActive } == true)
    }

    /// Seed 004 (LayoutExpressions): addExpression(s), composite expressions, `<~`, guides.
    @Test func layoutExpressionsComposites() throws {
        let container = View(name: "container", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let subview = View(name: "subview"), subviewA = View(name: "subviewA"), subviewB = View(name: "subviewB")
        for v in [subview, subviewA, subviewB] { container.addSubview(v) }

        let four = try container.addExpressions(
            subview.top == container.top + 10,
            subview.left == container.left + 15,
            subview.bottom == container.bottom - 10,
            subview.right == container.right - 15
        )
        #expect(four.count == 4)
        container.layoutIfNeeded()
        #expect(subview.frame == Rect(x: 15, y: 10, width: 370, height: 280))
        deactivate(four)

        let insets = try container.addExpressions(
            subview.edges == container.edges - EdgeInsets(top: 10, left: 20, bottom: 10, right: 20))
        container.layoutIfNeeded()
        #expect(subview.frame == Rect(x: 20, y: 10, width: 360, height: 280))
        deactivate(insets)

        let all = try container.addExpressions(subview.edges == container.edges - 10.0)
        container.layoutIfNeeded()
        #expect(subview.frame == Rect(x: 10, y: 10, width: 380, height: 280))
        deactivate(all)

        try container.addExpressions(
            subviewA.size == container.size + SizeOffset(width: -20, height: -10),
            subviewA.center == container.center + PointOffset(horizontal: 0, vertical: -10),
            subviewB.size == Size(width: 320, height: 200),
            subviewB.left >= subviewA.right + 10,
            subviewB.top == container.top,
            subviewB.left == container.left <~ .defaultLow,
            subview.edges == container.edges
        )
        container.layoutIfNeeded()
        // 380 × 290 centred 10 pt above the container's centre (200, 150).
        #expect(subviewA.frame == Rect(x: 10, y: -5, width: 380, height: 290))
        #expect(subviewB.frame == Rect(x: 400, y: 0, width: 320, height: 200))
    }

    @Test func layoutExpressionsPriorityOperator() throws {
        let a = View(name: "subview1"), b = View(name: "subview2")
        let c = a.width >= b.width <~ .defaultHigh
        #expect(c.priority == .defaultHigh)
        #expect(c.formula == "subview1.width >= subview2.width @750")
        let d = a.width >= 2.0 * b.width + 10
        #expect(d.formula == "subview1.width >= 2 × subview2.width + 10")
    }

    /// Seed 004: top/bottom/left/right layout guides stand for their opposite edge.
    @Test func layoutExpressionsLayoutGuides() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 375, height: 667))
        root.safeAreaInsets = EdgeInsets(top: 44, left: 10, bottom: 34, right: 12)
        let subview = View(name: "subview")
        root.addSubview(subview)
        let top = subview.top == root.topLayoutGuide
        #expect(top.secondAttribute == .bottom)
        let bottom = subview.bottom == root.bottomLayoutGuide
        #expect(bottom.secondAttribute == .top)
        let left = subview.left == root.leftLayoutGuide
        #expect(left.secondAttribute == .right)
        let right = subview.right == root.rightLayoutGuide
        #expect(right.secondAttribute == .left)
        try activate([top, bottom, left, right])
        root.layoutIfNeeded()
        #expect(subview.frame == Rect(x: 10, y: 44, width: 353, height: 589))

        deactivate([left])
        try activate([subview.leading == trailingEdgeOf(root.leftLayoutGuide) + 10])
        root.layoutIfNeeded()
        #expect(subview.frame == Rect(x: 20, y: 44, width: 343, height: 589))
        #expect(topEdgeOf(root.topLayoutGuide).attribute == .top)
    }
}

/// Seed 004 as its README writes it, `lex_` methods and all.
@Suite("Seeds: LayoutExpressions' own spelling")
struct LayoutExpressionsSpellingTests {
    @Test func readmeExamplesCompileAndLayOut() throws {
        let view = View(name: "view", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let container = View(name: "container"), subview = View(name: "subview")
        let subviewA = View(name: "subviewA"), subviewB = View(name: "subviewB")
        let subview1 = View(name: "subview1"), subview2 = View(name: "subview2")
        view.addSubview(container)
        for v in [subview, subviewA, subviewB, subview1, subview2] { container.addSubview(v) }

        try view.lex_addExpression(container.lex_edges() == view.lex_edges())
        try view.lex_addExpression(subviewB.lex_left() >= subviewA.lex_right() + 10)
        let constraints = try container.lex_addExpressions(
            subview.lex_top() == container.lex_top() + 10,
            subview.lex_left() == container.lex_left() + 15,
            subview.lex_bottom() == container.lex_bottom() - 10,
            subview.lex_right() == container.lex_right() - 15
        )
        #expect(constraints.count == 4)
        try view.lex_addExpression(subview1.lex_width() >= subview2.lex_width() <~ .defaultHigh)
        try view.lex_addExpression(subview2.lex_width() >= 2.0 * subview1.lex_width() + 10 ~ 1)
        try container.lex_addExpressions(
            subviewA.lex_size() == Size(width: 100, height: 50),
            subviewA.lex_top() == view.lex_topLayoutGuide(),
            subviewA.lex_left() == container.lex_left(),
            subviewB.lex_size() == subviewA.lex_size(),
            subviewB.lex_centerY() == subviewA.lex_centerY(),
            subviewB.lex_baseline() == subviewA.lex_baseline()
        )
        view.layoutIfNeeded()
        #expect(subview.frame == Rect(x: 15, y: 10, width: 370, height: 280))
        #expect(subviewB.frame == Rect(x: 110, y: 0, width: 100, height: 50))
    }
}
