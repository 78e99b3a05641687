import Testing
@testable import Blueprint

/// The layout-margins guide resolved as the view's margins.
@Suite("Layout: the margins guide is the margins")
struct MarginsGuideTests {
    /// A margins guide's attributes are the view's margin attributes: the same frames both
    /// ways, in either direction, for edges, centres, sizes and a multiplier; the guide itself
    /// has no variables (nothing of it reaches the solver or the definitions), its frame is the
    /// view's bounds inset by the margins.
    @Test func marginsGuideAttributesAreTheMarginAttributes() throws {
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            func layout(guide: Bool) throws -> ([Rect], Rect, View) {
                let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 300))
                root.layoutDirection = direction
                let card = View(name: "card"), a = View(name: "a"), b = View(name: "b")
                card.directionalLayoutMargins = DirectionalEdgeInsets(top: 6, leading: 20, bottom: 10, trailing: 4)
                root.addSubview(card)
                card.addSubview(a)
                card.addSubview(b)
                let g = card.layoutMarginsGuide
                try activate([
                    card.leading == root.leading + 10, card.top == root.top + 10, card.width == 300, card.height == 200,
                    guide ? a.leading == g.leading : a.leading == card.leadingMargin,
                    guide ? a.top == g.top : a.top == card.topMargin,
                    guide ? a.width == 0.5 * g.width : a.width == 0.5 * card.width - 12,
                    a.height == 20,
                    guide ? b.trailing == g.trailing : b.trailing == card.trailingMargin,
                    guide ? b.centerY == g.centerY : b.centerY == card.centerYWithinMargins,
                    guide ? b.width == g.width * 0.25 : b.width == 0.25 * card.width - 6,
                    guide ? b.height == g.height : b.height == card.height - 16,
                ])
                root.layoutIfNeeded()
                return ([a.frame, b.frame], g.layoutFrame, root)
            }
            let (viaGuide, frame, root) = try layout(guide: true)
            let (viaMargins, _, _) = try layout(guide: false)
            #expect(viaGuide == viaMargins)
            let left = direction == .leftToRight ? 20.0 : 4.0
            #expect(frame == Rect(x: left, y: 6, width: 276, height: 184))
            #expect(viaGuide[0] == Rect(x: direction == .leftToRight ? 20 : 300 - 20 - 138, y: 6, width: 138, height: 20))
            let card = try #require(root.subviews.first)
            #expect(card.layoutMarginsGuide.variables == nil)
            #expect(card.variables != nil)
            #expect(card.layoutMarginsGuide.layoutFrame == frame)
        }
    }
}
