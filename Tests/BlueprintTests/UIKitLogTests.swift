import Foundation
import Testing
import Blueprint

/// UIKit "Unable to simultaneously satisfy constraints" logs read back as layouts: the views,
/// the tree, the constraints, and which one breaks, against what UIKit broke.
@Suite struct UIKitLogTests {
    static let folder: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("fixtures/uikit-logs")
    }()

    func log(_ name: String) throws -> UIKitConflictLog {
        let text = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
        return try UIKitConflictLog(text: text, file: name)
    }

    /// Two widths on one named view: one view (its name from `names:`), both constraints under
    /// their descriptions, the placeholders, and UIKit's choice noted.
    @Test func twoWidthsOfANamedViewReadBackExactly() throws {
        let conflict = try #require(try log("toolbar-icon.log").conflicts.first)
        #expect(conflict.constraintLines == [7, 8])
        #expect(conflict.brokenLine == 7)
        #expect(conflict.readableLayout == """
            # A UIKit conflict read back from its log: views and guides for the addresses it names,
            # then its constraints. The log does not give the views' other constraints: the
            # placeholders at priorities 1 to 4 at the end only place what it leaves free.
            # UIKit broke the constraint of log line 7.

            view AddressToolbar_lockIcon size 44 x 44 hugging 2 compression 2  # 0x106c2b2e0 (AddressToolbar.lockIcon)

            # the app's constraints, in the log's order
            # log line 7 (UIKit broke this one): <NSLayoutConstraint:0x600002170be0 AddressToolbar.lockIcon.width == 40   (active, names: AddressToolbar.lockIcon:0x106c2b2e0 )>
            AddressToolbar_lockIcon.width == 40
            # log line 8: <NSLayoutConstraint:0x6000021bd9f0 AddressToolbar.lockIcon.width == 24   (active, names: AddressToolbar.lockIcon:0x106c2b2e0 )>
            AddressToolbar_lockIcon.width == 24

            # placeholders
            AddressToolbar_lockIcon.top = 16 ~ 3 as placeholder
            AddressToolbar_lockIcon.leading = 16 ~ 3 as placeholder
            root.bottom >= AddressToolbar_lockIcon.bottom + 16 ~ 4 as placeholder
            root.trailing >= AddressToolbar_lockIcon.trailing + 16 ~ 4 as placeholder
            root.width == 0 ~ 1 as placeholder
            root.height == 0 ~ 1 as placeholder

            """)
    }

    /// A table cell's conflict: visual formats with `names: '|'` make the tree (the content
    /// view, its container, the label, the carousel and the page control as siblings), the
    /// label is a label, UIKit's own cell height comes first, and the constraint broken is
    /// UIKit's, located at its line of the log; the frames follow.
    @Test func aTableCellsConflictBreaksWhatUIKitBroke() throws {
        let parsed = try log("feed.log")
        #expect(parsed.conflicts.count == 2)
        #expect(parsed.conflicts.map(\.line) == [1, 22])
        let conflict = parsed.conflicts[0]
        #expect(conflict.names == [
            "0x1555f3420": "view1", "0x1555f2f40": "view2", "0x1555f30f0": "trendingNowLabel",
            "0x1555f35d0": "pageControl", "0x1555ed190": "tableViewCellContentView",
        ])
        let declarations = conflict.readableLayout.split(separator: "\n").filter { $0.hasPrefix("view ") }
        #expect(declarations == [
            "view tableViewCellContentView size none x none  # UITableViewCellContentView:0x1555ed190",
            "view view2 in tableViewCellContentView size none x none  # UIView:0x1555f2f40",
            "view view1 in view2 size 44 x 44 hugging 2 compression 2  # UIView:0x1555f3420",
            "view trendingNowLabel in view2 label \"Trending now\"  # UILabel:0x1555f30f0",
            "view pageControl in view2 size 44 x 44 hugging 2 compression 2  # UIPageControl:0x1555f35d0",
        ])
        let document = try conflict.document(file: "feed.log")
        document.root.layoutIfNeeded()
        let report = document.root.layoutReport
        #expect(report.broken.map(\.description) == ["view1.height >= 330 (feed.log:7)"])
        #expect(report.conflicts.first?.description.contains(
            "\"'UIView_Encapsulated_Layout_Height' tableViewCellContentView.height == 380 (feed.log:14)\"") == true)
        let cell = try #require(document.view(named: "tableViewCellContentView"))
        #expect(cell.frame.height == 380)
        let pageControl = try #require(document.view(named: "pageControl"))
        #expect(pageControl.frame.maxY == 380 - 16)
    }

    /// An aspect ratio in a collection cell, autoresizing masks against a superview, a toast's
    /// label, a collection view in a table cell, a temporary width: of the twelve logs, the
    /// eight where Blueprint breaks what UIKit broke, and the four where UIKit's choice follows
    /// from its engine's state, which no log shows (in two of them UIKit broke the first of two
    /// sizes of one view).
    @Test func theLogsBreakWhatUIKitBrokeInEightOfTwelve() throws {
        var same: [String] = [], different: [String] = []
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".log") }.sorted()
        #expect(files.count == 12)
        for file in files {
            let conflict = try #require(try log(file).conflicts.first)
            let document = try conflict.document(file: file)
            document.root.layoutIfNeeded()
            let ours = document.root.layoutReport.broken.compactMap { $0.location?.line }
            if ours == [try #require(conflict.brokenLine)] { same.append(file) } else { different.append(file) }
        }
        #expect(same == [
            "aspect-cell.log", "cell-layout-height.log", "collection-in-cell.log", "feed.log", "input-accessory.log",
            "navigation-bar.log", "refresh-control.log", "toast.log",
        ])
        #expect(different == ["banner.log", "folding-cell.log", "search-header.log", "toolbar-icon.log"])
    }

    /// Autoresizing masks (`h=-&-`, `midX == … + 187.5`) relate a view to its superview, and
    /// `NSSpace(8)`, `(LTR)`-free visual formats, multipliers and signs read as written.
    @Test func descriptionsOfEveryShapeReadAsLayoutLines() throws {
        let text = """
            Unable to simultaneously satisfy constraints.
            (
                "<NSAutoresizingMaskLayoutConstraint:0x1 h=-&- v=--& Entry:0xa.midX == Host:0xb.midX + 187.5   (active)>",
                "<NSLayoutConstraint:0x2 H:[UILabel:0xc'Due: today']-(NSSpace(8))-[UIButton:0xd'Pay']   (active)>",
                "<NSLayoutConstraint:0x3 UIView:0xe.height == 0.5625*UIView:0xe.width - 2 @750   (active)>",
                "<NSLayoutConstraint:0x4 V:[UIView:0xe(>=44@999)]   (active)>",
                "<NSAutoresizingMaskLayoutConstraint:0x5 h=--& v=--& UIView:0xe.minY == + 70   (active)>",
                "<NSLayoutConstraint:0x6 UIView:0xe.width == 1e-05*UIView:0xe.height + 2.5e-07   (active)>",
                "<NSLayoutConstraint:0x7 UIView:0xe.width <= 0*UIView:0xe.height + 300   (active)>"
            )
            """
        let conflict = try #require(try UIKitConflictLog(text: text, file: "x.log").conflicts.first)
        let lines = conflict.readableLayout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.contains("placeholder") && !$0.isEmpty }
        #expect(lines == [
            "view host size none x none  # Host:0xb",
            "view entry in host size 44 x 44 hugging 2 compression 2  # Entry:0xa",
            "view dueTodayLabel label \"Due: today\"  # UILabel:0xc",
            "view payButton label \"Pay\"  # UIButton:0xd",
            "view view1 size 44 x 44 hugging 2 compression 2  # UIView:0xe",
            "entry.centerX == host.centerX + 187.5 as autoresizingMask",
            "view1.top == 70 as autoresizingMask",
            "payButton.leading == dueTodayLabel.trailing + 8",
            "view1.height == 0.5625 * view1.width - 2 ~ 750",
            "view1.height >= 44 ~ 999",
            "view1.width == 0.00001 * view1.height + 0.00000025",
            "view1.width <= 300",
        ])
        #expect(conflict.brokenLine == nil)
    }

    /// A description that cannot be read is an error at its line and column, saying why; a
    /// log without constraints says what a listed constraint looks like.
    @Test func anUnreadableDescriptionIsAnErrorAtItsPlace() {
        let bad = "Unable to simultaneously satisfy constraints.\n(\n    \"<NSLayoutConstraint:0x6000 UIView:0x7f01.widht == 100   (active)>\"\n)\n"
        #expect(throws: SourceDiagnostics.self) { try UIKitConflictLog(text: bad, file: "bad.log") }
        do {
            _ = try UIKitConflictLog(text: bad, file: "bad.log")
        } catch {
            #expect(error.description == """
                bad.log:3:47: error: unknown attribute `widht`
                        "<NSLayoutConstraint:0x6000 UIView:0x7f01.widht == 100   (active)>"
                                                                  ^~~~~
                """)
        }
        do {
            _ = try UIKitConflictLog(text: "Unable to simultaneously satisfy constraints.\n(\n)\n", file: "empty.log")
            Issue.record("a log with no constraint was read")
        } catch {
            #expect(error.diagnostics.map(\.message) == [
                "no constraint in this log: a UIKit conflict lists its constraints as \"<NSLayoutConstraint:0x… A.width == 100   (active)>\"",
            ])
        }
    }

    /// A number past 1e15 (the `.layout` format's limit, which the lines made would break) is
    /// an error at the number, whole; so is one too long to be finite.
    @Test func aNumberPastTheLimitIsAnErrorAtIt() {
        let text = "(\n  \"<NSLayoutConstraint:0x1 UIView:0x2.width == 1e20   (active)>\",\n"
            + "  \"<NSLayoutConstraint:0x3 UIView:0x2.width == 2*UIView:0x4.width + 10000000000000000>\",\n"
            + "  \"<NSLayoutConstraint:0x5 UIView:0x2.width == " + String(repeating: "9", count: 400) + ">\"\n)\n"
        do {
            _ = try UIKitConflictLog(text: text, file: "big.log")
            Issue.record("numbers past the limit were read")
        } catch {
            #expect(error.diagnostics.map { "\($0.line):\($0.column):\($0.length) \($0.message)" } == [
                "2:48:4 this number is too large: the limit is 1e15",
                "3:69:17 this number is too large: the limit is 1e15",
                "4:48:1 this number is too large: the limit is 1e15",
            ])
        }
    }

    /// A constraint named as UIKit names its own is kept in a conflict while another can be
    /// broken, wherever it lives and whenever it was activated; among such constraints alone,
    /// the usual rule picks.
    @Test func aConstraintNamedAsUIKitsOwnIsKeptInAConflict() throws {
        let kept = try LayoutDocument(parsing: """
            view cell
            view image in cell size 10 x 10
            image.width == 80
            image.width == 40 as UIView_Encapsulated_Layout_Width
            """, file: "kept.layout")
        kept.root.layoutIfNeeded()
        #expect(kept.root.layoutReport.broken.map(\.description) == ["image.width == 80 (kept.layout:3)"])
        let alone = try LayoutDocument(parsing: """
            view cell
            cell.width == 80 as UISV_canvas_connection
            cell.width == 40 as _UITemporaryLayoutWidth
            """, file: "alone.layout")
        alone.root.layoutIfNeeded()
        #expect(alone.root.layoutReport.broken.map(\.description) == ["'_UITemporaryLayoutWidth' cell.width == 40 (alone.layout:3)"])
        #expect(UIKitConflictLog.isUIKitIdentifier("autoresizingMask"))
        #expect(UIKitConflictLog.isUIKitIdentifier("UISV_spacing"))
        #expect(!UIKitConflictLog.isUIKitIdentifier("autoresizingMaskWidth"))
        #expect(!UIKitConflictLog.isUIKitIdentifier("imageAspect"))
        #expect(!UIKitConflictLog.isUIKitIdentifier(nil))
    }

    /// Every log of the fixtures, mutated 150 ways each (a character deleted, inserted or
    /// doubled, a line cut): the reader either refuses it with diagnostics at real lines, or
    /// reads it into layouts that always parse and lay out. A log is never read into a
    /// layout this package cannot read.
    @Test func mutatedLogsAreRefusedOrReadIntoLayoutsThatParse() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let inserts: [Character] = ["(", ")", "'", "\"", "<", ">", "|", "-", "[", "]", ":", "@", ".", "0", "x", " ", "=", "é", "\t", "*", "+", "e", "\u{7}"]
        var refused = 0, read = 0
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".log") }.sorted()
        for file in files {
            let original = Array(try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8))
            for _ in 0..<150 {
                var chars = original
                for _ in 0...next(3) {
                    let at = next(chars.count)
                    switch next(4) {
                    case 0: chars.remove(at: at)
                    case 1: chars.insert(inserts[next(inserts.count)], at: at)
                    case 2: chars.insert(contentsOf: chars[at ..< min(chars.count, at + 1 + next(12))], at: at)
                    default: if let end = chars[at...].firstIndex(of: "\n") { chars.removeSubrange(at ..< end) }
                    }
                }
                let text = String(chars)
                let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
                do {
                    let log = try UIKitConflictLog(text: text, file: file)
                    read += 1
                    for conflict in log.conflicts {
                        let document: LayoutDocument
                        do {
                            document = try conflict.document(file: file)
                        } catch {
                            Issue.record("a layout read from a mutated \(file) does not parse: \(error)\n\(conflict.readableLayout)")
                            continue
                        }
                        document.root.layoutIfNeeded()
                        #expect(document.root.layoutReport.broken.allSatisfy { ($0.location?.line ?? 0) >= 1 && ($0.location?.line ?? 0) <= lineCount })
                    }
                } catch {
                    refused += 1
                    #expect(!error.diagnostics.isEmpty)
                    #expect(error.diagnostics.allSatisfy { $0.line >= 1 && $0.line <= lineCount && !$0.message.isEmpty })
                }
            }
        }
        // Both outcomes happen (the mutations are not all harmless, nor all fatal).
        #expect(refused > 100)
        #expect(read > 100)
    }

    /// An `_autolayoutTrace` pasted into the log gives the tree: each view's nearest traced
    /// ancestor among the conflict's views is its superview (the window and views the
    /// conflict does not name are left out), and the views are declared in the trace's order.
    @Test func anAutolayoutTraceInTheLogGivesTheTree() throws {
        let text = """
            Unable to simultaneously satisfy constraints.
            (
                "<NSLayoutConstraint:0x1 UIImageView:0xa3.width == 80   (active)>",
                "<NSLayoutConstraint:0x2 UIImageView:0xa3.leading == UIView:0xa1.leading + 16   (active)>",
                "<NSLayoutConstraint:0x3 UIImageView:0xa3.trailing == UIView:0xa1.trailing - 16   (active)>",
                "<NSLayoutConstraint:0x4 UILabel:0xa2'Title'.top == UIView:0xa1.top   (active)>",
                "<NSLayoutConstraint:0x5 'UIView-Encapsulated-Layout-Width' UIView:0xa1.width == 100   (active)>"
            )

            Will attempt to recover by breaking constraint
            <NSLayoutConstraint:0x1 UIImageView:0xa3.width == 80   (active)>

            (lldb) po UIWindow.keyWindow._autolayoutTrace
            •UIWindow:0x7f01, MBP
            |   UITransitionView:0x7f02
            |   |   •UIView:0xa1
            |   |   |   UIStackView:0x7f05
            |   |   |   |   *UILabel:0xa2'Title'
            |   |   |   *UIImageView:0xa3
            """
        let conflict = try #require(try UIKitConflictLog(text: text, file: "trace.log").conflicts.first)
        let declarations = conflict.readableLayout.split(separator: "\n").filter { $0.hasPrefix("view ") }
        #expect(declarations == [
            "view view size none x none  # UIView:0xa1".replacingOccurrences(of: "view view ", with: "view view1 "),
            "view titleLabel in view1 label \"Title\"  # UILabel:0xa2",
            "view imageView in view1 size 44 x 44 hugging 2 compression 2  # UIImageView:0xa3",
        ].map { Substring($0) })
        let document = try conflict.document(file: "trace.log")
        document.root.layoutIfNeeded()
        #expect(document.root.layoutReport.broken.map(\.description) == ["imageView.width == 80 (trace.log:3)"])
    }

    /// Constraints printed by the debugger or `print(view.constraints)` read as one conflict
    /// with no choice of UIKit's: a line may hold several descriptions.
    @Test func printedConstraintArraysRead() throws {
        let printed = """
            (lldb) po view.constraints
            ▿ 2 elements
              - 0 : <NSLayoutConstraint:0x1 UIView:0xa.width == 100   (active)>
              - 1 : <NSLayoutConstraint:0x2 UIView:0xa.width == 80   (active)>
            [<NSLayoutConstraint:0x3 UIView:0xa.height == 10   (active)>, <NSLayoutConstraint:0x4 UIView:0xa.height >= 20   (active)>]
            """
        #expect(UIKitConflictLog.isLog(Array(printed.utf8)))
        let conflict = try #require(try UIKitConflictLog(text: printed, file: "po.log").conflicts.first)
        #expect(conflict.constraintLines == [3, 4, 5, 5])
        #expect(conflict.brokenLine == nil)
        let lines = conflict.readableLayout.split(separator: "\n").filter { $0.hasPrefix("view1.") && !$0.contains("placeholder") }
        #expect(lines == ["view1.width == 100", "view1.width == 80", "view1.height == 10", "view1.height >= 20"])
        // An error in the second description of a line is at its column.
        do {
            _ = try UIKitConflictLog(text: "[<NSLayoutConstraint:0x3 UIView:0xa.height == 10>, <NSLayoutConstraint:0x4 UIView:0xa.hieght >= 20>]", file: "po.log")
            Issue.record("a misspelt attribute was read")
        } catch {
            #expect(error.diagnostics.map { "\($0.line):\($0.column) \($0.message)" } == ["1:87 unknown attribute `hieght`"])
        }
    }

    /// A view controller's top layout guide (iOS 7 to 10): `_UILayoutSupportConstraint`s are
    /// read (they were skipped: the class does not end in `LayoutConstraint`) and kept as
    /// UIKit's own, so the app's constraint breaks; older SnapKit's bracketed envelope
    /// (`<<App.LayoutConstraint:0x…> <UIView:0x…>.top == …>`) reads too.
    @Test func topLayoutGuidesAndBracketedSnapKitDescriptionsRead() throws {
        let text = """
            Unable to simultaneously satisfy constraints.
            (
                "<_UILayoutSupportConstraint:0x600000a1 _UILayoutGuide:0x7fb1000010.height == 20   (active)>",
                "<_UILayoutSupportConstraint:0x600000a2 V:|-(0)-[_UILayoutGuide:0x7fb1000010]   (active, names: '|':UIView:0x7fb1000020 )>",
                "<<Demo.LayoutConstraint:0x600000a3> <UILabel:0x7fb1000030'Today'>.top == <_UILayoutGuide:0x7fb1000010>.bottom + 8>",
                "<NSLayoutConstraint:0x600000a4 V:|-(12)-[UILabel:0x7fb1000030'Today']   (active, names: '|':UIView:0x7fb1000020 )>"
            )

            Will attempt to recover by breaking constraint
            <NSLayoutConstraint:0x600000a4 V:|-(12)-[UILabel:0x7fb1000030'Today']   (active, names: '|':UIView:0x7fb1000020 )>
            """
        #expect(UIKitConflictLog.isLog(Array("<_UILayoutSupportConstraint:0x1 _UILayoutGuide:0x2.height == 0>".utf8)))
        let conflict = try #require(try UIKitConflictLog(text: text, file: "guide.log").conflicts.first)
        #expect(conflict.constraintLines == [3, 4, 5, 6])
        #expect(conflict.brokenLine == 6)
        let lines = conflict.readableLayout.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.contains("placeholder") && !$0.isEmpty }
        #expect(lines == [
            "view view1 size none x none  # UIView:0x7fb1000020",
            "guide layoutGuide in view1  # _UILayoutGuide:0x7fb1000010",
            "view todayLabel in view1 label \"Today\"  # UILabel:0x7fb1000030",
            "layoutGuide.height == 20 as _UILayoutSupport",
            "layoutGuide.top == view1.top as _UILayoutSupport",
            "todayLabel.top == layoutGuide.bottom + 8",
            "todayLabel.top == view1.top + 12",
        ])
        let document = try conflict.document(file: "guide.log")
        document.root.layoutIfNeeded()
        #expect(document.root.layoutReport.broken.map(\.description) == ["todayLabel.top == view1.top + 12 (guide.log:6)"])
        #expect(UIKitConflictLog.isUIKitIdentifier("_UILayoutSupport"))
    }

    /// A log is told from a `.layout` file by its message or a listed description.
    @Test func aLogIsToldFromALayoutFile() {
        #expect(UIKitConflictLog.isLog(Array("Unable to simultaneously satisfy constraints.\n".utf8)))
        #expect(UIKitConflictLog.isLog(Array("  \"<NSLayoutConstraint:0x60 UIView:0x7f.width == 1>\",\n".utf8)))
        #expect(!UIKitConflictLog.isLog(Array("view a size 10 x 10\na.left = 0\n".utf8)))
        #expect(!UIKitConflictLog.isLog(Array("view a label \"<NSLayoutConstraint:0x1>\"\n".utf8)))
        // A layout that quotes the message in a comment is a layout.
        #expect(!UIKitConflictLog.isLog(Array("# UIKit said: Unable to simultaneously satisfy constraints.\nview a size 1 x 1\n".utf8)))
        #expect(!UIKitConflictLog.isLog(Array("view a size 1 x 1  # Unable to simultaneously satisfy constraints\n".utf8)))
    }
}
