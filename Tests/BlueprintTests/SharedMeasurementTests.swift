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
