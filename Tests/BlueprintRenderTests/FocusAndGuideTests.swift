import Blueprint
@testable import BlueprintRender
import Foundation
import Raster
import Testing

/// `--show` with several views, dimming and `--crop`.
@Suite struct FocusTests {
    func tree() throws -> View {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let a = View(name: "a"), b = View(name: "b"), c = View(name: "c")
        for v in [a, b, c] { root.addSubview(v) }
        try activate([a.left == root.left + 10, a.top == root.top + 10, a.width == 50, a.height == 50,
                      b.left == a.right + 20, b.top == a.top, b.width == 50, b.height == 50,
                      c.left == root.left + 300, c.top == root.top + 200, c.width == 50, c.height == 50])
        return root
    }

    @Test func severalViewsAreHighlightedAndTheRestDimmed() throws {
        let d = try Diagram(root: tree(), options: RenderOptions(scale: 1, constraints: .views(["a"]), legend: false))
        // a's constraints relate root and b: those are highlighted, c is dimmed.
        #expect(d.boxes.map(\.dimmed) == [false, false, false, true])
        #expect(throws: RenderError.unknownView("nope")) {
            try Diagram(root: tree(), options: RenderOptions(constraints: .views(["a", "nope"])))
        }
    }

    /// A dimmed view's name is drawn only by its frame, never on a leader: a screen shown
    /// around one row has no callouts for the other rows.
    @Test func aDimmedViewHasNoCallout() throws {
        let full = try Diagram.fixture("screens/inbox", options: RenderOptions(scale: 1))
        #expect(full.texts.contains { if case .name = $0.style { $0.leader != nil } else { false } }, "the inbox has callouts when nothing is dimmed")
        let d = try Diagram.fixture("screens/inbox", options: RenderOptions(scale: 1, constraints: .views(["title"])))
        #expect(d.boxes.contains { $0.dimmed })
        #expect(!d.texts.contains { $0.dimmed && $0.leader != nil })
    }

    /// Views inside a folded copy (`as homeTab`, `as m1Row`) are named by their frames or near
    /// them, never in the column: the tab bar and the inbox have column callouts only for the
    /// first copy's views (a name near its view keeps a leader under 20 points).
    @Test func aFoldedCopysViewsHaveNoCallouts() throws {
        for (screen, copies) in [("screens/tab-bar", ["searchTab", "libraryTab", "inboxTab", "profileTab"]), ("screens/inbox", ["m2Row", "m3Row", "m4Row"])] {
            let document = try Support.fixture(screen)
            let d = try Diagram(root: document.root, options: RenderOptions())
            var inCopies = Set<String>()
            for name in copies {
                for sub in try #require(document.view(named: name)).subviews { sub.forEachInSubtree { inCopies.insert($0.name) } }
            }
            let callouts = d.texts.filter { t in
                guard case .name = t.style, let l = t.leader else { return false }
                return hypot(l.1.x - l.0.x, l.1.y - l.0.y) >= 20
            }.map(\.text)
            #expect(!callouts.isEmpty, "\(screen): the first copy keeps its callouts")
            #expect(callouts.filter { name in inCopies.contains { name.hasPrefix($0) } }.isEmpty, "\(screen): \(callouts)")
        }
    }

    @Test func cropKeepsTheFocusWithAMargin() throws {
        let d = try Diagram(root: tree(), options: RenderOptions(scale: 1, constraints: .views(["a", "b"]), legend: false, crop: true))
        // a (10, 10, 50, 50) and b (80, 10, 50, 50), the root being their container: 24 around
        // them, then the 12-point border, in whole points.
        #expect(d.crop == Rect(x: -14, y: -14, width: 168, height: 98))
        #expect(d.bounds == Rect(x: -26, y: -26, width: 192, height: 122))
    }
}

/// Custom layout guides are drawn: dashed in the guide colour, with their name.
@Suite struct GuideTests {
    @Test func aSpacerGuideIsDrawnDashedAndNamed() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let a = View(name: "a"), b = View(name: "b")
        root.addSubview(a)
        root.addSubview(b)
        let spacer = LayoutGuide(identifier: "spacer")
        root.addLayoutGuide(spacer)
        try activate([a.left == root.left + 10, a.top == root.top + 20, a.width == 40, a.height == 40,
                      spacer.left == a.right, spacer.top == a.top, spacer.width == 60, spacer.height == 40,
                      b.left == spacer.right, b.top == a.top, b.width == 40, b.height == 40])
        let d = try Diagram(root: root, options: RenderOptions(scale: 1, legend: false))
        #expect(d.guides.map(\.name) == ["spacer"])
        #expect(d.guides.map(\.frame) == [Rect(x: 50, y: 20, width: 60, height: 40)])
        let name = try #require(d.texts.first { $0.text == "spacer" })
        #expect(name.isName && name.rect.minX == 51.5 && name.rect.minY == 21)
        // Its bottom edge (y = 60, clear of the alignment lines along its top and sides) is
        // dashed in the guide colour: 2 points on, 2 off.
        let image = try d.bitmap()
        let ox = Int(-d.bounds.minX), oy = Int(-d.bounds.minY)
        let row = (60...67).map { x in hex(image[x + ox, 60 + oy]) }
        #expect(row == ["E59D82", "D9480F", "E59D82", "F1F3F5", "E59D82", "D9480F", "E59D82", "F1F3F5"])
        #expect(hex(image[61 + ox, 59 + oy]) == "F1F3F5" && hex(image[61 + ox, 61 + oy]) == "F1F3F5")
    }

    /// A readable content guide that a constraint uses is drawn as a guide, named as a layout
    /// file writes it: the reason a text column sits inset in a wide view. One no constraint
    /// uses is not drawn.
    @Test func aReadableContentGuideInUseIsDrawn() throws {
        let document = try LayoutDocument(parsing: """
            canvas 1024 x 300
            view card
            card.edges == superview.edges
            view body in card label "Readable text column." font 17 lines 0
            body.top == superview.top + 20
            body.leading == card.readableContent.leading
            body.trailing == card.readableContent.trailing
            """, file: "readable.layout")
        let d = try Diagram(root: document.root, options: RenderOptions(scale: 1, legend: false))
        #expect(d.guides.map(\.name) == ["card.readableContent"])
        // 672 wide (UIKit's readable width), centred in the card's margins (8 a side).
        #expect(d.guides.map(\.frame) == [Rect(x: 176, y: 8, width: 672, height: 284)])
        #expect(d.texts.contains { $0.text == "card.readableContent" && $0.isName })
        let plain = try Diagram(root: try LayoutDocument(parsing: "canvas 1024 x 300\nview body\nbody.edges == superview.margins\n", file: "p.layout").root,
                                options: RenderOptions(scale: 1, legend: false))
        #expect(plain.guides.isEmpty)
    }

    func hex(_ c: RGBA) -> String { String(format: "%02X%02X%02X", c.red, c.green, c.blue) }
}
