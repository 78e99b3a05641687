/// A number the shortest way that reads back exactly: `20`, `0.5`, `33.333333333333336`,
/// `-1e+20`. The one rule for formulas, reports, JSON and the text formats (the diagram prints
/// rounded numbers of its own for people).
package func formatNumber(_ x: Double) -> String {
    if x == 0 { return "0" }
    if Swift.abs(x) < 1e15, x == x.rounded() { return String(Int64(x)) }
    return "\(x)"
}
