/// How a label wraps or cuts text that does not fit (UIKit's `NSLineBreakMode`).
public enum LineBreakMode: String, Hashable, Sendable, CaseIterable {
    /// Wrap at word boundaries; a word longer than the line breaks between characters.
    case wordWrap = "word"
    /// Wrap between any two characters.
    case charWrap = "char"
    /// Lines end where the label ends; what does not fit is cut off.
    case clip
    /// The last line shows the end of the text, "…" before it.
    case truncateHead = "head"
    /// The last line shows the start of the text, "…" after it (the default, as UILabel's).
    case truncateTail = "tail"
    /// The last line shows both ends of the text with "…" between them.
    case truncateMiddle = "middle"

    var truncates: Bool { self == .truncateHead || self == .truncateTail || self == .truncateMiddle }
}

/// How lines sit between a label's edges (UIKit's `NSTextAlignment`).
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    /// Leading: left in a left-to-right layout, right in a right-to-left one.
    case natural
    /// Against the left edge.
    case left
    /// Centred.
    case center
    /// Against the right edge.
    case right
    /// Wrapped lines fill the width (spaces widen); a paragraph's last line is natural.
    case justified
}

/// Everything about a label's text except the text: its font, line limit, line breaking and
/// alignment.
public struct TextStyle: Hashable, Sendable {
    /// The font.
    public var font: Font
    /// At most this many lines; 0 is unlimited.
    public var numberOfLines: Int
    /// How text that does not fit is wrapped or cut.
    public var lineBreakMode: LineBreakMode
    /// Where lines sit.
    public var alignment: TextAlignment

    /// A style from its parts (defaults: one line, tail truncation, natural alignment).
    public init(font: Font, numberOfLines: Int = 1, lineBreakMode: LineBreakMode = .truncateTail, alignment: TextAlignment = .natural) {
        self.font = font
        self.numberOfLines = numberOfLines
        self.lineBreakMode = lineBreakMode
        self.alignment = alignment
    }
}
