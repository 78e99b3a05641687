/// A number the shortest way that reads back exactly: `20`, `0.5`, `33.333333333333336`,
/// `2000000000000001`, `-1e+20`. The one rule for formulas, reports, JSON and the text formats
/// (the diagram prints rounded numbers of its own for people).
package func formatNumber(_ x: Double) -> String {
    if x == 0 { return "0" }
    if Swift.abs(x) < 1e15, x == x.rounded() { return String(Int64(x)) }
    return shortestDescription(x)
}

/// Swift's shortest round trip of `x` without the `.0` it puts after a whole number up to 2⁵³
/// (`2000000000000001.0` is `2000000000000001`; `1e+16` stays as it is).
private func shortestDescription(_ x: Double) -> String {
    let text = x.description
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
}

/// Appends ``formatNumber(_:)``'s text for `x` as UTF-8, without making a string for the
/// numbers frames are made of: integers and multiples of 1/256 below 2²⁰ in magnitude are
/// written digit by digit; any other number as its `description`, which `formatNumber` interpolates.
///
/// Why the digits are the same: such a number is `n + k/256` exactly, and its decimal
/// expansion ends after at most 8 fractional digits, the last one a 5 (`k/2ᵐ` with `k` odd
/// has exactly `m` of them). Any decimal with fewer fractional digits lies at least `5·10⁻⁹`
/// away, far outside the half unit in the last place (at most 2⁻³⁴ ≈ 5.8·10⁻¹¹ below 2²⁰), so
/// the exact expansion is the shortest text that reads back. Between 1/256 and 2²⁰ Swift
/// writes it without an exponent, as done here. The tests compare the two over every multiple
/// of 1/256 in a broad range and many random numbers.
/// - Complexity: O(digits), no allocation beyond the buffer's growth.
package func appendNumber(_ x: Double, to out: inout [UInt8]) {
    if x == 0 { out.append(UInt8(ascii: "0")); return }   // 0 and -0 both
    let a = Swift.abs(x)
    if a < 1e15, x == x.rounded() {
        if x < 0 { out.append(UInt8(ascii: "-")) }
        appendDigits(UInt64(a), to: &out)
        return
    }
    let scaled = a * 256   // exact: a power of two
    guard a < 1_048_576, scaled == scaled.rounded() else {
        // `formatNumber`'s last case: Swift's shortest round trip, without a trailing `.0`.
        var text = shortestDescription(x)
        text.withUTF8 { out.append(contentsOf: $0) }
        return
    }
    if x < 0 { out.append(UInt8(ascii: "-")) }
    let whole = a.rounded(.down)
    appendDigits(UInt64(whole), to: &out)
    out.append(UInt8(ascii: "."))
    // Each step is exact: the fraction stays a multiple of 1/256 below 1, times at most 10.
    var fraction = a - whole
    while fraction != 0 {
        fraction *= 10
        let digit = fraction.rounded(.down)
        out.append(UInt8(ascii: "0") + UInt8(digit))
        fraction -= digit
    }
}

/// Appends the decimal digits of `n`, most significant first (frames' numbers have a few).
@inline(__always)
private func appendDigits(_ n: UInt64, to out: inout [UInt8]) {
    var power: UInt64 = 1
    while power <= n / 10 { power *= 10 }
    var rest = n
    while power > 0 {
        out.append(UInt8(ascii: "0") + UInt8(rest / power))
        rest %= power
        power /= 10
    }
}
