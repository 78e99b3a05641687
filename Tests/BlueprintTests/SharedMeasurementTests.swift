import Testing
@testable import Blueprint

/// What one build shares between views: labels of equal text and style are measured once;
/// an item's variables carry its name without joining strings until it is read.
@Suite("Layout: shared measurements")
struct SharedMeasurementTests {
    @Test func equalTextsInEqualStylesAreMeasuredOncePerBuild() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 320, height: 400))
        var labels: [Label] = []
        var constraints: [LayoutConstraint] = []
        for i in 0..<6 {
            // Three "Follow" at 15 pt, two "Follow" at 17 pt, one "Open" at 15 pt.
            let label = Label(name: "b\(i)", text: i == 5 ? "Open" : "Follow", fontSize: i == 3 || i == 4 ? 17 : 15)
            root.addSubview(label)
            constraints += [label.leading == root.leading + 8, label.top == root.top + Double(30 * i)]
            labels.append(label)
        }
        try activate(constraints)
        root.layoutIfNeeded()
        let engine = try #require(root.rootEngine)
        #expect(engine.textLayouts.count == 3)
        // Each label has the size it would measure alone.
        for label in labels {
            let alone = TextLayout(text: label.text, style: label.textStyle, width: nil)
            #expect(label.frame.size == Size(width: (alone.usedWidth - 1e-9).rounded(.up), height: (alone.height - 1e-9).rounded(.up)))
        }
        #expect(labels[0].frame.size == labels[1].frame.size)
        #expect(labels[0].frame.width < labels[3].frame.width)
        // A new text measures again at the next build.
        labels[5].text = "Follow"
        root.layoutIfNeeded()
        #expect(labels[5].frame.size == labels[0].frame.size)
    }

    @Test func variablesAreNamedAfterTheirItem() {
        let v = ItemVariables("card.title")
        #expect([v.x.name, v.y.name, v.width.name, v.height.name] == ["card.title.minX", "card.title.minY", "card.title.width", "card.title.height"])
        v.width.name = "w"
        #expect(v.width.name == "w" && v.width.description == "w")
    }
}

/// The second layout pass reads the wrapping labels' widths only when the solver has moved.
@Suite("Layout: the wrapping pass after a constant update")
struct WrappingPassTests {
    /// The body hangs `gap` below the title's last baseline and the footer 8 pt below the
    /// body's last baseline, as the final texts place them (the text is centred in a label).
    func expectBaselinesHold(title: Label?, body: Label, footer: View, gap: Double = 20) {
        if let title {
            let titleLast = title.frame.midY + title.baselineOffsets.last
            #expect(abs(body.frame.midY + body.baselineOffsets.first - (titleLast + gap)) < 1e-9)
        }
        #expect(abs(footer.frame.minY - (body.frame.midY + body.baselineOffsets.last + 8)) < 1e-9)
    }

    /// A build from scratch gives the same frames, to the last bits that another order of
    /// pivots moves (1.4e-14 here, where the two paths add the same numbers in another order).
    func expectFramesOfABuildFromScratch(_ views: [View], engine: LayoutEngine, root: View) {
        let frames = views.map(\.frame)
        let builds = engine.rebuildCount
        engine.needsRebuild = true
        root.layoutIfNeeded()
        #expect(engine.rebuildCount == builds + 1)
        for (a, b) in zip(views.map(\.frame), frames) {
            #expect(max(abs(a.minX - b.minX), abs(a.minY - b.minY), abs(a.width - b.width), abs(a.height - b.height)) < 1e-9)
        }
    }

    @Test func aSpacingUpdateReadsNoWidthAndAGapUpdateRewraps() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 400))
        let first = Label(name: "first", text: "Short", fontSize: 17)
        let body = Label(name: "body", text: Self.longText, fontSize: 15)
        body.numberOfLines = 0
        for v in [first, body] { root.addSubview(v) }
        let spacing = body.top == first.bottom + 8
        let inset = body.leading == root.leading + 16
        try activate([
            first.top == root.top + 10, first.leading == root.leading + 16,
            spacing, inset, body.trailing == root.trailing - 16,
        ])
        root.layoutIfNeeded()
        let engine = try #require(root.rootEngine)
        let wide = body.frame
        #expect(wide.width == 268)
        #expect(root.wrappingCheckedAt == engine.solver.revision)
        // A spacing is a definition: the solver does not move, the body only moves down.
        try spacing.setConstant(20)
        root.layoutIfNeeded()
        #expect(root.wrappingCheckedAt == engine.solver.revision)
        #expect(body.frame == Rect(x: 16, y: wide.minY + 12, width: 268, height: wide.height))
        // A wider inset narrows the body: it wraps again, onto more lines.
        try inset.setConstant(150)
        root.layoutIfNeeded()
        #expect(body.frame.width == 134)
        #expect(body.frame.height > wide.height)
        #expect(body.textLayout.lines.count == body.textLayout(in: body.frame.size).lines.count)
        #expect(root.wrappingCheckedAt == engine.solver.revision)
    }

    static let longText = "A paragraph long enough to wrap onto a few lines in this column"

    /// A 240-wide column: a title, a wrapping body whose first baseline is 20 below the title's
    /// last, and a 10 × 10 footer 8 below the body's last baseline; `bottom` keeps the body or
    /// the footer above the root's bottom. Laid out once.
    func column(body text: String, bottom: (Label, View, View) -> LayoutConstraint) throws -> (View, Label, Label, View) {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 240, height: 500))
        let title = Label(name: "title", text: "Weekly report", fontSize: 17)
        let body = Label(name: "body", text: text, fontSize: 15)
        body.numberOfLines = 0
        let footer = View(name: "footer")
        for v in [title, body, footer] { root.addSubview(v) }
        try activate([
            title.top == root.top + 10, title.leading == root.leading + 16,
            body.firstBaseline == title.lastBaseline + 20, bottom(body, footer, root),
            body.leading == root.leading + 16, body.trailing == root.trailing - 16,
            footer.top == body.lastBaseline + 8, footer.leading == root.leading, footer.width == 10, footer.height == 10,
        ])
        root.layoutIfNeeded()
        return (root, title, body, footer)
    }

    /// A label that wraps onto more lines in the second pass moves its baselines (the text is
    /// centred in the label): the constraints on them are made again one by one, not the whole
    /// layout, and the frames are those a build from scratch gives.
    @Test func aLabelThatWrapsRemakesOnlyItsBaselineConstraints() throws {
        let (root, title, body, footer) = try column(body: Self.longText) { _, footer, root in footer.bottom <= root.bottom - 10 }
        let engine = try #require(root.rootEngine)
        #expect(engine.rebuildCount == 1)
        #expect(body.frame.width == 208)
        #expect(body.textLayout.lines.count == 3)
        #expect(body.frame.height == body.intrinsicContentSize.height)
        expectBaselinesHold(title: title, body: body, footer: footer)
        expectFramesOfABuildFromScratch([title, body, footer], engine: engine, root: root)
    }

    /// A new font or text on a label with constraints on its baselines remakes those
    /// constraints, not the layout; the frames are those of a build from scratch.
    @Test func aNewFontOrTextRemakesOnlyTheBaselineConstraints() throws {
        let (root, title, body, footer) = try column(body: "Short") { body, _, root in body.bottom <= root.bottom - 10 }
        let engine = try #require(root.rootEngine)
        func check() { expectBaselinesHold(title: title, body: body, footer: footer) }
        check()
        title.fontSize = 28
        root.layoutIfNeeded()
        #expect(title.frame.height == 34)
        check()
        body.text = Self.longText
        root.layoutIfNeeded()
        #expect(body.textLayout.lines.count == 3)
        check()
        #expect(engine.rebuildCount == 1)
        expectFramesOfABuildFromScratch([title, body, footer], engine: engine, root: root)
    }

    /// The same when the constraint on the moved baseline is a definition (the footer's top is
    /// placed by nothing else): the definition takes its new constant, nothing is rebuilt.
    @Test func aDefinitionOnAMovedBaselineTakesItsNewConstant() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 240, height: 500))
        let body = Label(name: "body", text: Self.longText, fontSize: 15)
        body.numberOfLines = 0
        let footer = View(name: "footer")
        for v in [body, footer] { root.addSubview(v) }
        let below = footer.top == body.lastBaseline + 8
        try activate([
            body.top == root.top + 10, body.leading == root.leading + 16, body.trailing == root.trailing - 16,
            below, footer.leading == root.leading, footer.width == 10, footer.height == 10,
        ])
        root.layoutIfNeeded()
        let engine = try #require(root.rootEngine)
        #expect(engine.rebuildCount == 1)
        #expect(engine.isDeferred(below))
        #expect(body.textLayout.lines.count == 3)
        expectBaselinesHold(title: nil, body: body, footer: footer)
        expectFramesOfABuildFromScratch([body, footer], engine: engine, root: root)
    }
}
