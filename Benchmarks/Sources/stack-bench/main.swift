import Blueprint
import BenchTiming
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// stack-bench: what a StackView and the visual format language cost over writing the same
// constraints by hand, measured in the same run. One row of n views (each 10 × 4, 1 apart,
// spanning the row's height) made three ways:
//
//   hand    the DSL: leading chain, top/bottom to the row, the ends on the row's edges
//   stack   a StackView (fill, spacing 1) with the n views arranged
//   vfl     one `H:|[v0]-1-[v1]-1-…|` format and one `V:|[vi]|` per view
//
// Each is timed in two phases on a fresh tree: make (views, constraints, activation — for the
// stack, its arrangement) and layout (the first layoutIfNeeded(): the engine builds the solver
// and solves). The frames of all three are checked equal. Medians of R runs; the ratios are
// stack/hand and vfl/hand; the slope is the exponent e of t ∝ n^e between sizes.
//
// usage: stack-bench [--runs R] [--quick]

let arguments = Array(CommandLine.arguments.dropFirst())
let quick = arguments.contains("--quick")
let runs = arguments.firstIndex(of: "--runs").flatMap { i in i + 1 < arguments.count ? Int(arguments[i + 1]) : nil } ?? (quick ? 1 : 5)
let sizes = quick ? [100, 200] : [250, 500, 1000, 2000]

enum Way: String, CaseIterable { case hand, stack, vfl }

/// Builds the row one way; returns the root and the views, and the make time.
func make(_ way: Way, _ n: Int) throws -> (View, [View]) {
    let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 100_000, height: 20))
    let views = (0..<n).map { i in
        let v = View(name: "v\(i)")
        v.explicitIntrinsicContentSize = Size(width: 10, height: 4)
        return v
    }
    switch way {
    case .hand:
        let row = View(name: "row")
        root.addSubview(row)
        var cs: [LayoutConstraint] = [row.leading == root.leading, row.top == root.top]
        for (i, v) in views.enumerated() {
            row.addSubview(v)
            cs.append(i == 0 ? v.leading == row.leading : v.leading == views[i - 1].trailing + 1)
            cs.append(v.top == row.top)
            cs.append(v.bottom == row.bottom)
        }
        cs.append(views[n - 1].trailing == row.trailing)
        try activate(cs)
    case .stack:
        let row = StackView(name: "row", arrangedSubviews: views)
        row.spacing = 1
        root.addSubview(row)
        try activate([row.leading == root.leading, row.top == root.top])
        _ = row.arrangementConstraints   // the arrangement is made here, not in the layout
    case .vfl:
        let row = View(name: "row")
        root.addSubview(row)
        try activate([row.leading == root.leading, row.top == root.top])
        var names: [String: LayoutItem] = [:]
        var format = "H:|"
        for (i, v) in views.enumerated() {
            row.addSubview(v)
            names["v\(i)"] = v
            format += i == 0 ? "[v0]" : "-1-[v\(i)]"
        }
        try activate(LayoutConstraint.constraints(withVisualFormat: format + "|", views: names))
        for i in 0..<n {
            try activate(LayoutConstraint.constraints(withVisualFormat: "V:|[v\(i)]|", views: names))
        }
    }
    return (root, views)
}

print("stack-bench: a row of n views made by hand (DSL), as a StackView, and in the visual format language")
print("median of \(runs) run(s) per cell, milliseconds; make = views + constraints + activation, layout = first layoutIfNeeded()")
print("")
print("      n   hand make  layout   stack make  layout   vfl make  layout   stack/hand  vfl/hand")
var previous: (n: Int, stack: Double, hand: Double)?
var slopes: [String] = []
for n in sizes {
    var totals: [Way: (make: Double, layout: Double)] = [:]
    var lastFrames: [Way: [Rect]] = [:]
    for way in Way.allCases {
        var makes: [Double] = [], layouts: [Double] = []
        for _ in 0..<runs {
            let ((root, views), tMake) = try time { try make(way, n) }
            let (_, tLayout) = time { root.layoutIfNeeded() }
            makes.append(tMake)
            layouts.append(tLayout)
            lastFrames[way] = views.map(\.frame)
        }
        totals[way] = (median(makes), median(layouts))
    }
    guard lastFrames[.stack] == lastFrames[.hand], lastFrames[.vfl] == lastFrames[.hand] else {
        print("stack-bench: the three rows disagree at n = \(n)")
        exit(1)
    }
    func ms(_ s: Double) -> String { fixed(s * 1000, 2, width: 7) }
    let hand = totals[.hand]!, stack = totals[.stack]!, vfl = totals[.vfl]!
    let h = hand.make + hand.layout, s = stack.make + stack.layout, v = vfl.make + vfl.layout
    print(fixed(Double(n), 0, width: 7), "  ", ms(hand.make), ms(hand.layout), "   ", ms(stack.make), ms(stack.layout),
          "  ", ms(vfl.make), ms(vfl.layout), "   ", fixed(s / h, 2, width: 8), "  ", fixed(v / h, 2, width: 8))
    if let p = previous {
        let e = { (a: Double, b: Double) in (log(b) - log(a)) / (log(Double(n)) - log(Double(p.n))) }
        slopes.append("\(p.n)→\(n): stack \(fixed(e(p.stack, s), 2, width: 0)), hand \(fixed(e(p.hand, h), 2, width: 0))")
    }
    previous = (n, s, h)
}
print("")
print("slopes (exponent of t ∝ n^e, make + layout): " + slopes.joined(separator: "; "))
