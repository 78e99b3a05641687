import Testing
@testable import Blueprint

/// A view with an intrinsic size and the default priorities.
private func box(_ name: String, _ w: Double, _ h: Double) -> View {
    let v = View(name: name)
    v.explicitIntrinsicContentSize = Size(width: w, height: h)
    return v
}

/// A root of 400 × 400 with `stack` at (10, 20), optionally of a fixed width and height.
private func host(_ stack: StackView, width: Double? = nil, height: Double? = nil) throws -> View {
    let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 400))
    root.addSubview(stack)
    try activate([stack.leading == root.leading + 10, stack.top == root.top + 20])
    if let width { try activate([stack.width == width]) }
    if let height { try activate([stack.height == height]) }
    root.layoutIfNeeded()
    return root
}

@Suite("StackView: distributions, alignments, spacing, hiding, nesting")
struct StackViewTests {
    /// Baselines as UIKit gives them: a plain view's first baseline is its top (its last its
    /// bottom); a vertical stack's are its first and last arranged views', a horizontal
    /// stack's its tallest view's, followed down nested stacks. (Inter: a 17-point label's
    /// baseline is 16.68 below its top, a 30-point one's 29.41, a 13-point one's 12.73.)
    @Test func baselinesAreUIKits() throws {
        let plain = try LayoutDocument(parsing: """
            canvas 300 x 200
            view title label "Title" font 17
            view box size 20 x 20
            view box2 size 20 x 20
            title.leading == root.leading + 10
            title.top == root.top + 40
            box.leading == title.trailing + 8
            box.firstBaseline == title.firstBaseline
            box2.leading == box.trailing + 8
            box2.lastBaseline == title.lastBaseline
            """, file: "plain.layout")
        plain.root.layoutIfNeeded()
        let baseline = 56.68181818181818   // 40 + 16.68
        #expect(plain.view(named: "box")?.frame.minY == baseline)
        #expect(plain.view(named: "box2")?.frame.maxY == baseline)
        #expect(plain.view(named: "box")?.absoluteValue(of: .firstBaseline) == baseline)

        func sideY(_ stack: String) throws -> (Double, Double) {
            let text: String = stack + """

                view side label "Side" font 17
                s.leading == root.leading
                s.top == root.top + 10
                side.leading == s.trailing + 8
                side.firstBaseline == s.firstBaseline
                """
            let d = try LayoutDocument(parsing: text, file: "stack.layout")
            d.root.layoutIfNeeded()
            let s = try #require(d.view(named: "s"))
            return (try #require(d.view(named: "side")).frame.minY, s.absoluteValue(of: .firstBaseline))
        }
        // Vertical: the first arranged view's baseline, 10 + 29.41 (not the stack's bottom).
        let vertical = try sideY("canvas 400 x 200\nstack s axis vertical spacing 4\nview big in s label \"Big\" font 30\nview small in s label \"small\" font 13")
        let big: Double = 29.40909090909091, side: Double = 16.681818181818183
        #expect(vertical.0 == 22.727272727272727)   // 10 + big - side
        #expect(vertical.1 == 10 + big)
        // Horizontal: the tallest arranged view's, the big label after a smaller one.
        let horizontal = try sideY("canvas 400 x 200\nstack s spacing 8 alignment center\nview small in s label \"small\" font 13\nview big in s label \"Big\" font 30")
        #expect(horizontal.0 == 22.727272727272727)
        // Nested: a row aligned on first baselines holding a vertical stack takes its first view's.
        let nested = try LayoutDocument(parsing: """
            canvas 400 x 200
            stack s spacing 8 alignment firstBaseline
            view a in s label "Name" font 17
            stack col in s axis vertical spacing 4
            view big in col label "Big" font 30
            view small in col label "small" font 13
            s.leading == root.leading
            s.top == root.top
            """, file: "nested.layout")
        nested.root.layoutIfNeeded()
        #expect(nested.view(named: "a")?.frame.minY == big - side)
        #expect(nested.view(named: "s")?.frame.height == 57)
    }

    @Test func fillStretchesTheLowestHugging() throws {
        let a = box("a", 40, 20), b = box("b", 60, 20), c = box("c", 50, 20)
        b.setContentHuggingPriority(251, for: .horizontal)
        c.setContentHuggingPriority(251, for: .horizontal)
        let stack = StackView(name: "row", arrangedSubviews: [a, b, c])
        stack.spacing = 8
        let root = try host(stack, width: 300)
        // 300 − 8 − 8 − 60 − 50 = 174 for a.
        #expect(stack.frame == Rect(x: 10, y: 20, width: 300, height: 20))
        #expect(a.frame == Rect(x: 0, y: 0, width: 174, height: 20))
        #expect(b.frame == Rect(x: 182, y: 0, width: 60, height: 20))
        #expect(c.frame == Rect(x: 250, y: 0, width: 50, height: 20))
        #expect(root.layoutReport.isClean)
    }

    @Test func unsizedFillTakesTheIntrinsicLengths() throws {
        let stack = StackView(name: "row", arrangedSubviews: [box("a", 40, 20), box("b", 60, 20)])
        stack.spacing = 5
        let root = try host(stack)
        #expect(stack.frame == Rect(x: 10, y: 20, width: 105, height: 20))
        #expect(root.layoutReport.isClean)
    }

    @Test func generatedConstraintsAreNamed() throws {
        let a = box("a", 40, 20), b = box("b", 60, 20)
        let stack = StackView(name: "row", arrangedSubviews: [a, b])
        stack.spacing = 8
        #expect(stack.arrangementConstraints.map(\.description) == [
            "'stack edge row–a' a.leading == row.leading",
            "'stack edge b–row' b.trailing == row.trailing",
            "'stack spacing a–b' b.leading == a.trailing + 8",
            "'stack alignment a' a.top == row.top",
            "'stack alignment a' a.bottom == row.bottom",
            "'stack alignment b' b.top == row.top",
            "'stack alignment b' b.bottom == row.bottom",
        ])
        #expect(stack.arrangementConstraints.allSatisfy { $0.isActive && $0.arrangingStack === stack })
        #expect((a.width == 10).arrangingStack == nil)
    }

    @Test func fillEquallySharesTheLength() throws {
        let views = [box("a", 40, 20), box("b", 70, 20), box("c", 50, 20)]
        let stack = StackView(name: "row", arrangedSubviews: views)
        stack.distribution = .fillEqually
        stack.spacing = 6
        let root = try host(stack, width: 300)
        // (300 − 12) / 3 = 96.
        #expect(views.map(\.frame) == [
            Rect(x: 0, y: 0, width: 96, height: 20), Rect(x: 102, y: 0, width: 96, height: 20),
            Rect(x: 204, y: 0, width: 96, height: 20),
        ])
        #expect(root.layoutReport.isClean)
    }

    @Test func unsizedFillEquallyGrowsEveryViewToTheLongest() throws {
        let views = [box("a", 40, 20), box("b", 70, 20), box("c", 50, 20)]
        let stack = StackView(name: "row", arrangedSubviews: views)
        stack.distribution = .fillEqually
        stack.spacing = 6
        let root = try host(stack)
        #expect(stack.frame.width == 222)
        #expect(views.map(\.frame.width) == [70, 70, 70])
        withExtendedLifetime(root) {}   // the root owns the engine the frames are read from
    }

    @Test func fillProportionallyFollowsIntrinsicLengths() throws {
        let views = [box("a", 40, 20), box("b", 60, 20), box("c", 100, 20)]
        let stack = StackView(name: "row", arrangedSubviews: views)
        stack.distribution = .fillProportionally
        stack.spacing = 10
        let root = try host(stack, width: 300)
        // UIKit's multipliers: each length over the lengths and the gaps, 40 + 60 + 100 + 20 =
        // 220, times the stack's 300: a 54.55 @999, b 81.82 @998; c (@997) takes the rest.
        #expect(views.map(\.frame) == [
            Rect(x: 0, y: 0, width: 54.54545454545455, height: 20), Rect(x: 64.54545454545455, y: 0, width: 81.81818181818181, height: 20),
            Rect(x: 156.36363636363637, y: 0, width: 143.63636363636363, height: 20),
        ])
        #expect(stack.arrangementConstraints.filter { $0.identifier?.hasPrefix("stack proportion") == true }
            .map { "\($0.multiplier) @\($0.priority)" } == ["\(40.0 / 220) @999", "\(60.0 / 220) @998", "\(100.0 / 220) @997"])
        #expect(root.layoutReport.isClean)
    }

    @Test func equalSpacingSharesTheSlackBetweenViews() throws {
        let views = [box("a", 40, 20), box("b", 60, 20), box("c", 50, 20)]
        let stack = StackView(name: "row", arrangedSubviews: views)
        stack.distribution = .equalSpacing
        stack.spacing = 8
        let root = try host(stack, width: 300)
        // (300 − 150) / 2 = 75 per gap.
        #expect(views.map(\.frame.minX) == [0, 115, 250])
        #expect(views.map(\.frame.width) == [40, 60, 50])
        #expect(stack.spacerGuides.map(\.name) == ["row.spacer1", "row.spacer2"])
        #expect(stack.spacerGuides.map(\.layoutFrame) == [
            Rect(x: 40, y: 0, width: 75, height: 20), Rect(x: 175, y: 0, width: 75, height: 20),
        ])
        #expect(root.layoutReport.isClean)
    }

    @Test func equalSpacingNeverGoesBelowTheSpacing() throws {
        let views = [box("a", 40, 20), box("b", 60, 20)]
        let stack = StackView(name: "row", arrangedSubviews: views)
        stack.distribution = .equalSpacing
        stack.spacing = 12
        let root = try host(stack)
        #expect(stack.frame.width == 112)
        #expect(views[1].frame.minX == 52)
        withExtendedLifetime(root) {}   // the root owns the engine the frames are read from
    }

    @Test func equalCenteringSpacesTheCentres() throws {
        let views = [box("a", 40, 20), box("b", 60, 20), box("c", 50, 20)]
        let stack = StackView(name: "row", arrangedSubviews: views)
        stack.distribution = .equalCentering
        let root = try host(stack, width: 300)
        // Centres at 20 and 275; the middle one halfway, 147.5, so b starts at 117.5.
        #expect(views.map(\.frame.minX) == [0, 117.5, 250])
        #expect(views.map(\.frame.width) == [40, 60, 50])
        #expect(root.layoutReport.isClean)
    }

    @Test(arguments: [
        (StackView.Alignment.leading, [0.0, 0, 0], [20.0, 40, 30]),
        (.center, [10, 0, 5], [20, 40, 30]),
        (.trailing, [20, 0, 10], [20, 40, 30]),
        (.fill, [0, 0, 0], [40, 40, 40]),
    ])
    func horizontalAlignments(alignment: StackView.Alignment, ys: [Double], heights: [Double]) throws {
        let views = [box("a", 10, 20), box("b", 10, 40), box("c", 10, 30)]
        let stack = StackView(name: "row", arrangedSubviews: views)
        stack.alignment = alignment
        let root = try host(stack)
        #expect(stack.frame == Rect(x: 10, y: 20, width: 30, height: 40))
        #expect(views.map(\.frame.minY) == ys)
        #expect(views.map(\.frame.height) == heights)
        #expect(root.layoutReport.isClean)
    }

    @Test func centerInATallerStack() throws {
        let views = [box("a", 10, 20), box("b", 10, 40)]
        let stack = StackView(name: "row", arrangedSubviews: views)
        stack.alignment = .center
        let root = try host(stack, height: 100)
        #expect(views.map(\.frame.minY) == [40, 30])
        #expect(root.layoutReport.isClean)
    }

    @Test func firstBaselinesLineUpAndTheHighestViewTouchesTheTop() throws {
        let small = Label(name: "small", text: "Small", fontSize: 12)
        let big = Label(name: "big", text: "Big", fontSize: 30)
        let stack = StackView(name: "row", arrangedSubviews: [small, big])
        stack.alignment = .firstBaseline
        stack.spacing = 4
        let root = try host(stack, height: 100)
        #expect(small.absoluteValue(of: .firstBaseline) == big.absoluteValue(of: .firstBaseline))
        // The big label's text reaches higher: it sits at the top, the small one lower.
        #expect(big.frame.minY == 0)
        #expect(small.frame.minY > 0)
        let offset = (big.baselineOffsets.first + big.intrinsicContentSize.height / 2)
            - (small.baselineOffsets.first + small.intrinsicContentSize.height / 2)
        // The same sum in another order: equal to the last bit or two (the baselines above are
        // equal exactly).
        #expect(Swift.abs(small.frame.minY - offset) < 1e-12)
        #expect(root.layoutReport.isClean)
    }

    @Test func verticalMarginsRelativeWithCustomSpacing() throws {
        let a = box("a", 100, 30), b = box("b", 50, 20), c = box("c", 80, 40)
        let stack = StackView(name: "column", arrangedSubviews: [a, b, c])
        stack.axis = .vertical
        stack.alignment = .leading
        stack.spacing = 8
        stack.setCustomSpacing(20, after: a)
        stack.layoutMargins = EdgeInsets(top: 10, left: 20, bottom: 10, right: 20)
        stack.isLayoutMarginsRelativeArrangement = true
        let root = try host(stack)
        // 10 + 30 + 20 + 20 + 8 + 40 + 10 = 138 tall; 20 + 100 + 20 = 140 wide.
        #expect(stack.frame == Rect(x: 10, y: 20, width: 140, height: 138))
        #expect([a.frame, b.frame, c.frame] == [
            Rect(x: 20, y: 10, width: 100, height: 30), Rect(x: 20, y: 60, width: 50, height: 20),
            Rect(x: 20, y: 88, width: 80, height: 40),
        ])
        #expect(stack.customSpacing(after: a) == 20)
        #expect(stack.customSpacing(after: b) == 8)
        #expect(root.layoutReport.isClean)

        root.layoutDirection = .rightToLeft
        root.layoutIfNeeded()
        // Leading is the right edge now: 140 − 20 − width.
        #expect([a.frame.minX, b.frame.minX, c.frame.minX] == [20, 70, 40])
    }

    @Test func baselineRelativeSpacingInAVerticalStack() throws {
        let title = Label(name: "title", text: "Title", fontSize: 20)
        let subtitle = Label(name: "subtitle", text: "Subtitle", fontSize: 13)
        let stack = StackView(name: "column", arrangedSubviews: [title, subtitle])
        stack.axis = .vertical
        stack.alignment = .leading
        stack.spacing = 24
        stack.isBaselineRelativeArrangement = true
        let root = try host(stack)
        #expect(subtitle.absoluteValue(of: .firstBaseline) - title.absoluteValue(of: .lastBaseline) == 24)
        withExtendedLifetime(root) {}   // the root owns the engine the frames are read from
    }

    @Test func hiddenViewsCollapseAndComeBack() throws {
        let a = box("a", 40, 20), b = box("b", 60, 20), c = box("c", 50, 20)
        let stack = StackView(name: "row", arrangedSubviews: [a, b, c])
        stack.spacing = 8
        let root = try host(stack)
        #expect(stack.frame.width == 166)

        b.isHidden = true
        root.layoutIfNeeded()
        #expect(stack.frame.width == 98)
        // Half the gap after `a` (UIKit's `UISV-spacing-hidden`, at 50).
        #expect(b.frame == Rect(x: 44, y: 0, width: 0, height: 20))
        #expect(c.frame.minX == 48)
        #expect(stack.visibleArrangedSubviews.map(\.name) == ["a", "c"])
        #expect(root.layoutReport.isClean)

        b.isHidden = false
        root.layoutIfNeeded()
        #expect(stack.frame.width == 166)
        #expect(c.frame.minX == 116)
    }

    /// A hidden view after the last visible one sits at its end (no visible view follows to
    /// share a gap with), inside the stack.
    @Test func aHiddenLastViewSitsAtTheEnd() throws {
        let a = box("a", 40, 20), b = box("b", 60, 20)
        let stack = StackView(name: "row", arrangedSubviews: [a, b])
        stack.spacing = 8
        b.isHidden = true
        let root = try host(stack)
        #expect(stack.frame.width == 40)
        #expect(b.frame == Rect(x: 40, y: 0, width: 0, height: 20))
        #expect(root.layoutReport.isClean)
    }

    /// The hidden view's place is optional (@50): a constraint of the app's that places it
    /// does not conflict.
    @Test func aHiddenViewCanBePlacedByTheApp() throws {
        let a = box("a", 40, 20), b = box("b", 60, 20), c = box("c", 50, 20)
        let stack = StackView(name: "row", arrangedSubviews: [a, b, c])
        stack.spacing = 8
        b.isHidden = true
        try activate([b.leading == a.leading + 10])
        let root = try host(stack)
        #expect(b.frame == Rect(x: 10, y: 0, width: 0, height: 20))
        #expect(c.frame.minX == 48)
        #expect(root.layoutReport.conflicts.isEmpty)
    }

    /// Two wrapping labels in a row share it (UIKit's `UISV-text-width-disambiguation`, @760):
    /// without it one came out 15 wide and 659 tall, and the layout ambiguous.
    @Test func wrappingLabelsInARowShareIt() throws {
        let a = Label(name: "a", text: "The quick brown fox jumps over the lazy dog"), b = Label(name: "b", text: "Pack my box with five dozen liquor jugs")
        for l in [a, b] { l.numberOfLines = 0 }
        let stack = StackView(name: "row", arrangedSubviews: [a, b])
        stack.spacing = 8
        let root = try host(stack, width: 300)
        #expect(a.frame.minX == 0 && a.frame.width == 146)
        #expect(b.frame.minX == 154 && b.frame.width == 146)
        #expect(a.frame.height == b.frame.height)
        #expect(root.layoutReport.isClean)
    }

    /// A view nothing sizes across the axis is 0 thick in a stack aligned other than `fill`
    /// (UIKit's `UISV-ambiguity-suppression`, at 25), not ambiguous.
    @Test func aViewWithNoCrossSizeIsZeroThick() throws {
        let line = View(name: "line"), title = box("title", 60, 20)
        let stack = StackView(name: "col", arrangedSubviews: [title, line])
        stack.axis = .vertical
        stack.alignment = .leading
        try activate([line.height == 1])
        let root = try host(stack)
        #expect(line.frame == Rect(x: 0, y: 20, width: 0, height: 1))
        #expect(stack.frame.width == 60)
        #expect(root.layoutReport.isClean)
    }

    /// Hiding a view with a required height in a vertical stack: UIKit keeps its
    /// `UISV-hiding` (height 0) and breaks the app's height, and so does the engine (it used to
    /// break the stack's, leaving the hidden view 44 high over its neighbour).
    @Test func hidingAViewWithARequiredHeightBreaksTheHeightNotTheStack() throws {
        let a = View(name: "a"), b = View(name: "b"), c = View(name: "c")
        let stack = StackView(name: "col", arrangedSubviews: [a, b, c])
        stack.axis = .vertical
        stack.spacing = 8
        try activate([a.height == 44, b.height == 44, c.height == 44, a.width == 100])
        let root = try host(stack)
        #expect(root.layoutReport.isClean)
        b.isHidden = true
        root.layoutIfNeeded()
        #expect(root.layoutReport.broken.map(\.formula) == ["b.height == 44"])
        #expect(b.frame == Rect(x: 0, y: 48, width: 100, height: 0))
        #expect(c.frame == Rect(x: 0, y: 52, width: 100, height: 44))
        #expect(stack.frame.height == 96)
        // Shown again, the height is tried again and holds.
        b.isHidden = false
        root.layoutIfNeeded()
        #expect(root.layoutReport.isClean)
        #expect(c.frame.minY == 104)
    }

    /// A stack too short for its views' required heights: one of the app's heights breaks (on
    /// the view furthest down the tree, `b`), not the stack's spacing nor its height.
    @Test func aStackTooShortBreaksTheAppsConstraint() throws {
        let a = View(name: "a"), b = View(name: "b")
        let stack = StackView(name: "col", arrangedSubviews: [a, b])
        stack.axis = .vertical
        try activate([a.height == 60, b.height == 60, a.width == 10])
        let root = try host(stack, height: 100)
        #expect(root.layoutReport.broken.map(\.formula) == ["b.height == 60"])
        #expect(b.frame == Rect(x: 0, y: 60, width: 10, height: 40))
    }

    @Test func insertRemoveAndLeaving() throws {
        let a = box("a", 40, 20), b = box("b", 60, 20), c = box("c", 50, 20)
        let stack = StackView(name: "row", arrangedSubviews: [a, b])
        let root = try host(stack)
        stack.insertArrangedSubview(c, at: 0)
        root.layoutIfNeeded()
        #expect(stack.arrangedSubviews.map(\.name) == ["c", "a", "b"])
        #expect([c.frame.minX, a.frame.minX, b.frame.minX] == [0, 50, 90])

        stack.removeArrangedSubview(a)
        #expect(stack.arrangedSubviews.map(\.name) == ["c", "b"])
        #expect(stack.subviews.contains { $0 === a })   // still a subview, as in UIKit
        #expect(!stack.arrangementConstraints.contains { $0.firstItem === a || $0.secondItem === a })
        try activate([a.leading == stack.leading, a.top == stack.top])
        root.layoutIfNeeded()
        #expect(b.frame.minX == 50)
        #expect(stack.frame.width == 110)

        b.removeFromSuperview()
        root.layoutIfNeeded()
        #expect(stack.arrangedSubviews.map(\.name) == ["c"])
        #expect(stack.frame.width == 50)
        #expect(root.layoutReport.isClean)
    }

    @Test func nestedStacks() throws {
        let title = box("title", 100, 20)
        let like = box("like", 30, 30), share = box("share", 30, 30)
        let row = StackView(name: "actions", arrangedSubviews: [like, share])
        row.spacing = 4
        let column = StackView(name: "cell", arrangedSubviews: [title, row])
        column.axis = .vertical
        column.alignment = .leading
        column.spacing = 8
        let root = try host(column)
        #expect(column.frame == Rect(x: 10, y: 20, width: 100, height: 58))
        #expect(row.frame == Rect(x: 0, y: 28, width: 64, height: 30))
        #expect(share.frame == Rect(x: 34, y: 0, width: 30, height: 30))
        #expect(root.layoutReport.isClean)
    }

    @Test func aConflictNamesTheStacksConstraints() throws {
        let a = box("a", 40, 20), b = box("b", 60, 20)
        let stack = StackView(name: "row", arrangedSubviews: [a, b])
        stack.spacing = 8
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        root.addSubview(stack)
        try activate([stack.leading == root.leading, stack.top == root.top, stack.width == 100,
                      a.width == 40, b.width == 60])
        root.layoutIfNeeded()
        let report = root.layoutReport
        #expect(report.conflicts.count == 1)
        #expect(report.conflicts.first?.constraints.contains("'stack spacing a–b' b.leading == a.trailing + 8") == true)
    }

    /// README's stack example, run.
    @Test func readmeExample() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 375, height: 200))
        let cell = View(name: "cell")
        root.addSubview(cell)
        try activate([cell.top == root.top, cell.leading == root.leading, cell.width == 375])
        let avatar = box("avatar", 48, 48)
        avatar.setContentHuggingPriority(251, for: .horizontal)
        let name = box("name", 100, 20), body = box("body", 200, 18)
        let text = StackView(name: "text", arrangedSubviews: [name, body])
        text.axis = .vertical
        text.spacing = 4
        let row = StackView(name: "row", arrangedSubviews: [avatar, text])
        row.spacing = 12
        row.alignment = .top
        cell.addSubview(row)
        try activate([row.directionalEdges == cell.directionalMargins])
        root.layoutIfNeeded()
        // Margins 8: the row is 359 wide; the text column 359 − 48 − 12 = 299; 48 tall (the avatar).
        #expect(cell.frame == Rect(x: 0, y: 0, width: 375, height: 64))
        #expect(row.frame == Rect(x: 8, y: 8, width: 359, height: 48))
        #expect(text.frame == Rect(x: 60, y: 0, width: 299, height: 42))
        #expect(body.frame == Rect(x: 0, y: 24, width: 299, height: 18))
        #expect(text.arrangementConstraints[2].description == "'stack spacing name–body' body.top == name.bottom + 4")
        #expect(root.layoutReport.isClean)
    }

    /// Apple's Auto Layout Guide, "Simple Stack View": a vertical stack (fill, fill, spacing 8)
    /// of a label, an image view (vertical hugging 249, compression 749) and an Edit button,
    /// pinned to the margins and the top/bottom layout guides with standard spacing.
    @Test func appleSimpleStackView() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 375, height: 667))
        root.safeAreaInsets = EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)   // the status bar
        root.layoutMargins = EdgeInsets(top: 0, left: 16, bottom: 0, right: 16)  // a root view's margins
        let label = Label(name: "label", text: "Flowers")
        let image = box("image", 300, 200)
        image.setContentHuggingPriority(249, for: .vertical)
        image.setContentCompressionResistancePriority(749, for: .vertical)
        let edit = box("edit", 34, 30)   // a UIButton's intrinsic size
        let stack = StackView(name: "stack", arrangedSubviews: [label, image, edit])
        stack.axis = .vertical
        stack.spacing = 8
        root.addSubview(stack)
        try activate([
            stack.leading == root.leadingMargin, stack.trailing == root.trailingMargin,
            stack.top == root.topLayoutGuide.bottom + 8, root.bottomLayoutGuide.top == stack.bottom + 8,
        ])
        root.layoutIfNeeded()
        // 667 − 20 − 8 − 8 = 631 tall; the image takes what the label (21) and button (30) and
        // two gaps leave: 631 − 51 − 16 = 564.
        #expect(label.intrinsicContentSize.height == 21)
        #expect(stack.frame == Rect(x: 16, y: 28, width: 343, height: 631))
        #expect(label.frame == Rect(x: 0, y: 0, width: 343, height: 21))
        #expect(image.frame == Rect(x: 0, y: 29, width: 343, height: 564))
        #expect(edit.frame == Rect(x: 0, y: 601, width: 343, height: 30))
        #expect(root.layoutReport.isClean)
    }

    @Test func nonFiniteSpacingsAreRefusedAndReported() throws {
        let a = box("a", 40, 20), b = box("b", 60, 20)
        let stack = StackView(name: "row", arrangedSubviews: [a, b])
        stack.spacing = 8
        let root = try host(stack)
        stack.spacing = .nan
        stack.setCustomSpacing(.infinity, after: a)
        root.layoutIfNeeded()
        #expect(stack.spacing == 8)
        #expect(stack.customSpacing(after: a) == 8)
        #expect(b.frame.minX == 48)
        #expect(root.layoutReport.refused.map(\.description) == [
            "the stack's spacing is not a finite number in `row.spacing = nan`",
            "the stack's custom spacing is not a finite number in `row.setCustomSpacing(inf, after: a)`",
        ])
    }
}
