import Blueprint

/// The dashboard the render and check benchmarks draw: a grid of cards, each with an icon, a
/// title, a subtitle and a badge, five views a card, with all their constraints.

/// Cards per row, their size and the gaps between them.
public let columns = 10, cardWidth = 200.0, cardHeight = 120.0, gap = 12.0

/// The dashboard: `views / 5` cards in rows of `columns`.
public func buildDashboard(cards: Int) throws -> View {
    let rows = (cards + columns - 1) / columns
    let width = Double(columns) * cardWidth + Double(columns + 1) * gap
    let height = Double(rows) * cardHeight + Double(rows + 1) * gap
    let root = View(name: "root", frame: Rect(x: 0, y: 0, width: width, height: height))
    var constraints: [LayoutConstraint] = []
    var previous: View?
    var above: [View?] = Array(repeating: nil, count: columns)
    for i in 0..<cards {
        let card = View(name: "card\(i)")
        let icon = View(name: "icon\(i)")
        let title = Label(name: "title\(i)", text: "Item \(i)", fontSize: 13)
        let subtitle = Label(name: "subtitle\(i)", text: "\(i % 7 + 1) tasks due", fontSize: 11)
        let badge = View(name: "badge\(i)")
        root.addSubview(card)
        for v in [icon, title, subtitle, badge] { card.addSubview(v) }
        let column = i % columns
        if column == 0 { previous = nil }
        constraints += [
            previous.map { card.left == $0.right + gap } ?? (card.left == root.left + gap),
            above[column].map { card.top == $0.bottom + gap } ?? (card.top == root.top + gap),
            card.width == cardWidth, card.height == cardHeight,
            icon.left == card.left + 8, icon.top == card.top + 8, icon.width == 20, icon.height == 20,
            title.leading == icon.trailing + 6, title.centerY == icon.centerY,
            subtitle.leading == card.leadingMargin, subtitle.top == icon.bottom + 16,
            subtitle.trailing <= card.trailingMargin,
            badge.trailing == card.trailing - 8, badge.bottom == card.bottom - 8,
            badge.width == 16, badge.height == 16,
        ]
        previous = card
        above[column] = card
    }
    try activate(constraints)
    return root
}
