import Testing
import Blueprint

/// The UIKit habits of issue 15: settable `isActive`/`constant`/`priority`/`multiplier`
/// (invalid values refused and reported), all-or-nothing `activate`, the `file:line` of
/// property-style constraints in their errors, and `systemLayoutSizeFitting`.
@Suite("Swift API: settable constraint properties, atomic activation, fitting size")
struct SwiftHabitsTests {
    func tree() throws -> (View, View) {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let box = View(name: "box")
        root.addSubview(box)
        return (root, box)
    }

    /// A helper that builds a screen and returns only its cell: the root (and the engine the
    /// frames were read from) is gone, and the frames read (0, 0, 0, 0). As in UIKit, views
    /// that outlive their tree keep the frames they were laid out with, their subviews too.
    @Test func viewsKeepTheirFramesWhenTheirRootIsGone() throws {
        func cell() throws -> (cell: View, title: Label, rootGone: () -> Bool) {
            let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 375, height: 200))
            let table = View(name: "table")
            let cell = View(name: "cell")
            let title = Label(name: "title", text: "Airplane Mode", fontSize: 17)
            root.addSubview(table)
            table.addSubview(cell)
            cell.addSubview(title)
            try activate([table.edges == root.edges, cell.top == table.top + 20, cell.leading == table.leading,
                          cell.trailing == table.trailing, cell.height == 44,
                          title.leading == cell.leading + 16, title.centerY == cell.centerY])
            root.layoutIfNeeded()
            weak var gone = root
            return (cell, title, { gone == nil })
        }
        let (cell, title, rootGone) = try cell()
        #expect(rootGone())
        #expect(cell.superview == nil)
        #expect(cell.frame == Rect(x: 0, y: 20, width: 375, height: 44))
        #expect(title.frame.minX == 16 && title.frame.height > 0)
        #expect(title.frame.midY == 22)
    }

    /// UIView's conversions: a cell's frame in a grandparent's coordinates without summing
    /// origins by hand, and back; `removeConstraint` deactivates what the view holds.
    @Test func convertAndRemoveConstraintAsInUIKit() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 375, height: 300))
        let table = View(name: "table"), cell = View(name: "cell"), icon = View(name: "icon")
        root.addSubview(table)
        table.addSubview(cell)
        cell.addSubview(icon)
        let iconWidth = icon.width == 29
        try activate([table.top == root.top + 100, table.leading == root.leading + 16, table.trailing == root.trailing - 16,
                      table.height == 200, cell.top == table.top + 44, cell.leading == table.leading, cell.width == table.width,
                      cell.height == 44, icon.leading == cell.leading + 16, icon.centerY == cell.centerY, iconWidth, icon.height == 29])
        root.layoutIfNeeded()
        #expect(icon.convert(icon.bounds, to: table) == Rect(x: 16, y: 51.5, width: 29, height: 29))
        #expect(icon.convert(icon.bounds, to: nil) == Rect(x: 32, y: 151.5, width: 29, height: 29))
        #expect(table.convert(Point(x: 20, y: 60), to: icon) == Point(x: 4, y: 8.5))
        #expect(icon.convert(Point(x: 20, y: 60), from: table) == Point(x: 4, y: 8.5))
        #expect(cell.convert(Rect(x: 0, y: 0, width: 10, height: 10), from: root) == Rect(x: -16, y: -144, width: 10, height: 10))
        // `icon.width == 29` is installed on the icon: removing it from the cell does nothing.
        cell.removeConstraint(iconWidth)
        #expect(iconWidth.isActive)
        icon.removeConstraint(iconWidth)
        #expect(!iconWidth.isActive)
        root.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(icon.hasAmbiguousLayout)
    }

    /// Only the root's direction counts. A subview's `layoutDirection = .rightToLeft` (UIKit's
    /// per-subtree `semanticContentAttribute`) compiled and was ignored without a word: the
    /// row stayed left to right. It is refused now, and the report says what to do.
    @Test func aSubviewsDirectionIsRefusedAndReported() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 320, height: 100))
        let row = View(name: "row"), toggle = View(name: "toggle")
        root.addSubview(row)
        row.addSubview(toggle)
        try activate([row.edges == root.edges, toggle.trailing == row.trailing - 16, toggle.top == row.top,
                      toggle.width == 51, toggle.height == 31])
        row.layoutDirection = .rightToLeft
        #expect(row.layoutDirection == .leftToRight)
        root.layoutIfNeeded()
        #expect(toggle.frame.minX == 253)
        let report = root.layoutReport
        #expect(report.refused.map(\.description) == [
            "only the root's layoutDirection counts and row is a subview: set the root's (a direction per subtree, UIKit's semanticContentAttribute, is not supported) in `row.layoutDirection = rightToLeft`",
        ])
        #expect(!report.isClean)
        // The root's direction flips the whole tree, as before.
        root.layoutDirection = .rightToLeft
        root.layoutIfNeeded()
        #expect(toggle.frame.minX == 16)
        // A view that is not in a tree yet is a root: its direction is taken.
        let lone = View(name: "lone")
        lone.layoutDirection = .rightToLeft
        #expect(lone.layoutDirection == .rightToLeft && lone.layoutReport.refused.isEmpty)
    }

    @Test func settablePropertiesMoveTheLayout() throws {
        let (root, box) = try tree()
        let left = box.left == root.left + 10
        let width = box.width == 0.5 * root.width
        try activate([left, width, box.top == root.top, box.height == 20])
        root.layoutIfNeeded()
        #expect(box.frame == Rect(x: 10, y: 0, width: 150, height: 20))

        left.constant = 30
        width.multiplier = 0.25
        root.layoutIfNeeded()
        #expect(box.frame == Rect(x: 30, y: 0, width: 75, height: 20))

        let wide = box.width == 200 ~ 500
        wide.isActive = true
        width.priority = 400
        root.layoutIfNeeded()
        #expect(box.frame.width == 200)
        #expect(wide.isActive)

        wide.isActive = false
        root.layoutIfNeeded()
        #expect(box.frame.width == 75)
        #expect(!wide.isActive)
        #expect(root.layoutReport.isClean)
    }

    @Test func invalidValuesAreRefusedAndReported() throws {
        let (root, box) = try tree()
        let left = box[.left] == root[.left] + 10; let leftLine = #line
        try activate([left, box.top == root.top, box.size == Size(10, 10)])
        left.constant = .nan
        left.priority = 1001
        left.multiplier = 0
        root.layoutIfNeeded()
        #expect(left.constant == 10 && left.priority == .required && left.multiplier == 1)
        #expect(box.frame == Rect(x: 10, y: 0, width: 10, height: 10))
        let report = root.layoutReport
        #expect(!report.isClean)
        #expect(report.refused.map(\.description) == [
            "SwiftHabitsTests.swift:\(leftLine): the constant is not a finite number in `box.left == root.left + 10 (SwiftHabitsTests.swift:\(leftLine))`",
            "SwiftHabitsTests.swift:\(leftLine): priority 1001 is outside 1...1000 in `box.left == root.left + 10 (SwiftHabitsTests.swift:\(leftLine))`",
            "SwiftHabitsTests.swift:\(leftLine): a multiplier of 0 on a position attribute is not allowed in `box.left == root.left + 10 (SwiftHabitsTests.swift:\(leftLine))`",
        ])
        #expect(report.description.hasPrefix("Refused changes:\n    SwiftHabitsTests.swift:\(leftLine): the constant is not a finite number"))

        let mixed = box.leading == root.left
        mixed.isActive = true
        #expect(!mixed.isActive)
        #expect(root.layoutReport.refused.count == 4)
        #expect(root.layoutReport.refused.last?.reason == "cannot relate leading to left: leading/trailing and left/right do not mix")
    }

    @Test func activateIsAllOrNothing() throws {
        let (root, box) = try tree()
        let good = box.width == 10
        let bad = box.leading == root.left
        #expect(throws: LayoutError.self) { try activate([good, bad]) }
        #expect(!good.isActive && !bad.isActive)
        let stranger = View(name: "stranger")
        let orphan = box.width == stranger.width
        #expect(throws: LayoutError.self) { try activate([good, orphan]) }
        #expect(!good.isActive)
        // Cartography's block too: nothing of it is activated.
        #expect(throws: LayoutError.self) {
            try layout(box, stranger) { box, stranger in
                box.height == 20
                box.height == stranger.height
            }
        }
        #expect(box.constraints.isEmpty && root.constraints.isEmpty)
    }

    @Test func propertyStyleErrorsCarryTheActivatingLine() throws {
        let (_, box) = try tree()
        let nan = box.width == .nan
        do {
            try activate([nan]); let line = #line
            Issue.record("activated a NaN constant (line \(line))")
        } catch {
            #expect(error.location == LayoutSourceLocation(file: "SwiftHabitsTests.swift", line: #line - 3))
            #expect(error.description == "SwiftHabitsTests.swift:\(#line - 4): the constant is not a finite number in `box.width == nan (SwiftHabitsTests.swift:\(#line - 4))`")
        }
        let tooHigh = box.height == 10 ~ 2000
        do {
            try tooHigh.activate()
            Issue.record("activated priority 2000")
        } catch {
            #expect(error.location?.line == #line - 3)
            #expect(error.reason == "priority 2000 is outside 1...1000")
        }
    }

    @Test func fittingHeightOfACellAtAWidth() throws {
        // A cell: a title that wraps nothing, a 60 × 60 image, 12 pt margins, the image's
        // bottom and the title's bottom inside the cell.
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 375, height: 600))
        let cell = View(name: "cell")
        let image = View(name: "image"), title = View(name: "title")
        title.explicitIntrinsicContentSize = Size(width: 120, height: 22)
        root.addSubview(cell)
        cell.addSubview(image)
        cell.addSubview(title)
        try activate([
            cell.top == root.top, cell.leading == root.leading,
            image.leading == cell.leading + 12, image.top == cell.top + 12, image.size == Size(60, 60),
            cell.bottom >= image.bottom + 12,
            title.leading == image.trailing + 8, title.trailing <= cell.trailing - 12,
            title.top == cell.top + 12, cell.bottom >= title.bottom + 12,
        ])
        let fitting = cell.systemLayoutSizeFitting(
            Size(width: 375, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        // 12 + 60 + 12 tall; the width is the target's.
        #expect(fitting == Size(width: 375, height: 84))
        #expect(cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == Size(width: 212, height: 84))
        // The tree lays out as before afterwards (nothing of the measuring stays).
        try activate([cell.width == 375, cell.height == fitting.height])
        root.layoutIfNeeded()
        #expect(cell.frame == Rect(x: 0, y: 0, width: 375, height: 84))
        #expect(title.frame == Rect(x: 80, y: 12, width: 120, height: 22))
        #expect(cell.constraints.allSatisfy { $0.identifier == nil })
    }

    /// Measuring wraps a multi-line label at the measurement's own width, then leaves the
    /// label as it was: the same measurement gives the same size whatever was measured before,
    /// and the label's intrinsic size is the one its last layout gave it.
    @Test func measuringAWrappingLabelLeavesItAsItWas() throws {
        let cell = View(name: "cell")
        let body = Label(name: "body", text: "Just shipped a new version of the analytical engine. Notes on the Bernoulli numbers follow.",
                         fontSize: 17)
        body.numberOfLines = 0
        cell.addSubview(body)
        try activate([body.edges == cell.edges - 16])
        let intrinsic = body.intrinsicContentSize
        let compressed = cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
        let at320 = cell.systemLayoutSizeFitting(Size(width: 320, height: 0), withHorizontalFittingPriority: .required,
                                                 verticalFittingPriority: .fittingSizeLevel)
        #expect(at320.width == 320 && at320.height > compressed.height, "wrapped at 288: more lines than one")
        #expect(body.intrinsicContentSize == intrinsic)
        #expect(cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == compressed)
        let at500 = cell.systemLayoutSizeFitting(Size(width: 500, height: 0), withHorizontalFittingPriority: .required,
                                                 verticalFittingPriority: .fittingSizeLevel)
        #expect(at500.height < at320.height)
        #expect(cell.systemLayoutSizeFitting(Size(width: 320, height: 0), withHorizontalFittingPriority: .required,
                                             verticalFittingPriority: .fittingSizeLevel) == at320)
        #expect(cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == compressed)
        #expect(body.intrinsicContentSize == intrinsic)
        // One line 730 × 21 (plus 16 a side); wrapped at 288 it is three lines, at 468 two.
        #expect([compressed, at320, at500, intrinsic] == [Size(width: 762, height: 53), Size(width: 320, height: 94),
                                                          Size(width: 500, height: 74), Size(width: 730, height: 21)])
    }

    @Test func measuringACellLeavesTheLaidOutFramesAsTheyWere() throws {
        // The habit of a table: lay the screen out, measure a cell, read frames. UIKit's
        // measurement moves nothing; neither does ours, until the next layout.
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 375, height: 600))
        let header = View(name: "header"), cell = View(name: "cell")
        let avatar = View(name: "avatar"), title = View(name: "title")
        title.explicitIntrinsicContentSize = Size(width: 120, height: 22)
        root.addSubview(header)
        root.addSubview(cell)
        cell.addSubview(avatar)
        cell.addSubview(title)
        try activate([
            header.top == root.top + 44, header.leading == root.leading, header.trailing == root.trailing,
            header.height == 50,
            cell.top == header.bottom, cell.leading == root.leading, cell.trailing == root.trailing,
            avatar.leading == cell.leading + 16, avatar.top == cell.top + 12, avatar.size == Size(64, 64),
            cell.bottom == avatar.bottom + 12,
            title.leading == avatar.trailing + 12, title.centerY == avatar.centerY,
        ])
        root.layoutIfNeeded()
        let before = [root, header, cell, avatar, title].map(\.frame)
        #expect(before[2] == Rect(x: 0, y: 94, width: 375, height: 88))
        #expect(before[3] == Rect(x: 16, y: 12, width: 64, height: 64))
        let size = cell.systemLayoutSizeFitting(
            Size(width: 320, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        #expect(size == Size(width: 320, height: 88))
        #expect([root, header, cell, avatar, title].map(\.frame) == before)
        #expect(avatar.absoluteFrame == Rect(x: 16, y: 106, width: 64, height: 64))
        // Measuring the root itself (its frame fixes its size) keeps its engine's frames too.
        #expect(root.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == Size(width: 375, height: 600))
        #expect([root, header, cell, avatar, title].map(\.frame) == before)
        // The next layout is the same layout.
        root.layoutIfNeeded()
        #expect([root, header, cell, avatar, title].map(\.frame) == before)
        #expect(cell.constraints.allSatisfy { $0.identifier == nil })
    }

    /// `addSubview` needs no `try`; a cycle is refused, nothing changes, and the report says
    /// where it was asked for.
    @Test func addSubviewRefusesACycle() throws {
        let (root, box) = try tree()
        let inner = View(name: "inner")
        box.addSubview(inner)
        inner.addSubview(root); let line = #line
        box.addSubview(box)
        #expect(root.superview == nil && inner.subviews.isEmpty && box.subviews.map(\.name) == ["inner"])
        #expect(root.layoutReport.refused.map(\.description) == [
            "SwiftHabitsTests.swift:\(line): root cannot be a subview of itself or of its own subview",
            "SwiftHabitsTests.swift:\(line + 1): box cannot be a subview of itself or of its own subview",
        ])
        let stack = StackView(name: "stack")
        box.addSubview(stack)
        stack.addArrangedSubview(box)
        #expect(stack.arrangedSubviews.isEmpty && box.superview === root)
        #expect(root.layoutReport.refused.count == 3)
    }
}
