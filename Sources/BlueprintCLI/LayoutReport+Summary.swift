import Blueprint

extension LayoutReport {
    /// What makes the report unclean, counted: `1 conflict, 2 ambiguous views and 1 priority tie`.
    var problemSummary: String {
        func count(_ n: Int, _ one: String, _ many: String) -> String? { n == 0 ? nil : "\(n) \(n == 1 ? one : many)" }
        let parts = [
            count(conflicts.count, "conflict", "conflicts"),
            count(ambiguous.count, "ambiguous view", "ambiguous views"),
            count(ties.count, "priority tie", "priority ties"),
            count(negativeSizes.count, "negative size", "negative sizes"),
            count(nonFiniteFrames.count, "frame that is not finite", "frames that are not finite"),
            count(refused.count, "refused change", "refused changes"),
            count(textProblems.count, "text problem", "text problems"),
        ].compactMap { $0 }
        guard parts.count > 1 else { return parts.first ?? "no problems" }
        return parts.dropLast().joined(separator: ", ") + " and " + parts.last!
    }
}
