// What the assertions' parameters are made of (`Tolerance`, `RenderOptions`, `Theme`, `View`)
// comes with `import BlueprintTesting`: a test needs no other import of this package.
@_exported import BlueprintCheck
@_exported import Blueprint
@_exported import BlueprintRender
import BlueprintSupport
import Testing
import XCTest

/// Asserts that the diagram of a view tree matches its golden,
/// `goldens/<TestFile>/<testName>.<name>.png` in the package that holds the test file.
///
/// Works in XCTest (the failure is an `XCTFail` at the call) and in Swift Testing (an issue
/// recorded at the call), like `#expect`:
///
/// ```swift
/// @Test func login() throws {
///     assertLayoutSnapshot(of: try loginScreen(), named: "login", scale: 2)
/// }
/// ```
///
/// A missing golden is recorded (the test fails once, saying so) unless the mode is `never`,
/// as it is by default on CI; `BLUEPRINT_RECORD=never|missing|failed|all` overrides the mode.
/// A failure names the differing pixels, their share and bounding box, the frames that
/// changed, and the actual, diff and side-by-side images in `BLUEPRINT_ARTIFACTS`.
///
/// - Parameters:
///   - root: the tree to draw (solved first).
///   - name: the snapshot's name within the test.
///   - scale: pixels per point, 1 to 3 (default 2).
///   - theme: colours (default light).
///   - constraints: which constraints to draw (default all).
///   - legend: whether to draw the legend (default true).
///   - tolerance: how different the render may be (default exact).
///   - record: the record mode (default `missing`, `never` on CI).
///   - goldens: a goldens folder instead of the package's `goldens/`.
///   - fileID: the call site's file ID (leave it out).
///   - filePath: the call site's file path (leave it out): the package holding it keeps the goldens.
///   - function: the test's name (leave it out): part of the golden's name.
///   - line: the call site's line (leave it out).
///   - column: the call site's column (leave it out).
public func assertLayoutSnapshot(
    of root: View, named name: String, scale: Int = 2, theme: Theme = .light,
    constraints: RenderOptions.Constraints = .all, legend: Bool = true,
    tolerance: Tolerance = .exact, record: RecordMode? = nil, goldens: String? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, function: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    let options = RenderOptions(scale: scale, theme: theme, constraints: constraints, legend: legend)
    let failure = verifyLayoutSnapshot(of: root, named: name, options: options, tolerance: tolerance, record: record,
                                       goldens: goldens, artifacts: nil, environment: nil, owner: currentOwner(),
                                       filePath: "\(filePath)", function: function)
    report(failure, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Asserts that the diagram of a view tree matches the golden at an explicit location, for
/// example the `goldens/<fixture>.png` that `blueprint check` also uses.
public func assertLayoutSnapshot(
    of root: View, golden location: GoldenLocation, options: RenderOptions = RenderOptions(),
    tolerance: Tolerance = .exact, record: RecordMode? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let failure = verifyLayoutSnapshot(of: root, at: location, options: options, tolerance: tolerance, record: record,
                                       artifacts: nil, environment: nil, owner: currentOwner(), filePath: "\(filePath)")
    report(failure, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// The running Swift Testing test, if any: its cases (a parameterized test's) share one
/// identity, so each is told apart only by being parameterized.
private func currentOwner() -> SnapshotOwner? {
    guard let test = Test.current else { return nil }
    return SnapshotOwner(test: "\(test.id)", parameterized: Test.Case.current?.isParameterized ?? false)
}

/// Fails the running test: a Swift Testing issue inside a Swift Testing test, else an XCTest
/// failure.
private func report(_ failure: SnapshotFailure?, fileID: String, filePath: StaticString, line: UInt, column: UInt) {
    guard let failure else { return }
    if Test.current != nil {
        let location = SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column))
        Issue.record(Comment(rawValue: failure.message), sourceLocation: location)
        // The images the message names, attached to the test too (`swift test
        // --attachments-path DIR` saves them; an IDE shows them with the issue).
        let outcome = failure.outcome
        for case let path? in [outcome.actualPath, outcome.diffPath, outcome.compositePath] {
            let bytes: [UInt8]
            do { bytes = try FileIO.read(path) } catch { continue }   // unreadable: the message names the path all the same
            Attachment.record(bytes, named: String(path.split(separator: "/").last ?? Substring(path)), sourceLocation: location)
        }
    } else {
        XCTFail(failure.message, file: filePath, line: line)
    }
}
