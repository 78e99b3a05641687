import Blueprint
@testable import BlueprintRender
import Foundation
import Testing

/// A name with no room by its frame, in a wide layout: its callout's leader runs at most
/// ``LabelPlacer/calloutReach`` across the layout, or it goes on a short leader nearby.
@Suite struct CalloutReachTests {
    /// Mail on an iPad: a sidebar of mailboxes, a list of messages and an empty reading pane,
    /// 1,180 points wide.
    static let mail: String = {
        let boxes = [("inbox", "Inbox", "12"), ("vip", "VIP", "3"), ("sent", "Sent", "0"), ("trash", "Trash", "41")].map { n, title, count in
            """
            stack \(n)Box in boxes spacing 12 alignment center marginsRelative margins 8
            view \(n)Icon in \(n)Box size 22 x 22 hugging 251
            view \(n)Name in \(n)Box label "\(title)" font 17
            view \(n)Count in \(n)Box label "\(count)" font 15 hugging 251
            """
        }
        let messages = [("Charles Babbage", "09:41", "Difference engine drawings",
                         "I have sent the latest drawings of the carriage mechanism; tell me what you think of the new gearing."),
                        ("Mary Somerville", "Yesterday", "Translation of Menabrea",
                         "Your notes are longer than the paper itself, which is exactly as it should be."),
                        ("Michael Faraday", "Monday", "Lecture on Friday",
                         "The Royal Institution has seats kept for you and your mother at the front.")]
            .enumerated().map { i, m in
                """
                stack msg\(i + 1) in messages axis vertical spacing 2 marginsRelative margins 10 16 10 16
                stack msg\(i + 1)Top in msg\(i + 1) spacing 8
                view msg\(i + 1)From in msg\(i + 1)Top label "\(m.0)" font 16 weight semibold
                view msg\(i + 1)Time in msg\(i + 1)Top label "\(m.1)" font 14 hugging 251
                view msg\(i + 1)Subject in msg\(i + 1) label "\(m.2)" font 15
                view msg\(i + 1)Preview in msg\(i + 1) label "\(m.3)" font 14 lines 2
                """
            }
        // Four columns as tall as the screen, side by side.
        let columns = [("sidebar", "superview.leading", "sidebarWidth"), ("sidebarDivider", "sidebar.trailing", "1"),
                       ("list", "sidebarDivider.trailing", "listWidth"), ("listDivider", "list.trailing", "1"),
                       ("reader", "listDivider.trailing", nil)].map { name, leading, width in
            "\(name).top == superview.top\n\(name).bottom == superview.bottom\n\(name).leading == \(leading)\n"
                + (width.map { "\(name).width == \($0)" } ?? "\(name).trailing == superview.trailing")
        }
        return """
            canvas 1180 x 820
            safearea 24 0 20 0
            let pad = 16
            let sidebarWidth = 260
            let listWidth = 340
            view sidebar margins 12
            view sidebarTitle in sidebar label "Mailboxes" font 28 weight bold
            stack boxes in sidebar axis vertical spacing 4
            \(boxes.joined(separator: "\n"))
            view sidebarDivider
            view list
            view listTitle in list label "Inbox" font 28 weight bold
            stack messages in list axis vertical spacing 1
            \(messages.joined(separator: "\n"))
            view listDivider
            view reader margins 24
            \(columns.joined(separator: "\n"))
            sidebarTitle.top == safeArea.top + 12
            sidebarTitle.leading == superview.leadingMargin
            boxes.top == sidebarTitle.bottom + 12
            boxes.leading == superview.leading
            boxes.trailing == superview.trailing
            listTitle.top == safeArea.top + 12
            listTitle.leading == superview.leading + pad
            messages.top == listTitle.bottom + 12
            messages.leading == superview.leading
            messages.trailing == superview.trailing
            """
    }()

    func diagram() throws -> Diagram {
        let document = try LayoutDocument(parsing: Self.mail, file: "mail.layout")
        return try Diagram(root: document.root, options: RenderOptions())
    }

    func frame(_ d: Diagram, _ name: String) throws -> Rect {
        try #require(d.boxes.first { $0.name == name }).frame
    }

    /// The sidebar's Inbox title has no room for its name at its corners, and every leader to
    /// the column on its own side, 40 points away, crosses the icon's `12` or the row's callouts
    /// there: its name went to the column on the far side, on a leader 1,000 points long over
    /// the message list and the reading pane. The first message's time, sender and top row
    /// (340 points in) had leaders across the whole sidebar. Now the title's and the sender's
    /// names sit inside their frames along the top edge, past their texts, with no leader; the
    /// time's and the top row's go just above the row, on a leader up from the frame shorter
    /// than the row is tall, and over no neighbouring row.
    @Test func aNameNearASideHasNoLeaderAcrossTheLayout() throws {
        let d = try diagram()
        for name in ["inboxName", "msg1From"] {
            let text = try #require(d.texts.first { $0.text == name }, "\(name)")
            let f = try frame(d, name)
            #expect(text.leader == nil, "\(name)")
            #expect(text.rect.minX > f.minX && text.rect.maxX < f.maxX && text.rect.minY > f.minY && text.rect.maxY < f.maxY,
                    "\(name): \(text.rect) in \(f)")
        }
        for (name, view, row) in [("msg1Time", "msg1Time", "msg1"), ("msg1Top → 8", "msg1Top", "msg1")] {
            let text = try #require(d.texts.first { $0.text == name }, "\(name)")
            let f = try frame(d, view), r = try frame(d, row)
            let leader = try #require(text.leader, "\(name)")
            #expect(leader.0 == LabelPlacer.nearest(Point(x: text.rect.midX, y: text.rect.midY), in: f), "\(name)")
            #expect(hypot(leader.1.x - leader.0.x, leader.1.y - leader.0.y) < r.height, "\(name): \(leader)")
            #expect(text.rect.maxY <= r.minY && text.rect.minX >= r.minX && text.rect.maxX <= r.maxX, "\(name): \(text.rect) over \(r)")
        }
        // Every name's leader runs at most the reach across the layout, but for the three in the
        // middle of the message list that find no free spot nearby (they take the fewest frames).
        let long = d.texts.filter { t in
            guard case .name = t.style, let l = t.leader else { return false }
            return abs(l.1.x - l.0.x) > LabelPlacer.calloutReach + Metrics.calloutGap
        }.map(\.text)
        #expect(long == ["messages ↓ 1", "msg1Preview", "msg2 ↓ 2"])
        #expect(d.statistics.markers == 0 && d.statistics.leaderCrossings == 0 && d.statistics.leadersOverText == 0)
    }
}
