import Blueprint
@testable import BlueprintRender
import Foundation
import Testing

/// A form whose three rows' labels share a guide column (`label.trailing <= column.trailing`),
/// each row's field 12 points past the column: no numbered marker in either direction.
@Suite struct FormColumnTests {
    static func form(_ direction: String) throws -> Diagram {
        var text = """
            canvas 390 x 260
            direction \(direction)
            view group margins 0 16 0 16
            guide labelColumn
            group.top == root.top + 20
            group.leading == root.leading + 16
            group.trailing == root.trailing - 16
            labelColumn.leading == group.leadingMargin
            labelColumn.top == group.top
            labelColumn.height == group.height
            labelColumn.width == 0 ~ 200

            """
        let rows = [("name", "Full name", "Dana Levi"), ("email", "Email", "dana@example.com"), ("phone", "Mobile phone", "054-123-4567")]
        for (i, (row, label, value)) in rows.enumerated() {
            text += """
                view \(row)Row in group
                view \(row)Label in \(row)Row label "\(label)" font 17 hugging 251
                view \(row)Field in \(row)Row margins 0 8 0 8
                view \(row)Value in \(row)Field label "\(value)" font 17
                \(row)Row.top == \(i == 0 ? "superview.top" : rows[i - 1].0 + "Row.bottom")
                \(row)Row.directionalHorizontalEdges == superview.directionalHorizontalEdges
                \(row)Row.height == 44
                \(row)Label.leading == labelColumn.leading
                \(row)Label.trailing <= labelColumn.trailing
                \(row)Label.centerY == superview.centerY
                \(row)Field.leading == labelColumn.trailing + 12
                \(row)Field.trailing == group.trailingMargin
                \(row)Field.centerY == superview.centerY
                \(row)Field.height == 32
                \(row)Value.leading == superview.leadingMargin
                \(row)Value.trailing <= superview.trailingMargin
                \(row)Value.centerY == superview.centerY

                """
        }
        text += "phoneRow.bottom == superview.bottom\n"
        let document = try LayoutDocument(parsing: text, file: "form.layout")
        return try Diagram(root: document.root, options: RenderOptions(scale: 2))
    }

    /// The widest label, "Mobile phone", ends at the column's edge: its `≥ 0` is an alignment
    /// line along the label's trailing edge, with the 12 to the field beside it and the row's
    /// edges 11.5 points above and below the label. The `≥ 0` was a numbered marker ① whose
    /// leader crossed "Mobile phone"; it sits a size smaller just past the label's end, on the
    /// line, with no leader.
    @Test(arguments: ["ltr", "rtl"])
    func aZeroGapsInequalityIsLabelledAtItsLine(direction: String) throws {
        let d = try Self.form(direction)
        #expect(d.statistics.markers == 0 && d.statistics.leadersOverText == 0)
        let line = try #require(d.annotations.first { $0.formula == "phoneLabel.trailing <= labelColumn.trailing" })
        #expect(line.kind == .alignment && line.label == "≥ 0")
        let label = try #require(d.boxes.first { $0.name == "phoneLabel" }).frame
        let x = line.start.x
        let beside = d.texts.filter { t in
            t.text == "≥ 0" && t.marker == nil && t.leader == nil && t.rect.minX - 1.5 <= x && x <= t.rect.maxX + 1.5
                && (abs(t.rect.maxY - label.minY) <= 1.5 || abs(t.rect.minY - label.maxY) <= 1.5)
        }
        #expect(beside.count == 1, "\(d.texts.filter { $0.text == "≥ 0" }.map(\.rect))")
    }

    /// Right to left, the first row's 12 (field to column) and `≥ 0` (column to "Full name")
    /// are one line: the 12, too wide for its gap, was put just under the `≥ 0` bar past its own
    /// end, where it read as that bar's and left the `≥ 0` no room (a numbered marker ②). The
    /// 12 now sits over or under its own bar, flush with the field's edge, and the `≥ 0` on its
    /// bar.
    @Test func aShortGapsNumberLeavesTheNextBarInAChainItsRoom() throws {
        let d = try Self.form("rtl")
        #expect(d.statistics.markers == 0)
        let twelve = try #require(d.annotations.first { $0.formula == "nameField.leading == labelColumn.trailing + 12" })
        let zero = try #require(d.annotations.first { $0.formula == "nameLabel.trailing <= labelColumn.trailing" })
        #expect(twelve.kind == .spacing && zero.kind == .spacing && twelve.start.y == zero.start.y)
        let y = zero.start.y
        let (t0, t1) = (min(twelve.start.x, twelve.end.x), max(twelve.start.x, twelve.end.x))
        let (z0, z1) = (min(zero.start.x, zero.end.x), max(zero.start.x, zero.end.x))
        #expect(t1 == z0)
        // The `≥ 0` on its bar, between its ends.
        #expect(d.texts.contains { $0.text == "≥ 0" && $0.leader == nil && $0.rect.minY < y && y < $0.rect.maxY
                && $0.rect.minX > z0 && $0.rect.maxX < z1 })
        // The 12 over or under its bar, mostly along it, not wholly past its end.
        let near = d.texts.filter { $0.text == "12" && abs($0.rect.midY - y) < 12 }
        #expect(near.count == 1)
        for t in near {
            #expect(t.leader == nil && t.rect.minX <= t0 + 1 && t.rect.maxX - t1 < t.rect.width / 2, "\(t.rect)")
        }
    }
}
