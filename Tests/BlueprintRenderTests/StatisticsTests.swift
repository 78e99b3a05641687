import Blueprint
@testable import BlueprintRender
import Foundation
import Raster
import Testing

/// Each count of ``Diagram/Statistics`` on small hand-made cases, so the numbers the CLI
/// prints for real screens can be trusted.
@Suite struct StatisticsTests {
    func text(_ s: String, _ r: Rect, style: PlacedText.Style = .constraint(.normal), marker: Int? = nil,
              leader: (Point, Point)? = nil, owners: [Rect] = []) -> PlacedText {
        PlacedText(text: s, rect: r, style: style, marker: marker, leader: leader, backdrop: true, owners: owners)
    }

    func count(_ texts: [PlacedText], viewTexts: [Rect] = [], lines: [(Point, Point)] = []) -> Diagram.Statistics {
        StatisticsCounter.count(views: 3, constraints: 7, texts: texts, viewTexts: viewTexts, lines: lines, forcedMarkers: 0)
    }

    @Test func labelsMarkersAndNameMarkers() {
        let s = count([text("a", Rect(x: 0, y: 0, width: 5, height: 5)),
                       text("root", Rect(x: 10, y: 0, width: 5, height: 5), style: .name),
                       text("1", Rect(x: 20, y: 0, width: 5, height: 5), marker: 1),
                       text("2", Rect(x: 30, y: 0, width: 5, height: 5), style: .name, marker: 2)])
        #expect((s.views, s.constraints, s.labels, s.markers, s.nameMarkers) == (3, 7, 2, 2, 1))
    }

    @Test func crossingLeadersArePairs() {
        let far = Rect(x: 500, y: 500, width: 5, height: 5)
        let s = count([text("a", far, leader: (Point(x: 0, y: 0), Point(x: 100, y: 100))),
                       text("b", far.offsetBy(dx: 10, dy: 0), leader: (Point(x: 0, y: 100), Point(x: 100, y: 0))),
                       text("c", far.offsetBy(dx: 20, dy: 0), leader: (Point(x: 0, y: 50), Point(x: 100, y: 50))),
                       // Shares an end point with a, and runs parallel to c: neither crosses.
                       text("d", far.offsetBy(dx: 30, dy: 0), leader: (Point(x: 100, y: 100), Point(x: 200, y: 100)))])
        // a×b, a×c, b×c all meet at (50, 50): three pairs.
        #expect(s.leaderCrossings == 3)
    }

    @Test func leadersOverTextCountOtherBoxesOnly() {
        let own = Rect(x: 90, y: 45, width: 20, height: 10)
        let s = count([text("own", own, leader: (Point(x: 0, y: 50), Point(x: 100, y: 50))),
                       text("other", Rect(x: 40, y: 45, width: 20, height: 10)),
                       text("touching", Rect(x: 20, y: 50, width: 10, height: 10))],
                      viewTexts: [Rect(x: 60, y: 40, width: 10, height: 20)])
        // Through "other" and the label view's text; its own box and a box it only touches don't count.
        #expect(s.leadersOverText == 2)
    }

    @Test func linesThroughTextArePairsOfPieceAndBox() {
        let s = count([text("x", Rect(x: 10, y: -5, width: 10, height: 10)), text("y", Rect(x: 30, y: -5, width: 10, height: 10))],
                      viewTexts: [Rect(x: 50, y: 0, width: 10, height: 10)],
                      lines: [(Point(x: 0, y: 0), Point(x: 100, y: 0)),    // x and y; along the view text's top edge: no
                              (Point(x: 15, y: -20), Point(x: 15, y: 20)),  // x
                              (Point(x: 0, y: 40), Point(x: 100, y: 40))])  // nothing
        #expect(s.linesThroughText == 3)
    }

    @Test func labelsOutsideTheirOwnersAreCounted() {
        let owner = Rect(x: 0, y: 0, width: 50, height: 50)
        let s = count([text("inside", Rect(x: 10, y: 10, width: 10, height: 10), owners: [owner]),
                       text("touching", Rect(x: 50, y: 10, width: 10, height: 10), owners: [owner]),
                       text("away", Rect(x: 80, y: 10, width: 10, height: 10), owners: [owner]),
                       text("away badge", Rect(x: 80, y: 30, width: 10, height: 10), style: .badge(.normal), owners: [owner]),
                       text("name away", Rect(x: 80, y: 60, width: 10, height: 10), style: .name, owners: [owner])])
        #expect(s.labelsOutsideOwner == 2)
    }

    /// A constraint line that would strike a label's text is drawn in pieces around it.
    @Test func linesAreCutAroundText() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 100))
        let icon = View(name: "icon"), title = Label(name: "title", text: "Airplane Mode"), badge = View(name: "badge")
        for v in [icon, title, badge] { root.addSubview(v) }
        try activate([icon.left == root.left + 10, icon.top == root.top + 30, icon.width == 40, icon.height == 40,
                      title.left == icon.right + 10, title.centerY == icon.centerY,
                      badge.left == title.right + 10, badge.top == icon.top, badge.width == 40, badge.height == 40,
                      // Centre alignment across all three: the line runs through the title's text.
                      badge.centerY == icon.centerY])
        let d = try Diagram(root: root, options: RenderOptions(scale: 1))
        let line = try #require(d.annotations.first { $0.formula == "badge.centerY == icon.centerY" })
        let textBox = try #require(d.viewTexts.first)
        #expect(Segments.crosses(line.start, line.end, textBox))
        // Drawn from end to end except across the text (and any other text box on the way).
        #expect(line.pieces.first?.0 == line.start && line.pieces.last?.1 == line.end)
        #expect(line.pieces.allSatisfy { $0.1.x <= textBox.minX || $0.0.x >= textBox.maxX })
        #expect(line.pieces.count >= 2)
        #expect(d.statistics.linesThroughText == 0)
    }
}

/// A callout whose every leader crosses something takes the one that crosses the fewest texts
/// and leaders, not the first one tried.
@Suite struct CalloutFallbackTests {
    @Test func aCalloutWithNoCleanLeaderTakesTheLeastCrossedSide() throws {
        var placer = LabelPlacer(boxes: [], layout: Rect(x: 0, y: 0, width: 200, height: 100))
        // Texts from far above to far below the layout: two on the right of the view (every
        // leader to the right-hand column crosses both), one on its left.
        for x in [80.0, 140.0] {
            placer.commit(PlacedText(text: "wall", rect: Rect(x: x, y: -4000, width: 40, height: 8000), style: .name, marker: nil,
                                     leader: nil, backdrop: true))
        }
        placer.commit(PlacedText(text: "wall", rect: Rect(x: 10, y: -4000, width: 40, height: 8000), style: .name, marker: nil,
                                 leader: nil, backdrop: true))
        let view = Rect(x: 64, y: 45, width: 6, height: 10)
        placer.placeCallout("dot", for: view, dimmed: false)
        let callout = placer.placed[placer.placed.count - 1]
        #expect(callout.text == "dot")
        // In the left-hand column (the right-hand one is tried first), across one text.
        #expect(callout.rect.maxX < 0)
        let leader = try #require(callout.leader)
        #expect(leader.0 == Point(x: 64, y: 50) && leader.1.x == callout.rect.maxX)
        // Before the callout went in: one text on the left, two on the right.
        var fresh = LabelPlacer(boxes: [], layout: Rect(x: 0, y: 0, width: 200, height: 100))
        for x in [80.0, 140.0, 10.0] {
            fresh.commit(PlacedText(text: "wall", rect: Rect(x: x, y: -4000, width: 40, height: 8000), style: .name, marker: nil,
                                    leader: nil, backdrop: true))
        }
        #expect(fresh.leaderCrossings(leader.0, leader.1, home: view) == 1)
        #expect(fresh.leaderCrossings(Point(x: 70, y: 50), Point(x: 230, y: 50), home: view) == 2)
    }
}

/// Views painted over others: one hidden whole by a later view that is not inside it gets its
/// outline drawn again, dotted, over every fill, and a legend entry.
@Suite struct CoveredViewTests {
    @Test func aViewHiddenWholeByALaterOneIsOutlinedOverIt() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 200))
        // Declared first, so painted first: `selection` under `grid`; `icon` only partly under
        // `badge`; `twin` under a view of its very frame; `cell` inside `grid` (its own child).
        let selection = View(name: "selection"), grid = View(name: "grid"), cell = View(name: "cell")
        let icon = View(name: "icon"), badge = View(name: "badge"), twin = View(name: "twin"), cover = View(name: "cover")
        for v in [selection, grid, icon, badge, twin, cover] { root.addSubview(v) }
        grid.addSubview(cell)
        func place(_ v: View, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> [LayoutConstraint] {
            [v.left == root.left + x, v.top == root.top + y, v.width == w, v.height == h]
        }
        try activate(place(selection, 40, 40, 20, 20) + place(grid, 10, 10, 100, 100) + place(icon, 150, 20, 40, 40)
                     + place(badge, 175, 10, 20, 20) + place(twin, 150, 120, 40, 40) + place(cover, 150, 120, 40, 40)
                     + [cell.left == grid.left, cell.top == grid.top, cell.width == 50, cell.height == 50])
        let d = try Diagram(root: root, options: RenderOptions(scale: 1))
        #expect(d.covered.map { d.boxes[$0].name } == ["selection"])
        let image = try PNG.decode(d.png())
        // The selection's left edge (x = 40) over the grid's cell, rows 41...46 (above the caps
        // of the I-bar to its middle): 2-point dashes of the outline, anti-aliased where they
        // start and end; the other two pixels are the cell's fill, as all six were before.
        let cellFill = RenderOptions().theme.fill(depth: try #require(d.boxes.first { $0.name == "cell" }).depth)
        func byte(_ c: Double) -> UInt8 { UInt8((c * 255).rounded()) }
        let column = (41...46).map { y in image[Int(40 - d.bounds.minX), Int(Double(y) - d.bounds.minY)] }
        let fill = column.filter { [$0.red, $0.green, $0.blue] == [byte(cellFill.red), byte(cellFill.green), byte(cellFill.blue)] }
        #expect(fill.count == 2, "\(column)")
        let outline = RenderOptions().theme.outline(depth: try #require(d.boxes.first { $0.name == "selection" }).depth)
        #expect(column.contains { [$0.red, $0.green, $0.blue] == [byte(outline.red), byte(outline.green), byte(outline.blue)] })
    }
}

/// `--show` on a container shows what is inside it, and `--crop` keeps the texts about the views
/// in focus whole.
@Suite struct FocusOnContainerTests {
    static let layout = """
        canvas 300 x 200
        view card margins 8
        view thumb in card
        view title in card label "Offsite agenda" font 15
        view other
        card.leading == superview.leading + 10
        card.top == superview.top + 10
        card.width == 120
        thumb.leading == card.leadingMargin
        thumb.trailing == card.trailingMargin
        thumb.top == card.topMargin
        thumb.height == thumb.width * 0.75
        title.top == thumb.bottom + 8
        title.leading == thumb.leading
        card.bottom == title.bottom + 8
        other.leading == card.trailing + 20
        other.top == card.top
        other.size == 40

        """

    @Test func aContainerInFocusShowsItsInsides() throws {
        let document = try LayoutDocument(parsing: Self.layout, file: "card.layout")
        let d = try Diagram(root: document.root, options: RenderOptions(scale: 1, constraints: .view("card")))
        let formulas = Set(d.annotations.map(\.formula))
        #expect(formulas.isSuperset(of: ["title.top == thumb.bottom + 8", "card.bottom == title.bottom + 8",
                                         "other.leading == card.trailing + 20"]), "\(formulas)")
        // The ratio is a badge on the thumbnail; `other`'s own size is not about the card.
        #expect(d.texts.contains { $0.text == "w ×0.75" || $0.text.contains("×0.75") || $0.text.contains("4:3") || $0.text.contains("3:4") },
                "\(d.texts.map(\.text))")
        #expect(!d.texts.contains { $0.text.contains("40 × 40") })
        // The root too: the card's position relates it.
        #expect(d.boxes.filter { !$0.dimmed }.map(\.name).sorted() == ["card", "other", "root", "thumb", "title"])
    }

    @Test func theCropKeepsTheNamesAndLabelsOfTheViewsInFocusWhole() throws {
        let document = try Support.fixture("screens/inbox")
        for name in ["m1Row", "m2Badge", "navBar", "search"] {
            let d = try Diagram(root: document.root, options: RenderOptions(scale: 1, constraints: .view(name), crop: true))
            let crop = try #require(d.crop)
            // The names of the view in focus and of the views inside it.
            var inside = Set<String>()
            try #require(document.root.view(named: name)).forEachInSubtree { inside.insert($0.name) }
            let frames = Set(d.boxes.filter { inside.contains($0.name) }.map(\.frame))
            for t in d.texts where t.isName && t.home.map(frames.contains) == true {
                #expect(t.rect.minX >= crop.minX && t.rect.maxX <= crop.maxX && t.rect.minY >= crop.minY && t.rect.maxY <= crop.maxY,
                        "\(name): \(t.text) at \(t.rect) outside \(crop)")
            }
        }
    }
}

/// A view's size is never negative: a view asked to be −18 high is 0 high, with the conflict
/// drawn and no "negative" note (the note is for sizes no frame can show).
@Suite struct NegativeSizeNoteTests {
    @Test func aViewAskedForANegativeHeightIsZeroHighWithAConflict() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let bar = View(name: "bar"), box = View(name: "box")
        root.addSubview(bar)
        root.addSubview(box)
        try activate([bar.left == root.left + 20, bar.top == root.top + 100, bar.width == 120, bar.height == -18,
                      box.left == root.left + 200, box.top == root.top + 20, box.width == 40, box.height == 40])
        let d = try Diagram(root: root, options: RenderOptions(scale: 1))
        #expect(d.layoutReport.negativeSizes.isEmpty)
        #expect(d.layoutReport.broken.map(\.formula) == ["bar.height == -18"])
        #expect(bar.frame == Rect(x: 20, y: 100, width: 120, height: 0))
        #expect(!d.texts.contains { $0.text.hasPrefix("negative") })
    }
}

/// A numbered marker with no clean leader takes the free spot whose leader crosses the fewest
/// texts and leaders, not the first one tried.
@Suite struct MarkerFallbackTests {
    @Test func aMarkerWithNoCleanLeaderTakesTheLeastCrossedSpot() throws {
        var placer = LabelPlacer(boxes: [], layout: Rect(x: 0, y: 0, width: 200, height: 200))
        let a = Point(x: 100, y: 100)
        let step = 0.8 * LabelPlacer.markerDiameter("1")
        func wall(_ r: Rect) {
            placer.commit(PlacedText(text: "w", rect: r, style: .name, marker: nil, leader: nil, backdrop: true))
        }
        // A text over the anchor reaching 3.2 steps each way: the spots of rings 1 to 3 touch
        // it, and every leader out of it crosses it. Ring 4 is free; straight up (tried first)
        // a thin text also lies across the leader, between the spot and the big text.
        let h = 3.2 * step
        wall(Rect(x: a.x - h, y: a.y - h, width: 2 * h, height: 2 * h))
        wall(Rect(x: a.x - 5, y: a.y - 3.35 * step, width: 10, height: 0.1 * step))
        placer.pending.append((text: "w 20", style: .badge(.normal), anchor: a, legendText: "w 20   dot.width == 20",
                               owner: -2, home: nil, owners: []))
        placer.placeMarkers()
        let marker = try #require(placer.placed.last)
        #expect(marker.marker == 1 && placer.forcedMarkers == 0)
        // To the right on ring 4 (across the big text only), not up (across both).
        #expect(abs(marker.rect.midX - (a.x + 4 * step)) < 1e-9 && abs(marker.rect.midY - a.y) < 1e-9, "\(marker.rect)")
    }
}
