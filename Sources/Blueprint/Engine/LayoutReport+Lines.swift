/// The report as one line per problem, for logs and `blueprint solve`.
extension LayoutReport {
    /// One line per problem, each starting with its kind, in this order: `broken:` a constraint
    /// broken to recover from a conflict (its formula and `file:line`, or the engine's own
    /// constraint as the conflict names it), `unsettled:` a view's safe-area or readable-content
    /// guide that did not settle in the layout's passes, `ambiguous:` an item
    /// and what of its frame is free, `tie:` two views of equal content priority of which one
    /// gave way (both names and the fix), `negative size:` a width or height below zero,
    /// `not finite:` a frame its constraints multiplied past the largest number,
    /// `refused:` a property change that was refused, `text:` a font file that could not be
    /// loaded or characters no font has. Empty when the report ``isClean``.
    ///
    /// ```
    /// broken: avatar.width == 80 (conflict.layout:24)
    /// unsettled: banner.readableContentGuide did not settle in 8 layout passes (its view is placed or sized from the guide, whose insets follow the view)
    /// ambiguous: badge: horizontal position is ambiguous
    /// tie: title and value have the same horizontal hugging priority (250); title was stretched, but either could be: raise one's hugging priority
    /// negative size: badge: width is negative (-12)
    /// refused: the stack's spacing is not a finite number in `row.spacing = nan`
    /// text: title: no bundled font has 𓀀 (U+13000): drawn as a box
    /// ```
    public var summaryLines: [String] {
        conflicts.filter { $0.unsettledGuide == nil }.map { "broken: " + ($0.broken?.formulaWithLocation ?? $0.brokenDescription) }
            + conflicts.compactMap(\.unsettledGuide).map { "unsettled: " + ConflictReport.unsettledReason($0) }
            + ambiguous.map { "ambiguous: \($0)" }
            + ties.map { "tie: \($0.summary)" }
            + negativeSizes.map { "negative size: \($0)" }
            + nonFiniteFrames.map { "not finite: \($0)" }
            + refused.map { "refused: \($0)" }
            + textProblems.map { "text: \($0)" }
    }
}

extension PriorityTie {
    /// The tie in one line without the "Content priority ambiguity: " heading: `title and
    /// value have the same horizontal hugging priority (250); title was stretched, but either
    /// could be: raise one's hugging priority`.
    public var summary: String {
        let text = description, heading = "Content priority ambiguity: "
        return text.hasPrefix(heading) ? String(text.dropFirst(heading.count)) : text
    }
}
