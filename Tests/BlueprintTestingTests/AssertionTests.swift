import TestSupport
import Blueprint
import BlueprintTesting
import Foundation
import Testing
import XCTest

/// `assertLayoutSnapshot` fails the test that calls it, in Swift Testing and in XCTest, at
/// the line of the call, with the check's message.
@Suite struct SwiftTestingAssertionTests {
    @Test func aDifferenceIsAnIssueAtTheCall() throws {
        let goldens = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: goldens) }
        let tree = try CardTree()
        // Recording fails too, so that nobody commits a golden without looking at it.
        withKnownIssue {
            assertLayoutSnapshot(of: tree.root, named: "card", record: .all, goldens: goldens)
        } matching: { issue in
            issue.comments.first?.rawValue.hasPrefix("Recorded ") == true
        }
        assertLayoutSnapshot(of: tree.root, named: "card", goldens: goldens)
        try tree.width.setConstant(300)
        let line = #line + 2
        withKnownIssue {
            assertLayoutSnapshot(of: tree.root, named: "card", record: .never, goldens: goldens)
        } matching: { issue in
            let text = issue.comments.first?.rawValue ?? ""
            return issue.sourceLocation?.line == line && issue.sourceLocation?.fileName == "AssertionTests.swift"
                && text.hasPrefix("\(goldens)/AssertionTests/aDifferenceIsAnIssueAtTheCall.card.png does not match the render: ")
                && text.contains("Frames: card.width 320 → 300.")
        }
    }
}

/// XCTest's side: the failure reaches `recordFailure` with the message, file and line.
final class XCTestAssertionTests: XCTestCase {
    private var failures: [(description: String, file: String, line: Int)] = []

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        failures.append((description, filePath, lineNumber))
    }

    func testADifferenceFailsAtTheCall() throws {
        let goldens = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: goldens) }
        let tree = try CardTree()
        assertLayoutSnapshot(of: tree.root, named: "card", record: .missing, goldens: goldens)
        let recorded = failures
        failures = []
        assertLayoutSnapshot(of: tree.root, named: "card", goldens: goldens)
        let passing = failures
        try tree.titleTop.setConstant(4)
        let line = #line + 1
        assertLayoutSnapshot(of: tree.root, named: "card", record: .never, goldens: goldens)
        let different = failures
        failures = []

        // Checked after the calls: an XCTAssert here would be swallowed by recordFailure above.
        let environmentRecords = ProcessInfo.processInfo.environment["BLUEPRINT_RECORD"] != nil
        guard !environmentRecords else { return }
        let problems = [
            recorded.count == 1 && recorded[0].description.contains("Recorded a new golden ") ? nil : "recording: \(recorded)",
            passing.isEmpty ? nil : "a matching snapshot failed: \(passing)",
            different.count == 1 ? nil : "expected one failure, got \(different)",
            different.first.map { $0.line == line && $0.file.hasSuffix("AssertionTests.swift") } == true ? nil : "wrong place: \(different)",
            different.first?.description.contains("Frames: title moved 8 pt up.") == true ? nil : "message: \(different)",
        ].compactMap { $0 }
        if !problems.isEmpty {
            super.recordFailure(withDescription: problems.joined(separator: "\n"), inFile: #filePath, atLine: #line, expected: true)
        }
    }
}

/// A custom assertion helper written the usual Swift Testing way, in a file that imports
/// BlueprintTesting (which exports Blueprint): `SourceLocation` is Swift Testing's, with no
/// ambiguity (Blueprint's own is `LayoutSourceLocation`). This compiling is the test.
private func expectWidth(_ view: View, _ width: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(view.frame.width == width, sourceLocation: sourceLocation)
}

@Suite struct SwiftTestingHelperTests {
    @Test func aHelperTakesSwiftTestingsSourceLocation() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 200, height: 100))
        root.layoutIfNeeded()
        expectWidth(root, 200)
        #expect(LayoutSourceLocation(file: "Card.swift", line: 12).description == "Card.swift:12")
    }
}
