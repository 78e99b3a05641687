import BlueprintCheck
import BlueprintSupport

/// `blueprint check --junit FILE.xml`: one `<testcase>` per fixture, in the JUnit XML that CI
/// systems (GitHub Actions reporters, GitLab, Jenkins, Buildkite) read natively. A difference,
/// a missing golden and a recorded one are `<failure>`s (the check fails for each); a check that
/// could not run is an `<error>`. The message attribute is the first line, the body the whole
/// message `blueprint check` prints.
enum JUnitReport {
    static func xml(names: [String], outcomes: [SnapshotOutcome], seconds: Double, suite: String) -> String {
        let failures = outcomes.filter { !$0.passed && $0.status != .error }.count
        let errors = outcomes.filter { $0.status == .error }.count
        let time = JSON.number((seconds * 1000).rounded() / 1000)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(escape(suite))\" tests=\"\(names.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(time)\">\n"
        out += "  <testsuite name=\"\(escape(suite))\" tests=\"\(names.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\" time=\"\(time)\">\n"
        for (name, outcome) in zip(names, outcomes) {
            let open = "    <testcase classname=\"blueprint.check\" name=\"\(escape(name))\""
            if outcome.passed {
                out += open + "/>\n"
                continue
            }
            let message = outcome.message
            let first = message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
            let tag = outcome.status == .error ? "error" : "failure"
            out += open + ">\n"
            out += "      <\(tag) message=\"\(escape(first))\" type=\"\(escape(outcome.status.rawValue))\">\(escape(message))</\(tag)>\n"
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// Text and attribute values as XML 1.0 allows them.
    static func escape(_ text: String) -> String { markupEscaped(text) }
}
