import TestSupport
import Blueprint
import BlueprintTesting
import Testing

/// Trees built in Swift, checked against goldens found from this file:
/// `goldens/LayoutSnapshotTests/<test>.<name>.png`.
@Suite struct LayoutSnapshotTests {
    /// Seed 000's full example (TATLayout's README), built with the DSL.
    static func seedExample() throws -> View {
        let view = View(name: "view", frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let topView = View(name: "topView")
        let bottomView = View(name: "bottomView")
        let label = Label(name: "label", text: "The label")
        view.addSubview(topView)
        view.addSubview(bottomView)
        view.addSubview(label)
        let padding = 20.0
        let constraints: [LayoutConstraint] = [
            label.centerX == view.centerX,
            label.centerY == view.centerY,
            topView.top == view.top + padding,
            topView.leading == view.leading + padding,
            topView.trailing == view.trailing - padding,
            topView.height >= view.height / 3,
            topView.bottom == bottomView.top + padding ~ 751,
            bottomView.height == view.height * 0.5,
            bottomView.leading == view.leading + padding,
            bottomView.trailing == view.trailing - padding,
            bottomView.bottom == view.bottom - padding,
        ]
        try LayoutConstraint.activateConstraints(constraints)
        return view
    }

    @Test func seedExample() throws {
        assertLayoutSnapshot(of: try Self.seedExample(), named: "light")
        assertLayoutSnapshot(of: try Self.seedExample(), named: "dark-scale1", scale: 1, theme: .dark)
    }

    @Test func cardOnlyItsConstraints() throws {
        assertLayoutSnapshot(of: try CardTree().root, named: "card", constraints: .view("card"), legend: false)
    }
}
