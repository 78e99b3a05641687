import Blueprint
import Testing
import TestSupport

/// A layout changed one step at a time equals the same final state built from scratch: a feed
/// of eight cards in a vertical stack, changed by random steps (a body's text, a card hidden or
/// shown, two constants, a size constraint deactivated and activated again, a priority, the
/// stack's spacing, the layout direction), every step's frames and conflicts compared with a
/// fresh tree. The engine's incremental paths (constants moved in place, baselines remade,
/// adds and removes, rebuilds) have to agree with its first layout.
@Suite struct IncrementalLayoutTests {
    static let texts = ["Short.", "A longer text that wraps onto a second line when the card is narrow enough.",
                        "Three lines of text: this one goes on and on so that even a wide card has to wrap it at least twice over.", ""]

    struct State {
        var texts = Array(repeating: 0, count: 8)
        var hidden = Array(repeating: false, count: 8)
        var gap = 8.0, pad = 16.0, spacing = 12.0
        var widthOn = Array(repeating: true, count: 8)
        var titlePriority = 750.0
        var rightToLeft = false
    }

    final class Feed {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 360, height: 1400))
        let stack: StackView
        var bodies: [Label] = [], cards: [View] = []
        var gaps: [LayoutConstraint] = [], pads: [LayoutConstraint] = [], widths: [LayoutConstraint] = [], titleWidths: [LayoutConstraint] = []

        init(_ s: State) throws {
            root.layoutDirection = s.rightToLeft ? .rightToLeft : .leftToRight
            for i in 0..<8 {
                let card = View(name: "card\(i)"), badge = View(name: "badge\(i)")
                let title = Label(name: "title\(i)", text: "Card number \(i)", fontSize: 17)
                let body = Label(name: "body\(i)", text: IncrementalLayoutTests.texts[s.texts[i]], fontSize: 15)
                body.numberOfLines = 0
                for v in [title, body, badge] as [View] { card.addSubview(v) }
                let gap = body.top == title.bottom + s.gap, pad = title.leading == card.leading + s.pad
                let width = badge[.width] == 24, titleWidth = title[.width] <= 200 ~ LayoutPriority(s.titlePriority)
                try activate([title.top == card.topMargin, pad, title.trailing <= badge.leading - 8, titleWidth, gap,
                              body.leading == title.leading, body.trailing == card.trailingMargin,
                              card.bottomMargin == body.bottom ~ LayoutPriority(999),   // a hidden card collapses
                              badge.trailing == card.trailingMargin, badge.top == card.topMargin, badge[.height] == 24,
                              badge[.width] == 30 ~ LayoutPriority(1)])
                if s.widthOn[i] { try width.activate() }
                card.isHidden = s.hidden[i]
                cards.append(card); bodies.append(body); gaps.append(gap); pads.append(pad); widths.append(width)
                titleWidths.append(titleWidth)
            }
            stack = StackView(name: "feed", arrangedSubviews: cards)
            stack.axis = .vertical
            stack.spacing = s.spacing
            root.addSubview(stack)
            try activate([stack.top == root.top + 20, stack.leading == root.leadingMargin, stack.trailing == root.trailingMargin])
        }

        /// Sets what differs from `old`, as an app would (setting a property to the value it
        /// has may rebuild, which would hide the incremental paths).
        func apply(_ s: State, from old: State) throws {
            if s.rightToLeft != old.rightToLeft { root.layoutDirection = s.rightToLeft ? .rightToLeft : .leftToRight }
            if s.spacing != old.spacing { stack.spacing = s.spacing }
            for i in 0..<8 {
                if s.texts[i] != old.texts[i] { bodies[i].text = IncrementalLayoutTests.texts[s.texts[i]] }
                if s.hidden[i] != old.hidden[i] { cards[i].isHidden = s.hidden[i] }
                if s.gap != old.gap { try gaps[i].setConstant(s.gap) }
                if s.pad != old.pad { try pads[i].setConstant(s.pad) }
                if s.widthOn[i] != old.widthOn[i] { widths[i].isActive = s.widthOn[i] }
                if s.titlePriority != old.titlePriority { try titleWidths[i].setPriority(LayoutPriority(s.titlePriority)) }
            }
        }

        /// Every view's frame but those inside a hidden card (whose content is squeezed into no
        /// height and may settle anywhere), in tree order.
        func frames(hidden: [Bool]) -> [String] {
            var out: [String] = []
            root.forEachInSubtree { v in
                if let card = v.superview, let i = cards.firstIndex(where: { $0 === card }), hidden[i] { return }
                out.append("\(v.name) \(v.frame)")
            }
            return out
        }
    }

    @Test func stepByStepEqualsFromScratch() throws {
        var random = SplitMix(seed: 0xB1E5)
        func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        var compared = 0
        for trial in 0..<12 {
            var state = State()
            let feed = try Feed(state)
            feed.root.layoutIfNeeded()
            for step in 0..<16 {
                let old = state
                switch pick(8) {
                case 0: state.texts[pick(8)] = pick(4)
                case 1: state.hidden[pick(8)].toggle()
                case 2: state.gap = Double(pick(20))
                case 3: state.pad = Double(pick(40))
                case 4: state.widthOn[pick(8)].toggle()
                case 5: state.titlePriority = [250, 750, 999, 1000][pick(4)]
                case 6: state.spacing = Double(pick(30))
                default: state.rightToLeft.toggle()
                }
                try feed.apply(state, from: old)
                feed.root.layoutIfNeeded()
                let fresh = try Feed(state)
                fresh.root.layoutIfNeeded()
                #expect(feed.frames(hidden: state.hidden) == fresh.frames(hidden: state.hidden), "trial \(trial), step \(step)")
                #expect(feed.root.layoutReport.conflicts.map(\.description) == fresh.root.layoutReport.conflicts.map(\.description),
                        "trial \(trial), step \(step)")
                compared += 1
            }
        }
        #expect(compared == 192)
    }
}
