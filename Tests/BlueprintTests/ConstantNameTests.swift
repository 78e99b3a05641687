import Testing
import Blueprint

/// A constraint remembers the `let` metric its constant was written as
/// (``LayoutConstraint/constantName``), in both text formats, so a diagram can say `pad 20`.
@Suite("Layout files: the metric behind a constant")
struct ConstantNameTests {
    func parse(_ text: String) throws(SourceDiagnostics) -> LayoutDocument {
        try LayoutDocument(parsing: text, file: "x.layout")
    }

    /// Each constraint as `description → name`, in file order.
    func names(_ d: LayoutDocument) -> [String] {
        d.constraints.map { "\($0.firstItem.name).\($0.firstAttribute) \($0.constant) → \($0.constantName ?? "nil")" }
    }

    @Test func expressionsNameTheirMetric() throws {
        let d = try parse("""
            let pad = 20
            let rowHeight = 44
            view card
            view title in card
            view badge in card
            title.leading == superview.leading + pad
            title.trailing <= superview.trailing - pad
            title.top == superview.top + 8
            title.height == rowHeight
            badge.width == title.width * 0.5 + pad
            badge.edges == title.edges
            """)
        #expect(names(d) == [
            "title.leading 20.0 → pad",
            "title.trailing -20.0 → pad",
            "title.top 8.0 → nil",
            "title.height 44.0 → rowHeight",
            "badge.width 20.0 → pad",
            "badge.top 0.0 → nil", "badge.left 0.0 → nil", "badge.bottom -0.0 → nil", "badge.right -0.0 → nil",
        ])
    }

    @Test func compoundInsetsNameEveryPart() throws {
        let d = try parse("""
            let inset = 12
            view card
            view content in card
            content.edges == superview.edges - inset
            """)
        #expect(d.constraints.count == 4)
        #expect(d.constraints.allSatisfy { $0.constantName == "inset" && abs($0.constant) == 12 })
    }

    @Test func aConstantOnTheLeftOrMultipliedIsNotNamed() throws {
        let d = try parse("""
            let pad = 20
            view card
            view title in card
            2 * title.leading == superview.leading + pad
            """)
        // The constant is pad / 2: no longer the metric.
        #expect(names(d) == ["title.leading 10.0 → nil"])
    }

    @Test func visualFormatNamesSpacingsAndSizes() throws {
        let d = try parse("""
            let pad = 16
            let gap = 8
            let w = 100
            view a
            view b
            H:|-pad-[a(w)]-gap-[b(>=w)]-|
            """)
        #expect(d.constraints.count == 5)
        #expect(d.constraints.filter { $0.constantName == "pad" }.map(\.constant) == [16])
        #expect(d.constraints.filter { $0.constantName == "gap" }.map(\.constant) == [8])
        #expect(d.constraints.filter { $0.constantName == "w" }.map(\.constant) == [100, 100])
        #expect(d.constraints.filter { $0.constantName == nil }.count == 1)
    }

    @Test func changingTheConstantForgetsTheName() throws {
        let d = try parse("""
            let pad = 20
            view card
            view title in card
            title.leading == superview.leading + pad
            """)
        let c = try #require(d.constraints.first)
        #expect(c.constantName == "pad")
        try c.setConstant(20)
        #expect(c.constantName == "pad", "the same value keeps it")
        try c.setConstant(24)
        #expect(c.constantName == nil)
    }
}
