import Blueprint
@testable import BlueprintRender
import Foundation
import Testing

/// Where a text goes when the usual slots by its view or line are taken, before it would
/// become a numbered marker: each case on the fixture or screen that needs it.
@Suite struct PlacementFallbackTests {
    func frame(_ d: Diagram, _ name: String) throws -> Rect {
        try #require(d.boxes.first { $0.name == name }).frame
    }

    func text(_ d: Diagram, _ string: String) throws -> PlacedText {
        try #require(d.texts.first { $0.text == string })
    }

    /// Checkout's 1-point divider, between rows 10 points away, carries `h 1` on its line.
    @Test func aHairlineCarriesItsBadgeOnItsLine() throws {
        let d = try Diagram.fixture("screens/checkout")
        let divider = try frame(d, "divider")
        let badge = try text(d, "h 1")
        #expect(badge.marker == nil && badge.leader == nil)
        #expect(badge.rect.midY == divider.midY)
        #expect(badge.rect.minX > divider.minX && badge.rect.maxX < divider.maxX)
        #expect(d.statistics.labelsOutsideOwner == 0)
    }

    /// The 6-point gap between the incoming message and its time, both as tall as the bubble's
    /// inside, is labelled a size smaller over the time, centred on the gap's end.
    @Test func aNarrowGapBetweenTallTextsGetsASmallLabel() throws {
        let d = try Diagram.fixture("chat-bubbles")
        let time = try frame(d, "incomingTime")
        let label = try text(d, "6")
        #expect(label.small && label.marker == nil && label.leader == nil)
        #expect(label.fontSize == Metrics.nameFontSize)
        #expect(label.rect.maxY == time.minY - 0.75)
        #expect(label.rect.midX == time.minX)
        #expect(d.statistics.markers == 0 && d.statistics.leadersOverText == 0)
    }

    /// The back button's name would fit on the `≥ 8` I-bar beside it; it goes below the button
    /// instead, and the label keeps its line.
    @Test func namesKeepOffIBars() throws {
        let d = try Diagram.fixture("navigation-bar")
        let back = try frame(d, "backButton")
        let name = try text(d, "backButton")
        #expect(name.rect.minY == back.maxY + 0.5 && name.rect.minX == back.minX)
        let line = try #require(d.annotations.first { $0.label == "≥ 8" })
        let label = try text(d, "≥ 8")
        #expect(label.leader == nil && label.rect.midY == line.start.y)
        #expect(d.statistics.markers == 0)
    }

    /// seed002's 20 × 20 inner view, in its container's corner among a name and two labels,
    /// gets its badge in full on a short leader rather than a marker.
    @Test func aTextWithNoSlotGoesOnAShortLeaderBeforeBecomingAMarker() throws {
        let d = try Diagram.fixture("seed002-swiftylayout")
        let inner = try frame(d, "innerView")
        let badge = try text(d, "20 × 20")
        let leader = try #require(badge.leader)
        #expect(badge.marker == nil)
        // From the view's edge to the badge's nearest point, within the searched rings.
        #expect(leader.0 == LabelPlacer.nearest(Point(x: badge.rect.midX, y: badge.rect.midY), in: inner))
        #expect(leader.1 == LabelPlacer.nearest(leader.0, in: badge.rect))
        #expect(hypot(leader.1.x - leader.0.x, leader.1.y - leader.0.y) <= Double(LabelPlacer.anchorRings) * badge.rect.height * 1.5)
        #expect(d.statistics.markers == 0 && d.statistics.leaderCrossings == 0 && d.statistics.leadersOverText == 0)
    }

    /// The ambiguous badge sits at the root's edge with its size badge below it: its note goes
    /// along its top edge.
    @Test func anAmbiguityNoteSweepsAlongItsViewsEdges() throws {
        let d = try Diagram.fixture("ambiguous")
        let badge = try frame(d, "badge")
        let note = try text(d, "ambiguous x")
        #expect(note.marker == nil && note.leader == nil)
        #expect(note.rect.maxY == badge.minY - 1)
        #expect(note.rect.minX < badge.maxX && badge.minX < note.rect.maxX)
        #expect(d.statistics.markers == 0)
    }

    /// The library tab's title, in the middle of the tab bar, has no room for its name by its
    /// frame; the name goes just below it on a short leader, not to a callout in the margin
    /// with a leader across two tabs.
    @Test func aNameInTheMiddleOfAWideLayoutGoesNearItsView() throws {
        let d = try Diagram.fixture("screens/tab-bar")
        let title = try frame(d, "libraryTabTitle")
        let name = try text(d, "libraryTabTitle")
        let leader = try #require(name.leader)
        #expect(min(title.minX, 390 - title.maxX) > LabelPlacer.calloutReach)
        #expect(leader.0 == LabelPlacer.nearest(Point(x: name.rect.midX, y: name.rect.midY), in: title))
        #expect(hypot(leader.1.x - leader.0.x, leader.1.y - leader.0.y) < 20)
        #expect(name.rect.minX >= 0 && name.rect.maxX <= 390)
    }

    /// Checkout's summary rows are folded like the subtotal row; each tag finds a place inside
    /// its row, along its bottom edge, past the row's texts and names.
    @Test func foldTagsSweepInsideTheirRows() throws {
        let d = try Diagram.fixture("screens/checkout")
        let tags = d.texts.filter { $0.text == "as subtotalRow" }
        #expect(tags.count == 3)
        for (tag, row) in zip(tags, ["shippingRow", "taxRow", "totalRow"]) {
            let f = try frame(d, row)
            #expect(tag.marker == nil && tag.leader == nil, "\(row)")
            #expect(tag.rect.minX > f.minX && tag.rect.maxX < f.maxX && tag.rect.minY > f.minY && tag.rect.maxY < f.maxY, "\(row)")
        }
        #expect(d.statistics.markers == 0 && d.statistics.leaderCrossings == 0)
    }

    /// The first message's name has no room in its header; every slanted leader from the
    /// middle of its side would cross a name, so its callout's leader runs as level as its
    /// frame allows.
    @Test func aCalloutRunsLevelWhenASlantedLeaderWouldCrossAName() throws {
        let d = try Diagram.fixture("screens/rtl-messages")
        let f = try frame(d, "c1Name")
        let name = try text(d, "c1Name")
        let leader = try #require(name.leader)
        // Level with the callout as far as the frame reaches (the callout sits just above it).
        #expect(leader.0.y == min(max(leader.1.y, f.minY + 1), f.maxY - 1) && leader.0.y != f.midY)
        #expect(d.statistics.leadersOverText == 0)
    }

    /// The music player's volume row: 12-point gaps between 16-point icons and a 4-point track
    /// in a 24-point row leave no room above or below; each `12` sits on the track just past
    /// its gap, centred on the line, crossing only the track's own edges.
    @Test func aGapEndingAtAHairlineIsLabelledOnIt() throws {
        let d = try Diagram.fixture("screens/music-player")
        let track = try frame(d, "volumeTrack"), low = try frame(d, "volumeLow"), high = try frame(d, "volumeHigh")
        let labels = d.texts.filter { $0.text == "12" && $0.rect.midY == track.midY }.sorted { $0.rect.minX < $1.rect.minX }
        #expect(labels.count == 2)
        guard labels.count == 2 else { return }
        #expect(labels.allSatisfy { $0.leader == nil && $0.marker == nil })
        #expect(labels[0].rect.minX == track.minX + 1.5 && track.minX - low.maxX == 12)
        #expect(labels[1].rect.maxX == track.maxX - 1.5 && high.minX - track.maxX == 12)
        #expect(d.statistics.labelsOutsideOwner == 0 && d.statistics.linesThroughText == 0)
    }
}
