import Testing
import Blueprint

@Suite("Diagnostics: conflicts, ambiguity, illegal constraints, descriptions")
struct DiagnosticsTests {
    @Test func conflictReportReadsLikeUIKit() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let box = View(name: "box")
        root.addSubview(box)
        let fixed = box.width == 100
        let wide = box.width == 0.5 * root.width + 20
        try activate([box.left == root.left, box.top == root.top, box.height == 10])
        try activate([fixed, wide])
        root.layoutIfNeeded()
        let report = root.layoutReport
        #expect(report.conflicts.count == 1)
        // `fixed` lives on the box, `wide` on the root (the items' nearest common view): the
        // box comes later in a walk from the root, so its own width is the one broken, as
        // UIKit, which adds a tree's constraints from the root down, breaks a fixed size.
        #expect(report.broken.count == 1 && report.broken[0] === fixed)
        #expect(box.frame == Rect(x: 0, y: 0, width: 170, height: 10))
        let line = 12   // the `activate([fixed, wide])` call: property anchors take its line
        _ = line
        let text = report.conflicts[0].description
        let at = "DiagnosticsTests.swift:\(fixed.location!.line)"
        #expect(text == """
            Unable to simultaneously satisfy constraints.
                Probably at least one of the constraints in the following list is one you don't want.
                Try this:
                    (1) look at each constraint and try to figure out which you don't expect;
                    (2) find the code that added the unwanted constraint or constraints and fix it.
                (Note: If you're seeing fixed-frame constraints that you don't understand, refer to the documentation for the View property translatesAutoresizingMaskIntoConstraints)
            (
                "root.width == 300 (fixed frame)",
                "box.width == 100 (\(at))",
                "box.width == 0.5 × root.width + 20 (\(at))"
            )

            Will attempt to recover by breaking constraint
            box.width == 100 (\(at))
            """)
    }

    /// The margins a conflict reads are listed first with their values, as UIKit lists its
    /// margin-guide constraints, so that the sum can be redone from the report; right to left,
    /// leading and trailing read mirrored.
    @Test func aConflictThroughMarginsListsTheirValues() throws {
        for rtl in [false, true] {
            let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 200))
            root.layoutDirection = rtl ? .rightToLeft : .leftToRight
            let card = View(name: "card"), field = View(name: "field")
            card.layoutMargins = EdgeInsets(top: 4, left: 16, bottom: 4, right: 12)
            root.addSubview(card)
            card.addSubview(field)
            try activate([card.left == root.left, card.top == root.top, card.width == 200, card.height == 50,
                          field.leading == card.leadingMargin, field.trailing == card.layoutMarginsGuide.trailing,
                          field.top == card.topMargin, field.height == 10])
            try activate([field.width == 300])
            root.layoutIfNeeded()
            let lines = try #require(root.layoutReport.conflicts.first).constraints
            let (lead, trail) = rtl ? (12, 16) : (16, 12)
            #expect(Array(lines.prefix(2)) == [
                "card.leadingMargin == card.leading + \(lead) (layout margins)",
                "card.trailingMargin == card.trailing - \(trail) (layout margins)",
            ], "rtl: \(rtl)")
            #expect(!lines.contains { $0.hasPrefix("card.topMargin") }, "not in the conflict")
        }
    }

    /// The root's safe area in a conflict reads as UIKit writes it: its insets as constants,
    /// none where an inset is 0.
    @Test func aConflictThroughTheSafeAreaListsItsInsets() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 200))
        root.safeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
        let bar = View(name: "bar")
        root.addSubview(bar)
        let safe = root.safeAreaLayoutGuide
        try activate([bar.left == safe.left, bar.right == safe.right, bar.top == safe.top, bar.bottom == safe.bottom])
        try activate([bar.width == 320, bar.height == 100])
        root.layoutIfNeeded()
        let conflicts = root.layoutReport.conflicts
        #expect(conflicts.count == 2)
        let lines = conflicts.flatMap(\.constraints)
        #expect(lines.contains("root.safeAreaLayoutGuide.width == root.width (safe area)"), "\(lines)")
        #expect(lines.contains("root.safeAreaLayoutGuide.height == root.height - 81 (safe area)"), "\(lines)")
        #expect(!lines.contains { $0.contains(" - 0 ") || $0.contains(" + 0 ") })
    }

    @Test func theLatestActivatedConstraintOfAConflictBreaksAndComesBackWhenFreed() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let box = View(name: "box")
        root.addSubview(box)
        try activate([box.left == root.left, box.top == root.top, box.height == 10])
        let first = box.width == 100, second = box.width == 150, third = box.width == 200
        try activate([first])
        root.layoutIfNeeded()
        try activate([second, third])
        root.layoutIfNeeded()
        #expect(root.layoutReport.broken.map(\.formula) == ["box.width == 150", "box.width == 200"])
        #expect(box.frame.width == 100)
        first.deactivate()
        root.layoutIfNeeded()
        #expect(root.layoutReport.broken.map(\.formula) == ["box.width == 200"])
        #expect(box.frame.width == 150)
        // A constant change that removes the conflict takes the broken one back.
        try third.setConstant(150)
        root.layoutIfNeeded()
        #expect(root.layoutReport.conflicts.isEmpty)
        #expect(box.frame.width == 150)
    }

    @Test func ambiguityNamesTheFreeParts() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let pinned = View(name: "pinned"), floating = View(name: "floating"), stretchy = View(name: "stretchy")
        for v in [pinned, floating, stretchy] { root.addSubview(v) }
        try activate([
            pinned.edges == root.edges - 10,
            floating.width == 50, floating.height == 50, floating.top == root.top,
            stretchy.left == root.left, stretchy.top == root.top, stretchy.height == 10,
            stretchy.width >= 40,
        ])
        root.layoutIfNeeded()
        let report = root.layoutReport
        #expect(report.ambiguous.map(\.description) == [
            "floating: horizontal position is ambiguous",
            "stretchy: width is ambiguous",
        ])
        #expect(floating.hasAmbiguousLayout && stretchy.hasAmbiguousLayout && !pinned.hasAmbiguousLayout)
        #expect(report.ambiguous[0].axes == [.horizontal])
        // Frames stay where the layout put them after the probe.
        #expect(pinned.frame == Rect(x: 10, y: 10, width: 280, height: 180))
        #expect(stretchy.frame.width == 40)
        // Degenerate but determined: width >= 40 and width <= 40.
        try activate([stretchy.width <= 40])
        root.layoutIfNeeded()
        #expect(root.layoutReport.ambiguous.map(\.item.name) == ["floating"])
    }

    @Test func optionalConstraintsResolveAmbiguity() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let v = View(name: "v")
        root.addSubview(v)
        try activate([v.left == root.left, v.top == root.top, v.height == 10, v.width == 30 ~ 1])
        root.layoutIfNeeded()
        #expect(root.layoutReport.isClean)
    }

    @Test func illegalConstraintsThrowSpecificErrors() throws {
        let root = View(name: "root")
        let a = View(name: "a"), b = View(name: "b")
        root.addSubview(a)
        root.addSubview(b)
        let stranger = View(name: "stranger")

        func message(_ c: LayoutConstraint) -> String {
            do { try c.activate(); return "activated" } catch { return error.reason }
        }
        #expect(message(a.width == .nan) == "the constant is not a finite number")
        #expect(message(a.width == .infinity * b.width) == "the multiplier is not a finite number")
        #expect(message(a.left == 0 * b.left) == "a multiplier of 0 on a position attribute is not allowed")
        #expect(message(a.leading == b.left) == "cannot relate leading to left: leading/trailing and left/right do not mix")
        #expect(message(a.width == 10 ~ 1001) == "priority 1001 is outside 1...1000")
        #expect(message(a.width == 10 ~ 0) == "priority 0 is outside 1...1000")
        #expect(message(0 * a.width == b.width) == "the left-hand side is multiplied by 0")
        #expect(message(a.width == stranger.width) == "a and stranger have no common ancestor")
        #expect(message(a.top == root.leftLayoutGuide) == "cannot relate a vertical attribute (top) to a horizontal one (right)")
        #expect(throws: LayoutError.self) { try activate([a.edges == b.horizontalEdges]) }
        #expect(message((a.edges == b.horizontalEdges)[0]) == "the two sides do not have the same edges (top is on one side only)")
        let guide = LayoutGuide(identifier: "g")
        root.addLayoutGuide(guide)
        #expect(message(LayoutConstraint(item: guide, attribute: .leftMargin, relatedBy: .equal, toItem: a, attribute: .left))
            == "g is a layout guide and has no leftMargin")
        #expect(message(LayoutConstraint(item: a, attribute: .top, relatedBy: .equal, toItem: b, attribute: .width))
            == "cannot relate a position (top) to a size (width)")
        #expect(message(LayoutConstraint(item: a, attribute: .top, relatedBy: .equal, toItem: nil, attribute: nil, constant: 3))
            == "a position attribute (top) cannot equal a bare number; relate it to another item")

        let full = LayoutConstraint(item: a, attribute: .width, relatedBy: .equal, toItem: nil, attribute: nil, constant: .nan)
        do {
            try full.activate()
            Issue.record("activated")
        } catch {
            #expect("\(error)".hasPrefix("DiagnosticsTests.swift:"))
            #expect("\(error)".hasSuffix(": the constant is not a finite number in `a.width == nan (\(full.location!))`"))
        }
        #expect(!full.isActive)
        // A cycle is refused (no `try`): listed in the report, nothing changes.
        a.addSubview(root)
        #expect(a.subviews.isEmpty && root.superview == nil)
        #expect(root.layoutReport.refused.last?.reason == "root cannot be a subview of itself or of its own subview")
    }

    @Test func descriptionsNameItemsPriorityAndLocation() throws {
        let card = View(name: "card"), title = View(name: "title")
        let c = title[.width] == 0.9 * card[.width] + 5 ~ 750
        #expect(c.description == "title.width == 0.9 × card.width + 5 @750 (DiagnosticsTests.swift:\(#line - 1))")
        let d = title.leading == card.leadingMargin - 4
        d.identifier = "inset"
        #expect(d.description == "'inset' title.leading == card.leadingMargin - 4")
        #expect((title.height <= 44).formula == "title.height <= 44")
    }
}

@Suite("Ambiguity is judged in superview coordinates")
struct RelativeAmbiguityTests {
    @Test func aSubviewPinnedInsideAnAmbiguousViewIsNotAmbiguousItself() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let card = View(name: "card"), title = View(name: "title"), loose = View(name: "loose")
        root.addSubview(card)
        card.addSubview(title)
        card.addSubview(loose)
        try activate([
            card.top == root.top, card.size == Size(100, 50),                 // no x: ambiguous
            title.edges == card.margins,                                      // fixed inside card
            loose.top == card.top, loose.size == Size(10, 10),                // no x inside card either
        ])
        root.layoutIfNeeded()
        #expect(root.layoutReport.ambiguous.map(\.description) == [
            "card: horizontal position is ambiguous",
            "loose: horizontal position is ambiguous",
        ])
        #expect(!title.hasAmbiguousLayout)
        #expect(title.frame == Rect(x: 8, y: 8, width: 84, height: 34))
    }
}
