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

    /// A badge 4 points inside a photo's bottom trailing corner: the bottom gap's label is
    /// never set beside the badge, level with it, where it read as a gap across the badge
    /// ("4 0:42 4").
    @Test func aShortVerticalGapIsNotLabelledBesideItsItem() throws {
        let document = try LayoutDocument(parsing: """
            canvas 200 x 120
            view photo
            view badge in photo label "0:42" font 12
            photo.top == superview.top + 10
            photo.leading == superview.leading + 10
            photo.width == 96
            photo.height == 96
            badge.trailing == superview.trailing - 4
            badge.bottom == superview.bottom - 4
            """, file: "badge.layout")
        let d = try Diagram(root: document.root, options: RenderOptions(scale: 3))
        let badge = try frame(d, "badge")
        let fours = d.texts.filter { $0.text == "4" }
        #expect(fours.count == 2)
        for t in fours {
            let overlap = min(t.rect.maxY, badge.maxY) - max(t.rect.minY, badge.minY)
            let beside = t.rect.maxX <= badge.minX + 0.5 || t.rect.minX >= badge.maxX - 0.5
            // The trailing gap's label is beside the badge by its own I-bar; the bottom's is not.
            if beside && overlap > t.rect.height / 2 { #expect(t.rect.minX >= badge.maxX, "\(t.rect) beside \(badge)") }
        }
        #expect(fours.filter { min($0.rect.maxY, badge.maxY) - max($0.rect.minY, badge.minY) > $0.rect.height / 2 }.count == 1)
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
    /// inside, is labelled a size smaller over the time, flush past the gap's end (centred on
    /// it, it would sit on the text's top alignment line). It is placed before names, so the
    /// bubble's name goes to a tab on its top edge instead of the corner over the time.
    @Test func aNarrowGapBetweenTallTextsGetsASmallLabel() throws {
        let d = try Diagram.fixture("chat-bubbles")
        let time = try frame(d, "incomingTime"), bubble = try frame(d, "incoming")
        let label = try text(d, "6")
        #expect(label.small && label.marker == nil && label.leader == nil)
        #expect(label.fontSize == Metrics.nameFontSize)
        #expect(label.rect.maxY == time.minY - 0.75)
        #expect(label.rect.minX == time.minX + 1)
        let name = try text(d, "incoming")
        #expect(name.leader == nil && name.rect.minX == bubble.minX + 6 && name.rect.midY == bubble.minY)
        #expect(d.statistics.markers == 0 && d.statistics.leadersOverText == 0)
    }

    /// Chat bubbles on alternate sides face each other over only part of their width: each
    /// `10` between them sits just past that stretch, hugging the bubble that goes on, on a
    /// level leader along the gap, instead of a numbered marker.
    @Test func aGapBetweenOffsetSiblingsIsLabelledPastTheirOverlap() throws {
        let d = try Diagram.fixture("text/mixed-chat")
        let m2 = try frame(d, "m2"), m3 = try frame(d, "m3")
        let labels = d.texts.filter { $0.text == "10" }.sorted { $0.rect.minY < $1.rect.minY }
        #expect(labels.count == 4)
        guard labels.count == 4 else { return }
        // m2 (trailing) over m3 (leading): past m3's right end, under m2.
        let label = labels[1]
        let leader = try #require(label.leader)
        #expect(label.marker == nil)
        #expect(label.rect.minX == m3.maxX + 1.5 && label.rect.minY == m2.maxY + 1.5)
        #expect(leader.0.y == (m2.maxY + m3.minY) / 2 && leader.1.y == leader.0.y && leader.1.x == label.rect.minX)
        #expect(labels.allSatisfy { $0.marker == nil && $0.leader != nil })
        #expect(d.statistics.markers == 0 && d.statistics.leadersOverText == 0 && d.statistics.labelsOutsideOwner == 0)
    }

    /// The news feed's link title and address fill their card but for a 10-point margin, too
    /// narrow for the `2` between them: it sits on the card's right edge, level with the gap,
    /// on a leader along it (touching the two texts it relates), not outside the card.
    @Test func aGapLabelSitsOnItsContainersEdge() throws {
        let d = try Diagram.fixture("text/news-feed")
        let title = try frame(d, "p1LinkTitle"), url = try frame(d, "p1LinkURL"), card = try frame(d, "p1Link")
        let label = try #require(d.texts.first { $0.text == "2" && $0.rect.minY > title.minY && $0.rect.maxY < url.maxY })
        let leader = try #require(label.leader)
        #expect(label.rect.minX == title.maxX + 0.5 && label.rect.minX < card.maxX && card.maxX < label.rect.maxX)
        #expect(leader.0.y == (title.maxY + url.minY) / 2 && leader.1 == Point(x: label.rect.minX, y: leader.0.y))
        #expect(d.statistics.labelsOutsideOwner == 0 && d.statistics.markers == 0)
    }

    /// The tab bar's tabs are full (icon, title, name on the top edge): the search tab's
    /// `as homeTab` hangs from its bottom edge, over the tab bar's bottom edge, without a leader.
    @Test func aFoldTagStraddlesTheEdgeItsViewShares() throws {
        let d = try Diagram.fixture("screens/tab-bar")
        let tab = try frame(d, "searchTab"), bar = try frame(d, "tabBar")
        let tag = try #require(d.texts.first { $0.text == "as homeTab" && $0.rect.minX < tab.maxX && tab.minX < $0.rect.maxX })
        #expect(tag.leader == nil && tag.marker == nil)
        #expect(tag.rect.minY == tab.maxY + 0.5 && tag.rect.maxY > bar.maxY)
        #expect(tag.rect.minX > bar.minX && tag.rect.maxX < bar.maxX)
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

    /// The iPad mail split view: the first message's subject label has its text at its leading
    /// end and its trailing gap's `pad 16` at its trailing end, both top corners taken; its name
    /// went to a callout at the screen's leading side on a leader across the whole sidebar. Now
    /// it sits along its top edge between the two, and every name of the screen is inside or
    /// by its view: none on a leader longer than the callout reach.
    @Test func namesSlideAlongTheirTopEdgeInsteadOfCrossingASidebar() throws {
        let d = try Diagram.fixture("screens/ipad-mail")
        let f = try frame(d, "subject1")
        let name = try text(d, "subject1")
        #expect(name.leader == nil)
        #expect(name.rect.minY == f.minY + 1 && name.rect.minX > f.minX + 1.5 && name.rect.maxX < f.maxX - 1.5, "\(name.rect) in \(f)")
        let long = d.texts.filter { t in
            guard case .name = t.style, let l = t.leader else { return false }
            return hypot(l.1.x - l.0.x, l.1.y - l.0.y) > LabelPlacer.calloutReach
        }
        #expect(long.isEmpty, "\(long.map(\.text))")
        #expect(d.statistics.markers == 0 && d.statistics.leaderCrossings == 0 && d.statistics.leadersOverText == 0)
    }

    /// A name slid along its container's top edge never lands on a subview: the calendar's
    /// header (a back button, the month's title, a next button) is named in the room between
    /// the title and the next button, not over the button, where it read as the button's.
    @Test func aSlidNameKeepsOffTheSubviewsItWouldReadAs() throws {
        let d = try Diagram.fixture("screens/calendar")
        let header = try frame(d, "header")
        let name = try text(d, "header")
        #expect(name.leader == nil)
        #expect(name.rect.minX > header.minX && name.rect.maxX < header.maxX && name.rect.minY == header.minY + 1)
        for sub in ["prevButton", "monthTitle", "nextButton"] {
            let s = try frame(d, sub)
            #expect(!LabelPlacer.overlapsInside(name.rect, s), "\(sub)")
        }
    }

    /// The shipping form's gap from the switch row to the Delivery caption is too short for its
    /// `24`, which goes beside the form on a leader: on the leading side, 40 points away, not on
    /// the trailing side 350 points away across the form (which it took when that side was
    /// tried first).
    @Test func aGapsLeaderGoesToTheNearerSide() throws {
        let d = try Diagram.fixture("screens/shipping-form")
        let row = try frame(d, "defaultRow"), caption = try frame(d, "deliveryLabel")
        let label = try #require(d.texts.first { $0.text == "24" && $0.rect.midY > row.maxY - 1 && $0.rect.midY < caption.minY + 1 })
        let leader = try #require(label.leader)
        #expect(label.rect.maxX <= row.minX)
        #expect(abs(leader.1.x - leader.0.x) < 80, "\(leader)")
    }

    /// The shipping form's 12-point gap from the street field to the City caption has no room
    /// by its bar: its `gap 12` went past the bar's lower end into the caption, on the
    /// caption's line with the row's own `gap 12` between City and Postcode (`City  gap 12
    /// =w C  gap 12  Postcode`). A spot on a label's text line now comes after the others by
    /// the bar: it sits past the upper end, at the bottom of the empty street field.
    @Test func aVerticalGapsNumberStaysOffALabelsLine() throws {
        let d = try Diagram.fixture("screens/shipping-form")
        let street = try frame(d, "streetField"), city = try frame(d, "cityLabel")
        let labels = d.texts.filter { $0.text == "gap 12" && $0.rect.midY > street.minY && $0.rect.midY < city.maxY }
        #expect(labels.count == 2)
        let vertical = try #require(labels.first { $0.rect.maxY <= street.maxY + 0.5 })
        #expect(vertical.rect.minX > street.minX && vertical.rect.maxX < street.maxX && vertical.rect.minY > street.minY)
        #expect(labels.filter { $0.rect.midY > city.minY && $0.rect.midY < city.maxY }.count == 1)
    }

    /// The Wi-Fi row's title has room for its name only along its top edge, between its text
    /// and its trailing gap's `12`: it goes there, inside its frame, with no leader (it went to
    /// a callout on a slanted leader, as below).
    @Test func aNameSlidesAlongItsTopEdgeBetweenItsTextAndANumber() throws {
        let d = try Diagram.fixture("settings-stack")
        let f = try frame(d, "wifiTitle")
        let name = try text(d, "wifiTitle")
        let twelve = try #require(d.texts.first { $0.text == "12" && $0.rect.maxX <= f.maxX + 2 && $0.rect.minX > f.midX && $0.rect.midY > f.minY && $0.rect.midY < f.maxY })
        #expect(name.leader == nil)
        #expect(name.rect.minY == f.minY + 1)
        #expect(name.rect.maxX <= twelve.rect.minX && name.rect.minX > f.minX + 1.5, "\(name.rect) by \(twelve.rect)")
        #expect(d.statistics.leadersOverText == 0 && d.statistics.leaderCrossings == 0)
    }

    /// The same row with a title whose text fills its frame ("Wi-Fi and the nearby networks",
    /// truncated: it gives way to the value, so the row stays unambiguous): no room for its
    /// name inside; the icon's and the value's callouts sit level with the row on
    /// both sides, so every leader from the middle of the title's side would cross one of them:
    /// its callout's leader runs as level as its frame allows.
    @Test func aCalloutRunsLevelWhenASlantedLeaderWouldCrossAName() throws {
        let path = Support.repository.appendingPathComponent("fixtures/settings-stack.layout").path
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let changed = source.replacingOccurrences(of: "label \"Wi-Fi\" font 17",
                                                  with: "label \"Wi-Fi and the nearby networks\" font 17 compression 749")
        #expect(changed != source)
        let document = try LayoutDocument(parsing: changed, file: "settings-stack.layout")
        #expect(document.root.layoutReport.isClean)
        let d = try Diagram(root: document.root, options: RenderOptions())
        let f = try frame(d, "wifiTitle")
        let name = try text(d, "wifiTitle")
        let leader = try #require(name.leader)
        let icon = try #require(try text(d, "wifiIcon").leader)
        #expect(icon.0.y == f.midY && icon.1.y == f.midY)
        // Level with the callout as far as the frame reaches (the callout sits just above it).
        #expect(leader.0.y == min(max(leader.1.y, f.minY + 1), f.maxY - 1) && leader.0.y == f.minY + 1)
        #expect(d.statistics.leadersOverText == 0 && d.statistics.leaderCrossings == 0)
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

    /// A ride-booking screen as a UIKit developer writes it in Swift (35 views): a map, a sheet
    /// with a handle, a destination field, three ride options filling equally (each a vertical
    /// stack centring a 56 × 32 car over three labels), a payment row, a wrapping note and a
    /// confirm button on the safe area.
    static func rideScreen(rtl: Bool) throws -> View {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        root.safeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
        if rtl { root.layoutDirection = .rightToLeft }
        let map = View(name: "map")
        let locate = View(name: "locate")
        let sheet = View(name: "sheet")
        let handle = View(name: "handle")
        let heading = Label(name: "heading", text: rtl ? "לאן נוסעים?" : "Where to?", fontSize: 24)
        let field = View(name: "field")
        let pin = View(name: "pin")
        let fieldText = Label(name: "fieldText", text: rtl ? "תחנה מרכזית, תל אביב" : "Central Station, Platform 4", fontSize: 17)
        root.addSubview(map); map.addSubview(locate)
        root.addSubview(sheet)
        for v in [handle, heading, field] as [View] { sheet.addSubview(v) }
        field.addSubview(pin); field.addSubview(fieldText)

        var cards: [View] = []
        for (i, (name, price, eta)) in [("Economy", "€12.40", "3 min"), ("Comfort", "€16.90", "5 min"), ("XL", "€21.10", "8 min")].enumerated() {
            let card = View(name: "option\(i + 1)")
            let car = View(name: "car\(i + 1)")
            let title = Label(name: "optionTitle\(i + 1)", text: name, fontSize: 15)
            let cost = Label(name: "optionPrice\(i + 1)", text: price, fontSize: 17)
            let time = Label(name: "optionEta\(i + 1)", text: eta, fontSize: 13)
            let column = StackView(name: "optionStack\(i + 1)", arrangedSubviews: [car, title, cost, time])
            column.axis = .vertical
            column.alignment = .center
            column.spacing = 4
            card.addSubview(column)
            try activate([
                column.edges == card.margins,
                car[.width] == 56, car[.height] == 32,
            ])
            cards.append(card)
        }
        let options = StackView(name: "options", arrangedSubviews: cards)
        options.distribution = .fillEqually
        options.spacing = 8
        sheet.addSubview(options)

        let payment = View(name: "payment")
        let cardIcon = View(name: "cardIcon")
        let cardLabel = Label(name: "cardLabel", text: "Visa •••• 4242", fontSize: 17)
        let change = Label(name: "change", text: "Change", fontSize: 17)
        for v in [cardIcon, cardLabel, change] as [View] { payment.addSubview(v) }
        sheet.addSubview(payment)
        let promo = Label(name: "promo", text: "Prices include a 10% discount for your first ride this week. Tolls and airport fees are added at the end of the trip.", fontSize: 13)
        promo.numberOfLines = 0
        sheet.addSubview(promo)
        let confirm = View(name: "confirm")
        let confirmTitle = Label(name: "confirmTitle", text: rtl ? "הזמנת נסיעה" : "Confirm Economy", fontSize: 17)
        confirm.addSubview(confirmTitle)
        sheet.addSubview(confirm)

        try activate([
            map.top == root.top, map.leading == root.leading, map.trailing == root.trailing,
            map.bottom == sheet.top + 16,
            locate.trailing == map.trailingMargin, locate.bottom == map.bottom - 32,
            locate[.width] == 44, locate[.height] == 44,
            sheet.leading == root.leading, sheet.trailing == root.trailing, sheet.bottom == root.bottom,
            handle.top == sheet.top + 8, handle.centerX == sheet.centerX,
            handle[.width] == 36, handle[.height] == 5,
            heading.top == handle.bottom + 16,
            heading.leading == sheet.leadingMargin,
            heading.trailing <= sheet.trailingMargin,
            field.top == heading.bottom + 12,
            field.leading == sheet.leadingMargin, field.trailing == sheet.trailingMargin,
            field[.height] == 48,
            pin.leading == field.leadingMargin, pin.centerY == field.centerY,
            pin[.width] == 20, pin[.height] == 20,
            fieldText.leading == pin.trailing + 12, fieldText.trailing <= field.trailingMargin,
            fieldText.centerY == field.centerY,
            options.top == field.bottom + 16,
            options.leading == sheet.leadingMargin, options.trailing == sheet.trailingMargin,
            payment.top == options.bottom + 16,
            payment.leading == sheet.leadingMargin, payment.trailing == sheet.trailingMargin,
            payment[.height] == 44,
            cardIcon.leading == payment.leading, cardIcon.centerY == payment.centerY,
            cardIcon[.width] == 32, cardIcon[.height] == 22,
            cardLabel.leading == cardIcon.trailing + 12, cardLabel.centerY == payment.centerY,
            change.trailing == payment.trailing, change.firstBaseline == cardLabel.firstBaseline,
            change.leading >= cardLabel.trailing + 8,
            promo.top == payment.bottom + 8,
            promo.leading == sheet.leadingMargin, promo.trailing == sheet.trailingMargin,
            confirm.top == promo.bottom + 16,
            confirm.leading == sheet.leadingMargin, confirm.trailing == sheet.trailingMargin,
            confirm[.height] == 52,
            confirm.bottom == root.safeAreaLayoutGuide.bottom - 8,
            confirmTitle.center == confirm.center,
        ])
        sheet.directionalLayoutMargins = DirectionalEdgeInsets(top: 8, leading: 20, bottom: 8, trailing: 20)
        return root
    }

    /// The first car's badge has no room by its view (the centre alignment line runs through
    /// it; the stack's and the card's edges, the field above and the labels below ring it), so
    /// it goes to the column beside the layout on a leader that crosses nothing, as a name
    /// does, instead of becoming a numbered marker.
    @Test func aBadgeWithNoRoomByItsViewGoesToTheColumnNotAMarker() throws {
        let root = try Self.rideScreen(rtl: false)
        root.layoutIfNeeded()
        #expect(root.layoutReport.isClean)
        let d = try Diagram(root: root, options: RenderOptions(scale: 2))
        let car = try frame(d, "car1")
        #expect(car == Rect(x: 47.666666666666664, y: 510, width: 56, height: 32))
        let badge = try text(d, "56 × 32")
        #expect(badge.marker == nil)
        let leader = try #require(badge.leader)
        #expect(leader.0 == Point(x: car.minX, y: car.midY))
        #expect(badge.rect.maxX < 0)   // beside the layout, left of the root
        #expect(leader.1.x == badge.rect.maxX)
        #expect(d.statistics.markers == 0)
        #expect(d.statistics.leaderCrossings == 0 && d.statistics.leadersOverText == 0 && d.statistics.linesThroughText == 0)
        #expect(d.legend.items.allSatisfy { if case .marker = $0.entry.sample { false } else { true } })
    }

    /// A spacing label slides along its own line when a text covers the line's middle: in the
    /// right-to-left profile screen, the name `cancelButton` sits beside its label over the
    /// middle of the 87-point gap to the title, and `≥ 8` goes on the line in the free stretch
    /// by the title (before, it became the only numbered marker of the screen).
    @Test func aLabelSlidesAlongItsLineOffANameOverItsMiddle() throws {
        let d = try Diagram.fixture("screens/rtl-profile")
        let title = try frame(d, "navTitle"), cancel = try frame(d, "cancelButton")
        let line = try #require(d.annotations.first { $0.formula == "navTitle.leading >= cancelButton.trailing + 8" })
        #expect(line.label == "≥ 8")
        let name = try text(d, "cancelButton")
        #expect(name.rect.minX < (title.maxX + cancel.minX) / 2 && name.rect.maxY > line.start.y && name.rect.minY < line.start.y)
        let label = try #require(d.texts.first { $0.text == "≥ 8" && $0.rect.minX > title.maxX && $0.rect.maxX < cancel.minX })
        #expect(label.marker == nil && label.leader == nil)
        #expect(label.rect.midY == line.start.y)
        #expect(label.rect.maxX <= name.rect.minX)
        #expect(d.statistics.markers == 0)
    }

    /// The slots along a line: half a label apart from the middle outwards, alternately towards
    /// the start and the end, then flush with each cap (3 points, and 1 clear of it).
    @Test func slotsAlongALineRunFromItsMiddleOutwards() {
        let placer = LabelPlacer(boxes: [], layout: Rect(x: 0, y: 0, width: 200, height: 200))
        let horizontal = Annotation(kind: .spacing, start: Point(x: 0, y: 50), end: Point(x: 100, y: 50), dashed: false,
                                    role: .normal, label: "8", formula: "b.left == a.right + 100", order: 0)
        let xs = placer.alongLine(horizontal, Size(width: 20, height: 12)).map(\.0)
        #expect(xs.map(\.minX) == [30, 50, 20, 60, 10, 70, 4, 76])
        #expect(xs.allSatisfy { $0.minY == 44 && $0.width == 20 && $0.height == 12 })
        let vertical = Annotation(kind: .spacing, start: Point(x: 10, y: 0), end: Point(x: 10, y: 40), dashed: false,
                                  role: .normal, label: "8", formula: "b.top == a.bottom + 40", order: 0)
        let ys = placer.alongLine(vertical, Size(width: 20, height: 12)).map(\.0)
        #expect(ys.map(\.minY) == [8, 20, 4, 24])
        #expect(ys.allSatisfy { $0.minX == 0 })
        // A line with no room for its label beside the caps has no slot along it.
        let short = Annotation(kind: .spacing, start: Point(x: 0, y: 50), end: Point(x: 27, y: 50), dashed: false,
                               role: .normal, label: "8", formula: "b.left == a.right + 27", order: 0)
        #expect(placer.alongLine(short, Size(width: 20, height: 12)).isEmpty)
    }

    /// The product page's price row has no room by its views for its gaps' labels; they are
    /// the row's own spacing, which its name states (`priceRow → 8`), so the I-bars go
    /// unlabelled instead of becoming numbered markers.
    @Test func aStacksOwnSpacingWithNoRoomGoesUnlabelledNotAMarker() throws {
        let d = try Diagram.fixture("screens/product-page")
        let price = try frame(d, "price"), old = try frame(d, "oldPrice")
        let gap = try #require(d.annotations.first { $0.formula == "oldPrice.leading == price.trailing + 8" })
        #expect(gap.statedByStack && gap.label == "8")
        #expect(gap.start.x == price.maxX && gap.end.x == old.minX)
        // No text "8" on or by that gap, and no marker anywhere.
        #expect(!d.texts.contains { $0.text == "8" && $0.rect.minX < old.minX && $0.rect.maxX > price.maxX && abs($0.rect.midY - gap.start.y) < 12 })
        #expect(d.texts.contains { $0.text.hasPrefix("priceRow → 8") })
        #expect(d.statistics.markers == 0 && d.statistics.leaderCrossings == 0 && d.statistics.leadersOverText == 0)
    }
}

/// A pile of views drawn over each other (every view 5 points square, one point apart): the
/// placement stops trying once its queries have looked at its budget of rectangles, and at most
/// ``LabelPlacer/markerLimit`` markers are numbered; the rest are left out and the legend says
/// how many. (Such a pile took minutes at 1,000 views, every query meeting every label, and its
/// legend of markers outgrew the largest picture.)
@Suite struct DensePileTests {
    func pile(_ n: Int) throws -> Diagram {
        var lines = ["canvas 400 x 400"]
        for i in 0..<n {
            lines += ["view v\(i)", "v\(i).left = \(i % 100)", "v\(i).top = \(i % 100)", "v\(i).size == 5"]
        }
        let d = try LayoutDocument(parsing: lines.joined(separator: "\n"), file: "pile.layout")
        return try Diagram(root: d.root, options: RenderOptions(scale: 1))
    }

    @Test func aPileOfViewsIsDrawnWithALegendNoteInsteadOfEndlessMarkers() throws {
        let d = try pile(1_000)
        #expect(d.statistics.markers <= LabelPlacer.markerLimit)
        let note = try #require(d.legend.items.first { if case .note = $0.entry.sample { true } else { false } })
        #expect(note.entry.text.hasSuffix(" labels left out: too dense to draw (draw a part with --show VIEW --crop)"))
        let left = Int(note.entry.text.prefix { $0.isNumber })!
        // Every view's name, size and two positions: each is drawn, numbered or counted.
        #expect(left + d.texts.count >= 1_000)
        #expect(d.bounds.height < 2_000)
    }

    /// The screens of the fixtures are nowhere near the budget: nothing is left out.
    @Test func realScreensLeaveNothingOut() throws {
        for name in Support.screenNames {
            let d = try Diagram.fixture(name)
            #expect(!d.legend.items.contains { if case .note = $0.entry.sample { true } else { false } }, "\(name)")
        }
    }
}

/// A name without a leader is placed where it reads as its own view's: on the view (inside, or
/// a tab on its edge), or in a superview, or over a view the whole view lies on; never in a
/// neighbour's frame.
@Suite struct NameOwnershipTests {
    /// The inbox's large title, `Inbox`, below the navigation bar: its name went above it, into
    /// the bar, where it read as the bar's `Mailboxes` button's; it goes beside the title now.
    @Test func aNameIsNotPlacedInANeighboursFrame() throws {
        let d = try Diagram.fixture("screens/inbox")
        let title = try #require(d.boxes.first { $0.name == "title" }).frame
        let bar = try #require(d.boxes.first { $0.name == "navBar" }).frame
        let name = try #require(d.texts.first { $0.text == "title" && $0.isName })
        #expect(name.leader == nil)
        #expect(name.rect.minY >= bar.maxY)
        #expect(name.rect.minY < title.maxY && name.rect.maxY > title.minY)
    }

    /// Every name without a leader on every screen reads as its view's.
    @Test func everyNameOnTheScreensReadsAsItsViews() throws {
        for screen in Support.screenNames {
            let d = try Diagram.fixture(screen)
            let placer = LabelPlacer(boxes: d.boxes, layout: d.boxes[0].frame)
            for t in d.texts where t.isName && t.leader == nil {
                guard let home = t.home, let n = d.boxes.firstIndex(where: { $0.frame == home }) else { continue }
                #expect(placer.readsAsOwn(t.rect, box: n), "\(screen): \(t.text)")
            }
        }
    }
}
