import Testing
@testable import Blueprint

/// A root of 300 × 200 with a box 10 in, 20 high, and the box's width == 100 (returned), laid out.
private func boxScene() throws -> (View, View, LayoutConstraint) {
    let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 200))
    let box = View(name: "box")
    root.addSubview(box)
    let width = box.width == 100
    try activate([box.left == root.left + 10, box.top == root.top, box.height == 20, width])
    root.layoutIfNeeded()
    return (root, box, width)
}

@Suite("Constraints are handles: activate, deactivate, change in place")
struct ConstraintHandleTests {
    private func scene() throws -> (View, View, LayoutConstraint) { try boxScene() }

    @Test func constantChangesMoveThroughTheSolverWithoutARebuild() throws {
        let (root, box, width) = try scene()
        let engine = try #require(root.rootEngine)
        let builds = engine.rebuildCount
        for w in stride(from: 101.0, through: 200, by: 1) {
            try width.setConstant(w)
            root.layoutIfNeeded()
            #expect(box.frame.width == w)
        }
        #expect(engine.rebuildCount == builds)
        #expect(width.constant == 200)
        #expect(width.formula == "box.width == 200")
    }

    @Test func priorityChangesIncludingRequiredToOptionalAndBack() throws {
        let (root, box, width) = try scene()
        let wider = box.width == 150 ~ 500
        try wider.activate()
        root.layoutIfNeeded()
        #expect(box.frame.width == 100)
        try width.setPriority(.defaultLow)          // required → optional: 500 now wins
        root.layoutIfNeeded()
        #expect(box.frame.width == 150)
        try width.setPriority(501)
        root.layoutIfNeeded()
        #expect(box.frame.width == 100)
        try wider.setPriority(.required)            // optional → required
        root.layoutIfNeeded()
        #expect(box.frame.width == 150)
        #expect(root.layoutReport.isClean)
        #expect(throws: LayoutError.self) { try width.setPriority(0) }
        #expect(width.priority == 501)
    }

    @Test func multiplierChanges() throws {
        let (root, box, width) = try scene()
        width.deactivate()
        let half = box.width == root.width * 0.5
        try half.activate()
        root.layoutIfNeeded()
        #expect(box.frame.width == 150)
        try half.setMultiplier(0.25)
        root.layoutIfNeeded()
        #expect(box.frame.width == 75)
        #expect(half.formula == "box.width == 0.25 × root.width")
        let left = box.left == root.left + 10
        #expect(throws: LayoutError.self) { try left.setMultiplier(0) }
        #expect(throws: LayoutError.self) { try half.setMultiplier(.nan) }
        #expect(throws: LayoutError.self) { try half.setConstant(.infinity) }
        #expect(half.multiplier == 0.25 && half.constant == 0)
    }

    @Test func deactivateAndReactivate() throws {
        let (root, box, width) = try scene()
        width.deactivate()
        #expect(!width.isActive)
        try activate([box.width == 42])
        root.layoutIfNeeded()
        #expect(box.frame.width == 42)
        #expect(root.layoutReport.isClean)
        try width.activate()
        root.layoutIfNeeded()
        #expect(root.layoutReport.broken.map(\.formula) == ["box.width == 100"])
    }

    @Test func duplicateConstraintsAreAllowedAndTakeOverForEachOther() throws {
        let (root, box, width) = try scene()
        let twin = box.width == 100
        try twin.activate()
        root.layoutIfNeeded()
        #expect(root.layoutReport.isClean)
        width.deactivate()
        root.layoutIfNeeded()
        #expect(box.frame.width == 100)             // the twin holds it now
        try twin.setConstant(120)
        root.layoutIfNeeded()
        #expect(box.frame.width == 120)
    }

    @Test func removingAViewRemovesItsConstraints() throws {
        let (root, box, _) = try scene()
        let other = View(name: "other")
        root.addSubview(other)
        let link = other.left == box.right
        let inner = View(name: "inner")
        box.addSubview(inner)
        let innerSize = inner.width == 5
        try activate([link, other.top == root.top, other.size == Size(10, 10), innerSize])
        root.layoutIfNeeded()
        #expect(other.frame.minX == 110)
        box.removeFromSuperview()
        #expect(!link.isActive)             // crossed the cut: gone
        #expect(innerSize.isActive)         // inside the removed subtree: stays with it
        #expect(root.constraints.allSatisfy { $0.firstItem !== box && $0.secondItem !== box })
        root.layoutIfNeeded()
        #expect(root.layoutReport.ambiguous.map(\.item.name) == ["other"])
        box.layoutIfNeeded()
        #expect(inner.frame.width == 5)
    }

    @Test func constraintsMadeBeforeTheFirstLayoutAndAfterIt() throws {
        let (root, box, _) = try scene()
        let late = View(name: "late")
        root.addSubview(late)
        try activate([late.edges == box.edges])
        root.layoutIfNeeded()
        #expect(late.frame == box.frame)
    }

    @Test func layoutIsDeterministicAcrossRebuilds() throws {
        func build() throws -> [Rect] {
            let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 320, height: 100))
            var views: [View] = []
            for i in 0..<12 {
                let v = Label(name: "l\(i)", text: String(repeating: "w", count: i % 5 + 1))
                root.addSubview(v)
                views.append(v)
            }
            try activate([views[0].leading == root.leading, views[11].trailing <= root.trailing])
            for (a, b) in zip(views, views.dropFirst()) {
                try activate([b.leading == a.trailing + 2, b.firstBaseline == a.firstBaseline, b.width == a.width ~ 10])
            }
            try activate([views[0].top == root.top])
            root.layoutIfNeeded()
            return views.map(\.frame)
        }
        #expect(try build() == build())
    }
}

@Suite("Ownership: a released tree is freed")
struct OwnershipTests {
    @Test func aLaidOutTreeWithConstraintsOnItsOwnViewsIsFreed() throws {
        weak var weakRoot: View?
        weak var weakChild: View?
        var kept: LayoutConstraint?
        do {
            let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
            root.safeAreaInsets = EdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
            let child = Label(name: "child", text: "hi")
            root.addSubview(child)
            try activate([
                child.top == root.safeAreaLayoutGuide.top, child.leading == root.leading,
                root.width == 100, child.width == child.height,
            ])
            kept = child.leading == root.leading + 1
            try kept!.activate()
            root.layoutIfNeeded()
            _ = root.layoutReport
            weakRoot = root
            weakChild = child
        }
        #expect(weakRoot == nil)
        // A constraint kept past its tree still describes itself, and keeps its other item.
        #expect(kept?.formula == "child.leading == root.leading + 1")
        #expect(kept?.isActive == false)
        #expect(weakChild != nil)
        kept = nil
        #expect(weakChild == nil)
    }

    // A view's superview, the container and own-view items of the constraints installed on it,
    // and its guides' owner are unowned references it clears as it goes: each reads nil after
    // the view is freed, as a weak reference would, and none traps.

    @Test func aSubviewKeptPastItsTreeHasNoSuperview() throws {
        var kept: View?
        weak var weakCard: View?
        do {
            let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
            let card = View(name: "card")
            let child = View(name: "child")
            root.addSubview(card)
            card.addSubview(child)
            try activate([card.edges == root.edges, child.edges == card.margins])
            root.layoutIfNeeded()
            #expect(child.superview === card)
            kept = child
            weakCard = card
        }
        #expect(weakCard == nil)
        #expect(kept?.superview == nil)
        #expect(kept?.root === kept)
        #expect(kept?.constraints.isEmpty == true)
    }

    @Test func aConstraintKeptPastTheViewItWasInstalledOnNamesIt() throws {
        var kept: LayoutConstraint?
        do {
            let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
            let box = View(name: "box")
            root.addSubview(box)
            kept = box.width == 40   // installed on box: box is held without a count
            try kept!.activate()
            try activate([box.leading == root.leading, box.top == root.top, box.height == 10])
            root.layoutIfNeeded()
            #expect(kept?.container === box)
        }
        #expect(kept?.isActive == false)
        #expect(kept?.container == nil)
        #expect(kept?.firstItem is LayoutGuide)
        #expect(kept?.firstItem.name == "box")
        #expect(kept?.formula == "box.width == 40")
    }

    @Test func guidesKeptPastTheirViewHaveNoOwner() throws {
        var margins: LayoutGuide?, unused: LayoutGuide?, spacer: LayoutGuide?
        do {
            let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
            let box = View(name: "box")
            root.addSubview(box)
            let s = LayoutGuide(identifier: "spacer")
            box.addLayoutGuide(s)
            try activate([
                box.edges == root.edges,
                s.leading == box.layoutMarginsGuide.leading, s.top == box.top, s.width == 10, s.height == 10,
            ])
            root.layoutIfNeeded()
            margins = box.layoutMarginsGuide
            unused = box.safeAreaLayoutGuide   // made, never used by a constraint
            spacer = s
            #expect(spacer?.owningView === box)
            #expect(spacer?.layoutFrame == Rect(x: 8, y: 0, width: 10, height: 10))
        }
        for g in [margins, unused, spacer] {
            #expect(g != nil)
            #expect(g?.owningView == nil)
        }
    }

    // Items and constraints reach their engine through a link the engine clears as it goes.
    @Test func aViewAndAConstraintKeptPastTheirEngineHaveNone() throws {
        var view: View?, constraint: LayoutConstraint?
        weak var weakRoot: View?
        do {
            let (root, box, width) = try boxScene()
            #expect(box.engine === root.rootEngine)
            #expect(width.engine === root.rootEngine)
            view = box
            constraint = width
            weakRoot = root
        }
        #expect(weakRoot == nil)
        #expect(view?.engine == nil)
        #expect(constraint?.engine == nil)
        // No engine: the frame it was laid out with (kept as its own when the root went, as
        // UIKit's views keep theirs), and a change goes nowhere.
        #expect(view?.frame == Rect(x: 10, y: 0, width: 100, height: 20))
        try constraint?.setConstant(50)
        #expect(constraint?.constant == 50)
    }

    @Test func anotherViewsBuiltInGuideIsNotAdded() {
        let a = View(name: "a"), b = View(name: "b")
        b.addLayoutGuide(a.layoutMarginsGuide)
        #expect(b.layoutGuides.isEmpty)
        #expect(a.layoutMarginsGuide.owningView === a)
    }
}
