import Testing
import Blueprint

/// UIKit's anchor spelling: `a.topAnchor.constraint(equalTo: b.topAnchor, constant: 12)` makes
/// the constraint the operators make, located where it is written.
@Suite struct AnchorMethodTests {
    @Test func aCardWrittenAsInUIKit() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 375, height: 400))
        let card = View(name: "card"), image = View(name: "image"), title = Label(name: "title", text: "Hello", fontSize: 17)
        root.addSubview(card)
        card.addSubview(image)
        card.addSubview(title)
        let constraints = [
            card.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            card.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            card.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            image.topAnchor.constraint(equalTo: card.topAnchor),
            image.leadingAnchor.constraint(equalTo: card.leadingAnchor),
            image.trailingAnchor.constraint(equalTo: card.trailingAnchor),
            image.heightAnchor.constraint(equalTo: image.widthAnchor, multiplier: 9.0 / 16),
            title.topAnchor.constraint(equalTo: image.bottomAnchor, constant: 12),
            title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 12),
            title.trailingAnchor.constraint(lessThanOrEqualTo: card.trailingAnchor, constant: -12),
            card.bottomAnchor.constraint(equalTo: title.lastBaselineAnchor, constant: 16),
            card.heightAnchor.constraint(greaterThanOrEqualToConstant: 100),
            title.widthAnchor.constraint(lessThanOrEqualToConstant: 300),
            image.widthAnchor.constraint(greaterThanOrEqualTo: title.widthAnchor, multiplier: 2, constant: 4),
        ]
        let line = #line - 2
        #expect(constraints.map(\.formula) == [
            "card.top == root.top + 20", "card.leading == root.leading + 16", "card.trailing == root.trailing - 16",
            "image.top == card.top", "image.leading == card.leading", "image.trailing == card.trailing",
            "image.height == 0.5625 × image.width", "title.top == image.bottom + 12",
            "title.leading == card.leading + 12", "title.trailing <= card.trailing - 12",
            "card.bottom == title.lastBaseline + 16", "card.height >= 100", "title.width <= 300",
            "image.width >= 2 × title.width + 4",
        ])
        #expect(constraints.allSatisfy { !$0.isActive })
        #expect(constraints.last?.location?.line == line)
        try LayoutConstraint.activate(constraints)
        root.layoutIfNeeded()
        #expect(card.frame.origin == Point(x: 16, y: 20) && card.frame.width == 343)
        #expect(image.frame == Rect(x: 0, y: 0, width: 343, height: 192.9375))
        #expect(title.frame.minX == 12 && title.frame.minY == 204.9375)
        #expect(root.layoutReport.isClean)

        // The same card with the operators: the same frames.
        let root2 = View(name: "root", frame: Rect(x: 0, y: 0, width: 375, height: 400))
        let card2 = View(name: "card"), image2 = View(name: "image"), title2 = Label(name: "title", text: "Hello", fontSize: 17)
        root2.addSubview(card2)
        card2.addSubview(image2)
        card2.addSubview(title2)
        try activate([
            card2.top == root2.top + 20, card2.leading == root2.leading + 16, card2.trailing == root2.trailing - 16,
            image2.top == card2.top, image2.leading == card2.leading, image2.trailing == card2.trailing,
            image2.height == 9.0 / 16 * image2.width, title2.top == image2.bottom + 12,
            title2.leading == card2.leading + 12, title2.trailing <= card2.trailing - 12,
            card2.bottom == title2.lastBaseline + 16, card2.height >= 100, title2.width <= 300,
            image2.width >= 2 * title2.width + 4,
        ])
        root2.layoutIfNeeded()
        #expect([card, image, title].map(\.frame) == [card2, image2, title2].map(\.frame))
    }

    /// Kinds cannot mix, as in UIKit: only an x anchor relates to an x anchor (a compile-time
    /// rule, checked here by what does compile); a constraint made by a method is where the
    /// method was called, for reports.
    @Test func aMethodConstraintIsLocatedAtItsCall() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let a = View(name: "a")
        root.addSubview(a)
        let wide = a.widthAnchor.constraint(equalToConstant: 300)
        let line = #line - 1
        try activate([a.leftAnchor.constraint(equalTo: root.leftAnchor), a.topAnchor.constraint(equalTo: root.topAnchor),
                      a.rightAnchor.constraint(equalTo: root.rightAnchor), a.heightAnchor.constraint(equalToConstant: 10), wide])
        root.layoutIfNeeded()
        #expect(root.layoutReport.broken.first === wide)
        #expect(root.layoutReport.conflicts.first?.brokenDescription == "a.width == 300 (AnchorMethodTests.swift:\(line))")
    }
}
