import Testing
@testable import Blueprint
import BlueprintSupport

/// A view's intrinsic size is one solver constraint per axis (the required side, or compression
/// resistance, preferring equality at the other priority): the same frames and the same
/// conflict reports as the two inequalities UIKit describes.
@Suite("Layout: intrinsic sizes as one constraint per axis")
struct IntrinsicSizeConstraintTests {
    /// Three labels in a row of `width`, each 8 from the next, the last pinned to the trailing
    /// edge: squeezed, the lowest compression resistance gives way; stretched, the lowest hugging.
    private func row(width: Double) throws -> (View, [Label]) {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: width, height: 60))
        let a = Label(name: "a", text: "Quarterly report", fontSize: 17)
        let b = Label(name: "b", text: "Follow", fontSize: 17)
        let c = Label(name: "c", text: "12 items", fontSize: 17)
        for v in [a, b, c] { root.addSubview(v) }
        a.setContentCompressionResistancePriority(.required, for: .horizontal)
        b.setContentHuggingPriority(.required, for: .horizontal)
        c.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
        c.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        try activate([
            a.leading == root.leading, b.leading == a.trailing + 8, c.leading == b.trailing + 8,
            c.trailing == root.trailing,
            a.top == root.top, b.top == root.top, c.top == root.top,
        ])
        root.layoutIfNeeded()
        return (root, [a, b, c])
    }

    @Test func squeezedAndStretchedRowsGiveWayByPriority() throws {
        let (root, natural) = try row(width: 1000)
        let w = natural.map { $0.intrinsicContentSize.width }
        // Stretched: c hugs least (249) and takes the room; a and b keep their text's width.
        #expect(natural.map(\.frame.width) == [w[0], w[1], 1000 - 16 - w[0] - w[1]])
        // Squeezed by 30: c resists least (250) and gives the 30; a (required) and b keep theirs.
        let (squeezedRoot, squeezed) = try row(width: w[0] + w[1] + w[2] + 16 - 30)
        #expect(squeezed.map(\.frame.width) == [w[0], w[1], w[2] - 30])
        #expect(squeezed.map(\.frame.minX) == [0, w[0] + 8, w[0] + w[1] + 16])
        withExtendedLifetime((root, squeezedRoot)) {}
    }

    @Test func aConflictNamesTheRequiredSideAsBefore() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 320, height: 200))
        let title = Label(name: "title", text: "Quarterly report", fontSize: 17)
        let icon = View(name: "icon")
        icon.explicitIntrinsicContentSize = Size(40, 40)
        root.addSubview(title)
        root.addSubview(icon)
        title.setContentCompressionResistancePriority(.required, for: .horizontal)
        icon.setContentHuggingPriority(.required, for: .horizontal)
        try activate([
            title.leading == root.leading + 8, title.top == root.top + 8, title.width == 20,
            icon.leading == title.trailing + 8, icon.top == root.top + 8, icon.width == 60,
        ])
        root.layoutIfNeeded()
        let w = title.intrinsicContentSize.width
        let report = root.layoutReport
        // The engine's own side first, as UIKit lists it, then the user's constraint.
        #expect(report.conflicts.map { $0.constraints.first } == [
            "title.width >= \(formatNumber(w)) (compression resistance)", "icon.width <= 40 (content hugging)",
        ])
        #expect(report.conflicts.map { $0.involved.map(\.formula) } == [["title.width == 20"], ["icon.width == 60"]])
        #expect(report.broken.map(\.formula) == ["title.width == 20", "icon.width == 60"])
        #expect(title.frame.width == w && icon.frame == Rect(x: 8 + w + 8, y: 8, width: 40, height: 40))
    }

    @Test func aNewTextMovesTheOneConstraintWithoutARebuild() throws {
        let (root, labels) = try row(width: 1000)
        let engine = try #require(root.rootEngine)
        let builds = engine.rebuildCount
        labels[1].text = "Following"
        root.layoutIfNeeded()
        #expect(engine.rebuildCount == builds)
        let w = labels.map { $0.intrinsicContentSize.width }
        #expect(labels.map(\.frame.width) == [w[0], w[1], 1000 - 16 - w[0] - w[1]])
    }
}
