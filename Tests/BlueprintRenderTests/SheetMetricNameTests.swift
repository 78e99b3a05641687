import Blueprint
@testable import BlueprintRender
import Testing

/// The panels of a device sheet write a metric name alike: where one panel has no room for
/// `h fieldHeight 40 · …` and draws `h 40 · …`, every panel draws `h 40 · …`.
@Suite struct SheetMetricNameTests {
    static let widths = [375.0, 820.0]

    /// A field a fifth of the screen wide, 40 points high by a metric: 75 points on a phone,
    /// too narrow for its badge with the metric's name inside; 164 on an iPad.
    static func diagram(_ i: Int, _ options: RenderOptions) throws -> Diagram {
        let document = try LayoutDocument(parsing: """
            canvas \(formatNumber(widths[i])) x 200
            let fieldHeight = 40
            view field
            field.top == superview.top + 20
            field.leading == superview.leading + 20
            field.width == superview.width * 0.2
            field.height == fieldHeight
            """, file: "field.layout")
        return try Diagram(root: document.root, options: options)
    }

    static func badges(_ d: Diagram) -> [String] {
        d.texts.filter { if case .badge = $0.style { true } else { false } }.map(\.text)
    }

    @Test func aMetricNameDroppedOnOnePanelIsDroppedOnEvery() throws {
        let alone = try Self.widths.indices.map { try Self.diagram($0, RenderOptions()) }
        #expect(alone.map(Self.badges) == [["h 40 · w = root.w ×1/5"], ["h fieldHeight 40 · w = root.w ×1/5"]])
        #expect(alone[0].bareNumbers.count == 1 && alone[1].bareNumbers.isEmpty)
        let sheet = try DeviceSheet.diagrams(count: 2, options: RenderOptions(), Self.diagram)
        #expect(sheet.map(Self.badges) == [["h 40 · w = root.w ×1/5"], ["h 40 · w = root.w ×1/5"]])
        #expect(sheet.map(\.bareNumbers) == [alone[0].bareNumbers, alone[0].bareNumbers])
        // The iPad's badge still sits where its full text did, inside the field.
        let field = try #require(sheet[1].boxes.first { $0.name == "field" }).frame
        let badge = try #require(sheet[1].texts.first { $0.text == "h 40 · w = root.w ×1/5" })
        #expect(badge.leader == nil && field.holds(badge.rect))
    }

    /// With nothing dropped, every panel is drawn once, as it is alone.
    @Test func aSheetWhoseNamesAllFitIsDrawnOnce() throws {
        var calls = 0
        let sheet = try DeviceSheet.diagrams(count: 1, options: RenderOptions()) { (i, options) throws -> Diagram in
            calls += 1
            return try Self.diagram(1, options)
        }
        #expect(calls == 1 && Self.badges(sheet[0]) == ["h fieldHeight 40 · w = root.w ×1/5"])
    }
}
