import Blueprint

// The nested-cards layout: a root canvas of fixed width whose height comes from its content,
// sections stacked vertically in it (a header label, then up to `cardsPerSection` cards), and in
// each card an image, a title, a subtitle and a button. Everything is written with the DSL as an
// iOS developer would write it; Benchmarks/layout_peer.py builds the same linear system for
// kiwisolver (same variables, same constraints, same order), so any change here must be made
// there too (the runner compares the solved frames of both).
//
//   root (width == 390, x = y = 0 as a root; height from the last section)
//   └ section i (margins 8/16/8/16): leading/trailing == root's edges, top == previous bottom + 16
//     ├ header (22 pt label): top/leading at the margins, trailing <= trailing margin
//     └ card j (margins 12): leading/trailing at the section's margins, top == previous bottom + 8
//       ├ image 40×40 (intrinsic, compression resistance required)
//       ├ title (17 pt), subtitle (13 pt, sometimes two lines; its first baseline 18 below the
//       │ title's last baseline), both trailing <= button.leading - 8 (long texts get squeezed),
//       │ hugging their text vertically at 751; the card's bottom margin is at the image's or
//       │ the subtitle's bottom, whichever is lower (`subtitle.bottom == bottomMargin ~ 750`)
//       └ button (15 pt label, hugging 751 and compression resistance required horizontally),
//         centred on the image, at the trailing margin

let canvasWidth = 390.0
let cardsPerSection = 10
let cardSpacing = 8.0
let titleGap = 12.0

let titles = [
    "Morning run", "Quarterly report", "Lunch", "Flight to Lisbon", "Pull request #4217 needs review",
    "Dentist", "Weekly sync with the platform team and guests", "Tea", "Invoice", "Groceries for the weekend",
    "Piano lesson", "Backup finished", "A very long title that cannot possibly fit in one card row",
]
let subtitles = [
    "Today at 7:30", "Shared by Ana", "12 items", "Gate B12 · boarding 10:05",
    "2 comments\nLast edited yesterday", "Confirmed", "Room 4, second floor, next to the kitchen area",
    "5 min ago", "Due in 3 days\nAmount: 1,240.00 EUR", "Tap to open", "Completed in 4 min 12 s",
]
let buttonTitles = ["Open", "Follow", "Get", "Subscribe", "Add to list", "Reply"]
let headerTitles = ["Today", "Yesterday", "This week", "Earlier this month", "Archive"]

func titleText(_ card: Int) -> String { titles[card % titles.count] }
func subtitleText(_ card: Int) -> String { subtitles[(card * 7 + 3) % subtitles.count] }
func buttonText(_ card: Int) -> String { buttonTitles[(card * 5 + 1) % buttonTitles.count] }
func headerText(_ section: Int) -> String { headerTitles[section % headerTitles.count] }

/// The five views of a card and the two constraints whose constants the update phase moves.
struct Card {
    let card: View
    let image: View
    let title: Label
    let subtitle: Label
    let button: Label
    /// `card.top == previous card's bottom + 8` (the header's bottom for a section's first card).
    let spacing: LayoutConstraint
    /// `title.leading == image.trailing + 12`.
    let titleGap: LayoutConstraint
}

final class CardsLayout {
    let root: View
    var sections: [View] = []
    var headers: [Label] = []
    var cards: [Card] = []
    /// Cards per section, in order.
    var sectionSizes: [Int] = []
    var viewCount = 1
    var constraintCount = 0

    init() {
        root = View(name: "root")
    }
}

/// How many cards each section gets so that the tree has about `views` views:
/// 1 (root) + per section 2 (section, header) + 5 per card.
func sectionPlan(views: Int) -> [Int] {
    var remaining = views - 1
    var plan: [Int] = []
    while remaining >= 7 {
        let cards = Swift.min(cardsPerSection, (remaining - 2) / 5)
        plan.append(cards)
        remaining -= 2 + 5 * cards
    }
    return plan
}

/// Builds the tree and activates every constraint (the "DSL" phase).
func buildCards(views: Int) throws -> CardsLayout {
    let layout = CardsLayout()
    let root = layout.root
    var all: [LayoutConstraint] = try activate([root.width == canvasWidth])
    var cardIndex = 0
    var previousSection: View?
    for (s, count) in sectionPlan(views: views).enumerated() {
        let section = View(name: "s\(s)")
        section.layoutMargins = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
        let header = Label(name: "s\(s).header", text: headerText(s), fontSize: 22)
        root.addSubview(section)
        section.addSubview(header)
        all += try activate([
            section.leading == root.leading,
            section.trailing == root.trailing,
            previousSection.map { section.top == $0.bottom + 16 } ?? (section.top == root.topMargin),
            header.top == section.topMargin,
            header.leading == section.leadingMargin,
            header.trailing <= section.trailingMargin,
        ])
        var above: View = header
        for _ in 0..<count {
            let card = try makeCard(cardIndex, in: section, below: above, &all)
            layout.cards.append(card)
            above = card.card
            cardIndex += 1
        }
        all += try activate([above.bottom == section.bottomMargin])
        layout.sections.append(section)
        layout.headers.append(header)
        layout.sectionSizes.append(count)
        layout.viewCount += 2 + 5 * count
        previousSection = section
    }
    if let last = previousSection {
        all += try activate([last.bottom == root.bottomMargin])
    }
    layout.constraintCount = all.count
    return layout
}

private func makeCard(_ i: Int, in section: View, below above: View, _ all: inout [LayoutConstraint]) throws -> Card {
    let card = View(name: "c\(i)")
    card.layoutMargins = EdgeInsets(top: 12, left: 12, bottom: 12, right: 12)
    let image = View(name: "c\(i).image")
    image.explicitIntrinsicContentSize = Size(40, 40)
    image.setContentCompressionResistancePriority(.required, for: .horizontal)
    image.setContentCompressionResistancePriority(.required, for: .vertical)
    let title = Label(name: "c\(i).title", text: titleText(i), fontSize: 17)
    let subtitle = Label(name: "c\(i).subtitle", text: subtitleText(i), fontSize: 13)
    let button = Label(name: "c\(i).button", text: buttonText(i), fontSize: 15)
    // A subtitle of two lines (a line break in its text) is a multi-line label, as in UIKit
    // (`numberOfLines = 0`); the others stay on one line and truncate if squeezed.
    if subtitle.text.unicodeScalars.contains("\n") { subtitle.numberOfLines = 0 }
    // Labels keep their text's height: above the pull of `subtitle.bottom == bottomMargin`
    // (@750). At the default 250 the pull could stretch the title or the subtitle at the same
    // cost (a baseline sits at the label's centre: 2 pt of height move it by 1), which leaves
    // the split between them ambiguous; the engine's report says so.
    for label in [title, subtitle] { label.setContentHuggingPriority(.defaultHigh + 1, for: .vertical) }
    button.setContentHuggingPriority(.defaultHigh + 1, for: .horizontal)
    button.setContentCompressionResistancePriority(.required, for: .horizontal)
    section.addSubview(card)
    for v in [image, title, subtitle, button] { card.addSubview(v) }

    let spacing = card.top == above.bottom + cardSpacing
    let gap = title.leading == image.trailing + titleGap
    all += try activate([
        card.leading == section.leadingMargin,
        card.trailing == section.trailingMargin,
        spacing,

        image.leading == card.leadingMargin,
        image.top == card.topMargin,
        image.bottom <= card.bottomMargin,

        gap,
        title.top == card.topMargin,
        title.trailing <= button.leading - 8,

        subtitle.leading == title.leading,
        subtitle.firstBaseline == title.lastBaseline + 18,
        subtitle.trailing <= button.leading - 8,
        subtitle.bottom <= card.bottomMargin,
        subtitle.bottom == card.bottomMargin ~ .defaultHigh,

        button.trailing == card.trailingMargin,
        button.centerY == image.centerY,
    ])
    return Card(card: card, image: image, title: title, subtitle: subtitle, button: button, spacing: spacing, titleGap: gap)
}

// MARK: Checks

private func near(_ a: Double, _ b: Double) -> Bool { Swift.abs(a - b) <= 1e-6 * Swift.max(1, Swift.abs(b)) }

/// Checks every card's frames against values worked out by hand from the texts' metrics and
/// the constraints' current constants (not from the solver): a broken constraint or a wrong
/// solution shows here. Nil when all agree.
func checkFrames(_ layout: CardsLayout) -> String? {
    let contentWidth = canvasWidth - 32   // a card spans the section's margins
    var y = 8.0                            // root's top margin
    var k = 0
    for (s, count) in layout.sectionSizes.enumerated() {
        let section = layout.sections[s]
        let header = layout.headers[s]
        let hs = header.intrinsicContentSize
        if header.frame != Rect(x: 16, y: 8, width: hs.width, height: hs.height) {
            return "header \(s): \(header.frame)"
        }
        var cy = 8 + hs.height   // bottom of what is above the next card
        for _ in 0..<count {
            let c = layout.cards[k]
            cy += c.spacing.constant
            let ts = c.title.intrinsicContentSize, ss = c.subtitle.intrinsicContentSize, bs = c.button.intrinsicContentSize
            // Subtitle: first baseline 18 below the title's last one (baselines are offsets from
            // the label's vertical centre, the text block being centred in the label).
            let tm = c.title.textMetrics, sm = c.subtitle.textMetrics
            let titleLast = 12 + ts.height / 2 + (tm.height / 2 - tm.descent)
            let subTop = titleLast + 18 - (sm.ascent - sm.height / 2) - ss.height / 2
            let height = Swift.max(12 + 40, subTop + ss.height) + 12
            let buttonX = contentWidth - 12 - bs.width
            let titleX = 52 + c.titleGap.constant
            let room = buttonX - 8 - titleX
            let expected: [(String, Rect, Rect)] = [
                ("card", c.card.frame, Rect(x: 16, y: cy, width: contentWidth, height: height)),
                ("image", c.image.frame, Rect(x: 12, y: 12, width: 40, height: 40)),
                ("title", c.title.frame, Rect(x: titleX, y: 12, width: Swift.min(ts.width, room), height: ts.height)),
                ("subtitle", c.subtitle.frame, Rect(x: titleX, y: subTop, width: Swift.min(ss.width, room), height: ss.height)),
                ("button", c.button.frame, Rect(x: buttonX, y: 32 - bs.height / 2, width: bs.width, height: bs.height)),
            ]
            for (what, got, want) in expected where !same(got, want) {
                return "card \(k) \(what): \(got), expected \(want)"
            }
            cy += height
            k += 1
        }
        let want = Rect(x: 0, y: y, width: canvasWidth, height: cy + 8)
        if !same(section.frame, want) { return "section \(s): \(section.frame), expected \(want)" }
        y += cy + 8 + 16
    }
    let want = Rect(x: 0, y: 0, width: canvasWidth, height: y - 16 + 8)
    if !same(layout.root.frame, want) { return "root: \(layout.root.frame), expected \(want)" }
    return nil
}

private func same(_ a: Rect, _ b: Rect) -> Bool {
    near(a.minX, b.minX) && near(a.minY, b.minY) && near(a.width, b.width) && near(a.height, b.height)
}
