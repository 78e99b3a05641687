/// Something about a label's text that the picture cannot show as asked: a font file that
/// could not be loaded (the system font stood in), or characters no face has (drawn as the
/// missing-glyph box, a visible rectangle).
public struct TextProblem: Hashable, Sendable, CustomStringConvertible {
    /// The label's name.
    public var view: String
    /// What went wrong.
    public var kind: Kind

    /// The kinds of text problem.
    public enum Kind: Hashable, Sendable {
        /// The font file could not be used; the system font was.
        case font(FontError)
        /// Characters no bundled face (nor the label's own) has, in order of appearance, once each.
        case missingCharacters([Unicode.Scalar])
    }

    /// A problem from its parts.
    public init(view: String, kind: Kind) {
        self.view = view
        self.kind = kind
    }

    /// `body: no bundled font has 𓀀 (U+13000): drawn as a box` or `title: font file … (the system font is used)`.
    public var description: String {
        switch kind {
        case .font(let error):
            return "\(view): \(error) (the system font is used)"
        case .missingCharacters(let scalars):
            // A control character is shown as its picture (`␛`), never sent to the terminal.
            let list = scalars.map { "\(SourceDiagnostic.shown(Character($0))) (U+\(String($0.value, radix: 16, uppercase: true).leftPadded(4)))" }
            return "\(view): no bundled font has \(list.joined(separator: ", ")): drawn as \(scalars.count == 1 ? "a box" : "boxes")"
        }
    }
}

private extension String {
    func leftPadded(_ n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}

extension Label {
    /// This label's text problems: a font that could not be loaded, characters no bundled font has.
    /// - Parameter rtl: whether the tree is laid out right to left (the label measures in it).
    func appendTextProblems(rightToLeft rtl: Bool, to out: inout [TextProblem]) {
        guard !text.isEmpty else { return }
        let layout = textLayout(rightToLeft: rtl)
        if let e = layout.fontProblem { out.append(TextProblem(view: name, kind: .font(e))) }
        var seen = Set<Unicode.Scalar>()
        let missing = layout.missingCharacters.filter { seen.insert($0).inserted }
        if !missing.isEmpty { out.append(TextProblem(view: name, kind: .missingCharacters(missing))) }
    }
}
