import Cassowary

/// One benchmark system, ready to add: its constraints (made before the clock starts, as on
/// the kiwisolver side), the edit variables of the edit phase, and a check of the answer.
struct BenchSystem {
    /// Constraints in the order SYSTEMS.md gives.
    var constraints: [Constraint]
    /// Edit variables added *before* the constraints (the enaml-like form does this, as kiwi's
    /// own benchmark does), at strong.
    var preEdits: [Variable] = []
    /// The edit phase: each variable is made an edit variable at strong after the build, then
    /// suggested `base + d_k` (d_k as in SYSTEMS.md with `scale` for N) 1,000 times.
    var edits: [(variable: Variable, base: Double, scale: Double)] = []
    /// The edit phase for the enaml-like form: fixed (width, height) pairs, cycled.
    var editPairs: [(Double, Double)] = []
    /// Whether the solution after the build is the known one (nil if right, else a message).
    var checkBuild: () -> String? = { nil }
    /// Whether the solution after the edits still satisfies the system's shape.
    var checkEdit: () -> String? = { nil }
}

/// The d_k of SYSTEMS.md: `((k*37) % 200 - 100) * N / 100 * 0.2`.
func editOffset(_ k: Int, scale: Double) -> Double {
    Double((k * 37) % 200 - 100) * scale / 100 * 0.2
}

/// round(sqrt(n)) in integers (no libm needed).
func roundedSquareRoot(_ n: Int) -> Int {
    var s = 0
    while (s + 1) * (s + 1) <= n { s += 1 }
    return n - s * s > (s + 1) * (s + 1) - n ? s + 1 : s
}

private func near(_ a: Double, _ b: Double) -> Bool { Swift.abs(a - b) <= 1e-6 * Swift.max(1, Swift.abs(b)) }

private struct View {
    let l, t, w, h: Variable
    init(_ name: String) {
        l = Variable("\(name).L"); t = Variable("\(name).T"); w = Variable("\(name).W"); h = Variable("\(name).H")
    }
}

/// siblings: every view relates only to the container width CW. 5N + 1 constraints.
func siblings(_ n: Int) -> BenchSystem {
    let cw = Variable("CW")
    var cs: [Constraint] = []
    cs.reserveCapacity(5 * n + 1)
    var views: [View] = []
    for i in 0..<n {
        let v = View("v\(i)")
        views.append(v)
        cs.append(v.l == 8)
        cs.append(v.t == Double(28 * i + 8))
        cs.append(v.w == cw - 16)
        cs.append(v.h >= 10)
        cs.append((v.h == 20).strength(.medium))
    }
    cs.append((cw == 800).strength(.medium))
    var s = BenchSystem(constraints: cs)
    s.edits = [(cw, 800, Double(n))]
    s.checkBuild = {
        let last = views[n - 1]
        guard near(views[0].w.value, 784), near(last.w.value, 784), near(last.t.value, Double(28 * (n - 1) + 8)),
              near(last.h.value, 20) else { return "siblings: W=\(views[0].w.value) H=\(last.h.value)" }
        return nil
    }
    s.checkEdit = {
        near(views[n - 1].w.value, cw.value - 16) ? nil : "siblings after edits: W=\(views[n - 1].w.value) CW=\(cw.value)"
    }
    return s
}

/// chain: each view placed after the previous one. 5N + 1 constraints; every W_i = 20.
func chain(_ n: Int) -> BenchSystem {
    let cw = Variable("CW")
    var cs: [Constraint] = []
    cs.reserveCapacity(5 * n + 1)
    var views: [View] = []
    for i in 0..<n {
        let v = View("v\(i)")
        views.append(v)
        cs.append(v.w >= 10)
        cs.append(v.h >= 10)
        cs.append(v.t == 0)
        if i == 0 {
            cs.append(v.l == 8)
        } else {
            let p = views[i - 1]
            cs.append(v.l == p.l + p.w + 8)
            cs.append((v.w == p.w).strength(.strong))
        }
    }
    let last = views[n - 1]
    cs.append(last.l + last.w + 8 == cw)
    cs.append((cw == Double(28 * n + 8)).strength(.medium))
    var s = BenchSystem(constraints: cs)
    s.edits = [(cw, Double(28 * n + 8), Double(n))]
    s.checkBuild = {
        guard near(views[0].w.value, 20), near(last.w.value, 20), near(last.l.value, Double(28 * (n - 1) + 8)) else {
            return "chain: W0=\(views[0].w.value) Wlast=\(last.w.value) Llast=\(last.l.value)"
        }
        return nil
    }
    s.checkEdit = {
        near(last.l.value + last.w.value + 8, cw.value) ? nil : "chain after edits: right edge \(last.l.value + last.w.value + 8) != CW \(cw.value)"
    }
    return s
}

/// grid: R = C = round(sqrt(N)) equal cells in rows and columns. The edit phase moves CW by
/// d_k with C for N and CH by d_k with R for N (one axis each), then updates.
func grid(_ n: Int) -> BenchSystem {
    let side = roundedSquareRoot(n)
    let rows = side, cols = side
    let cw = Variable("CW"), ch = Variable("CH")
    var cs: [Constraint] = []
    var cells: [View] = []
    cells.reserveCapacity(rows * cols)
    for r in 0..<rows {
        for c in 0..<cols {
            let v = View("c\(r)_\(c)")
            cells.append(v)
            cs.append(v.w >= 10)
            cs.append(v.h >= 10)
            if c == 0 {
                cs.append(v.l == 8)
            } else {
                let left = cells[r * cols + c - 1]
                cs.append(v.l == left.l + left.w + 8)
            }
            if r == 0 {
                cs.append(v.t == 8)
            } else {
                let up = cells[(r - 1) * cols + c]
                cs.append(v.t == up.t + up.h + 8)
            }
            if c > 0 { cs.append((v.w == cells[r * cols + c - 1].w).strength(.strong)) }
            if r > 0 { cs.append((v.h == cells[(r - 1) * cols + c].h).strength(.strong)) }
        }
    }
    for r in 0..<rows {
        let v = cells[r * cols + cols - 1]
        cs.append(v.l + v.w + 8 == cw)
    }
    for c in 0..<cols {
        let v = cells[(rows - 1) * cols + c]
        cs.append(v.t + v.h + 8 == ch)
    }
    cs.append((cw == Double(28 * cols + 8)).strength(.medium))
    cs.append((ch == Double(28 * rows + 8)).strength(.medium))
    var s = BenchSystem(constraints: cs)
    s.edits = [(cw, Double(28 * cols + 8), Double(cols)), (ch, Double(28 * rows + 8), Double(rows))]
    let corner = cells[rows * cols - 1]
    s.checkBuild = {
        guard near(cells[0].w.value, 20), near(corner.w.value, 20), near(corner.h.value, 20),
              near(corner.l.value, Double(28 * (cols - 1) + 8)) else {
            return "grid: W=\(corner.w.value) H=\(corner.h.value) L=\(corner.l.value)"
        }
        return nil
    }
    s.checkEdit = {
        near(corner.l.value + corner.w.value + 8, cw.value) && near(corner.t.value + corner.h.value + 8, ch.value)
            ? nil : "grid after edits: corner does not meet CW/CH"
    }
    return s
}

/// The enaml-like form (a reconstruction of the system in kiwi's enaml_like_benchmark): a
/// container with 10-point contents insets holding three rows — label 1 + field 1, label 2 +
/// field 2, label 3 + a control — and a full-width field 3 below; fields and the control start
/// at a shared midline. Width and height are edit variables (strong) added first; 109
/// constraints at required, strong, medium, weak and two custom strengths.
func enamlLike() -> BenchSystem {
    let width = Variable("width"), height = Variable("height")
    let left = Variable("left"), top = Variable("top")
    let cTop = Variable("contents_top"), cBottom = Variable("contents_bottom")
    let cLeft = Variable("contents_left"), cRight = Variable("contents_right")
    let midline = Variable("midline")
    let lb1 = View("lb1"), lb2 = View("lb2"), lb3 = View("lb3")
    let fl1 = View("fl1"), fl2 = View("fl2"), ct = View("ct"), fl3 = View("fl3")
    // kiwi's strength.create(0, 1, 0, 1.25) and strength.create(0, 100, 0).
    let mmedium = Strength.create(0, 1, 0, 1.25)
    let smedium = Strength.create(0, 100, 0)

    var cs: [Constraint] = []
    func req(_ c: Constraint) { cs.append(c) }
    func soft(_ c: Constraint, _ s: Strength) { cs.append(c.strength(s)) }
    /// A placement that must not be exceeded and is preferred exactly: `a >= b` required, `a == b` mmedium.
    func snug(_ a: Expression, _ b: Expression) {
        req(a >= b)
        soft(a == b, mmedium)
    }

    // Non-negative geometry of the container and every widget.
    for v in [left, top, width, height] { req(v >= 0) }
    for w in [lb1, lb2, lb3, fl1, fl2, ct, fl3] {
        for v in [w.l, w.t, w.w, w.h] { req(v >= 0) }
    }
    // The container: contents inset by 10; it would rather be as small as possible.
    req(cLeft == left + 10)
    req(cTop == top + 10)
    req(cRight == left + width - 10)
    req(cBottom == top + height - 10)
    soft(width == 0, .medium)
    soft(height == 0, .medium)
    // Intrinsic sizes: labels hug their text width (weak) and resist compression (strong).
    for (label, textWidth) in [(lb1, 67.0), (lb2, 66), (lb3, 24)] {
        soft(label.w == textWidth, .weak)
        soft(label.w >= textWidth, .strong)
        soft(label.h == 16, .strong)
        soft(label.h >= 16, .strong)
    }
    for field in [fl1, fl2, fl3] {
        soft(field.w >= 125, .strong)
        soft(field.h == 21, .strong)
        soft(field.h >= 21, .strong)
    }
    soft(ct.w >= 119, smedium)
    soft(ct.w <= 16_777_215, smedium)
    soft(ct.h >= 24, smedium)
    soft(ct.h <= 24, smedium)
    // Left column and the bottom field start at the contents' left edge.
    for w in [lb1, lb2, lb3, fl3] { snug(w.l.expression, cLeft.expression) }
    // A 10-point gap after each label; the right column ends at the contents' right edge.
    for (label, field) in [(lb1, fl1), (lb2, fl2), (lb3, ct)] {
        snug(field.l.expression, label.l + label.w + 10)
    }
    for w in [fl1, fl2, ct, fl3] { snug(cRight.expression, w.l + w.w) }
    for w in [fl1, fl2, ct] { soft(w.l == midline, .strong) }
    // Vertical flow: first row at the top, 10-point gaps, the bottom field at the bottom.
    snug(lb1.t.expression, cTop.expression)
    snug(fl1.t.expression, cTop.expression)
    snug(lb2.t.expression, lb1.t + lb1.h + 10)
    snug(fl2.t.expression, fl1.t + fl1.h + 10)
    snug(lb3.t.expression, lb2.t + lb2.h + 10)
    snug(ct.t.expression, fl2.t + fl2.h + 10)
    snug(fl3.t.expression, lb3.t + lb3.h + 10)
    snug(fl3.t.expression, ct.t + ct.h + 10)
    snug(cBottom.expression, fl3.t + fl3.h)
    // Each label is centred on its row's field.
    for (label, field) in [(lb1, fl1), (lb2, fl2), (lb3, ct)] {
        soft(label.t + 0.5 * label.h == field.t + 0.5 * field.h, .strong)
    }

    var s = BenchSystem(constraints: cs)
    s.preEdits = [width, height]
    s.editPairs = [(400, 600), (600, 400), (800, 1200), (1200, 800), (400, 800), (800, 400)]
    s.checkBuild = {
        // Shrink-wrapped: fields at their minimum width 125, the right column on the midline.
        near(fl1.w.value, 125) && near(fl2.l.value, midline.value) && near(fl1.l.value, midline.value) ? nil
            : "enaml-like: fl1.w=\(fl1.w.value) lb1.w=\(lb1.w.value)"
    }
    s.checkEdit = {
        near(fl3.l.value + fl3.w.value, cRight.value) ? nil : "enaml-like after edits: fl3 does not reach the right edge"
    }
    return s
}
