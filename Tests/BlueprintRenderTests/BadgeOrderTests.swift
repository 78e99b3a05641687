import Blueprint
@testable import BlueprintRender
import Foundation
import Testing

/// Size badges are placed innermost first, and a badge with no room at its size takes the
/// same places a size smaller before it goes on a leader.
@Suite struct BadgeOrderTests {
    func frame(_ d: Diagram, _ name: String) throws -> Rect {
        try #require(d.boxes.first { $0.name == name }).frame
    }

    /// The tab bar's tabs are full; their fold tags hang from the bar's bottom edge. The
    /// library tab's, between the search tab's tag and the library title's name, has 58.66
    /// points where it needs 59.31: it hangs there a size smaller, with no leader. The bar's
    /// `h 49` comes after the tabs' tags (its view holds theirs) and hangs under the home tab.
    @Test func aFoldTagWithNoRoomGoesASizeSmallerUnderItsTab() throws {
        let d = try Diagram.fixture("screens/tab-bar")
        let bar = try frame(d, "tabBar"), home = try frame(d, "homeTab"), search = try frame(d, "searchTab"), library = try frame(d, "libraryTab")
        let tags = d.texts.filter { $0.text == "as homeTab" }.sorted { $0.rect.minX < $1.rect.minX }
        try #require(tags.count == 4)
        let searchTag = tags[0], libraryTag = tags[1]
        let name = try #require(d.texts.first { $0.text == "libraryTabTitle" })
        #expect(searchTag.owners == [search] && !searchTag.small && searchTag.rect.width == 59.30517578125)
        #expect(name.rect.minX - searchTag.rect.maxX < searchTag.rect.width)
        #expect(libraryTag.owners == [library] && libraryTag.small && libraryTag.leader == nil && libraryTag.marker == nil)
        #expect(libraryTag.rect.width == 53.16015625 && libraryTag.rect.minY == library.maxY + 0.5 && libraryTag.rect.maxY > bar.maxY)
        #expect(libraryTag.rect.minX > searchTag.rect.maxX && libraryTag.rect.maxX < name.rect.minX)
        #expect(LabelPlacer.touches(libraryTag.rect, [library]))
        let h = try #require(d.texts.first { $0.text == "h 49" })
        #expect(h.leader == nil && !h.small && h.rect.minY == bar.maxY + 0.5)
        #expect(h.rect.minX < home.maxX && home.minX < h.rect.maxX && h.rect.maxX < searchTag.rect.minX)
        #expect(d.statistics.labelsOutsideOwner == 0 && d.statistics.markers == 0)
    }

    /// The settings list's folded rows carry their tags in one column at the list's leading
    /// side, the last row's too: below the list, centred, `as airplaneRow` read as the list's.
    @Test func aLastRowsFoldTagStaysInTheColumnOfTheOthers() throws {
        let d = try Diagram.fixture("screens/settings")
        let tags = d.texts.filter { $0.text.hasPrefix("as ") }
        try #require(tags.count == 4)
        for (row, tag) in [("bluetoothRow", "as wifiRow"), ("cellularRow", "as airplaneRow"), ("hotspotRow", "as wifiRow"), ("vpnRow", "as airplaneRow")] {
            let f = try frame(d, row)
            let t = try #require(tags.first { $0.owners.first == f }, "\(row)")
            #expect(t.text == tag && t.leader == nil && t.rect.maxX == f.minX - 2 && t.rect.midY == f.midY, "\(row): \(t.rect) beside \(f)")
        }
    }

    /// A row's badge that fits neither inside its row nor beside it in the list goes below the
    /// list's last row, never into the pane that abuts the list (where it read as the pane's);
    /// heights-only groups are explained as heights in the legend.
    @Test func aBadgeIsNeverBesideItsViewInsideAnAbuttingNeighbour() throws {
        let document = try LayoutDocument(parsing: """
            canvas 600 x 200
            view sidebar
            view row1 in sidebar
            view t1 in row1 label "Inbox" font 17
            view c1 in row1 label "128" font 15 hugging 251
            view row2 in sidebar
            view t2 in row2 label "Flagged and important messages" font 17
            view c2 in row2 label "1,024" font 15 hugging 251 compression 751
            view detail
            H:|[sidebar(240)][detail]|
            V:|[sidebar]|
            V:|[detail]|
            V:|-10-[row1(44)][row2(==row1)]
            H:|[row1]|
            H:|[row2]|
            H:|-[t1]-(>=8)-[c1]-| alignAllCenterY
            H:|-[t2]-(>=8)-[c2]-| alignAllCenterY
            t1.centerY == superview.centerY
            t2.centerY == superview.centerY
            """, file: "split.layout")
        let d = try Diagram(root: document.root, options: RenderOptions(scale: 1))
        let detail = try frame(d, "detail"), row2 = try frame(d, "row2"), sidebar = try frame(d, "sidebar")
        let badge = try #require(d.texts.first { $0.text == "=h A" })
        #expect(!badge.rect.overlaps(detail), "\(badge.rect) in \(detail)")
        #expect(sidebar.holds(badge.rect) && badge.rect.minY == row2.maxY + 0.5, "\(badge.rect)")
        #expect(d.legend.items.map(\.entry.text).contains("size (=h A: heights equal within group A)"))
    }

    /// The legend's key names the picture's own first letters: with two groups of widths
    /// before the heights' (`=w A`, `=w B`, `=h C`) it said "=w A, =h B", B being a width group.
    @Test func theLegendsGroupKeyUsesThePicturesOwnLetters() throws {
        let document = try LayoutDocument(parsing: """
            canvas 320 x 200
            view a size 40 x 20
            view b size 40 x 20
            view c size 60 x 20
            view d size 60 x 20
            H:|-[a]-[b(==a)]-[c]-[d(==c)]
            V:|-[a]
            V:|-[b]
            V:|-[c(==d)]
            V:|-[d]
            """, file: "groups.layout")
        let d = try Diagram(root: document.root, options: RenderOptions(scale: 1))
        let texts = d.texts.map(\.text)
        #expect(["=w A", "=w B", "=h C"].allSatisfy { mark in texts.contains { $0.contains(mark) } }, "\(texts)")
        #expect(d.legend.items.map(\.entry.text).contains("size (=w A, =h C: widths, heights equal within a group)"))
    }

    /// A row's badge is not put on a small control of the row (`h 44` in the corner its switch
    /// fills read as the switch being 44 tall), nor on a control of another view.
    @Test func aRowsBadgeIsNotOnItsSwitch() throws {
        let document = try LayoutDocument(parsing: """
            canvas 375 x 200
            stack group axis vertical
            stack btRow in group spacing 12 alignment center
            view btTitle in btRow label "Bluetooth" font 17
            view btValue in btRow label "On" font 17 hugging 252
            stack airRow in group spacing 12 alignment center
            view airTitle in airRow label "Airplane Mode" font 17
            view airSwitch in airRow size 51 x 31 hugging 251
            H:|-16-[group]-16-|
            V:|-20-[group]
            btRow.height >= 44
            airRow.height == 44
            """, file: "rows.layout")
        let d = try Diagram(root: document.root, options: RenderOptions(scale: 1))
        let badge = try #require(d.texts.first { $0.text == "h 44" })
        for name in ["airSwitch", "airTitle", "btTitle", "btValue"] {
            #expect(!LabelPlacer.overlapsInside(badge.rect, try frame(d, name)), "\(name): \(badge.rect)")
        }
    }

    /// A custom guide's size badge is placed at the guide, not in its view's corner (where it
    /// read as the view's size).
    @Test func aGuidesBadgeIsAtTheGuide() throws {
        let document = try LayoutDocument(parsing: """
            canvas 400 x 300
            view pane
            pane.edges == superview.edges
            guide column in pane
            column.top == pane.top + 20
            column.height == 100
            column.centerX == pane.centerX
            column.width == 200
            """, file: "guide.layout")
        let d = try Diagram(root: document.root, options: RenderOptions(scale: 1))
        let badge = try #require(d.texts.first { $0.text == "200 × 100" })
        let pane = try frame(d, "pane")
        let column = Rect(x: pane.minX + 100, y: pane.minY + 20, width: 200, height: 100)
        #expect(column.holds(badge.rect), "\(badge.rect)")
        #expect(badge.rect.maxX <= column.maxX && badge.rect.maxY <= column.maxY)
    }

    /// aspect-image's 36 × 36 avatar, full inside with two labels and a name beside it, had
    /// its badge on a leader; a size smaller it hangs from the avatar's top edge.
    @Test func aBadgeASizeSmallerHangsFromItsViewsEdge() throws {
        let d = try Diagram.fixture("aspect-image")
        let avatar = try frame(d, "avatar")
        let badge = try #require(d.texts.first { $0.text == "36 × 36" })
        #expect(badge.small && badge.leader == nil && badge.marker == nil)
        #expect(badge.rect.maxY == avatar.minY - 0.5 && badge.rect.height == 10.3125 && badge.rect.width == 36.1484375)
        #expect(badge.rect.minX < avatar.maxX && avatar.minX < badge.rect.maxX)
        #expect(d.statistics.labelsOutsideOwner == 0)
    }

    /// The toolbar's buttons' badges are placed before the bar's `h 49` (the bar holds them):
    /// the done button's takes its bottom-right corner, which is also the bar's, and `h 49`
    /// the bar's bottom-left corner.
    @Test func badgesArePlacedInnermostFirst() throws {
        let d = try Diagram.fixture("toolbar")
        let bar = try frame(d, "toolbar"), done = try frame(d, "done")
        let doneBadge = try #require(d.texts.first { $0.text == "=w A · as back" && $0.rect.minX > done.minX })
        #expect(doneBadge.rect.maxX == done.maxX - 1.5 && doneBadge.rect.maxY == done.maxY - 1)
        #expect(done.maxX == bar.maxX && done.maxY == bar.maxY)
        let h = try #require(d.texts.first { $0.text == "h 49" })
        #expect(h.rect.minX == bar.minX + 1.5 && h.rect.maxY == bar.maxY - 1)
        #expect(d.statistics.labelsOutsideOwner == 0 && d.statistics.markers == 0)
    }
}

/// A gap's number is not put over most of a small view the gap ends at.
@Suite struct NumbersOffSmallViewsTests {
    /// A 16-point badge 4 in from its tile's leading and bottom edges: the horizontal `4` was
    /// put past the bar's end, on the badge, covering three quarters of it (the photo grid's
    /// favourite badge, a sign-up form's icons). It goes where it hides nothing.
    @Test func aGapsNumberLeavesASmallBadgeInSight() throws {
        let document = try LayoutDocument(parsing: """
            canvas 200 x 200
            view tile
            view badge in tile size 16 x 16
            tile.edges == superview.edges - 20
            badge.leading == superview.leading + 4
            badge.bottom == superview.bottom - 4
            """, file: "badge.layout")
        let d = try Diagram(root: document.root, options: RenderOptions(scale: 1))
        let badge = try #require(d.boxes.first { $0.name == "badge" }).frame
        #expect(badge == Rect(x: 24, y: 160, width: 16, height: 16))
        let fours = d.texts.filter { $0.text == "4" }
        #expect(fours.count == 2)
        for t in fours {
            let w = min(t.rect.maxX, badge.maxX) - max(t.rect.minX, badge.minX)
            let h = min(t.rect.maxY, badge.maxY) - max(t.rect.minY, badge.minY)
            #expect(w <= 0 || h <= 0, "\(t.rect) covers the badge")
            #expect(t.marker == nil && t.leader == nil)
        }
    }
}

extension NumbersOffSmallViewsTests {
    /// A sidebar row's 22-point icon, 12 points before its title: the 12, too wide for the
    /// gap, went a size smaller inside the icon, level with the bar (it covered the icon's
    /// middle and read as its count), although a size smaller it fits under the gap's end by
    /// the title's corner. It goes there, outside both views, with no leader.
    @Test func aGapsSmallNumberGoesBesideTheBarBeforeInsideAnIcon() throws {
        let document = try LayoutDocument(parsing: """
            canvas 280 x 60
            stack row spacing 12 alignment center marginsRelative margins 0 12 0 12
            view icon in row size 22 x 22 hugging 251 compression 1000
            view title in row label "All Contacts" font 15
            view count in row label "1,248" font 13 hugging 251 compression 751
            row.top == superview.top + 8
            row.leading == superview.leading
            row.trailing == superview.trailing
            row.height == 44
            """, file: "sidebar.layout")
        let d = try Diagram(root: document.root, options: RenderOptions(scale: 2))
        let icon = try #require(d.boxes.first { $0.name == "icon" }).frame
        let title = try #require(d.boxes.first { $0.name == "title" }).frame
        #expect(icon == Rect(x: 12, y: 19, width: 22, height: 22) && title.minX == 46)
        let gap = try #require(d.annotations.first { $0.kind == .spacing && min($0.start.x, $0.end.x) == icon.maxX })
        let twelves = d.texts.filter { $0.text == "12" && $0.rect.maxX < title.midX }
        try #require(twelves.count == 1)
        let t = twelves[0]
        #expect(t.marker == nil && t.leader == nil && t.small)
        #expect(!LabelPlacer.overlapsInside(t.rect, icon) && !LabelPlacer.overlapsInside(t.rect, title), "\(t.rect)")
        // By the bar: across its right end, just under it.
        #expect(t.rect.minX < max(gap.start.x, gap.end.x) && max(gap.start.x, gap.end.x) < t.rect.maxX && t.rect.minY >= gap.start.y)
        #expect(d.statistics.markers == 0)
    }
}

/// A gap between two views that do not face each other across it.
@Suite struct GapsBetweenOffsetViewsTests {
    /// A 40-point skip button in the top-right corner and a centred picture 16 below it: the
    /// bar stood at the picture's middle, 131 points from the button, linked to nothing. It
    /// now stands on the picture near the button's side, and the button's bottom edge is
    /// extended over to the bar's end.
    @Test func theBarStandsNearTheOtherViewWithItsEdgeExtended() throws {
        let document = try LayoutDocument(parsing: """
            canvas 390 x 300
            view skip size 40 x 20
            view picture
            skip.top == 10
            skip.trailing == superview.trailing - 24
            picture.top == skip.bottom + 16
            picture.centerX == superview.centerX
            picture.width == 200
            picture.height == 200
            """, file: "skip.layout")
        let d = try Diagram(root: document.root, options: RenderOptions(scale: 1))
        let gap = try #require(d.annotations.first { $0.formula == "picture.top == skip.bottom + 16" })
        #expect(gap.start == Point(x: 291, y: 30) && gap.end == Point(x: 291, y: 46))
        let e = try #require(gap.extensionLine)
        #expect(e.0 == Point(x: 326, y: 30) && e.1 == Point(x: 291, y: 30))
        // Views that face each other across their gap need no extension.
        let top = try #require(d.annotations.first { $0.formula.hasPrefix("skip.top") })
        #expect(top.extensionLine == nil)
    }
}
