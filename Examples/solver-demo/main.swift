// A tour of the Cassowary solver: a toolbar of three buttons that share the width of a
// window, a priority that wins outright, a live resize through an edit variable, and a
// conflict that names the constraints involved.
import Cassowary
import Foundation

func show(_ title: String, _ vars: [Variable]) {
    let cells = vars.map { "\($0.name)=\(formatted($0.value))" }.joined(separator: "  ")
    print(title + String(repeating: " ", count: max(1, 24 - title.count)) + cells)
}

func formatted(_ x: Double) -> String {
    let r = (x * 100).rounded() / 100
    return r == r.rounded() ? String(Int(r)) : String(r)
}

let window = Variable("window")
let x = (0..<3).map { Variable("x\($0)") }
let w = (0..<3).map { Variable("w\($0)") }
let solver = Solver()

do {
    // Three buttons in a row: 8 pt margins and gaps, equal widths, at least 60 pt each.
    try solver.add(x[0] == 8)
    for i in 1..<3 { try solver.add(x[i] == x[i - 1] + w[i - 1] + 8) }
    try solver.add(x[2] + w[2] + 8 == window)
    for i in 0..<3 { try solver.add(w[i] >= 60) }
    for i in 1..<3 { try solver.add((w[i] == w[0]).strength(.strong)) }
    try solver.add((window == 320).strength(.medium))
    solver.updateVariables()
    show("window 320:", [window] + x + w)

    // Hierarchical priorities: one wish at level 251 beats 100 at level 250.
    let v = Variable("v")
    try solver.add((v == 10).strength(Strength(level: 251)))
    for i in 0..<100 { try solver.add((v == Double(-i)).strength(Strength(level: 250))) }
    solver.updateVariables()
    show("251 vs 100 x 250:", [v])

    // Live resize: an edit variable moves the window without rebuilding anything.
    try solver.addEditVariable(window, strength: .strong)
    for width in [200.0, 480, 1024] {
        try solver.suggestValue(window, width)
        solver.updateVariables()
        show("window \(Int(width)):", [window] + x + w)
    }

    // A required constraint that cannot hold names the ones it fights with.
    let maxWidth = window <= 1200
    try solver.add(maxWidth)
    do {
        try solver.add(w[0] + w[1] + w[2] >= 2000)
    } catch {
        print(error)
    }
    solver.updateVariables()
    show("after the failed add:", [window] + x + w)
} catch {
    print("error: \(error)")
}
