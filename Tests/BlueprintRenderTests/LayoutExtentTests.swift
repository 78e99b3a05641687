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
