/// What the last layout of a tree found wrong: conflicts (and the constraint broken for each)
/// and ambiguous items.
public struct LayoutReport: CustomStringConvertible {
    /// One entry per broken constraint, in activation order of the broken constraints.
    public var conflicts: [ConflictReport]
    /// Views and custom layout guides whose frame the constraints do not fix, in tree order.
    public var ambiguous: [AmbiguousItem]
    /// Changes refused by property setters (`constraint.constant = .nan`,
    /// `constraint.isActive = true` on an invalid constraint), oldest first, each with the
    /// constraint's location.
    public var refused: [LayoutError] = []
    /// Views and custom guides whose solved width or height is negative.
    public var negativeSizes: [NegativeSize] = []
    /// Views and custom guides whose solved frame is not a finite number.
    public var nonFiniteFrames: [NonFiniteFrame] = []
    /// Side-by-side views with equal content priorities, one of which had to give way.
    public var ties: [PriorityTie] = []
    /// Labels whose font file could not be loaded or whose text has characters no face has.
    public var textProblems: [TextProblem] = []

    /// True when there is no conflict, no ambiguity, no refused change, no negative size, no
    /// frame that is not finite, no priority tie and no text problem.
    public var isClean: Bool {
        conflicts.isEmpty && ambiguous.isEmpty && refused.isEmpty && negativeSizes.isEmpty && nonFiniteFrames.isEmpty
            && ties.isEmpty && textProblems.isEmpty
    }

    /// What makes the report unclean, counted: `1 conflict, 2 ambiguous views and 1 priority
    /// tie`; `no problems` when it is clean.
    public var problemSummary: String {
        func count(_ n: Int, _ one: String, _ many: String) -> String? { n == 0 ? nil : "\(n) \(n == 1 ? one : many)" }
        let unsettled = conflicts.count { $0.unsettledGuide != nil }
        let parts = [
            count(conflicts.count - unsettled, "conflict", "conflicts"),
            count(unsettled, "guide that did not settle", "guides that did not settle"),
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

    /// The constraints broken to recover from conflicts.
    public var broken: [LayoutConstraint] { conflicts.compactMap(\.broken) }

    /// Every conflict message, then the ambiguity report.
    public var description: String {
        var parts = conflicts.map(\.description)
        if !ambiguous.isEmpty { parts.append(ambiguityDescription) }
        parts += ties.map(\.description)
        if !negativeSizes.isEmpty {
            parts.append((["Negative sizes:"] + negativeSizes.map { "    \($0)" }).joined(separator: "\n"))
        }
        if !nonFiniteFrames.isEmpty {
            parts.append((["Frames that are not finite numbers:"] + nonFiniteFrames.map { "    \($0)" }).joined(separator: "\n"))
        }
        if !refused.isEmpty { parts.append((["Refused changes:"] + refused.map { "    \($0)" }).joined(separator: "\n")) }
        if !textProblems.isEmpty { parts.append((["Text:"] + textProblems.map { "    \($0)" }).joined(separator: "\n")) }
        return parts.joined(separator: "\n\n")
    }

    /// "Ambiguous layout:" and one line per item naming what is free.
    public var ambiguityDescription: String {
        (["Ambiguous layout: the constraints leave these frames free"] + ambiguous.map { "    " + $0.description })
            .joined(separator: "\n")
    }
}

/// A set of required constraints that cannot all hold, and the one broken to recover.
///
/// Its ``description`` reads like UIKit's console message, with names and `file:line` instead
/// of addresses.
public struct ConflictReport: CustomStringConvertible {
    /// The constraints of the conflict (required ones, including the broken one), as text,
    /// in activation order; the engine's own constraints (fixed frames, margins, intrinsic
    /// sizes at priority 1000) come first and say what they are.
    public var constraints: [String]
    /// The user constraints among them (for diagrams to highlight).
    public var involved: [LayoutConstraint]
    /// The constraint broken to recover (nil when it was one of the engine's own).
    public var broken: LayoutConstraint?
    /// The broken constraint as text.
    public var brokenDescription: String
    /// For a derived guide (a view's safe area or readable content) that did not settle in the
    /// layout's passes, its name (`detail.readableContentGuide`), and nothing was broken: its
    /// view is placed or sized from the guide, whose insets follow the view. Nil for a conflict.
    public internal(set) var unsettledGuide: String? = nil

    /// Why a guide did not settle, in the words of the report's line and of
    /// ``brokenDescription``.
    static func unsettledReason(_ guide: String) -> String {
        "\(guide) did not settle in \(LayoutEngine.settleRounds) layout passes (its view is placed or sized from the guide, whose insets follow the view)"
    }

    /// The conflict as UIKit logs it: "Unable to simultaneously satisfy constraints.", the
    /// constraints of the conflict, then the one broken to recover. When a view's fixed frame
    /// is among them, UIKit's note on autoresizing-mask constraints comes before the list, in
    /// this package's words. A guide that did not settle (``unsettledGuide``) is told as
    /// such: "A layout guide did not settle: …", what that means, and its constraints.
    public var description: String {
        if let guide = unsettledGuide {
            return """
            A layout guide did not settle: \(guide)
                Its view is placed or sized from the guide, and the guide's insets follow the view's frame, so
                no inset holds still; the frames of the last of \(LayoutEngine.settleRounds) layout passes are shown.
                Try this: place or size the view from something other than its own guide; if the layout is
                also ambiguous, fix that first (a free length can move the view at every pass).
            The guide's constraints and the ones that use it:
            (
            \(constraints.map { "    \"\($0)\"" }.joined(separator: ",\n"))
            )
            """
        }
        let note = constraints.contains { $0.hasSuffix("(fixed frame)") }
            ? "\n    (Note: If you're seeing fixed-frame constraints that you don't understand, refer to the documentation for the View property translatesAutoresizingMaskIntoConstraints)"
            : ""
        return """
        Unable to simultaneously satisfy constraints.
            Probably at least one of the constraints in the following list is one you don't want.
            Try this:
                (1) look at each constraint and try to figure out which you don't expect;
                (2) find the code that added the unwanted constraint or constraints and fix it.\(note)
        (
        \(constraints.map { "    \"\($0)\"" }.joined(separator: ",\n"))
        )

        Will attempt to recover by breaking constraint
        \(brokenDescription)
        """
    }
}

/// An item whose frame is not fixed by its constraints.
public struct AmbiguousItem: CustomStringConvertible {
    /// The view or custom layout guide whose frame is free.
    public let item: LayoutItem
    /// The parts of the frame that can change: any of `minX`, `width`, `minY`, `height`.
    public let free: [LayoutAttribute]

    /// The axes along which the item is free.
    public var axes: [LayoutAxis] {
        LayoutAxis.allCases.filter { axis in free.contains { $0.axis == axis } }
    }

    /// `title: horizontal position and width are ambiguous`.
    public var description: String {
        let names = free.map { a -> String in
            switch a {
            case .left: "horizontal position"
            case .top: "vertical position"
            default: a.rawValue
            }
        }
        let list = names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
        return "\(item.name): \(list) \(names.count == 1 ? "is" : "are") ambiguous"
    }
}
