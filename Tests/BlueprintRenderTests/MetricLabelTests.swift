import Blueprint
@testable import BlueprintRender
import Testing

/// Labels name the `let` metric behind a constant (`pad 20`, `h rowHeight 44`), falling back to
/// the bare number where the full label has no room beside its views; narrow gaps are labelled
/// beside their I-bar.
@Suite struct MetricLabelTests {
    func diagram(_ layout: String) throws -> Diagram {
        let document = try LayoutDocument(bytes: Array(layout.utf8), file: "m.layout")
        return try Diagram(root: document.root, options: RenderOptions(scale: 1))
    }

    func constraintTexts(_ d: Diagram) -> [String] {
        d.texts.compactMap { t in if case .constraint = t.style { t.text } else { nil } }.sorted()
    }

    func badgeTexts(_ d: Diagram) -> [String] {
        d.texts.compactMap { t in if case .badge = t.style { t.text } else { nil } }.sorted()
    }

    @Test func spacingsAndSizesNameTheirMetric() throws {
        let d = try diagram("""
            canvas 300 x 120
            let pad = 20
            let rowHeight = 44
            view row
            view title in row label "Wi-Fi"
            row.top == superview.top + pad
            row.leading == superview.leading
            row.trailing == superview.trailing
            row.height == rowHeight
            title.leading == superview.leading + pad
            title.trailing <= superview.trailing - 8
            title.centerY == superview.centerY
            """)
        #expect(constraintTexts(d) == ["pad 20", "pad 20", "≥ 8"])
        #expect(badgeTexts(d) == ["h rowHeight 44"])
        #expect(d.statistics.markers == 0)
    }

    @Test func visualFormatSpacingsNameTheirMetric() throws {
        let d = try diagram("""
            canvas 300 x 80
            let margin = 24
            let gap = 40
            view a size 60 x 30
            view b size 60 x 30
            a.top == superview.top + 10
            b.top == a.top
            H:|-margin-[a]-gap-[b]
            """)
        #expect(constraintTexts(d) == ["10", "gap 40", "margin 24"])
    }

    /// `gap 20` fits nowhere beside two icons 20 points apart on a 40-point canvas: the gap
    /// reads `20`, beside its own line, and the full text is only in the annotation.
    @Test func aLabelWithNoRoomForTheNameDropsIt() throws {
        let d = try diagram("""
            canvas 120 x 40
            let gap = 20
            view a size 24 x 24
            view b size 24 x 24
            a.leading == superview.leading + 10
            a.top == superview.top + 8
            b.leading == a.trailing + gap
            b.top == a.top
            """)
        let annotation = try #require(d.annotations.first { $0.formula == "b.leading == a.trailing + 20" })
        #expect(annotation.label == "gap 20")
        #expect(annotation.shortLabel == "20")
        let label = try #require(d.texts.first { $0.text == "20" })
        // Centred on the gap (34…54), just below its line at y 20 (above it runs the
        // alignment of the tops).
        #expect(label.rect.midX == 44 && label.rect.minY == 21.5 && label.leader == nil)
        #expect(!d.texts.contains { $0.text.contains("gap") })
        #expect(d.statistics.markers == 0 && d.statistics.labelsOutsideOwner == 0)
    }

    /// An 8-point gap between a text and an 8 × 13 chevron, in a 44-point row: no room on the
    /// line, above or below it, so its `8` sits under the chevron, centred on the I-bar's end.
    @Test func aNarrowGapIsLabelledBesideItsIBar() throws {
        let d = try diagram("""
            canvas 200 x 44
            view row
            view value in row label "Home"
            view chevron in row size 8 x 13
            row.top == superview.top
            row.leading == superview.leading
            row.trailing == superview.trailing
            row.height == 44
            chevron.trailing == superview.trailing - 16
            chevron.centerY == superview.centerY
            value.trailing == chevron.leading - 8
            value.centerY == superview.centerY
            """)
        let chevron = try #require(d.boxes.first { $0.name == "chevron" }).frame
        let label = try #require(d.texts.first { $0.text == "8" })
        #expect(label.marker == nil && label.leader == nil)
        #expect(label.rect.minY == chevron.maxY + 1.5)
        #expect(label.rect.midX == chevron.minX)
        #expect(d.statistics.markers == 0 && d.statistics.labelsOutsideOwner == 0)
    }

    /// `h rowHeight 44` is wider than a 60-point view: its badge reads `h 44`, inside it. (A
    /// width and a height together read `30 × 30`, numbers only.)
    @Test func aBadgeWithNoRoomInsideDropsTheName() throws {
        let d = try diagram("""
            canvas 200 x 80
            let rowHeight = 44
            let side = 30
            view chip
            view square
            chip.top == superview.top + 10
            chip.leading == superview.leading + 10
            chip.trailing == superview.trailing - 130
            chip.height == rowHeight
            square.top == chip.top
            square.leading == chip.trailing + 20
            square.width == side
            square.height == side
            """)
        #expect(badgeTexts(d) == ["30 × 30", "h 44"])
        let chip = try #require(d.boxes.first { $0.name == "chip" }).frame
        let badge = try #require(d.texts.first { $0.text == "h 44" })
        #expect(chip.minX <= badge.rect.minX && badge.rect.maxX <= chip.maxX && chip.minY <= badge.rect.minY && badge.rect.maxY <= chip.maxY)
    }

    @Test func sweepGoesFromTheMiddleOutwardsThenTheEnds() {
        #expect(LabelPlacer.sweep(from: 0, to: 20, step: 8) == [10, 18, 2, 20, 0])
        #expect(LabelPlacer.sweep(from: 0, to: 0, step: 8) == [0])
        #expect(LabelPlacer.sweep(from: 5, to: 4, step: 8) == [])
    }
}
