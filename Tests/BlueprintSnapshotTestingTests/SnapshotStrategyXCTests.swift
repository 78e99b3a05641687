import Blueprint
import BlueprintSnapshotTesting
import Foundation
import SnapshotTesting
import TestSupport
import XCTest

/// The same strategy under XCTest.
final class SnapshotStrategyXCTests: XCTestCase {
    func testCardMatchesItsCommittedReference() throws {
        let tree = try CardTree()
        withSnapshotTesting(record: .missing) {
            assertSnapshot(of: tree.root, as: .blueprint(scale: 1, theme: .dark))
        }
    }

    func testAMovedTitleIsNamedInTheMessage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("blueprint-sst-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        XCTAssertNotNil(verifySnapshot(of: try CardTree().root, as: .blueprint, named: "card", record: .missing, snapshotDirectory: folder))
        let message = try XCTUnwrap(verifySnapshot(of: try CardTree(titleTop: 30).root, as: .blueprint, named: "card",
                                                   record: .never, snapshotDirectory: folder))
        XCTAssertTrue(message.contains("\nFrames: title moved 18 pt down.\n"), message)
    }
}
