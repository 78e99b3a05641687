import Testing
import Blueprint

/// A non-root view's safe-area guide and any view's readable-content guide follow from the
/// view's frame, as in UIKit: using them never changes the view's size (they used to be kept on
/// the view by a preference above every user priority, which an optional size gave way to).
@Suite("Safe-area and readable-content guides follow their views")
struct DerivedGuideTests {
    func parse(_ text: String) throws(SourceDiagnostics) -> LayoutDocument {
        try LayoutDocument(parsing: text, file: "x.layout")
    }

    /// A screen 300 x 400 with 50 points unsafe above and below, a full-width `content` at its
    /// top with the child `child` declared by `declaration`, then `lines`.
    func content(with declaration: String, _ lines: String) throws(SourceDiagnostics) -> LayoutDocument {
        try parse("""
            canvas 300 x 400
            safearea 50 0 50 0
            view content
            \(declaration)
            content.top == root.top
            content.leading == root.leading
            content.width == root.width
            \(lines)
            """)
    }

    /// A scroll view's content wants 1000 points at 750; a badge pinned to its safe-area top
    /// does not cut it to the screen's safe area (it came out 350 high).
    @Test func anOptionalHeightIsNotCutToTheSafeArea() throws {
        let d = try content(with: "view badge in content size 20 x 20", """
            content.height == 1000 ~ 750
            badge.top == content.safeArea.top
            badge.leading == content.leading
            """)
        d.root.layoutIfNeeded()
        let content = d.view(named: "content")!
        #expect(content.frame == Rect(x: 0, y: 0, width: 300, height: 1000))
        #expect(d.view(named: "badge")!.frame == Rect(x: 0, y: 50, width: 20, height: 20))
        // The part of the content inside the safe area: 50 below its top, 650 above its bottom.
        #expect(content.safeAreaLayoutGuide.layoutFrame == Rect(x: 0, y: 50, width: 300, height: 300))
        #expect(d.root.layoutReport.isClean)
    }

    /// A child's intrinsic height under the content's safe-area top keeps its 500 (it was
    /// compressed to 300), and the content grows around it.
    @Test func aChildUnderTheGuideKeepsItsIntrinsicSize() throws {
        let d = try content(with: "view a in content size 100 x 500", """
            a.top == content.safeArea.top
            a.leading == content.leading
            content.bottom == a.bottom
            """)
        d.root.layoutIfNeeded()
        #expect(d.view(named: "content")!.frame == Rect(x: 0, y: 0, width: 300, height: 550))
        #expect(d.view(named: "a")!.frame == Rect(x: 0, y: 50, width: 100, height: 500))
        #expect(d.root.layoutReport.isClean)
    }

    /// The guide is settled again when its view moves: incremental changes move its insets.
    @Test func theGuideFollowsItsViewAcrossLayouts() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 375, height: 667))
        root.safeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
        let bar = View(name: "bar"), inner = View(name: "inner")
        root.addSubview(bar)
        bar.addSubview(inner)
        let top = bar.top == root.top + 10
        try activate([top, bar.leading == root.leading, bar.trailing == root.trailing, bar.height == 91])
        try activate([inner.edges == bar.safeAreaLayoutGuide.edges])
        root.layoutIfNeeded()
        // The bar spans 10…101: 37 of it above the safe area (frames in the bar's coordinates).
        #expect(inner.frame == Rect(x: 0, y: 37, width: 375, height: 54))
        try top.setConstant(60)
        root.layoutIfNeeded()
        #expect(inner.frame == Rect(x: 0, y: 0, width: 375, height: 91))
        try top.setConstant(600)
        root.layoutIfNeeded()
        // 600…691 reaches 58 past the safe area's bottom at 633.
        #expect(inner.frame == Rect(x: 0, y: 0, width: 375, height: 33))
        #expect(bar.safeAreaLayoutGuide.layoutFrame == Rect(x: 0, y: 0, width: 375, height: 33))
    }

    /// A view whose size depends on its own safe-area guide settles where UIKit's passes do.
    @Test func aViewSizedByItsOwnGuideSettles() throws {
        let d = try parse("""
            canvas 300 x 400
            safearea 40 0 0 0
            view header
            view title in header size 100 x 30
            header.top == root.top
            header.leading == root.leading
            header.width == root.width
            title.top == header.safeArea.top + 8
            title.leading == header.leading + 16
            header.bottom == title.bottom + 8
            """)
        d.root.layoutIfNeeded()
        #expect(d.view(named: "header")!.frame == Rect(x: 0, y: 0, width: 300, height: 86))
        #expect(d.view(named: "title")!.frame == Rect(x: 16, y: 48, width: 100, height: 30))
        #expect(d.root.layoutReport.isClean)
    }

    /// A view that wants to be wider than the readable width at 750 stays as wide; the guide is
    /// 672 wide, centred in its margins (the preference used to narrow the view to 688).
    @Test func theReadableGuideDoesNotNarrowItsView() throws {
        let d = try parse("""
            canvas 1200 x 300
            view card
            view text in card size 10 x 20
            card.top == root.top
            card.leading == root.leading
            card.width == 1000 ~ 750
            card.height == 100
            text.leading == card.readableContent.leading
            text.trailing == card.readableContent.trailing
            text.top == card.readableContent.top
            """)
        d.root.layoutIfNeeded()
        let card = d.view(named: "card")!
        #expect(card.frame == Rect(x: 0, y: 0, width: 1000, height: 100))
        // Margins 8: 984 within them, 312 over 672, 156 on each side.
        #expect(d.view(named: "text")!.frame == Rect(x: 164, y: 8, width: 672, height: 20))
        #expect(card.readableContentGuide.layoutFrame == Rect(x: 164, y: 8, width: 672, height: 84))
        #expect(d.root.layoutReport.isClean)
    }

    /// A conflict through a derived guide names its pin with the inset it has once settled.
    @Test func aConflictNamesThePinWithItsInset() throws {
        let d = try content(with: "view badge in content size 20 x 20", """
            content.height == 300
            badge.top == content.safeArea.top
            badge.bottom == content.safeArea.bottom
            badge.leading == content.leading
            badge.height == 20
            """)
        d.root.layoutIfNeeded()
        let report = d.root.layoutReport
        #expect(report.broken.map(\.formula) == ["badge.height == 20"])
        #expect(report.conflicts.first?.constraints.first == "content.safeAreaLayoutGuide.height == content.height - 50 (safe area)")
        #expect(d.view(named: "badge")!.frame == Rect(x: 0, y: 50, width: 20, height: 250))
    }

    /// A banner as wide as its text, the text held to the banner's readable guide: each pass
    /// widens the guide, which widens the banner. It does not settle, and says so.
    @Test func aViewSizedByItsReadableGuideIsReported() throws {
        let d = try parse("""
            canvas 1366 x 1024
            view banner
            view title in banner label "A long headline that is wider than the readable width of six hundred and seventy-two points" font 22
            banner.leading == 0
            banner.top == 20
            title.leading == banner.readableContent.leading
            title.trailing == banner.readableContent.trailing
            title.top == banner.margins.top
            banner.bottom == title.bottom + 8
            """)
        d.root.layoutIfNeeded()
        let report = d.root.layoutReport
        #expect(report.conflicts.map(\.brokenDescription) == [
            "none: banner.readableContentGuide did not settle in 8 layout passes (its view is placed or sized from the guide, whose insets follow the view); the last pass's frames are shown",
        ])
        // Told as what it is, not as a conflict with nothing broken.
        let entry = try #require(report.conflicts.first)
        #expect(entry.unsettledGuide == "banner.readableContentGuide")
        #expect(entry.description.hasPrefix("""
            A layout guide did not settle: banner.readableContentGuide
                Its view is placed or sized from the guide, and the guide's insets follow the view's frame, so
                no inset holds still; the frames of the last of 8 layout passes are shown.
            """))
        #expect(!entry.description.contains("Unable to simultaneously satisfy constraints"))
        #expect(entry.description.hasSuffix("""
                "title.leading == banner.readableContentGuide.leading (x.layout:6)",
                "title.trailing == banner.readableContentGuide.trailing (x.layout:7)"
            )
            """))
        #expect(report.summaryLines == [
            "unsettled: banner.readableContentGuide did not settle in 8 layout passes (its view is placed or sized from the guide, whose insets follow the view)",
        ])
        #expect(report.problemSummary == "1 guide that did not settle")
    }

    /// A view placed from its own safe-area guide through a multiplier has no inset that holds
    /// (the passes swing between two): the layout is reported, not called clean.
    @Test func aGuideThatDoesNotSettleIsReported() throws {
        let d = try parse("""
            canvas 390 x 844
            safearea 47 0 34 0
            view card
            view s
            card.leading == 0
            card.width == 100
            card.height == 100
            s.leading == 200
            s.width == 10
            s.height == 10
            s.top == card.safeArea.top
            card.top == s.top * 2:3 + 10
            """)
        d.root.layoutIfNeeded()
        let report = d.root.layoutReport
        #expect(!report.isClean)
        #expect(report.conflicts.count == 1)
        #expect(report.conflicts.first?.broken == nil)
        #expect(report.conflicts.first?.brokenDescription.hasPrefix("none: card.safeAreaLayoutGuide did not settle in 8 layout passes") == true)
        #expect(report.conflicts.first?.constraints.last == "s.top == card.safeAreaLayoutGuide.top (x.layout:11)")
    }
}
