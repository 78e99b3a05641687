import BlueprintSupport
import Blueprint
import BlueprintRender

/// A failed layout snapshot: the message to show, and the outcome it was made from.
public struct SnapshotFailure: Error, Sendable, CustomStringConvertible {
    /// Everything the check found: status, numbers, frame changes, artifact paths.
    public let outcome: SnapshotOutcome
    /// Says what differs (pixels, share, bounding box), which frames changed and where the
    /// actual, diff and side-by-side images are.
    public var message: String { outcome.message }
    public var description: String { message }
}

/// Checks the diagram of a view tree against its golden,
/// `goldens/<TestFile>/<testName>.<name>.png`, in the package that holds the test file. The
/// core of `assertLayoutSnapshot`; it imports no test framework, so any runner can use it.
///
/// ```swift
/// if let failure = verifyLayoutSnapshot(of: root, named: "login") {
///     print(failure.message)
/// }
/// ```
///
/// - Parameters:
///   - root: the tree to draw (it is solved first).
///   - name: the snapshot's name within the test.
///   - options: how to draw it (scale, theme, which constraints, legend).
///   - tolerance: how different the render may be; default ``Tolerance/exact``.
///   - record: the record mode; nil: `missing`, or `never` on CI. `BLUEPRINT_RECORD` overrides it.
///   - goldens: the goldens folder, instead of the package's `goldens/`.
///   - artifacts: where failures' images go, instead of `BLUEPRINT_ARTIFACTS` or the package's
///     `.build/blueprint-artifacts`.
///   - environment: where `BLUEPRINT_RECORD`, `BLUEPRINT_ARTIFACTS` and `CI` are read (nil: the
///     process's environment).
///   - filePath: the test file (`#filePath`).
///   - function: the test (`#function`).
/// - Returns: nil when the render matches; a failure otherwise, also when it recorded.
public func verifyLayoutSnapshot(
    of root: View, named name: String, options: RenderOptions = RenderOptions(),
    tolerance: Tolerance = .exact, record: RecordMode? = nil,
    goldens: String? = nil, artifacts: String? = nil,
    environment: [String: String]? = nil,
    filePath: String = #filePath, function: String = #function
) -> SnapshotFailure? {
    verifyLayoutSnapshot(of: root, named: name, options: options, tolerance: tolerance, record: record, goldens: goldens,
                         artifacts: artifacts, environment: environment, owner: nil, filePath: filePath, function: function)
}

/// ``verifyLayoutSnapshot(of:named:options:tolerance:record:goldens:artifacts:environment:filePath:function:)``
/// for a known test (`owner`): two tests, or two cases of one, checking one golden with
/// different pictures fail.
package func verifyLayoutSnapshot(
    of root: View, named name: String, options: RenderOptions, tolerance: Tolerance, record: RecordMode?,
    goldens: String?, artifacts: String?, environment: [String: String]?, owner: SnapshotOwner?,
    filePath: String, function: String
) -> SnapshotFailure? {
    let location: GoldenLocation
    do {
        location = try GoldenLocation.forTest(filePath: filePath, function: function, name: name, goldens: goldens)
    } catch {
        let check = GoldenCheck(location: GoldenLocation(image: name), options: options, tolerance: tolerance, recordHint: "")
        return SnapshotFailure(outcome: check.failure(.invalidLocation(error), mode: record ?? .missing))
    }
    return verifyLayoutSnapshot(of: root, at: location, options: options, tolerance: tolerance, record: record,
                                artifacts: artifacts, environment: environment, owner: owner, filePath: filePath)
}

/// Checks the diagram of a view tree against the golden at an explicit location (for example
/// `goldens/<fixture>.png`, the golden `blueprint check` uses).
///
/// - Returns: nil when the render matches; a failure otherwise, also when it recorded.
public func verifyLayoutSnapshot(
    of root: View, at location: GoldenLocation, options: RenderOptions = RenderOptions(),
    tolerance: Tolerance = .exact, record: RecordMode? = nil, artifacts: String? = nil,
    environment: [String: String]? = nil, filePath: String = #filePath
) -> SnapshotFailure? {
    verifyLayoutSnapshot(of: root, at: location, options: options, tolerance: tolerance, record: record,
                         artifacts: artifacts, environment: environment, owner: nil, filePath: filePath)
}

/// The check at an explicit location for a known test (`owner`, see ``GoldenCheck/owner``).
package func verifyLayoutSnapshot(
    of root: View, at location: GoldenLocation, options: RenderOptions, tolerance: Tolerance, record: RecordMode?,
    artifacts: String?, environment: [String: String]?, owner: SnapshotOwner?, filePath: String
) -> SnapshotFailure? {
    let testFile = GoldenLocation.strippingExtension(FileSystem.fileName(of: filePath))
    var check = GoldenCheck(location: location, options: options, tolerance: tolerance, record: record, artifacts: artifacts,
                            environment: environment, recordHint: "BLUEPRINT_RECORD={mode} swift test --filter \(testFile)")
    check.owner = owner
    let outcome = check.run(root: root)
    return outcome.passed ? nil : SnapshotFailure(outcome: outcome)
}
