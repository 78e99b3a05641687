import Blueprint
import Testing

/// A constant moved in place can end a conflict: the broken constraint is retried, as it is
/// after any other change.
@Suite struct ConstantRetryTests {
    @Test func aConstantThatEndsAConflictRestoresTheBrokenConstraint() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let box = View(name: "box")
        root.addSubview(box)
        let first: LayoutConstraint = box.width == 100
        let second: LayoutConstraint = box.width == 150
        try activate([box.leading == root.leading, box.top == root.top, box.height == 20, first, second])
        root.layoutIfNeeded()
        #expect(root.layoutReport.broken.map(\.formula) == ["box.width == 150"])
        #expect(box.frame.width == 100)
        try first.setConstant(150)
        root.layoutIfNeeded()
        #expect(root.layoutReport.broken.isEmpty, "\(root.layoutReport.broken.map(\.formula))")
        #expect(box.frame.width == 150)
        // And back: the conflict returns, the later constraint broken again.
        try first.setConstant(120)
        root.layoutIfNeeded()
        #expect(root.layoutReport.broken.map(\.formula) == ["box.width == 150"])
        #expect(box.frame.width == 120)
    }
}
