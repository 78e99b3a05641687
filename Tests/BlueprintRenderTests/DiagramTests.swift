import BlueprintSupport
import Blueprint
@testable import BlueprintRender
import Foundation
import Raster
import Testing

@Suite struct DiagramTests {
    /// root 100 × 60 with one child at (40, 25, 40, 20): both names fit inside their views.
    func smallTree() throws -> View {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 60))
        let child = View(name: "c")
        root.addSubview(child)
        try activate([child.left == root.left + 40, child.top == root.top + 25, child.width == 40, child.height == 20])
        return root
    }

    func hex(_ c: RGBA) -> String {
        String(format: "%02X%02X%02X", c.red, c.green, c.blue)
    }

    @Test func framesFillsAndOutlinesLandOnExactPixelsAtScale1() throws {
        let diagram = try Diagram(root: smallTree(), options: RenderOptions(scale: 1, constraints: .none, legend: false))
        #expect(diagram.bounds == Rect(x: -12, y: -12, width: 124, height: 84))
        let image = try diagram.bitmap()
        #expect(image.width == 124 && image.height == 84)
        #expect(hex(image[0, 0]) == "FCFCFD")          // background
        #expect(hex(image[102, 62]) == "F1F3F5")       // root fill (depth 0)
        #expect(hex(image[72, 47]) == "E3ECFA")        // child fill (depth 1)
        #expect(hex(image[12, 40]) == "9AA4AE")        // root's left edge: exactly column 12
        #expect(hex(image[11, 40]) == "FCFCFD")
        #expect(hex(image[13, 40]) == "F1F3F5")
        #expect(hex(image[52, 55]) == "7C9CCF")        // child's left edge: column 52
        #expect(hex(image[53, 55]) == "E3ECFA")
        #expect(hex(image[51, 55]) == "F1F3F5")
    }

    @Test func aOnePointLineIsTwoPixelsAtScale2() throws {
        let image = try Diagram(root: smallTree(), options: RenderOptions(scale: 2, constraints: .none, legend: false)).bitmap()
        #expect(image.width == 248 && image.height == 168)
        #expect(hex(image[22, 80]) == "FCFCFD")
        #expect(hex(image[23, 80]) == "9AA4AE")
        #expect(hex(image[24, 80]) == "9AA4AE")
        #expect(hex(image[25, 80]) == "F1F3F5")
    }

    @Test func themesChangeTheColours() throws {
        for (theme, background) in [(Theme.light, "FCFCFD"), (.dark, "15181C"), (.blueprint, "1B4F8C")] {
            let image = try Diagram(root: smallTree(), options: RenderOptions(scale: 1, theme: theme, legend: false)).bitmap()
            #expect(hex(image[0, 0]) == background, "\(theme.name)")
        }
        #expect(Theme(named: "blueprint") == .blueprint)
        #expect(Theme(named: "sepia") == nil)
    }

    /// In the `blueprint` theme a frame and a constraint are different lines: the root's left
    /// edge in pale blue, the `+ 40` I-bar beside it in white, on blueprint blue.
    @Test func theBlueprintThemeTellsFramesFromConstraints() throws {
        let d = try Diagram(root: smallTree(), options: RenderOptions(scale: 1, theme: .blueprint, legend: false))
        let image = try d.bitmap()
        // Pixels of root points: the root's left edge is x = 0, the I-bar runs at y = 35.
        let x0 = Int(-d.bounds.minX), y0 = Int(-d.bounds.minY)
        #expect(hex(image[x0, y0 + 8]) == "8DB4E2")          // the root's left edge (outline)
        #expect(hex(image[x0 + 5, y0 + 35]) == "FFFFFF")     // the I-bar at the child's middle (constraint)
        let fill = hex(image[x0 + 5, y0 + 32])                // the root's fill just above the I-bar
        #expect(fill != "FFFFFF" && fill != "8DB4E2")
        #expect(Theme.blueprint.outlines.allSatisfy { $0 != Theme.blueprint.constraint && $0 != Theme.blueprint.margins })
        let kinds = [Theme.blueprint.text, Theme.blueprint.constraint, Theme.blueprint.badge, Theme.blueprint.margins]
        #expect(Set(kinds.map { "\($0.red) \($0.green) \($0.blue)" }).count == 4)
    }

    @Test func positionsBecomeSpacingAndAlignmentLinesAndSizesBecomeBadges() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let a = View(name: "a"), b = View(name: "b")
        root.addSubview(a)
        root.addSubview(b)
        try activate([
            a.left == root.left + 20,
            a.top == root.top + 30,
            a.width == 100,
            a[.width] >= 50 ~ .defaultHigh,
            a[.height] == 0.5 * a[.width],
            b.top == a.bottom + 8,
            b.leading == a.leading,
            b[.width] == a[.width],
            b.height == 10,
            b.trailing <= root.trailing - 8,
        ])
        let diagram = try Diagram(root: root, options: RenderOptions(scale: 1))
        let lines = Dictionary(uniqueKeysWithValues: diagram.annotations.map { ($0.formula, $0) })
        #expect(lines.keys.sorted() == ["a.left == root.left + 20", "a.top == root.top + 30", "b.leading == a.leading",
                                        "b.top == a.bottom + 8", "b.trailing <= root.trailing - 8"])
        func check(_ formula: String, _ kind: Annotation.Kind, _ label: String?) {
            #expect(lines[formula]?.kind == kind, "\(formula)")
            #expect(lines[formula]?.label == label, "\(formula)")
        }
        check("a.left == root.left + 20", .spacing, "20")
        check("a.top == root.top + 30", .spacing, "30")
        check("b.top == a.bottom + 8", .spacing, "8")
        check("b.leading == a.leading", .alignment, nil)
        check("b.trailing <= root.trailing - 8", .spacing, "≥ 8")
        // The spacing I-bar runs between the two edges, across the middle of a's height.
        #expect(lines["a.left == root.left + 20"]!.start == Point(x: 0, y: 55))
        #expect(lines["a.left == root.left + 20"]!.end == Point(x: 20, y: 55))
        #expect(lines["b.top == a.bottom + 8"]!.start == Point(x: 70, y: 80))
        #expect(lines["b.top == a.bottom + 8"]!.end == Point(x: 70, y: 88))
        // Sizes: one badge per view; the ratio h = w/2 reads 2:1, equal widths share a letter.
        let badges = diagram.texts.filter { if case .badge = $0.style { true } else { false } }.map(\.text)
        #expect(badges == ["w 100 · 2:1 · =w A · w ≥ 50 @750", "h 10 · =w A"])
        #expect(diagram.statistics.constraints == 10)
    }

    /// The label of `c`'s line in `root`'s diagram, with `c` active only for the call.
    static func spacingLabel(_ c: LayoutConstraint, in root: View) throws -> String? {
        try c.activate()
        defer { c.deactivate() }
        return try Diagram(root: root, options: RenderOptions(scale: 1)).annotations.first { $0.formula == c.formula }?.label
    }

    /// One rule for every relation, against edges and margins (see ``ConstraintText``).
    @Test func inequalitiesFollowOneSignRule() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 200, height: 100))
        root.layoutMargins = EdgeInsets(top: 0, left: 16, bottom: 0, right: 16)
        let a = View(name: "a"), b = View(name: "b")
        root.addSubview(a)
        root.addSubview(b)
        try activate([a.top == root.top, a.height == 20, a.left == root.left + 10, a.width == 40,
                      b.top == root.top + 50, b.height == 20, b.left == root.left + 100, b.width == 40])
        func label(_ c: LayoutConstraint) throws -> String? { try Self.spacingLabel(c, in: root) }
        // a.right = 50, b.left = 100, b.right = 140, root.right = 200, its trailing margin 184.
        #expect(try label(a.trailing <= b.leading - 8) == "≥ 8")
        #expect(try label(b.leading >= a.trailing + 8) == "≥ 8")
        #expect(try label(a.trailing >= b.leading - 80) == "≤ 80")
        #expect(try label(b.leading <= a.trailing + 80) == "≤ 80")
        #expect(try label(b.trailing <= root.trailing - 8) == "≥ 8")
        #expect(try label(b.trailing <= root.trailingMargin) == "≥ 0")
        #expect(try label(root.trailingMargin >= b.trailing) == "≥ 0")
        #expect(try label(a.trailing >= root.leading + 4) == "≥ 4")
        // a.leading is 6 left of the margin: the gap from it to the margin is at most 6.
        #expect(try label(a.leading >= root.leadingMargin - 6) == "≤ 6")
        #expect(try label(a.leading <= root.leadingMargin - 6) == "≥ 6")
        #expect(try label(b.top == a.bottom + 30) == "30")
    }

    /// Many constraints on one anchor pair or one size are summed up, not written out: a
    /// line's label keeps three texts and counts the rest, a badge five parts; a constraint
    /// written twice is said once. (Thousands of them made a label 400,000 pixels wide.)
    @Test func manyConstraintsOnOneAnchorAreCounted() throws {
        var text = "canvas 300 x 100\nview a\nview b\na.top == 0\na.leading == 100\na.height == 10\nb.top == 20\nb.height == 10\nb.width == 10\n"
        for k in 1...30 { text += "a.leading >= b.leading + \(k) ~ \(50 + k)\n" }
        for k in 1...10 { text += "a.width >= \(k)\na.width >= \(k)\n" }
        let document = try LayoutDocument(parsing: text, file: "many.layout")
        let d = try Diagram(root: document.root, options: RenderOptions(scale: 1))
        #expect(d.annotations.compactMap(\.label).filter { $0.contains("more") } == ["≥ 1 @51, ≥ 2 @52, ≥ 3 @53, +27 more"])
        #expect(d.texts.map(\.text).filter { $0.contains("more") && $0.contains("·") } == ["h 10 · w ≥ 1 · w ≥ 2 · w ≥ 3 · w ≥ 4 · +6 more"])
    }

    /// An optional inequality the layout leaves unmet reads as written, not as drawn: the
    /// same label whether it holds or not.
    @Test func anUnmetOptionalInequalityReadsAsWritten() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let a = View(name: "a"), b = View(name: "b"), c = View(name: "c")
        for v in [a, b, c] { root.addSubview(v) }
        try activate([a.top == root.top + 10, a.left == root.left + 20, a.width == 60, a.height == 40,
                      b.top == root.top + 10, b.left == root.left + 120, b.width == 60, b.height == 240,
                      c.top == root.top + 10, c.left == root.left + 100, c.width == 60, c.height == 20])
        func label(_ c: LayoutConstraint) throws -> String? { try Self.spacingLabel(c, in: root) }
        // a ends at 50, 142 above the bottom; b ends at 250, 50 below it.
        #expect(try label(a.bottom <= root.bottom - 8 ~ 500) == "≥ 8 @500")
        #expect(try label(b.bottom <= root.bottom - 8 ~ 500) == "≥ 8 @500")
        #expect(try label(root.bottom >= b.bottom + 8 ~ 500) == "≥ 8 @500")
        // Neighbours: c starts 20 right of a's end (met) and 80 left of b's (unmet).
        #expect(try label(c.leading >= a.trailing + 10 ~ 500) == "≥ 10 @500")
        #expect(try label(c.leading >= b.trailing + 8 ~ 500) == "≥ 8 @500")
    }

    /// Coordinates that coincide: the gap is measured from the outer item's edge inwards,
    /// whichever item the constraint names first; between neighbours, from the first's far edge.
    @Test func coincidingEdgesReadTheSameWhicheverItemComesFirst() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let box = View(name: "box"), a = View(name: "a"), b = View(name: "b")
        root.addSubview(box)
        box.addSubview(a)
        root.addSubview(b)
        try activate([box.left == root.left + 10, box.top == root.top + 10, box.width == 100, box.height == 50,
                      a.centerX == box.left + 30, a.centerY == box.centerY, a.width == 60, a.height == 50,
                      b.left == root.left + 10, b.bottom == root.top + 80, b.width == 40, b.height == 20])
        func label(_ c: LayoutConstraint) throws -> String? { try Self.spacingLabel(c, in: root) }
        // a fills box's height and starts at its left edge; b starts where box ends.
        #expect(try label(a.bottom <= box.bottom) == "≥ 0")
        #expect(try label(box.bottom >= a.bottom) == "≥ 0")
        #expect(try label(a.top >= box.top) == "≥ 0")
        #expect(try label(box.top <= a.top) == "≥ 0")
        #expect(try label(a.leading >= box.leading) == "≥ 0")
        #expect(try label(box.leading <= a.leading) == "≥ 0")
        #expect(try label(a.bottom >= box.bottom - 4) == "≤ 4")
        #expect(try label(box.bottom <= a.bottom + 4) == "≤ 4")
        #expect(try label(b.top >= box.bottom) == "≥ 0")
        #expect(try label(box.bottom <= b.top) == "≥ 0")
    }

    /// A 200 × 100 right-to-left root with margins 16 and two 40 × 20 views, `a` at the top
    /// 10 in from the leading (right) edge and `b` 50 below, placed by `bLeading`.
    static func rightToLeftPair(_ bLeading: (View, View, View) -> LayoutConstraint) throws -> (View, View, View) {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 200, height: 100))
        root.layoutDirection = .rightToLeft
        root.layoutMargins = EdgeInsets(top: 0, left: 16, bottom: 0, right: 16)
        let a = View(name: "a"), b = View(name: "b")
        root.addSubview(a)
        root.addSubview(b)
        try activate([a.top == root.top, a.height == 20, a.leading == root.leading + 10, a.width == 40,
                      b.top == root.top + 50, b.height == 20, bLeading(root, a, b), b.width == 40])
        root.layoutIfNeeded()
        return (root, a, b)
    }

    /// Right to left, a constraint on leading or trailing is read in mirrored coordinates; its
    /// label still states the gap as drawn (never `−8` or `≤ −8`).
    @Test func rightToLeftGapsFollowTheSameSignRule() throws {
        let (root, a, b) = try Self.rightToLeftPair { root, _, b in b.leading == root.leading + 100 }
        #expect(a.frame == Rect(x: 150, y: 0, width: 40, height: 20))
        #expect(b.frame == Rect(x: 60, y: 50, width: 40, height: 20))
        func label(_ c: LayoutConstraint) throws -> String? { try Self.spacingLabel(c, in: root) }
        let d = try Diagram(root: root, options: RenderOptions(scale: 1))
        #expect(d.annotations.first { $0.formula == "a.leading == root.leading + 10" }?.label == "10")
        #expect(d.annotations.first { $0.formula == "b.leading == root.leading + 100" }?.label == "100")
        // a.left = 150, b.right = 100 (b is left of a), the leading margin at x = 184.
        #expect(try label(b.leading >= a.trailing + 8) == "≥ 8")
        #expect(try label(a.trailing <= b.leading - 8) == "≥ 8")
        #expect(try label(a.trailing >= b.leading - 80) == "≤ 80")
        #expect(try label(b.leading == a.trailing + 50) == "50")
        #expect(try label(b.trailing <= root.trailing - 8) == "≥ 8")
        #expect(try label(b.trailing <= root.trailingMargin) == "≥ 0")
        #expect(try label(a.trailing >= root.leading + 4) == "≥ 4")
        // a.leading (its right edge, 190) is 6 beyond the margin: the gap is at most 6.
        #expect(try label(a.leading >= root.leadingMargin - 6) == "≤ 6")
        #expect(try label(a.leading <= root.leadingMargin - 6) == "≥ 6")
        // Not mirrored: left, right and vertical constraints keep their constants.
        #expect(try label(b.right <= a.left - 8) == "≥ 8")
        #expect(try label(b.top == a.bottom + 30) == "30")
    }

    /// Right to left, between neighbours placed by leading and trailing: `b.leading ==
    /// a.trailing + 8` puts `b` 8 left of `a` and reads `8`, not `−8`; left and right are not
    /// mirrored.
    @Test func rightToLeftGapsBetweenNeighboursAndEdges() throws {
        // a spans x 150...190, b 102...142.
        let (root, a, b) = try Self.rightToLeftPair { _, a, b in b.leading == a.trailing + 8 }
        #expect(a.frame == Rect(x: 150, y: 0, width: 40, height: 20))
        #expect(b.frame == Rect(x: 102, y: 50, width: 40, height: 20))
        let base = try Diagram(root: root, options: RenderOptions(scale: 1)).annotations
        #expect(base.first { $0.formula == "a.leading == root.leading + 10" }?.label == "10")
        #expect(base.first { $0.formula == "b.leading == a.trailing + 8" }?.label == "8")
        func label(_ c: LayoutConstraint) throws -> String? { try Self.spacingLabel(c, in: root) }
        // (Anchors not related above: constraints between the same anchors share one label.)
        #expect(try label(b.trailing >= a.trailing + 8) == "≥ 8")
        #expect(try label(b.leading <= a.leading + 80) == "≤ 80")
        #expect(try label(a.trailing >= root.leading + 4) == "≥ 4")
        #expect(try label(a.trailing <= root.leading + 60) == "≤ 60")
        #expect(try label(b.trailing <= root.trailing - 20) == "≥ 20")
        // The trailing margin is 16 in from the left edge: b.left (102) is 86 past it.
        #expect(try label(b.trailing <= root.trailingMargin - 6) == "≥ 6")
        // Absolute attributes are read as drawn: b.right (142) is 8 left of a.left (150).
        #expect(try label(b.right <= a.left - 8) == "≥ 8")
    }


    @Test func exactFractionsAndRatios() {
        #expect(ConstraintText.fraction(1.0 / 3.0) == "1/3")
        #expect(ConstraintText.fraction(4.0 / 3.0) == "4/3")
        #expect(ConstraintText.fraction(2) == "2")
        #expect(ConstraintText.fraction(0.123456) == "0.12")
        #expect(ConstraintText.exactFraction(1.7777777777777777)! == (16, 9))
    }

    @Test func constraintsBetweenTheSameAnchorsMergeIntoOneLine() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let a = View(name: "a")
        root.addSubview(a)
        try activate([a[.top] >= root[.top] + 11, a[.top] == root[.top] + 11 ~ LayoutPriority(751),
                      a.left == root.left + 30, a.width == 40, a.height == 40])
        let d = try Diagram(root: root, options: RenderOptions(scale: 1))
        #expect(d.annotations.map(\.label) == ["≥ 11, 11 @751", "30"])
        #expect(d.texts.compactMap { if case .badge = $0.style { $0.text } else { nil } } == ["40 × 40"])
    }

    /// A plain alignment merged with another constraint on the same anchors states its number:
    /// `body.bottom <= bottomMargin` and `== bottomMargin @250` read `≥ 0, 0 @250` whether the
    /// gap is zero or not (they read `≥ 0, @250`, one inequality at 250, when it was zero), and
    /// a plain required alignment beside an inequality reads `0, ≥ 0`, not `≥ 0` alone. The
    /// same alignment twice still has no label.
    @Test func aMergedLabelStatesEveryConstraintsNumber() throws {
        func labels(_ text: String, _ constraints: String) throws -> [String?] {
            let document = try LayoutDocument(parsing: """
                canvas 320 x 160
                view cell margins 12
                view body in cell label "\(text)" font 15 lines 0
                cell.top == superview.top
                cell.horizontalEdges == superview.horizontalEdges
                cell.bottom <= superview.bottom
                body.top == superview.topMargin
                body.leading == superview.leadingMargin
                body.trailing == superview.trailingMargin
                \(constraints)
                """, file: "cell.layout")
            let d = try Diagram(root: document.root, options: RenderOptions(scale: 1))
            return d.annotations.filter { $0.formula.contains("body.bottom") }.map(\.label)
        }
        let long = "The engine might compose elaborate pieces of music."
        let pair = "body.bottom <= superview.bottomMargin\nbody.bottom == superview.bottomMargin ~ defaultLow"
        // Zero gap (the cell as tall as its body) and a gap (the cell held taller).
        #expect(try labels(long, pair) == ["≥ 0, 0 @250"])
        #expect(try labels(long, pair + "\ncell.height == 140") == ["≥ 0, 0 @250"])
        #expect(try labels(long, "body.bottom == superview.bottomMargin\nbody.bottom <= superview.bottomMargin") == ["0, ≥ 0"])
        #expect(try labels(long, "body.bottom == superview.bottomMargin ~ defaultLow\nbody.bottom == superview.bottomMargin ~ defaultLow") == ["@250"])
        #expect(try labels(long, "body.bottom == superview.bottomMargin\nbody.bottom == superview.bottomMargin") == [nil])
    }

    @Test func namesShortenAgainstTheirParent() {
        #expect(LabelPlacer.shortened("wifiTitle", parent: "wifiRow") == "title")
        #expect(LabelPlacer.shortened("wifiTitle", parent: "root") == nil)
        #expect(LabelPlacer.shortened("row2Title", parent: "row2") == "title")
        #expect(LabelPlacer.shortened("m1Sender", parent: "m1Row") == "sender")
        #expect(LabelPlacer.shortened("homeTabIcon", parent: "homeTab") == "icon")
        #expect(LabelPlacer.shortened("tileCaption1", parent: "tile1") == "caption1")
        #expect(LabelPlacer.shortened("avatar", parent: "header") == nil)
        #expect(LabelPlacer.shortened("wifi", parent: "wifiRow") == nil)
    }

    @Test func conflictsAreDrawnBrokenAndInvolved() throws {
        let d = try Diagram.fixture("conflict")
        // Both widths are sizes: avatar's badge is split by colour, the broken width in red,
        // the width it conflicts with in orange, the ratio as any size; the legend says which
        // colour is which.
        func badges(_ role: StrokeRole) -> [String] {
            d.texts.filter { if case .badge(role) = $0.style { true } else { false } }.map(\.text)
        }
        #expect(badges(.broken) == ["w 80"])
        #expect(badges(.conflict) == ["w 64"])
        #expect(badges(.normal).contains("1:1"))
        #expect(d.layoutReport.conflicts.count == 1)
        let legend = d.legend.items.map(\.entry.text)
        #expect(legend.contains("in a conflict") && legend.contains("broken"))
    }

    /// A fixed width that is broken and a fixed height that is not read `w 200` (red) and
    /// `h 44`, not one red `200 × 44`.
    @Test func aBrokenWidthBesideAFineHeightAreTwoBadges() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 320, height: 140))
        let field = View(name: "field")
        root.addSubview(field)
        try activate([field.top == root.top + 20, field.leading == root.leading + 20, field.trailing == root.trailing - 20,
                      field.height == 44])
        try activate([field.width == 200])
        let d = try Diagram(root: root, options: RenderOptions(scale: 1))
        #expect(d.layoutReport.broken.map(\.formula) == ["field.width == 200"])
        let styled = d.texts.compactMap { t -> String? in
            if case .badge(let role) = t.style { "\(t.text) \(role)" } else { nil }
        }
        #expect(styled.sorted() == ["h 44 normal", "w 200 broken"])
    }

    /// A broken constraint between the same two edges as the one that held keeps its own
    /// label: `16` in orange and `24` in red, not one red `16, 24`.
    @Test func aBrokenConstraintOnTheSameEdgesIsNotMergedIntoTheOneThatHeld() throws {
        let d = try LayoutDocument(parsing: """
            canvas 300 x 100
            view sep size 0 x 1
            sep.top == root.top + 40
            sep.trailing == root.trailing
            sep.leading == root.leading + 16
            sep.leading == root.leading + 24
            """, file: "x.layout")
        let diagram = try Diagram(root: d.root, options: RenderOptions(scale: 1))
        #expect(diagram.layoutReport.broken.map(\.formula) == ["sep.leading == root.leading + 24"])
        let styled = diagram.texts.compactMap { t -> String? in
            if case .constraint(let role) = t.style, role != .normal { "\(t.text) \(role)" } else { nil }
        }
        #expect(styled.sorted() == ["16 conflict", "24 broken"])
        let legend = diagram.legend.items.map(\.entry.text)
        #expect(legend.contains("in a conflict") && legend.contains("broken"))
    }

    /// Content taller than the screen (a scroll view's) hides the root's bottom edge: the
    /// screen's edge is drawn again over it, and the legend says what the line is.
    @Test func theScreenEdgeIsDrawnOverContentThatReachesPastIt() throws {
        let d = try LayoutDocument(parsing: """
            canvas 300 x 400
            view content
            view a in content size 100 x 500
            content.top == root.top
            content.leading == root.leading
            content.width == root.width
            a.top == content.top + 50
            a.leading == content.leading
            content.bottom == a.bottom
            """, file: "x.layout")
        let diagram = try Diagram(root: d.root, options: RenderOptions(scale: 1))
        // Only the side the content reaches past: the bottom.
        #expect(diagram.screenEdge.map { [$0.0, $0.1] } == [[Point(x: 0, y: 400), Point(x: 300, y: 400)]])
        #expect(diagram.legend.items.map(\.entry.text).contains("screen edge (views reach past it)"))
        #expect(try Diagram.fixture("login-form").screenEdge.isEmpty)
    }

    @Test func ambiguousViewsAreMarkedAndNoted() throws {
        let d = try Diagram.fixture("ambiguous")
        let marked = d.boxes.filter { !$0.ambiguous.isEmpty }.map(\.name)
        #expect(!marked.isEmpty)
        #expect(d.texts.contains { if case .ambiguity = $0.style { return true } else { return false } })
    }

    /// An ambiguity note names the free parts as `blueprint explain` does, short: the tie's
    /// title has only its width free, its value also its position.
    @Test func ambiguityNotesNameTheFreeParts() throws {
        let d = try Diagram.fixture("tie")
        let notes = d.texts.filter { if case .ambiguity = $0.style { true } else { false } }.map(\.text)
        #expect(notes.sorted() == ["ambiguous width", "ambiguous x, width"])
        #expect(d.layoutReport.ambiguous.map(\.description) == ["title: width is ambiguous", "value: horizontal position and width are ambiguous"])
    }

    /// A label named as it reads has no name drawn (its text names it); others keep theirs.
    @Test func aLabelNamedAsItReadsHasNoNameDrawn() throws {
        #expect(DiagramBuilder.sameLetters("sun", "Sun"))
        #expect(DiagramBuilder.sameLetters("signIn", "Sign in"))
        #expect(DiagramBuilder.sameLetters("page2", "Page 2"))
        #expect(!DiagramBuilder.sameLetters("title", "Sign in"))
        #expect(!DiagramBuilder.sameLetters("sizeXS", "XS"))
        #expect(!DiagramBuilder.sameLetters("dot", "·"))
        let d = try Diagram.fixture("feed-cell")   // reply "Reply", share "Share", like "Like"
        let names = Set(d.texts.filter(\.isName).map(\.text))
        #expect(names.isDisjoint(with: ["reply", "share", "like"]))
        #expect(names.isSuperset(of: ["name", "body", "avatar", "actions → 8 equal"]))
    }

    @Test func showingOneViewKeepsOnlyItsConstraints() throws {
        let all = try Diagram.fixture("login-form")
        let one = try Diagram.fixture("login-form", options: RenderOptions(constraints: .view("email")))
        let none = try Diagram.fixture("login-form", options: RenderOptions(constraints: .none))
        #expect(none.annotations.isEmpty)
        #expect(!one.annotations.isEmpty && one.annotations.count < all.annotations.count)
        #expect(one.annotations.allSatisfy { $0.formula.contains("email") })
        #expect(throws: RenderError.unknownView("nope")) {
            try Diagram.fixture("login-form", options: RenderOptions(constraints: .view("nope")))
        }
    }

    /// The placement promise, on every fixture: no two texts overlap, no text crosses a frame
    /// edge, and every text found a free spot (no forced marker).
    @Test(arguments: Support.fixtureNames + Support.screenNames)
    func labelsNeverOverlapTextOrFrameEdges(name: String) throws {
        let d = try Diagram.fixture(name)
        #expect(d.statistics.forcedMarkers == 0)
        let rects = d.texts.map(\.rect)
        for i in rects.indices {
            for j in rects.indices where j > i {
                let a = rects[i], b = rects[j]
                let overlap = a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
                #expect(!overlap, "'\(d.texts[i].text)' overlaps '\(d.texts[j].text)' in \(name)")
            }
            let r = rects[i]
            for box in d.boxes where !(d.texts[i].isName && d.texts[i].home == box.frame) && !Self.onItsLine(d.texts[i], box.frame)
                && !Self.onAContainersEdge(d.texts[i], box.frame) {
                // (A name may sit as a tab on its own frame's top edge, a hairline's badge on it,
                // a label or badge on one side of a view around everything it relates.)
                let f = box.frame
                let crossesVertical = [f.minX, f.maxX].contains { r.minX < $0 && $0 < r.maxX } && r.minY < f.maxY && f.minY < r.maxY
                let crossesHorizontal = [f.minY, f.maxY].contains { r.minY < $0 && $0 < r.maxY } && r.minX < f.maxX && f.minX < r.maxX
                #expect(!crossesVertical && !crossesHorizontal, "'\(d.texts[i].text)' crosses an edge of \(box.name) in \(name)")
            }
        }
        // Markers and legend entries pair up, numbered 1...n in order.
        let markers = d.texts.compactMap(\.marker)
        #expect(markers == Array(1..<(markers.count + 1)))
        // Each legend entry's disc has the colour (the style) of the marker in the picture.
        let entries = d.legend.items.compactMap { item -> (Int, PlacedText.Style)? in
            if case .marker(let n, let style) = item.entry.sample { (n, style) } else { nil }
        }
        #expect(entries.map(\.0) == markers)
        for (n, style) in entries {
            #expect("\(d.texts.first { $0.marker == n }?.style as Any)" == "\(Optional(style) as Any)", "marker \(n)")
        }
    }

    /// Whether `text` (a constraint label or a badge) crosses one side only of `frame`, a view
    /// around every view it relates: a fold tag hanging from a tab over the tab bar's bottom
    /// edge, a gap's label on the edge of the card holding both texts.
    static func onAContainersEdge(_ text: PlacedText, _ frame: Rect) -> Bool {
        if text.isName || text.marker != nil || text.owners.isEmpty { return false }
        let holds = text.owners.allSatisfy { frame.minX <= $0.minX && $0.maxX <= frame.maxX && frame.minY <= $0.minY && $0.maxY <= frame.maxY }
        let r = text.rect
        let sides = [r.minX < frame.minX && frame.minX < r.maxX, r.minX < frame.maxX && frame.maxX < r.maxX,
                     r.minY < frame.minY && frame.minY < r.maxY, r.minY < frame.maxY && frame.maxY < r.maxY].filter { $0 }.count
        return holds && sides == 1
    }

    /// A badge hangs from its view's edge across a container's edge only when the container
    /// holds every view the badge relates (a tab's fold tag over the tab bar's edge): the
    /// `=w A` of `nameLabel`, 11.5 points inside `nameRow` and equal in width to the titles of
    /// four other rows, goes under the label, inside the row, as the other titles' do.
    @Test func aBadgeOfAGroupDoesNotHangAcrossOneRowsEdge() throws {
        let d = try Diagram.fixture("screens/rtl-profile")
        let label = try #require(d.boxes.first { $0.name == "nameLabel" }).frame
        let row = try #require(d.boxes.first { $0.name == "nameRow" }).frame
        #expect(label.minY == row.minY + 11.5)
        let badge = try #require(d.texts.first { $0.text == "=w A" && $0.home == label })
        #expect(badge.owners.count == 5)
        #expect(badge.rect.minY > row.minY && badge.rect.maxY < row.maxY)
        #expect(abs(badge.rect.minY - (label.maxY + 0.5)) < 1e-9)
    }

    /// Whether `text` sits on a hairline view (``LabelPlacer/hairline`` thin) across its
    /// frame: the hairline's own badge, or the label of a gap that ends where it starts.
    static func onItsLine(_ text: PlacedText, _ frame: Rect) -> Bool {
        let thin = frame.height <= LabelPlacer.hairline || frame.width <= LabelPlacer.hairline
        switch text.style {
        case .badge: return thin && text.home == frame
        case .constraint:
            // A gap's label on the hairline where the gap ends, centred on its line.
            return thin && text.owners.contains(frame) && (frame.height <= LabelPlacer.hairline ? text.rect.midY == frame.midY : text.rect.midX == frame.midX)
        default: return false
        }
    }

    @Test func badOptionsAndHugeCanvasesAreErrors() throws {
        #expect(throws: RenderError.invalidScale(4)) { try Diagram(root: smallTree(), options: RenderOptions(scale: 4)) }
        let wide = View(name: "wide", frame: Rect(x: 0, y: 0, width: 20000, height: 40))
        let d = try Diagram(root: wide, options: RenderOptions(scale: 2, legend: false))
        #expect(throws: RenderError.canvasTooLarge(width: 40048, height: 128, limit: 32767)) { try d.png() }
        #expect(RenderError.canvasTooLarge(width: 40048, height: 68, limit: 32767).description
                == "a 40048x68 pixel diagram is larger than the limit of 32767 pixels per side; draw a smaller scale or show fewer constraints")
        // Within the sides but more pixels than a golden check or `blueprint diff` can compare.
        let square = View(name: "square", frame: Rect(x: 0, y: 0, width: 10000, height: 10000))
        let s = try Diagram(root: square, options: RenderOptions(scale: 2, legend: false))
        #expect(throws: RenderError.canvasTooLarge(width: 20048, height: 20048, limit: 32767)) { try s.png() }
        #expect(RenderError.canvasTooLarge(width: 20048, height: 20088, limit: 32767).description
                == "a 20048x20088 pixel diagram has more than 268435456 pixels (16384x16384), the most a golden check or `blueprint diff` compares; draw a smaller scale or a smaller canvas")
    }

    @Test func writingIntoAMissingFolderNamesTheFileAndLeavesNothing() throws {
        let d = try Diagram(root: smallTree())
        let folder = try Support.temporaryFolder()
        let path = folder + "/missing/x.png"
        do {
            try d.write(to: path)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "\(path): cannot create a temporary file: No such file or directory")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func writeChoosesTheFormatFromTheExtension() throws {
        let d = try Diagram(root: smallTree(), options: RenderOptions(constraints: .none, legend: false))
        let folder = try Support.temporaryFolder()
        for ext in ["png", "svg", "pdf"] {
            try d.write(to: "\(folder)/d.\(ext)")
        }
        let png = try FileIO.read("\(folder)/d.png"), svg = try FileIO.read("\(folder)/d.svg")
        let pdf = try FileIO.read("\(folder)/d.pdf")
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(String(decoding: svg.prefix(5), as: UTF8.self) == "<?xml")
        // Vector documents are in points: the scale-2 PNG is 248 × 168 pixels, the SVG 124 × 84 pt.
        #expect(String(decoding: svg, as: UTF8.self).contains("width=\"124pt\" height=\"84pt\""))
        #expect(try PNG.decode(png).width == 248)
        #expect(String(decoding: pdf.prefix(5), as: UTF8.self) == "%PDF-")
        #expect(try PNG.decode(png) == d.bitmap())
    }

    /// A spacing bar keeps clear of a view between its ends when there is room: drawn through
    /// it (and cut around its text) it read as a gap from that view.
    @Test func aSpacingBarGoesAroundAViewBetweenItsEnds() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let a = View(name: "a"), b = View(name: "b")
        root.addSubview(a)
        root.addSubview(b)
        let gap = b.top == root.top + 100
        try activate([a.left == root.left + 50, a.width == 100, a.top == root.top + 10, a.height == 20,
                      b.left == root.left + 8, b.right == root.right - 8, gap, b.height == 20])
        let d = try Diagram(root: root, options: RenderOptions(scale: 1, legend: false))
        let bar = try #require(d.annotations.first { $0.formula == gap.formula })
        // b spans 8...192; a covers 50...150 (52 with the 2-point clearance): the nearer clear
        // stretch is 8...48, and the bar sits 4 inside its end nearest the middle.
        #expect(bar.start == Point(x: 44, y: 0) && bar.end == Point(x: 44, y: 100))
        // With no view between, the bar stays in the middle of the overlap.
        let down = a.top == root.top + 10
        let top = try #require(d.annotations.first { $0.formula == down.formula })
        #expect(top.start.x == 100)
    }

    @Test func anExtensionOfAnotherImageFormatIsRefusedUnlessTheFormatIsGiven() throws {
        let d = try Diagram(root: smallTree(), options: RenderOptions(constraints: .none, legend: false))
        let folder = try Support.temporaryFolder()
        for name in ["d.jpeg", "d.JPG", "d.webp"] {
            let path = "\(folder)/\(name)"
            let ext = String(name.dropFirst(2))
            #expect(throws: RenderError.output(.io(path: path, operation: "write",
                reason: ".\(ext) names a format Blueprint does not write; it writes .png, .svg and .pdf (name the file so, or give the format argument)"))) {
                try d.write(to: path)
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        // Named explicitly, the format wins; no extension, or an unknown one, is PNG.
        try d.write(to: "\(folder)/d.jpeg", format: .png)
        try d.write(to: "\(folder)/plain")
        try d.write(to: "\(folder)/d.v2")
        for name in ["d.jpeg", "plain", "d.v2"] {
            #expect(try PNG.decode(FileIO.read("\(folder)/\(name)")) == d.bitmap())
        }
    }
}

@Suite struct VisualOrderTests {
    @Test func rightToLeftRunsAreReversedForDrawing() {
        #expect(VisualOrder.visual("Sign in", rightToLeftParagraph: false) == "Sign in")
        #expect(VisualOrder.visual("שלח", rightToLeftParagraph: true) == "חלש")
        #expect(VisualOrder.visual("צור קשר", rightToLeftParagraph: true) == "רשק רוצ")
        // Latin and digits keep their order inside a right-to-left paragraph.
        #expect(VisualOrder.visual("שלח 42", rightToLeftParagraph: true) == "42 חלש")
        #expect(VisualOrder.visual("Hello שלום world", rightToLeftParagraph: false) == "Hello םולש world")
    }
}

@Suite struct OutputFormatTests {
    @Test func theExtensionOfTheFileNameNamesTheFormat() {
        #expect(OutputFormat(path: "out/login.svg") == .svg)
        #expect(OutputFormat(path: "login.PDF") == .pdf)
        #expect(OutputFormat(path: "a.b/login.png") == .png)
        #expect(OutputFormat(path: "dir.svg/login") == nil)
        #expect(OutputFormat(path: "login.gif") == nil)
    }
}

@Suite struct FallbackFaceInkTests {
    /// A label's lines are as tall as the primary face (Inter); Noto Sans Arabic's final yeh
    /// hangs its two dots 0.5 em below the baseline, past Inter's descent. Clipped to the
    /// frame, ي was drawn as ى (another letter: في read فى). The faces' own reach is drawn.
    @Test func anArabicFinalYehKeepsTheDotsBelowItsLine() throws {
        func inkBelowFrame(_ text: String) throws -> Int {
            let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 200, height: 100))
            root.layoutDirection = .rightToLeft
            let label = Label(name: "a", text: text, fontSize: 48)
            root.addSubview(label)
            try activate([label.leading == root.leading + 10, label.top == root.top + 10])
            root.layoutIfNeeded()
            let diagram = try Diagram(root: root, options: RenderOptions(scale: 1, constraints: .none, legend: false))
            let image = try diagram.bitmap()
            let f = label.frame
            #expect(f.height == 59)
            // The strip from the frame's bottom edge to 20 points below it, inside its sides.
            var dark = 0
            let x0 = Int(f.minX - diagram.bounds.minX) + 2, y0 = Int(f.maxY - diagram.bounds.minY) + 2
            for y in y0..<(y0 + 20) {
                for x in x0..<(x0 + Int(f.width) - 4) where Int(image[x, y].red) < 128 { dark += 1 }
            }
            return dark
        }
        // في: the dots of the final yeh; فى (alef maksura) has none, nor a Latin word.
        let counts = try ["في", "فى", "fy"].map(inkBelowFrame)
        #expect(counts == [32, 0, 0])
    }
}

@Suite struct DeviceSheetEncodingTests {
    /// A sheet is written as fast as one screen's picture (zlib level 3, the `up` filter): at
    /// level 9 with every filter, encoding was three quarters of `render --devices` (a one-panel
    /// sheet 0.28 s against 0.05 s for `--device`). The pixels are the same.
    @Test func aSheetIsEncodedLikeOneScreen() throws {
        let d = try Diagram.fixture("login-form", options: RenderOptions(scale: 1, legend: false))
        let sheet = DeviceSheet(rows: [[DeviceSheet.Panel(caption: "login", diagram: d)]], theme: .light, scale: 1)
        let bytes = try sheet.png()
        #expect(bytes == (try sheet.png(compression: .fast)))
        let compact = try sheet.png(compression: .compact)
        #expect(bytes != compact)
        let a = try PNG.decode(bytes), b = try PNG.decode(compact)
        #expect(a == b && a.width > 0)
    }
}
