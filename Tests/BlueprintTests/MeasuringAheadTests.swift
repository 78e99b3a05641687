import Testing
@testable import Blueprint
import BlueprintSupport

/// Labels with many distinct texts are measured ahead of the build on every processor
/// (`SharedTextLayouts.measure`): each layout must be exactly the one the label would have
/// made alone, in every script and direction.
@Suite("Labels measured ahead in parallel")
struct MeasuringAheadTests {
    private static let texts = [
        "Settings", "Wi-Fi", "مرحبا بالعالم", "שלום עולם", "日本語のテキスト", "Emoji 👍🏽 ok",
        "Mixed English עברית 123", "Ünïcödé ßtraße", "नमस्ते दुनिया", "a", "A long label that goes on for a while",
    ]

    private func scene(rightToLeft: Bool) throws -> (View, [Label]) {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 375, height: 20_000))
        root.layoutDirection = rightToLeft ? .rightToLeft : .leftToRight
        var labels: [Label] = []
        for i in 0..<120 {
            let text = Self.texts[i % Self.texts.count] + " \(i)"
            let weight: Font.Weight = i % 3 == 0 ? .bold : .regular
            let label = Label(name: "l\(i)", text: text, font: Font(size: Double(11 + i % 9), weight: weight))
            root.addSubview(label)
            try activate([label.leading == root.leading, label.top == root.top + Double(30 * i)])
            labels.append(label)
        }
        root.layoutIfNeeded()
        return (root, labels)
    }

    @Test(arguments: [false, true])
    func aLabelMeasuredAheadHasTheLayoutItWouldMakeAlone(rightToLeft: Bool) throws {
        let (root, labels) = try scene(rightToLeft: rightToLeft)
        let engine = try #require(root.rootEngine)
        #expect(engine.textLayouts.count == 120)
        #expect(engine.textLayouts.measuredAhead == (processorCount > 1 ? 120 : 0))
        for label in labels {
            let ahead = label.textLayout(rightToLeft: rightToLeft)
            let alone = TextLayout(text: label.text, style: label.textStyle, width: nil, rightToLeft: rightToLeft)
            #expect(ahead.usedWidth == alone.usedWidth && ahead.height == alone.height, "\(label.text)")
            #expect(ahead.ascent == alone.ascent && ahead.descent == alone.descent)
            #expect(ahead.missingCharacters == alone.missingCharacters)
            #expect(ahead.lines.count == alone.lines.count)
            for (a, b) in zip(ahead.lines, alone.lines) {
                #expect(a.text == b.text && a.x == b.x && a.width == b.width && a.baseline == b.baseline)
                #expect(a.isRightToLeft == b.isRightToLeft && a.runs.count == b.runs.count)
                for (r, s) in zip(a.runs, b.runs) {
                    #expect(r.face === s.face && r.size == s.size && r.glyphs == s.glyphs && r.positions == s.positions)
                }
            }
            #expect(label.frame.size == label.intrinsicContentSize)
        }
    }

    @Test func fewDistinctTextsAreMeasuredAsLabelsAsk() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 375, height: 2_000))
        for i in 0..<100 {
            let label = Label(name: "l\(i)", text: i % 2 == 0 ? "Follow" : "Reply", font: Font(size: 15))
            root.addSubview(label)
            try activate([label.leading == root.leading, label.top == root.top + Double(20 * i)])
        }
        root.layoutIfNeeded()
        let engine = try #require(root.rootEngine)
        #expect(engine.textLayouts.count == 2)
        #expect(engine.textLayouts.measuredAhead == 0)
    }
}
