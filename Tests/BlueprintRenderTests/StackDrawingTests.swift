import Blueprint
@testable import BlueprintRender
import Testing

/// A stack is drawn as a stack: its axis, spacing and distribution beside its name, the gaps
/// between its views as I-bars, and nothing of the rest it generates (edges, alignment, equal
/// lengths).
@Suite struct StackDrawingTests {
    func tree(distribution: StackView.Distribution) throws -> View {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 360, height: 120))
        let actions = StackView(name: "actions", arrangedSubviews: [
            Label(name: "reply", text: "Reply", fontSize: 15),
            Label(name: "share", text: "Share", fontSize: 15),
            Label(name: "like", text: "Like", fontSize: 15),
        ])
        actions.spacing = 8
        actions.distribution = distribution
        root.addSubview(actions)
        try activate([
            actions.top == root.top + 40,
            actions.leading == root.leading + 16,
            actions.trailing == root.trailing - 16,
        ])
        return root
    }

    /// A row of filter chips (a stack of four labels, 8 apart), as layout lines.
    static let chips = """
        stack chips spacing 8 distribution fillProportionally alignment center
        view chipFavorites in chips label "Favorites" font 13 align center
        view chipVideos in chips label "Videos" font 13 align center
        view chipScreenshots in chips label "Screenshots" font 13 align center
        view chipLive in chips label "Live" font 13 align center
        """

    @Test func theStackSaysItsArrangementAndOnlyItsGapsAreDrawn() throws {
        let diagram = try Diagram(root: try tree(distribution: .fillEqually), options: RenderOptions(scale: 1))
        let texts = diagram.texts.map(\.text)
        #expect(texts.contains("actions → 8 equal"), "\(texts)")
        // Two gaps, both 8; the stack's edges, alignment and equal widths are not lines.
        let gaps = diagram.texts.filter { $0.text == "8" }
        #expect(gaps.count == 2, "\(texts)")
        #expect(diagram.statistics.constraints == 5, "three of the file's own, two gaps")
        #expect(diagram.statistics.markers == 0)
    }

    /// Rows whose gaps are alike but whose stacks are arranged otherwise (another alignment,
    /// another distribution) are not folded as "constrained like" the first: only the row
    /// arranged exactly like another is, and its gap is then not drawn again.
    @Test func rowsAreFoldedOnlyWhenTheirStacksAreArrangedAlike() throws {
        let document = try LayoutDocument(parsing: """
            canvas 375 x 260
            stack form axis vertical spacing 20
            stack nameRow in form spacing 12 alignment firstBaseline
            view nameLabel in nameRow label "Full name" font 17 hugging 251
            view nameField in nameRow size none x 34
            stack syncRow in form spacing 12 alignment center
            view syncLabel in syncRow label "Sync" font 17
            view syncSwitch in syncRow size 51 x 31 hugging 251
            stack mailRow in form spacing 12 alignment center
            view mailLabel in mailRow label "Mail" font 17
            view mailSwitch in mailRow size 51 x 31 hugging 251
            stack buttons in form spacing 12 distribution fillEqually
            view cancelButton in buttons label "Cancel" font 17
            view saveButton in buttons label "Save Changes" font 17
            form.top == superview.top + 20
            form.leading == superview.leading + 16
            form.trailing == superview.trailing - 16
            """, file: "rows.layout")
        let d = try Diagram(root: document.root, options: RenderOptions(scale: 1))
        let tags = d.texts.map(\.text).filter { $0.hasPrefix("as ") || $0.contains(" · as ") }
        #expect(tags == ["as syncRow"], "\(tags)")
        // The gaps of nameRow, syncRow and buttons are drawn; mailRow's is folded.
        #expect(d.texts.filter { $0.text == "12" }.count == 3)
        #expect(d.legend.items.map(\.entry.text).contains("as syncRow: mailRow is constrained like syncRow (not drawn again)"))
    }

    /// A gap narrower than its number is labelled beside the gap (under or over it), never
    /// inside the next view level with its text, where `8 Videos` read as the view's own text;
    /// the outer `16`s sit outside the row.
    @Test func aGapsNumberIsNeverLevelWithTheNextViewsText() throws {
        let document = try LayoutDocument(parsing: """
            canvas 393 x 80
            \(Self.chips)
            H:|-16-[chips]-16-|
            V:|-20-[chips]
            """, file: "chips.layout")
        let d = try Diagram(root: document.root, options: RenderOptions(scale: 1))
        let chips = try ["chipFavorites", "chipVideos", "chipScreenshots", "chipLive"].map { name in
            try #require(d.boxes.first { $0.name == name }).frame
        }
        let numbers = d.texts.filter { $0.text == "8" || $0.text == "16" }
        #expect(numbers.count == 5, "\(d.texts.map(\.text))")
        for n in numbers {
            #expect(!chips.contains { LabelPlacer.overlapsInside(n.rect, $0) }, "\(n.text) at \(n.rect)")
        }
    }

    /// Just past a gap's end inside the view it ends at, by its edge above or below the line,
    /// is refused as well when that view's text is level with the spot: the avatar-to-bubble
    /// `8` sat between the bubble's edge and its text, read as the text's inset (12).
    @Test func aGapsNumberIsNotPutBesideTheTextOfTheViewItEndsAt() throws {
        let document = try LayoutDocument(parsing: """
            canvas 390 x 220
            view sep label "Today 09:41" font 12 weight medium
            view bubble margins 8 12 8 12
            view text in bubble label "Are we still on for the layout review?" font 16 lines 0
            view avatar size 28 x 28
            sep.top = 20
            sep.centerX == superview.centerX
            H:|-12-[avatar]-8-[bubble]-(>=64)-|
            bubble.top == sep.bottom + 12
            avatar.bottom == bubble.bottom
            text.edges == superview.margins
            """, file: "bubble.layout")
        let d = try Diagram(root: document.root, options: RenderOptions(scale: 1))
        let bubble = try #require(d.boxes.first { $0.name == "bubble" }).frame
        let eight = try #require(d.texts.first { $0.text == "8" })
        #expect(!LabelPlacer.overlapsInside(eight.rect, bubble), "\(eight.rect) in \(bubble)")
    }

    /// A stack's own gaps, which its tag states, are labelled after the file's constraints:
    /// the segmented control's `2`s took the strip above the chips, and the file's `12` between
    /// the two rows became a numbered marker. Now the `12` is placed and a `2` may go unlabelled.
    @Test func theFilesConstraintsAreLabelledBeforeAStacksOwnGaps() throws {
        let document = try LayoutDocument(parsing: """
            canvas 393 x 200
            stack segmented margins 2 marginsRelative distribution fillEqually spacing 2 alignment fill
            view segYears in segmented label "Years" font 13 weight semibold align center
            view segMonths in segmented label "Months" font 13 weight semibold align center
            view segDays in segmented label "Days" font 13 weight semibold align center
            view segAllPhotos in segmented label "All Photos" font 13 weight semibold align center
            \(Self.chips)
            H:|-16-[segmented]-16-|
            V:|-20-[segmented(32)]-12-[chips]
            H:|-16-[chips]-16-|
            """, file: "segmented.layout")
        let d = try Diagram(root: document.root, options: RenderOptions(scale: 1))
        #expect(d.statistics.markers == 0)
        #expect(d.texts.contains { $0.text == "12" && $0.marker == nil })
    }

    /// An equally spaced stack's gaps are `>=` its spacing, and its tag (`→ 0 spaced`) states
    /// them as it states an `==` spacing: with no room beside its buttons a gap goes
    /// unlabelled, not to a numbered marker (a news feed's action row had ① for a `≥ 0`, and
    /// a leader over a button's text).
    @Test func anEquallySpacedStacksGapsAreStatedByItsTag() throws {
        let document = try LayoutDocument(parsing: """
            canvas 393 x 260
            stack post axis vertical spacing 10
            view postBody in post label "The Analytical Engine weaves algebraic patterns just as the Jacquard loom weaves flowers and leaves." font 15 lines 0
            stack postActions in post distribution equalSpacing alignment center
            view postReply in postActions label "Reply 12" font 13
            view postRepost in postActions label "Repost 4" font 13
            view postLike in postActions label "Like 208" font 13
            view postShare in postActions size 20 x 20
            H:|-16-[post]-16-|
            V:|-20-[post]
            """, file: "actions.layout")
        let d = try Diagram(root: document.root, options: RenderOptions(scale: 1))
        #expect(d.statistics.markers == 0)
        #expect(d.statistics.leadersOverText == 0)
        #expect(d.texts.filter { $0.text == "≥ 0" }.allSatisfy { $0.marker == nil })
        #expect(d.texts.contains { $0.text.hasPrefix("postActions") && $0.text.contains("spaced") })
    }

    @Test func summaries() {
        let stack = StackView(name: "s")
        stack.axis = .vertical
        stack.spacing = 12
        #expect(DiagramBuilder.stackSummary(stack, rightToLeft: false) == "↓ 12")
        stack.axis = .horizontal
        stack.distribution = .equalSpacing
        #expect(DiagramBuilder.stackSummary(stack, rightToLeft: false) == "→ 12 spaced")
        #expect(DiagramBuilder.stackSummary(stack, rightToLeft: true) == "← 12 spaced")
        stack.spacing = 2.5
        stack.distribution = .fillProportionally
        #expect(DiagramBuilder.stackSummary(stack, rightToLeft: false) == "→ 2.5 proportional")
    }
}
