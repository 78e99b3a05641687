import Blueprint
@testable import BlueprintRender
import Testing

/// A layout too large for any picture (a view 10¹⁵ points wide, a multiplier chain past
/// Int.max) is refused before a label is placed: an error naming the view, at once, never a
/// crash or a search over 10¹⁵ points.
@Suite struct LayoutExtentTests {
    func document(_ text: String) throws -> LayoutDocument {
        try LayoutDocument(parsing: text, file: "big.layout")
    }

    func error(_ text: String, format: RenderOptions = RenderOptions()) throws -> RenderError? {
        do {
            let diagram = try Diagram(root: try document(text).root, options: format)
            _ = try diagram.svg()
            return nil
        } catch let error as RenderError {
            return error
        }
    }

    @Test func aHugeCanvasIsRefused() throws {
        let e = try error("canvas 1000000000000000 x 1000000000000000\nview a\na.edges == root.edges\n")
        #expect(e == .layoutTooLarge(view: "root", frame: Rect(x: 0, y: 0, width: 1e15, height: 1e15), limit: 32767))
        #expect(e?.description == "the layout is too large to draw: `root` at (0, 0), 1000000000000000 x 1000000000000000 points, takes it past 32767 points per side; `blueprint solve` lists every frame")
        // Insets draw I-bars 10¹⁵ long: the diagram's index of views is never asked about them
        // (walking its cells along such a bar took for ever).
        let inset = try error("canvas 1000000000000000 x 1000000000000000\nview a\na.edges == 10\n")
        #expect(inset == .layoutTooLarge(view: "root", frame: Rect(x: 0, y: 0, width: 1e15, height: 1e15), limit: 32767))
    }

    @Test func aViewFarAwayIsNamed() throws {
        let e = try error("canvas 100 x 100\nview a size 10 x 10\nview b size 10 x 10\na.left = 0\na.top = 0\nb.left = 999999999999999\nb.top = -999999999999999\n")
        #expect(e?.description == "the layout is too large to draw: `b` at (999999999999999, −999999999999999), 10 x 10 points, takes it past 32767 points per side; `blueprint solve` lists every frame")
    }

    @Test func negativeSizesMarginsAndTheSafeAreaCount() throws {
        // Margins of 10¹⁵ on a 100-point view: its subview would be inside out, which a size
        // never is; the subview's pins to the margins give way (they live on `a`, below the
        // root's), and it sits 0 × 0 at the margins' corner.
        let inverted = try error("canvas 100 x 100\nview a margins 999999999999999\nview b in a\nb.edges == a.margins\na.edges == root.edges\n")
        #expect(inverted?.description == "the layout is too large to draw: `b` at (999999999999999, 999999999999999), 0 x 0 points, takes it past 32767 points per side; `blueprint solve` lists every frame")
        let safeArea = try error("canvas 100 x 100\nsafearea 999999999999999\nview a size 10 x 10\na.left = 0\na.top = 0\n")
        #expect(safeArea == .layoutTooLarge(view: "root (its safe area)", frame: Rect(x: 999999999999999, y: 999999999999999, width: -1999999999999898, height: -1999999999999898), limit: 32767))
    }

    @Test func aLineToMarginsPastTheirFrameIsRefused() throws {
        // Every frame is within 8 points of the origin, but n2's bottom is pinned to n1's bottom
        // margin, 10¹⁵ points above n1's 0-point frame: its broken line ran 10¹⁵ points and the
        // label placement walked its index cells for ever (5 GB and counting).
        let text = """
            stack n0 compression required alignment firstBaseline axis vertical distribution fillEqually
            view n1 in n0 margins 999999999999999 spacingAfter 0.000000000000001
            view n2 in n1
            V:|-[n0(0)]-(>=0)-[n1]-8-[n2(==n0)]-|

            """
        let e = try error(text)
        #expect(e == .lineTooLong(constraint: "n1.bottomMargin == n2.bottom (big.layout:4)", from: Point(x: 0, y: -999999999999991),
                                  to: Point(x: 0, y: 16), limit: 65534))
        #expect(e?.description == "the layout is too large to draw: the line of n1.bottomMargin == n2.bottom (big.layout:4) runs from (0, −999999999999991) to (0, 16), past 65534 points per side: margins larger than their view reach past its frame")
    }

    @Test func multipliedPastIntMaxIsAnErrorNotACrash() throws {
        // 10¹⁵ × 10¹⁵ × 10: the size badge once converted this to Int and trapped.
        let e = try error("canvas 100 x 100\nview a\nview b\nview c\na.width == b.width * 999999999999999\nb.width == c.width * 999999999999999\nc.width == 10\n"
            + "a.left = 0\nb.left = 0\nc.left = 0\na.top = 0\nb.top = 0\nc.top = 0\na.height == 1\nb.height == 1\nc.height == 1\n")
        guard case let .layoutTooLarge(view, frame, 32767) = e else { Issue.record("\(String(describing: e))"); return }
        #expect(view == "a" && frame.width > 9e30)
    }

    @Test func theLimitItselfIsDrawn() throws {
        // 32767 points of layout at scale 1 plus the border is too many pixels, but the
        // vector formats draw it: the limit is on the layout, the pixel limit is the image's.
        let text = "canvas 32767 x 10\nview a\na.edges == root.edges\n"
        #expect(try error(text, format: RenderOptions(scale: 1)) == nil)
        let d = try Diagram(root: try document(text).root, options: RenderOptions(scale: 1))
        #expect(throws: RenderError.self) { _ = try d.png() }
    }

    @Test func diagramNumbersBeyondIntegerHundredths() {
        #expect(formatNumber(1e13) == "10000000000000")
        #expect(formatNumber(-1e15) == "−1000000000000000")
        #expect(formatNumber(1e20) == "1e+20")
        #expect(formatNumber(.infinity) == "inf")
        #expect(formatNumber(-.infinity) == "−inf")
        #expect(formatNumber(.nan) == "nan")
        #expect(formatNumber(9_999_999_999_999.5) == "9999999999999.5")
        #expect(formatNumber(12.5) == "12.5")
    }
}
