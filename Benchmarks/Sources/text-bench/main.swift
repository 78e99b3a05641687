// Measuring text: N labels' texts laid out single-line (the intrinsic size of a one-line label)
// and wrapped at 240 points (a multi-line label's second pass), same texts, same run. The issue's
// bound: wrapped ≤ 5× single-line. Also the full two-pass layout of a list of multi-line labels.
//
//   swift build -c release --package-path Benchmarks --product text-bench --scratch-path .build-textbench
//   .build-textbench/release/text-bench            # 1k, 10k, 30k labels; 5 runs each
//   .build-textbench/release/text-bench --quick    # 1k only
import BenchTiming
import Blueprint

let single = TextStyle(font: .system(size: 15))
let wrapped = TextStyle(font: .system(size: 15), numberOfLines: 0)

let words = ["layout", "constraint", "the", "wrapped", "label", "of", "Blueprint", "measures", "text", "as", "UIKit",
             "does", "with", "shaped", "glyphs", "and", "kerning", "AVATAR", "Wave", "line", "break", "truncation",
             "alignment", "intrinsic", "size", "height", "follows", "width", "مرحبا", "بالعالم", "שלום", "नमस्ते", "🎉"]

/// Deterministic sentences of 8–20 words (a few in other scripts and an emoji now and then).
func sentence(_ i: Int) -> String {
    var x = UInt64(i) &* 0x9E37_79B9_7F4A_7C15 &+ 1
    func next() -> Int { x ^= x << 13; x ^= x >> 7; x ^= x << 17; return Int(x % 1_000_003) }
    let n = 8 + next() % 13
    return (0..<n).map { _ in words[next() % words.count] }.joined(separator: " ") + "."
}

let quick = CommandLine.arguments.contains("--quick")
if CommandLine.arguments.contains("--short") {
    // Short UI strings (titles, buttons, values), each measured once: µs per label.
    let texts = (0..<10_000).map { "Item \($0) · \(["Share", "Reply", "Settings", "Wi-Fi", "Notifications"][$0 % 5])" }
    for _ in 0..<3 {
        let (_, t) = time { texts.reduce(0.0) { $0 + TextLayout(text: $1, style: single, width: nil).usedWidth } }
        print("short: \(pad(t * 1e6 / Double(texts.count), digits: 2)) us per label")
    }
}
let sizes = quick ? [1_000] : [1_000, 10_000, 30_000]
let runs = quick ? 3 : 5

print("== text: N texts laid out single-line vs wrapped at 240 pt (median of \(runs) runs, ms) ==")
print("labels   single ms  wrapped ms  wrapped/single  lines/label  two-pass list ms")
var rows: [(n: Int, single: Double, wrapped: Double, list: Double)] = []
for n in sizes {
    let texts = (0..<n).map(sentence)
    var s: [Double] = [], w: [Double] = [], l: [Double] = []
    var lineCount = 0
    for _ in 0..<runs {
        let (_, ts) = time { texts.reduce(0.0) { $0 + TextLayout(text: $1, style: single, width: nil).usedWidth } }
        let (count, tw) = time { texts.reduce(0) { $0 + TextLayout(text: $1, style: wrapped, width: 240).lines.count } }
        lineCount = count
        s.append(ts)
        w.append(tw)
        // A vertical list of multi-line labels in a 272-point column: two-pass layout, all frames.
        let (_, tl) = time { () -> Double in
            let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 272, height: 100))
            var previous: View?
            var constraints: [LayoutConstraint] = []
            for (k, t) in texts.enumerated() {
                let label = Label(name: "l\(k)", text: t, fontSize: 15)
                label.numberOfLines = 0
                root.addSubview(label)
                constraints += [label.leading == root.leading + 16, label.trailing == root.trailing - 16]
                constraints.append(previous.map { label.top == $0.bottom + 8 } ?? (label.top == root.top))
                previous = label
            }
            try! activate(constraints)
            root.layoutIfNeeded()
            return previous!.frame.maxY
        }
        l.append(tl)
    }
    let row = (n, median(s) * 1000, median(w) * 1000, median(l) * 1000)
    rows.append(row)
    print(String(repeating: " ", count: max(0, 6 - "\(n)".count)) + "\(n)"
          + "   " + pad(row.1) + "   " + pad(row.2) + "   " + pad(row.2 / row.1, width: 13, digits: 2) + "x"
          + "   " + pad(Double(lineCount) / Double(n), width: 10, digits: 2) + "   " + pad(row.3, width: 15))
}
if rows.count > 1 {
    print("\n== slope: exponent e of t ~ N^e between sizes (e = 1 is linear) ==")
    for (a, b) in zip(rows, rows.dropFirst()) {
        func e(_ x: Double, _ y: Double) -> String { pad(log(y / x) / log(Double(b.n) / Double(a.n)), width: 6, digits: 2) }
        print("\(a.n) -> \(b.n): single \(e(a.single, b.single))  wrapped \(e(a.wrapped, b.wrapped))  two-pass list \(e(a.list, b.list))")
    }
}

func pad(_ v: Double, width: Int = 9, digits: Int = 1) -> String { fixed(v, digits, width: width) }

func log(_ x: Double) -> Double {
    // Natural logarithm by the series of atanh (no Foundation): enough for slopes.
    guard x > 0 else { return .nan }
    var m = x, k = 0.0
    while m > 2 { m /= 2; k += 1 }
    while m < 1 { m *= 2; k -= 1 }
    let y = (m - 1) / (m + 1), y2 = y * y
    var term = y, sum = 0.0, n = 1.0
    for _ in 0..<40 { sum += term / n; term *= y2; n += 2 }
    return 2 * sum + k * 0.6931471805599453
}
