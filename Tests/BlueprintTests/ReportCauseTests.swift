import Testing
import Blueprint

/// Reports that name causes: equal content priorities that had to give way (with both names
/// and the fix), and negative sizes.
@Suite("Reports: priority ties and negative sizes")
struct ReportCauseTests {
    func row(width: Double) throws -> (View, View, View) {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: width, height: 100))
        let title = View(name: "title"), detail = View(name: "detail")
        for v in [title, detail] {
            v.explicitIntrinsicContentSize = Size(width: 50, height: 20)
            root.addSubview(v)
        }
        try activate([
            title.leading == root.leading, detail.leading == title.trailing, detail.trailing == root.trailing,
            title.top == root.top, detail.top == root.top,
        ])
        root.layoutIfNeeded()
        return (root, title, detail)
    }

    @Test func twoEqualHuggingsStretchedAcrossARow() throws {
        let (root, title, detail) = try row(width: 300)
        let ties = root.layoutReport.ties
        try #require(ties.count == 1)
        let tie = ties[0]
        #expect(Set([tie.yielded.name, tie.kept.name]) == ["title", "detail"])
        #expect(tie.kind == .hugging && tie.axis == .horizontal && tie.priority == .defaultLow)
        #expect(tie.description == "Content priority ambiguity: \(tie.yielded.name) and \(tie.kept.name) have the same horizontal hugging priority (250); \(tie.yielded.name) was stretched, but either could be: raise one's hugging priority")
        #expect(!root.layoutReport.isClean)

        detail.setContentHuggingPriority(251, for: .horizontal)
        root.layoutIfNeeded()
        #expect(title.frame.width == 250)
        #expect(root.layoutReport.ties.isEmpty)
    }

    @Test func twoEqualCompressionResistancesSqueezed() throws {
        let (root, title, detail) = try row(width: 80)
        let ties = root.layoutReport.ties
        try #require(ties.count == 1)
        #expect(ties[0].kind == .compressionResistance && ties[0].priority == .defaultHigh)
        #expect(ties[0].description.hasSuffix("was compressed, but either could be: raise one's compression resistance priority"))

        title.setContentCompressionResistancePriority(751, for: .horizontal)
        root.layoutIfNeeded()
        #expect(detail.frame.width == 30)
        #expect(root.layoutReport.isClean)
    }

    @Test func aRowThatFitsHasNoTie() throws {
        let (root, _, _) = try row(width: 100)
        #expect(root.layoutReport.isClean)
    }

    @Test func aRivalWhoseWidthIsRequiredIsNotATie() throws {
        // An avatar at its intrinsic 64 and pinned to 64 beside a name squeezed below its own:
        // both resist compression at 750, but the avatar could not have given way.
        let (root, title, detail) = try row(width: 80)
        detail.explicitIntrinsicContentSize = Size(width: 64, height: 20)
        try activate([detail.width == 64])
        root.layoutIfNeeded()
        #expect(title.frame.width == 16)
        #expect(root.layoutReport.ties.isEmpty)
        #expect(root.layoutReport.isClean)
    }

    /// A view stretched by a bound it is at (a button held at 64 by `width >= 64`) could not
    /// have stayed at its natural width: no tie with its neighbour, exit 0 for the file.
    @Test func aViewAtARequiredBoundIsNotATie() throws {
        let document = try LayoutDocument(parsing: """
            canvas 300 x 60
            view title label "Library" font 17
            view button label "Select" font 15
            title.leading == superview.leading + 16
            title.top == superview.top + 10
            button.trailing == superview.trailing - 16
            button.centerY == title.centerY
            button.width >= 64
            """, file: "bar.layout")
        document.root.layoutIfNeeded()
        let button = try #require(document.view(named: "button"))
        #expect(button.frame.width == 64)
        #expect(button.intrinsicContentSize.width < 64)
        #expect(document.root.layoutReport.ties.isEmpty)
        #expect(document.root.layoutReport.isClean)
    }

    /// A rival held at its length by a constraint above the content priority (a hairline's
    /// `height == 1 ~ 999`) could not have stretched instead: no tie.
    @Test func aRivalHeldAboveTheContentPriorityIsNotATie() throws {
        let text = """
            canvas 200 x 60
            stack col axis vertical
            view line in col size none x 1
            view text in col label "Hello" font 17
            col.edges == superview.edges
            line.height == 1 ~ 999
            """
        let document = try LayoutDocument(parsing: text, file: "hairline.layout")
        document.root.layoutIfNeeded()
        #expect(document.view(named: "text")?.frame == Rect(x: 0, y: 1, width: 200, height: 59))
        #expect(document.root.layoutReport.isClean)
        // Without it, the two equal huggings are a tie, as before.
        let loose = try LayoutDocument(parsing: text.replacing("line.height == 1 ~ 999", with: ""), file: "hairline.layout")
        loose.root.layoutIfNeeded()
        #expect(loose.root.layoutReport.ties.count == 1)
    }

    /// A column's width shared across rows (`a1.width == a0.width`, installed on the root, the
    /// rows' common ancestor) holds the stretched label of the second row: its neighbour at
    /// the same hugging could not have stretched instead. Only constraints on the views and
    /// their superview were read: a false tie, and exit 1 for a correct layout.
    @Test func aLengthHeldByAConstraintOnAnAncestorIsNotATie() throws {
        let text = """
            canvas 300 x 120
            stack r0 spacing 8
            view a0 in r0 label "Today" hugging 251
            view f0 in r0 size none x 20
            stack r1 spacing 8
            view a1 in r1 label "Tue" hugging 251
            view b1 in r1 size 28 x 28 hugging 251
            view f1 in r1 size none x 20
            H:|[r0]|
            H:|[r1]|
            V:|[r0]-[r1]
            a0.width == 80
            a1.width == a0.width
            """
        let document = try LayoutDocument(parsing: text, file: "columns.layout")
        document.root.layoutIfNeeded()
        #expect(document.view(named: "a1")?.frame == Rect(x: 0, y: 0, width: 80, height: 28))
        #expect(document.view(named: "b1")?.frame.width == 28)
        #expect(document.root.layoutReport.ties.isEmpty)
        #expect(document.root.layoutReport.isClean)
        // Without the shared width, "Tue" at its own width and the spare room to f1: no tie either.
        let loose = try LayoutDocument(parsing: text.replacing("a1.width == a0.width", with: "a1.width >= 30"), file: "columns.layout")
        loose.root.layoutIfNeeded()
        #expect(loose.view(named: "a1")?.frame.width == 30)
        #expect(loose.root.layoutReport.isClean)
    }

    @Test func aFillEquallyStackIsNotATie() throws {
        let a = View(name: "a"), b = View(name: "b")
        a.explicitIntrinsicContentSize = Size(width: 30, height: 20)
        b.explicitIntrinsicContentSize = Size(width: 60, height: 20)
        let stack = StackView(name: "row", arrangedSubviews: [a, b])
        stack.distribution = .fillEqually
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 100))
        root.addSubview(stack)
        try activate([stack.leading == root.leading, stack.top == root.top])
        root.layoutIfNeeded()
        #expect(a.frame.width == 60)
        #expect(root.layoutReport.isClean)
    }

    /// UIKit's sizes are never negative: edges pinned past each other conflict, with the bound
    /// listed, and the size stays at 0.
    @Test func aNegativeSizeIsAConflict() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let badge = View(name: "badge")
        root.addSubview(badge)
        try activate([badge.leading == root.leading + 60, badge.trailing == root.leading + 48, badge.top == root.top, badge.height == 10]); let line = #line
        root.layoutIfNeeded()
        let report = root.layoutReport
        #expect(report.negativeSizes.isEmpty)
        #expect(badge.frame == Rect(x: 60, y: 0, width: 0, height: 10))
        #expect(report.conflicts.map(\.constraints) == [[
            "badge.width >= 0 (a size is never negative)",
            "badge.leading == root.leading + 60 (ReportCauseTests.swift:\(line))",
            "badge.trailing == root.leading + 48 (ReportCauseTests.swift:\(line))",
        ]])
        #expect(report.conflicts.first?.brokenDescription == "badge.trailing == root.leading + 48 (ReportCauseTests.swift:\(line))")
    }

    /// One conflict breaks one constraint: the solver's conflict set held both `r.height == 0`
    /// and `r`'s bound, so breaking the height (on the view furthest down) did not end it and
    /// `a.height == 80` was broken too; the height that turned out not to be needed is put back.
    @Test func oneConflictBreaksOneConstraint() throws {
        let document = try LayoutDocument(bytes: Array("""
            canvas 200 x 100
            view a
            view m
            view r
            H:|[a]|
            H:|[m]|
            H:|[r]|
            V:|-10-[a]
            a.height == 80
            V:[a]-10-[m]
            V:[m]-0-[r]
            r.height == 0
            V:[r]-5-|

            """.utf8), file: "n13.layout")
        document.root.layoutIfNeeded()
        let report = document.root.layoutReport
        #expect(report.broken.map(\.formula) == ["a.height == 80"])
        #expect(report.conflicts.count == 1)
        #expect(document.view(named: "r")?.frame == Rect(x: 0, y: 95, width: 200, height: 0))
    }

    /// A row of `n` views 20 wide, edge to edge, pinned to both sides of a canvas 400 wide:
    /// the widths (each on its own view, so each is broken before the row's pins) are added
    /// first, the trailing pin last.
    static func tightRow(_ n: Int) throws -> LayoutDocument {
        var lines = ["canvas 400 x 100"] + (0..<n).map { "view v\($0)" }
        lines += (0..<n).flatMap { ["v\($0).width == 20", "v\($0).height == 10", "v\($0).top == 0"] }
        lines += ["v0.leading == root.leading"] + (1..<n).map { "v\($0).leading == v\($0 - 1).trailing" }
        lines += ["v\(n - 1).trailing == root.trailing"]
        return try LayoutDocument(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), file: "row.layout")
    }

    /// Forty views in a row that holds twenty: the last twenty widths are broken in turn (each
    /// one a conflict of its own, with its own report), and the row fits.
    @Test func aRowThatFitsOnceSomeWidthsBreakBreaksThem() throws {
        let document = try Self.tightRow(40)
        document.root.layoutIfNeeded()
        let report = document.root.layoutReport
        #expect(report.broken.map(\.formula) == (20..<40).map { "v\($0).width == 20" })
        #expect(report.conflicts.map(\.brokenDescription) == (20..<40).map { "v\($0).width == 20 (row.layout:\(2 + 40 + 3 * $0))" })
        #expect(document.view(named: "v19")?.frame == Rect(x: 380, y: 0, width: 20, height: 10))
        #expect(document.view(named: "v39")?.frame == Rect(x: 400, y: 0, width: 0, height: 10))
    }

    /// Eighty views in a row that holds twenty: past 32 widths broken in turn the conflict is
    /// the trailing pin's own, which is broken instead; every width is put back. (Breaking
    /// the sixty widths it would take, each time through the whole row, grew as N³.)
    @Test func aConflictThatManyBreaksDoNotEndBreaksTheNewConstraint() throws {
        let document = try Self.tightRow(80)
        document.root.layoutIfNeeded()
        let report = document.root.layoutReport
        #expect(report.broken.map(\.formula) == ["v79.trailing == root.trailing"])
        #expect(report.conflicts.count == 1)
        // As first met: the root's width, the 80 widths, the 80 pins along the row, the trailing pin.
        #expect(report.conflicts.first?.constraints.count == 162)
        #expect(report.conflicts.first?.constraints.contains("v79.width == 20 (row.layout:319)") == true)
        #expect(document.view(named: "v79")?.frame == Rect(x: 1580, y: 0, width: 20, height: 10))
    }

    /// Many views below 0 at once (a cycle of widths each one wider than the next): every view
    /// is bounded, one constraint is broken, and no size is left below 0.
    @Test func manyNegativeSizesAtOnceAreAllBounded() throws {
        let n = 20
        var lines = ["canvas 300 x 300"] + (0..<n).map { "view v\($0)" }
        lines += (0..<n).map { "v\($0).width == v\(($0 + 1) % n).width + 1" }
        lines += (0..<n).flatMap { ["v\($0).height = 1", "v\($0).left = 0", "v\($0).top = 0"] }
        let document = try LayoutDocument(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), file: "cycle.layout")
        document.root.layoutIfNeeded()
        let report = document.root.layoutReport
        #expect(report.negativeSizes.isEmpty)
        #expect(report.broken.map(\.formula) == ["v19.width == v0.width + 1"])
        #expect(document.view(named: "v0")?.frame.width == 19)
        #expect(document.view(named: "v19")?.frame.width == 0)
    }

    /// An optional constraint that would take a size below 0 leaves it at 0, with no conflict;
    /// a view that never went below 0 is not bounded (its size is free to follow a change).
    @Test func anOptionalPullBelowZeroStopsAtZero() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let bar = View(name: "bar"), other = View(name: "other")
        root.addSubview(bar)
        root.addSubview(other)
        let pull = (bar.width == -30) ~ .defaultLow
        try activate([bar.leading == root.leading, bar.top == root.top, bar.height == 4, pull,
                      other.leading == root.leading, other.top == root.top + 10, other.height == 4, other.width == 20])
        root.layoutIfNeeded()
        #expect(bar.frame == Rect(x: 0, y: 0, width: 0, height: 4))
        #expect(other.frame == Rect(x: 0, y: 10, width: 20, height: 4))
        #expect(root.layoutReport.conflicts.isEmpty)
        #expect(root.layoutReport.negativeSizes.isEmpty)
        // The bound stays: a later pull to 12 moves it, a pull to -5 keeps it at 0.
        pull.constant = 12
        root.layoutIfNeeded()
        #expect(bar.frame.width == 12)
        pull.constant = -5
        root.layoutIfNeeded()
        #expect(bar.frame.width == 0)
    }

    /// In a long tree an incremental change checks the views it names and their subviews: a
    /// cell resized to 0 wide (UIKit's `UIView-Encapsulated-Layout-Width == 0`) makes its
    /// content's pins conflict, after a constant change as after a build.
    @Test func aCellResizedToZeroConflictsInALongTree() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        var rows: [LayoutConstraint] = []
        for i in 0..<600 {
            let row = View(name: "row\(i)")
            root.addSubview(row)
            rows += [row.left == root.left, row.top == root.top + Double(i), row.width == 10, row.height == 1]
        }
        let cell = View(name: "cell"), label = View(name: "label")
        root.addSubview(cell)
        cell.addSubview(label)
        let width = cell.width == 200
        try activate(rows + [cell.left == root.left + 100, cell.top == root.top, width, cell.height == 44,
                             label.leading == cell.leading + 15, label.trailing == cell.trailing - 15,
                             label.top == cell.top, label.height == 20])
        root.layoutIfNeeded()
        #expect(label.frame.width == 170)
        #expect(root.layoutReport.conflicts.isEmpty)
        width.constant = 0
        root.layoutIfNeeded()
        #expect(label.frame.width == 0)
        #expect(root.layoutReport.conflicts.map(\.brokenDescription).count == 1)
        #expect(root.layoutReport.negativeSizes.isEmpty)
    }

    @Test func framesMultipliedPastTheLargestNumberAreReported() throws {
        // 10 × (10¹⁵)²¹ is past Double's largest: the widths from v21 on are infinite.
        var text = "canvas 100 x 100\n"
        for i in 0..<23 { text += "view v\(i)\nv\(i).left = 0\nv\(i).top = 0\nv\(i).height == 1\n" }
        for i in 1..<23 { text += "v\(i).width == v\(i - 1).width * 999999999999999\n" }
        text += "v0.width == 10\n"
        let document = try LayoutDocument(parsing: text, file: "chain.layout")
        document.root.layoutIfNeeded()
        let report = document.root.layoutReport
        #expect(!report.isClean)
        #expect(report.negativeSizes.isEmpty)
        #expect(report.nonFiniteFrames.map(\.description) == [
            "v21: width is inf: its constraints multiply it past the largest number",
            "v22: width is inf: its constraints multiply it past the largest number",
        ])
        #expect(report.summaryLines == report.nonFiniteFrames.map { "not finite: \($0)" })
        #expect(report.description == "Frames that are not finite numbers:\n    v21: width is inf: its constraints multiply it past the largest number\n    v22: width is inf: its constraints multiply it past the largest number")
    }
}
