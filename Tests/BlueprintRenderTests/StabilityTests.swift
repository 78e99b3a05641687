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
}
