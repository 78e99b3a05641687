import Blueprint
#if canImport(Glibc)
import Glibc
#endif

/// The engine behind the parser: most raw inputs of fuzz-layout stop at a diagnostic, so this
/// harness turns the fuzzer's bytes into a `.layout` file that parses (views, nesting, labels,
/// intrinsic sizes, margins, every attribute, multipliers, priorities, conflicts, ambiguity),
/// lays it out, then changes it through the incremental paths: constants (the solver's fast
/// path), priorities, multipliers, deactivation and reactivation, with a layout and a report
/// after each round. `FUZZ_ENGINE_PRINT=1` prints the generated file and the edits, to turn a
/// crash into a fixture.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEngine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = Bytes(size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : [])
    var lines = Generator.layout(&input)
    // The generator writes lines that are valid alone more often than not; the ones the parser
    // refuses (a position against a size, an illegal pair, a view in a later view) are dropped
    // and the rest parsed again.
    var parsed: LayoutDocument?
    for _ in 0..<3 {
        let text = lines.joined(separator: "\n") + "\n"
        do {
            parsed = try LayoutDocument(parsing: text, file: "engine.layout")
            if verbose { print("--- generated .layout\n\(text)--- edits") }
            break
        } catch {
            sink &+= error.description.utf8.count
            let bad = Set(error.diagnostics.map(\.line))
            lines = lines.enumerated().filter { !bad.contains($0.offset + 1) }.map(\.element)
        }
    }
    guard let document = parsed else { return 0 }
    let root = document.root
    root.layoutIfNeeded()
    check(document)
    let constraints = document.constraints
    var round = 0
    while !input.isEmpty, round < 8, !constraints.isEmpty {
        round += 1
        let edits = 1 + Int(input.byte()) % 6
        for _ in 0..<edits {
            let c = constraints[Int(input.byte()) % constraints.count]
            switch input.byte() % 6 {
            case 0, 1:
                let v = input.number()
                if verbose { print("constant \(c.formula) -> \(v)") }
                try? c.setConstant(v)
            case 2:
                let p = LayoutPriority(Double(1 + Int(input.byte()) * 4 % 1000))
                if verbose { print("priority \(c.formula) -> \(p)") }
                try? c.setPriority(input.byte() % 3 == 0 ? .required : p)
            case 3:
                let m = [0, 0.5, 1, 2, -1, 3][Int(input.byte()) % 6]
                if verbose { print("multiplier \(c.formula) -> \(m)") }
                try? c.setMultiplier(m)
            case 4:
                if verbose { print("deactivate \(c.formula)") }
                c.deactivate()
            default:
                if verbose { print("activate \(c.formula)") }
                try? c.activate()
            }
        }
        root.layoutIfNeeded()
        check(document)
    }
    // Break the document's reference cycles (a view and the constraints installed on it, the
    // root and its engine) so that memory does not grow with every input.
    for c in constraints { c.deactivate() }
    View(name: "holder").addSubview(root)
    return 0
}

private func check(_ document: LayoutDocument) {
    let report = document.root.layoutReport
    sink &+= report.description.utf8.count
    for v in document.views {
        let f = v.frame
        // The engine snaps and reports; frames must stay finite whatever the constraints.
        precondition(f.minX.isFinite && f.minY.isFinite && f.width.isFinite && f.height.isFinite,
                     "non-finite frame of \(v.name): \(f)")
    }
}

nonisolated(unsafe) var sink = 0
let verbose = getenv("FUZZ_ENGINE_PRINT") != nil

/// The fuzzer's bytes, read one choice at a time (zeros once they run out).
struct Bytes {
    var bytes: [UInt8]
    var i = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    var isEmpty: Bool { i >= bytes.count }
    mutating func byte() -> UInt8 {
        guard i < bytes.count else { return 0 }
        defer { i += 1 }
        return bytes[i]
    }
    /// A number a layout might use, with the awkward ones (0, negative, fractions, huge) often.
    mutating func number() -> Double {
        let b = byte()
        switch b % 8 {
        case 0: return 0
        case 1: return Double(b / 8)
        case 2: return -Double(b / 8)
        case 3: return Double(b) / 7
        case 4: return [1e6, 1e9, 1e15, -1e15][Int(b / 8) % 4]
        default: return Double(Int(b) * 3)
        }
    }
}

enum Generator {
    static let simple = [
        "left", "right", "top", "bottom", "leading", "trailing", "width", "height", "centerX", "centerY",
        "firstBaseline", "lastBaseline", "leftMargin", "rightMargin", "topMargin", "bottomMargin",
        "leadingMargin", "trailingMargin", "centerXWithinMargins", "centerYWithinMargins",
    ]
    static let compound = [
        "edges", "margins", "directionalEdges", "directionalMargins", "horizontalEdges", "verticalEdges",
        "directionalHorizontalEdges", "size", "center", "centerWithinMargins",
    ]
    static let priorities = ["required", "defaultHigh", "defaultLow", "fittingSizeLevel", ".sceneSizeStayPut", "1", "999", "500", "250", "751"]
    static let relations = ["==", "=", "<=", ">="]

    static func number(_ input: inout Bytes) -> String {
        let v = input.number()
        let s = v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
        return s.contains("e") ? "1000000000000000" : s
    }

    static func positive(_ input: inout Bytes) -> String { String(Int(input.byte()) * 2) }

    /// The lines of a `.layout` file.
    static func layout(_ input: inout Bytes) -> [String] {
        var s = ""
        let header = input.byte()
        if header & 1 != 0 { s += "canvas \(1 + Int(input.byte()) * 3) x \(1 + Int(input.byte()) * 3)\n" }
        if header & 2 != 0 { s += "direction rtl\n" }
        if header & 4 != 0 { s += "safearea \(input.byte() % 50) \(input.byte() % 20) \(input.byte() % 40) \(input.byte() % 20)\n" }
        s += "let m = \(header & 8 != 0 ? number(&input) : "4")\n"
        let views = 1 + Int(input.byte()) % 10
        for i in 0..<views {
            s += "view v\(i)"
            let options = input.byte()
            if options & 1 != 0, i > 0 { s += " in v\(Int(input.byte()) % i)" }
            if options & 2 != 0 {
                let texts = ["Sign in", "", "A", "ééé", "long text with spaces and more words", "x\\ny", "😀👍🏽"]
                s += " label \"\(texts[Int(input.byte()) % texts.count])\""
                if options & 4 != 0 { s += " font \(1 + Int(input.byte()) % 60)" }
            }
            if options & 8 != 0 { s += " size \(positive(&input)) x \(positive(&input))" }
            if options & 16 != 0 {
                s += input.byte() % 2 == 0 ? " margins \(input.byte() % 30)"
                    : " margins \(input.byte() % 30) \(input.byte() % 30) \(input.byte() % 30) \(input.byte() % 30)"
            }
            if options & 32 != 0 { s += " hugging \(1 + Int(input.byte()) * 4 % 1000) \(1 + Int(input.byte()) * 4 % 1000)" }
            if options & 64 != 0 { s += " compression \(1 + Int(input.byte()) * 4 % 1000)" }
            if options & 128 != 0 { s += " hidden" }
            s += "\n"
        }
        let count = Int(input.byte()) % 48
        func item(_ input: inout Bytes, left: Bool) -> String {
            let k = Int(input.byte()) % (views + (left ? 1 : 3))
            if k < views { return "v\(k)" }
            return ["root", "superview", "safeArea"][k - views]
        }
        for _ in 0..<count {
            let kind = input.byte()
            let isCompound = kind % 7 == 0
            let attributes = isCompound ? compound : simple
            let a = attributes[Int(input.byte()) % attributes.count]
            var line = "\(item(&input, left: true)).\(a)"
            if kind & 8 != 0 && !isCompound { line += [" * 2", " / 2", " * -1", " * 0.5"][Int(input.byte()) % 4] }
            line += " \(relations[Int(input.byte()) % relations.count]) "
            if kind & 16 != 0 {
                line += number(&input)
            } else {
                // Mostly the same family of attribute on the right, sometimes any.
                let b = input.byte()
                let other = b % 5 == 0 ? attributes[Int(input.byte()) % attributes.count] : a
                if kind & 32 != 0 && !isCompound { line += ["0.5 * ", "2 * ", "-1 * "][Int(b) % 3] }
                line += "\(item(&input, left: false)).\(other)"
                if kind & 64 != 0 { line += [" * 3", " / 4", " * 0"][Int(input.byte()) % 3] }
                if kind & 128 != 0 { line += input.byte() % 2 == 0 ? " + \(number(&input))" : " - m" }
            }
            if kind & 4 != 0 { line += " ~ \(priorities[Int(input.byte()) % priorities.count])" }
            s += line + "\n"
        }
        return s.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}
