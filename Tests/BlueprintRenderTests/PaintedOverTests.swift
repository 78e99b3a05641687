import Blueprint
@testable import BlueprintRender
import Testing

/// An image paints a view's fill only where no later opaque fill paints again: the picture is
/// the same pixel for pixel, and views nested a thousand deep cost the pixels of the picture,
/// not the sum of every view's area.
@Suite struct PaintedOverTests {
    /// `levels` views nested in each other, each pinned to its superview's margins on both
    /// axes (`s0`, free, takes the size they need).
    static func nested(_ levels: Int) -> String {
        var text = "canvas 375 x 667\nview s0\n"
        for i in 1..<levels { text += "view s\(i) in s\(i - 1)\n" }
        for i in 1..<levels { text += "H:|-[s\(i)]-|\nV:|-[s\(i)]-|\n" }
        return text
    }

    func plan(_ d: Diagram, scale: Int) -> [Painter.FillPlan] {
        let s = Double(scale)
        return Painter.fillPlan(d.boxes, theme: d.options.theme, scale: s, origin: Point(x: d.bounds.minX, y: d.bounds.minY),
                                outline: max(1, (Metrics.outline * s).rounded()))
    }

    /// How many pixels the fills of a plan paint.
    func filled(_ d: Diagram, _ plan: [Painter.FillPlan], scale: Int) -> Double {
        let s = Double(scale)
        func area(_ f: Rect) -> Double { abs((f.width * s).rounded()) * abs((f.height * s).rounded()) }
        return plan.indices.reduce(0) { sum, i in
            switch plan[i] {
            case .whole: sum + area(d.boxes[i].frame)
            case .paintedOver: sum
            case .around(let hole): sum + area(d.boxes[i].frame) - area(d.boxes[hole].frame)
            }
        }
    }

    @Test func nestedViewsAreFilledAroundTheirSubview() throws {
        let d = try Diagram(root: LayoutDocument(parsing: Self.nested(60), file: "nested.layout").root, options: RenderOptions(scale: 1))
        let plan = plan(d, scale: 1)
        // The root (box 0) under nothing; s0…s57 each around its one subview; s58 around
        // nothing (s59 is 0 × 0), s59 whole.
        #expect(plan[0] == .whole)
        #expect((1...58).allSatisfy { plan[$0] == .around(hole: $0 + 1) })
        #expect(plan[59] == .whole && plan[60] == .whole)
        // The root, and rings 8 points wide down to s59: 250,125 + 944² pixels, not the sum of
        // the 60 squares (944², 928², … 0).
        #expect(filled(d, plan, scale: 1) == 1_141_261)
        #expect(filled(d, [Painter.FillPlan](repeating: .whole, count: plan.count), scale: 1) == 18_223_885)
        // Pixel for pixel what painting every view whole gives.
        #expect(DiagramImage(surface: try d.paintImage()).pixelDigest
                == DiagramImage(surface: try d.paintImage(onlyWhatShows: false)).pixelDigest)
    }

    @Test func theFixturesArePaintedAlike() throws {
        // Views under an overlay, a selection under a grid, containers filled by their content.
        var over = 0, around = 0
        for name in Support.fixtureNames + Support.screenNames {
            for scale in [1, 2, 3] {
                let d = try Diagram.fixture(name, options: RenderOptions(scale: scale))
                for p in plan(d, scale: scale) {
                    switch p {
                    case .whole: break
                    case .paintedOver: over += 1
                    case .around: around += 1
                    }
                }
                #expect(DiagramImage(surface: try d.paintImage()).pixelDigest
                        == DiagramImage(surface: try d.paintImage(onlyWhatShows: false)).pixelDigest, "\(name) at \(scale)x")
            }
        }
        #expect(over > 0 && around > 0)
    }
}

/// A large outline is stroked in four bands along its sides, which hold every pixel it touches
/// and share none.
@Suite struct OutlineBandTests {
    @Test func bandsAlongTheSides() throws {
        // A 1-pixel line on pixel centres around 10,000 × 6,000 pixels: reaching 2.5 pixels out.
        let bands = try #require(Painter.outlineBands(10.5, 20.5, 10_010.5, 6_020.5, lineWidth: 1))
        #expect(bands == [Rect(x: 8, y: 18, width: 10_005, height: 5),
                          Rect(x: 8, y: 6_018, width: 10_005, height: 5),
                          Rect(x: 8, y: 23, width: 5, height: 5_995),
                          Rect(x: 10_008, y: 23, width: 5, height: 5_995)])
        // 50,025 + 50,025 + 29,975 + 29,975 pixels masked, not 60 million.
        #expect(bands.reduce(0) { $0 + $1.width * $1.height } == 160_000)
        // Anything under 4,096 pixels a side inside is stroked whole.
        #expect(Painter.outlineBands(0.5, 0.5, 4_000.5, 9_000.5, lineWidth: 1) == nil)
    }
}
