import Blueprint
@testable import BlueprintRender
import Testing

/// A stack is drawn as a stack: its axis, spacing and distribution beside its name, the gaps
/// between its views as I-bars, and nothing of the rest it generates (edges, alignment, equal
/// lengths).
@Suite struct StackDrawingTests {
    func tree(distribution: StackView.Distribution) throws -> View {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 360, height: 120))
        let actions = StackView(name: "actions", arrangedSubviews: [
            Label(name: "reply", text: "Reply", fontSize: 15),
            Label(name: "share", text: "Share", fontSize: 15),
            Label(name: "like", text: "Like", fontSize: 15),
        ])
        actions.spacing = 8
        actions.distribution = distribution
        root.addSubview(actions)
        try activate([
            actions.top == root.top + 40,
            actions.leading == root.leading + 16,
            actions.trailing == root.trailing - 16,
        ])
        return root
    }

    @Test func theStackSaysItsArrangementAndOnlyItsGapsAreDrawn() throws {
        let diagram = try Diagram(root: try tree(distribution: .fillEqually), options: RenderOptions(scale: 1))
        let texts = diagram.texts.map(\.text)
        #expect(texts.contains("actions → 8 equal"), "\(texts)")
        // Two gaps, both 8; the stack's edges, alignment and equal widths are not lines.
        let gaps = diagram.texts.filter { $0.text == "8" }
        #expect(gaps.count == 2, "\(texts)")
        #expect(diagram.statistics.constraints == 5, "three of the file's own, two gaps")
        #expect(diagram.statistics.markers == 0)
    }

    @Test func summaries() {
        let stack = StackView(name: "s")
        stack.axis = .vertical
        stack.spacing = 12
        #expect(DiagramBuilder.stackSummary(stack, rightToLeft: false) == "↓ 12")
        stack.axis = .horizontal
        stack.distribution = .equalSpacing
        #expect(DiagramBuilder.stackSummary(stack, rightToLeft: false) == "→ 12 spaced")
        #expect(DiagramBuilder.stackSummary(stack, rightToLeft: true) == "← 12 spaced")
        stack.spacing = 2.5
        stack.distribution = .fillProportionally
        #expect(DiagramBuilder.stackSummary(stack, rightToLeft: false) == "→ 2.5 proportional")
    }
}
