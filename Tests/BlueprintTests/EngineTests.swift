import Testing
import Blueprint

private func canvas(_ w: Double = 375, _ h: Double = 667) -> View {
    View(name: "root", frame: Rect(x: 0, y: 0, width: w, height: h))
}

@Suite("Engine: direction, margins, guides, intrinsic sizes")
struct EngineTests {
    @Test func rightToLeftFlipsLeadingAndTrailing() throws {
        let root = canvas(300, 100)
        root.layoutDirection = .rightToLeft
        let box = View(name: "box")
        root.addSubview(box)
        try activate([
            box.leading == root.leading + 10, box.width == 50,
            box.top == root.top, box.height == 20,
        ])
        root.layoutIfNeeded()
        #expect(box.frame == Rect(x: 240, y: 0, width: 50, height: 20))

        root.layoutDirection = .leftToRight
        root.layoutIfNeeded()
        #expect(box.frame == Rect(x: 10, y: 0, width: 50, height: 20))
    }

    /// Right to left, a multiplier on leading or trailing scales the container's own
    /// coordinates, which do not mirror (UIKit swaps the attributes and negates the constant):
    /// `pin.trailing == card.trailing * 0.8` puts pin's left edge at 0.8 × 0, and
    /// `dot.leading == card.leading * 0.5 + 10` puts dot's right edge at 0.5 × 200 − 10.
    @Test func aMultiplierOnLeadingScalesUnmirroredCoordinates() throws {
        let d = try LayoutDocument(parsing: """
            canvas 400 x 300
            direction rtl
            view card
            view pin in card size 20 x 20
            view dot in card size 20 x 20
            view bar in card size none x 10
            card.left == root.left + 50
            card.top == root.top + 40
            card.width == 200
            card.height == 100
            pin.trailing == superview.trailing * 0.8
            pin.top == superview.top
            dot.leading == superview.leading * 0.5 + 10
            dot.top == superview.top + 20
            bar.leading == superview.leading
            bar.trailing == superview.trailing * 0.75
            bar.top == superview.top + 50
            """, file: "rtl.layout")
        d.root.layoutIfNeeded()
        #expect(d.view(named: "pin")?.frame == Rect(x: 0, y: 0, width: 20, height: 20))
        #expect(d.view(named: "dot")?.frame == Rect(x: 70, y: 20, width: 20, height: 20))
        #expect(d.view(named: "bar")?.frame == Rect(x: 0, y: 50, width: 200, height: 10))
        #expect(d.root.layoutReport.isClean)
    }

    @Test func directionalMarginsFlipInRightToLeft() throws {
        let root = canvas(300, 100)
        root.layoutDirection = .rightToLeft
        root.directionalLayoutMargins = DirectionalEdgeInsets(top: 5, leading: 30, bottom: 5, trailing: 4)
        #expect(root.layoutMargins == EdgeInsets(top: 5, left: 4, bottom: 5, right: 30))
        let box = View(name: "box")
        root.addSubview(box)
        try activate([box.directionalEdges == root.directionalMargins])
        root.layoutIfNeeded()
        #expect(box.frame == Rect(x: 4, y: 5, width: 266, height: 90))
    }

    @Test func marginAttributesUseEachViewsMargins() throws {
        let root = canvas(400, 300)
        let card = View(name: "card")
        card.layoutMargins = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
        let title = View(name: "title")
        root.addSubview(card)
        card.addSubview(title)
        try activate([
            card.edges == root.margins,                       // default margins: 8
            title.leading == card.leadingMargin,
            title.trailing == card.trailingMargin,
            title.top == card.topMargin, title.height == 20,
        ])
        root.layoutIfNeeded()
        #expect(card.frame == Rect(x: 8, y: 8, width: 384, height: 284))
        #expect(title.frame == Rect(x: 16, y: 8, width: 352, height: 20))

        let centered = View(name: "centered")
        card.addSubview(centered)
        card.layoutMargins = EdgeInsets(top: 0, left: 40, bottom: 20, right: 0)
        try activate([
            centered.centerX == card.centerXWithinMargins, centered.centerY == card.centerYWithinMargins,
            centered.size == Size(10, 10),
        ])
        root.layoutIfNeeded()
        // Within margins: x from 40 to 384 (centre 212), y from 0 to 264 (centre 132).
        #expect(centered.frame == Rect(x: 207, y: 127, width: 10, height: 10))
    }

    @Test func layoutMarginsGuideAndCustomGuide() throws {
        let root = canvas(400, 300)
        let a = View(name: "a"), b = View(name: "b")
        root.addSubview(a)
        root.addSubview(b)
        let gap = LayoutGuide(identifier: "gap")
        root.addLayoutGuide(gap)
        try activate([
            a.leading == root.layoutMarginsGuide.leading, a.top == root.layoutMarginsGuide.top,
            a.width == 100, a.height == 50,
            gap.leading == a.trailing, gap.width == 30, gap.top == a.top, gap.height == 1,
            b.leading == gap.trailing, b.top == a.top, b.size == a.size,
        ])
        root.layoutIfNeeded()
        #expect(a.frame == Rect(x: 8, y: 8, width: 100, height: 50))
        #expect(b.frame == Rect(x: 138, y: 8, width: 100, height: 50))
        #expect(gap.layoutFrame == Rect(x: 108, y: 8, width: 30, height: 1))
        #expect(root.layoutMarginsGuide.layoutFrame == Rect(x: 8, y: 8, width: 384, height: 284))
    }

    @Test func safeAreaOfRootAndOfASubview() throws {
        let root = canvas(375, 667)
        root.safeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
        let bar = View(name: "bar"), content = View(name: "content")
        root.addSubview(bar)
        root.addSubview(content)
        try activate([
            bar.top == root.top, bar.leading == root.leading, bar.trailing == root.trailing, bar.height == 91,
            content.top == root.safeAreaLayoutGuide.top,
            content.bottom == root.safeAreaLayoutGuide.bottom,
            content.leading == root.safeAreaLayoutGuide.leading,
            content.trailing == root.safeAreaLayoutGuide.trailing,
        ])
        let inner = View(name: "inner")
        bar.addSubview(inner)
        try activate([inner.edges == bar.safeAreaLayoutGuide.edges])
        root.layoutIfNeeded()
        #expect(content.frame == Rect(x: 0, y: 47, width: 375, height: 586))
        #expect(root.safeAreaLayoutGuide.layoutFrame == Rect(x: 0, y: 47, width: 375, height: 586))
        // The bar spans 0…91; the part inside the safe area starts at 47.
        #expect(bar.safeAreaLayoutGuide.layoutFrame == Rect(x: 0, y: 47, width: 375, height: 44))
        #expect(inner.frame == Rect(x: 0, y: 47, width: 375, height: 44))
    }

    @Test func intrinsicSizeHuggingVersusCompression() throws {
        // Two labels share a 200-pt row; together they want 54 + 72 + 8 = 134: the one that
        // hugs less grows. Then the row shrinks to 100: the one that resists less is squeezed.
        let root = canvas(200, 40)
        let name = Label(name: "name", text: "Sign in")       // Inter 17: 53.x → 54 wide
        let value = Label(name: "value", text: "The label")   // 71.x → 72 wide
        for v in [name, value] { root.addSubview(v) }
        name.setContentHuggingPriority(251, for: .horizontal)
        try activate([
            name.leading == root.leading, name.top == root.top,
            value.leading == name.trailing + 8, value.trailing == root.trailing, value.top == root.top,
        ])
        root.layoutIfNeeded()
        #expect(name.frame == Rect(x: 0, y: 0, width: 54, height: 21))
        #expect(value.frame == Rect(x: 62, y: 0, width: 138, height: 21))

        let narrow = View(name: "narrow", frame: Rect(x: 0, y: 0, width: 100, height: 40))
        let n2 = Label(name: "n2", text: "Sign in"), v2 = Label(name: "v2", text: "The label")
        for v in [n2, v2] { narrow.addSubview(v) }
        v2.setContentCompressionResistancePriority(749, for: .horizontal)
        try activate([
            n2.leading == narrow.leading, n2.top == narrow.top,
            v2.leading == n2.trailing + 8, v2.trailing == narrow.trailing, v2.top == narrow.top,
        ])
        narrow.layoutIfNeeded()
        #expect(n2.frame == Rect(x: 0, y: 0, width: 54, height: 21))
        #expect(v2.frame == Rect(x: 62, y: 0, width: 38, height: 21))
    }

    @Test func explicitIntrinsicSizeAndItsChange() throws {
        let root = canvas(300, 300)
        let avatar = View(name: "avatar")
        avatar.explicitIntrinsicContentSize = Size(40, 40)
        root.addSubview(avatar)
        try activate([avatar.centerX == root.centerX, avatar.top == root.top + 10])
        root.layoutIfNeeded()
        #expect(avatar.frame == Rect(x: 130, y: 10, width: 40, height: 40))
        avatar.explicitIntrinsicContentSize = Size(60, View.noIntrinsicMetric)
        try activate([avatar.height == 10])
        root.layoutIfNeeded()
        #expect(avatar.frame == Rect(x: 120, y: 10, width: 60, height: 10))
    }

    @Test func labelBaselinesComeFromTheFont() throws {
        let root = canvas(300, 100)
        let title = Label(name: "title", text: "Title", fontSize: 20)
        let caption = Label(name: "caption", text: "two\nlines", fontSize: 10)
        caption.numberOfLines = 0
        let plain = View(name: "plain")
        for v in [title, caption, plain] { root.addSubview(v) }
        try activate([
            title.leading == root.leading, title.top == root.top,
            caption.leading == title.trailing + 4, caption.firstBaseline == title.firstBaseline,
            plain.leading == caption.trailing, plain.size == Size(10, 10), plain.baseline == caption.lastBaseline,
        ])
        root.layoutIfNeeded()
        // Inter: ascender 2728, descender 680 per 2816 em (hhea).
        let ascent20 = 2728.0 / 2816 * 20, ascent10 = 2728.0 / 2816 * 10
        let line10 = 3408.0 / 2816 * 10
        #expect(title.frame.height == 25)
        // Text is centred in the label: the block (24.2 high) starts 0.4 below the top.
        let titleBaseline = 12.5 - 3408.0 / 2816 * 20 / 2 + ascent20
        #expect(abs(caption.frame.minY + caption.frame.height / 2 - line10 + ascent10 - titleBaseline) < 1e-9)
        #expect(abs(plain.frame.maxY - (caption.frame.midY + line10 - 680.0 / 2816 * 10)) < 1e-9)
    }

    @Test func positionMultiplierIsMeasuredInTheContainer() throws {
        // UIKit measures `a.centerX == 0.5 × b.centerX` in the coordinates of the view the
        // constraint is installed on: a quarter of the way across the card, wherever it is.
        let root = canvas(400, 200)
        let card = View(name: "card"), dot = View(name: "dot")
        root.addSubview(card)
        card.addSubview(dot)
        try activate([
            card.left == root.left + 100, card.top == root.top, card.width == 200, card.height == 100,
            dot.centerX == card.centerX * 0.5, dot.top == card.top, dot.size == Size(10, 10),
        ])
        root.layoutIfNeeded()
        #expect(dot.frame == Rect(x: 45, y: 0, width: 10, height: 10))
    }

    @Test func constraintsAcrossSubtreesLiveOnTheCommonAncestor() throws {
        let root = canvas(400, 200)
        let left = View(name: "left"), right = View(name: "right")
        let a = View(name: "a"), b = View(name: "b")
        root.addSubview(left)
        root.addSubview(right)
        left.addSubview(a)
        right.addSubview(b)
        let c = a.width == b.width
        try c.activate()
        #expect(c.container === root)
        #expect(root.constraints.contains { $0 === c })
        let d = a.height == 10
        try d.activate()
        #expect(d.container === a)
    }
}

@Suite("Guides that no constraint uses still report their frames")
struct UnusedGuideTests {
    @Test func builtInGuidesFollowTheirViews() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 200, height: 100))
        root.safeAreaInsets = EdgeInsets(top: 20, left: 0, bottom: 10, right: 0)
        let bar = View(name: "bar")
        bar.layoutMargins = EdgeInsets(top: 2, left: 4, bottom: 6, right: 8)
        root.addSubview(bar)
        try activate([bar.top == root.top, bar.left == root.left + 10, bar.width == 50, bar.height == 30])
        root.layoutIfNeeded()
        #expect(bar.layoutMarginsGuide.layoutFrame == Rect(x: 4, y: 2, width: 38, height: 22))
        #expect(bar.safeAreaLayoutGuide.layoutFrame == Rect(x: 0, y: 20, width: 50, height: 10))
        #expect(root.safeAreaLayoutGuide.layoutFrame == Rect(x: 0, y: 20, width: 200, height: 70))
        #expect(root.bottomLayoutGuide.layoutFrame == Rect(x: 0, y: 90, width: 200, height: 10))
    }
}
