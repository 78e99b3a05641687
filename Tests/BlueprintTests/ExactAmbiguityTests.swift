import Testing
import Blueprint

/// Ambiguity is exact (issue 15): a degenerate optimum (several constraints binding at once) is
/// not ambiguity, and a view that only several parameters moved together can shift is.
@Suite("Ambiguity: exact, in layouts")
struct ExactAmbiguityTests {
    func laidOut(_ text: String) throws -> LayoutDocument {
        let d = try LayoutDocument(parsing: text, file: "x.layout")
        d.root.layoutIfNeeded()
        return d
    }

    func frames(_ d: LayoutDocument, _ names: [String]) -> [Rect?] { names.map { d.view(named: $0)?.frame } }

    /// A card's bottom is `>=` its image's bottom and `==` its subtitle's bottom at 750; the
    /// image is exactly as tall as title and subtitle, so both bind at once (a degenerate
    /// optimum). Every frame is fixed and nothing is reported.
    static let card = """
        canvas 375 x 667
        view card
        view image in card
        view title in card label "Title" font 17
        view subtitle in card label "Subtitle" font 13 hugging 251
        card.top == superview.top + 20
        card.leading == superview.leading + 16
        card.trailing == superview.trailing - 16
        image.leading == card.leading + 12
        image.top == card.top + 12
        image.width == 40
        image.height == 40
        title.leading == image.trailing + 12
        title.trailing == card.trailing - 12
        title.top == card.top + 12
        subtitle.leading == title.leading
        subtitle.trailing == title.trailing
        subtitle.top == title.bottom + 4
        card.bottom >= image.bottom + 12
        card.bottom == subtitle.bottom + 12 ~ 750
        title.height >= 20
        """

    @Test func aDegenerateCardIsNotAmbiguous() throws {
        let d = try laidOut(Self.card)
        #expect(frames(d, ["card", "image", "title", "subtitle"]) == [
            Rect(x: 16, y: 20, width: 343, height: 65), Rect(x: 12, y: 12, width: 40, height: 40),
            Rect(x: 64, y: 12, width: 267, height: 21), Rect(x: 64, y: 37, width: 267, height: 16),
        ])
        #expect(d.root.layoutReport.ambiguous.isEmpty)
        #expect(d.root.layoutReport.broken.isEmpty)
    }

    /// The same card with a taller image and equal hugging: title and subtitle must stretch by
    /// 20 together, and either can take it at the same cost: both are ambiguous.
    @Test func equalHuggingStretchIsAmbiguous() throws {
        let text = Self.card
            .replacingOccurrences(of: " hugging 251", with: "")
            .replacingOccurrences(of: "image.height == 40", with: "image.height == 60")
        let d = try laidOut(text)
        #expect(d.root.layoutReport.ambiguous.map(\.description) == [
            "title: height is ambiguous", "subtitle: vertical position and height are ambiguous",
        ])
    }

    /// a and b are kept equally wide by two inequalities (neither width can grow alone), c
    /// takes the rest: a and b can grow together while c shrinks, at no cost.
    @Test func widthsThatOnlyMoveTogetherAreAmbiguous() throws {
        let d = try laidOut("""
            canvas 200 x 100
            view a
            view b
            view c
            a.top == superview.top
            b.top == superview.top
            c.top == superview.top
            a.height == 10
            b.height == 10
            c.height == 10
            a.leading == superview.leading
            b.leading >= a.trailing
            c.leading >= b.trailing
            b.leading <= a.trailing
            c.leading <= b.trailing
            a.width >= 10
            b.width >= 10
            c.width >= 10
            c.trailing == superview.trailing ~ 500
            a.width <= b.width
            b.width <= a.width
            """)
        #expect(frames(d, ["a", "b", "c"]) == [
            Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 10, y: 0, width: 10, height: 10),
            Rect(x: 20, y: 0, width: 180, height: 10),
        ])
        #expect(d.root.layoutReport.ambiguous.map(\.description) == [
            "a: width is ambiguous", "b: horizontal position and width are ambiguous",
            "c: horizontal position and width are ambiguous",
        ])
    }
}
