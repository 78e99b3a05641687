import Testing
import Blueprint

/// ``LayoutReport/summaryLines``: one line per problem, each kind once, in a fixed order.
@Suite("Reports: one line per problem")
struct ReportLinesTests {
    /// A row of two 50-wide boxes in 300 (a tie, which leaves their widths ambiguous too), a
    /// conflicting width, a box with a free position, a guide running backwards (a view's size
    /// is never negative: the same pins on a view conflict) and a refused constant: every kind
    /// of line, in order.
    @Test func everyKindOfProblemInOrder() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let title = View(name: "title"), detail = View(name: "detail")
        let wide = View(name: "wide"), loose = View(name: "loose"), back = LayoutGuide(identifier: "back")
        for v in [title, detail] { v.explicitIntrinsicContentSize = Size(width: 50, height: 20) }
        for v in [title, detail, wide, loose] { root.addSubview(v) }
        root.addLayoutGuide(back)
        try activate([wide.width == 40, wide.width == 60, wide.left == root.left, wide.top == root.top + 30]); let conflictLine = #line
        try activate([
            title.leading == root.leading, detail.leading == title.trailing, detail.trailing == root.trailing,
            title.top == root.top, detail.top == root.top,
            loose.size == Size(10, 10), loose.top == root.top + 50,
            back.left == root.left + 100, back.right == root.left + 88, back.top == root.top + 80, back.height == 5,
        ])
        let spacing = wide.height == 10
        spacing.isActive = true
        spacing.constant = .nan
        root.layoutIfNeeded()
        let report = root.layoutReport
        let tie = try #require(report.ties.first)
        #expect(report.summaryLines == [
            "broken: wide.width == 60 (ReportLinesTests.swift:\(conflictLine))",
            "ambiguous: title: width is ambiguous",
            "ambiguous: detail: horizontal position and width are ambiguous",
            "ambiguous: loose: horizontal position is ambiguous",
            "tie: title and detail have the same horizontal hugging priority (250); title was stretched, but either could be: raise one's hugging priority",
            "negative size: back: width is negative (-12)",
            "refused: the constant is not a finite number in `wide.height == 10`",
        ])
        #expect(tie.summary == String(tie.description.dropFirst("Content priority ambiguity: ".count)))
    }

    @Test func aCleanReportHasNoLines() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let box = View(name: "box")
        root.addSubview(box)
        try activate([box.left == root.left, box.top == root.top, box.size == Size(10, 10)])
        root.layoutIfNeeded()
        #expect(root.layoutReport.isClean)
        #expect(root.layoutReport.summaryLines.isEmpty)
    }
}
