import Blueprint
@testable import BlueprintRender
import Foundation
import Raster
import Testing

/// The same input gives the same bytes: twice in a row, on several threads at once, in every
/// format. (Across processes and with a hostile fontconfig: `RenderCommandTests`.)
@Suite struct DeterminismTests {
    @Test(arguments: OutputFormat.allCases)
    func renderingTwiceGivesTheSameBytes(format: OutputFormat) throws {
        let first = try Diagram.fixture("conflict").data(format: format)
        let second = try Diagram.fixture("conflict").data(format: format)
        #expect(first.count > 1000)
        #expect(first == second, "\(format): \(first.count) and \(second.count) bytes")
    }

    @Test func threadsRenderingAtOnceGiveTheSameBytes() throws {
        let expected = try Diagram.fixture("login-form").png()
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 4) { i in
            let bytes = try? Diagram.fixture(i % 2 == 0 ? "login-form" : "chat-bubbles").png()
            results.set(i, bytes)
        }
        let chat = try Diagram.fixture("chat-bubbles").png()
        for i in 0..<4 { #expect(results.get(i) == (i % 2 == 0 ? expected : chat), "thread \(i)") }
    }

    /// The text the renderer draws is as wide as the layout `Label` sizes itself with: both are
    /// the same shaped glyphs of the same font bytes, unhinted.
    @Test func drawnTextMatchesTheBundledMetrics() throws {
        // Two labels of one size, then one of another: each is drawn at its own size (a font
        // size cached across cairo_save/restore once drew the second one at the wrong size).
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 120))
        let labels = [Label(name: "a", text: "Sign in", fontSize: 20), Label(name: "b", text: "Sign in", fontSize: 20),
                      Label(name: "c", text: "Password", fontSize: 13)]
        for (i, label) in labels.enumerated() {
            root.addSubview(label)
            try activate([label.left == root.left + 40, label.top == root.top + Double(i) * 40])
        }
        let diagram = try Diagram(root: root, options: RenderOptions(scale: 1, constraints: .none, legend: false))
        let image = try diagram.bitmap()
        for label in labels {
            let frame = label.absoluteFrame
            let top = Int(frame.minY - diagram.bounds.minY), left = Int(frame.minX - diagram.bounds.minX)
            var columns: [Int] = []
            for x in left + 1..<left + Int(frame.width) - 1 {
                for y in top + 1..<top + Int(frame.height) - 1 where image[x, y].red < 100 {
                    columns.append(x)
                    break
                }
            }
            let inkWidth = Double(columns.max()! - columns.min()! + 1)
            let advance = label.textLayout.usedWidth
            #expect(columns.min()! <= left + 3, "\(label.name)")
            // Ink is a little narrower than the advance (side bearings), never wider.
            #expect(inkWidth <= advance + 1 && inkWidth >= advance - 4, "\(label.name): ink \(inkWidth), advance \(advance)")
        }
    }

    final class Results: @unchecked Sendable {
        private var values: [Int: [UInt8]] = [:]
        private let lock = NSLock()
        func set(_ i: Int, _ v: [UInt8]?) { lock.withLock { values[i] = v } }
        func get(_ i: Int) -> [UInt8]? { lock.withLock { values[i] } }
    }
}
