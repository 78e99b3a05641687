import BlueprintSupport
import Blueprint
@testable import BlueprintRender
import Foundation
import Raster
import Testing

/// Placement is local: changing one label's text moves only the texts near it.
@Suite struct StabilityTests {
    func diagram(_ layout: String) throws -> Diagram {
        let document = try LayoutDocument(bytes: Array(layout.utf8), file: "settings.layout")
        return try Diagram(root: document.root, options: RenderOptions(scale: 1))
    }

    /// The settings rows are stacks whose titles fill the room: a longer title changes no
    /// frame, so nothing in the diagram moves.
    @Test func changingOneTitleMovesNothing() throws {
        let original = try settings()
        let changed = original.replacingOccurrences(of: "label \"Wi-Fi\"", with: "label \"Wireless network\"")
        #expect(changed != original)
        let before = try diagram(original), after = try diagram(changed)
        #expect(before.texts.map { "\($0.text) \($0.rect)" } == after.texts.map { "\($0.text) \($0.rect)" })
    }

    @Test func changingOneValueMovesOnlyTextsBesideItsRow() throws {
        let original = try settings()
        let changed = original.replacingOccurrences(of: "label \"Home\"", with: "label \"Home network\"")
        #expect(changed != original)
        let before = try diagram(original), after = try diagram(changed)
        let row = try #require(before.boxes.first { $0.name == "wifiRow" }).frame
        let kept = after.texts.map { "\($0.text) \($0.rect)" }
        let moved = before.texts.filter { !kept.contains("\($0.text) \($0.rect)") }
        // Something moved (the value grew, the title shrank: their names and the 8 between
        // them), and only beside the Wi-Fi row: within a row's height above or below it.
        #expect(!moved.isEmpty)
        for t in moved {
            #expect(t.rect.maxY >= row.minY - row.height && t.rect.minY <= row.maxY + row.height,
                    "'\(t.text)' at \(t.rect) moved, far from the Wi-Fi row \(row)")
        }
        #expect(before.texts.count == after.texts.count)
    }

    func settings() throws -> String {
        let path = Support.repository.appendingPathComponent("fixtures/screens/settings.layout").path
        return String(decoding: try FileIO.read(path), as: UTF8.self)
    }
    /// A tree 2,500 levels deep, made through the Swift API, is drawn and freed: the diagram
    /// walks the tree with a stack of its own (it recursed once per level, and overflowed).
    @Test func aVeryDeepTreeIsDrawn() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        var deepest = root
        for i in 0..<2_500 {
            let child = View(name: "v\(i)")
            deepest.addSubview(child)
            try activate([child.edges == deepest.edges])
            deepest = child
        }
        let d = try Diagram(root: root, options: RenderOptions(scale: 1))
        #expect(d.boxes.count == 2_501)
        #expect(d.boxes.last?.name == "v2499" && d.boxes.last?.depth == 2_500)
    }
}
