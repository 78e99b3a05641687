import BlueprintSupport
import Dispatch

/// The text layouts measured during one build of a layout, shared between labels that show the
/// same text in the same style at the same width.
///
/// Real screens repeat their strings: every row of a list has its "Follow" button, its "2 min
/// ago", its section headers. Measuring a label shapes its text (HarfBuzz, bidi, line breaks),
/// some 8–10 µs for a short string; finding an equal one already measured costs a hash of the
/// text and the style. A ``TextLayout`` is a value fully determined by its inputs, so a shared
/// one is exactly what the label would have measured itself.
///
/// The engine empties the table at the start of every build (a font file may have changed
/// between builds; within one build it is read once), so it never holds more layouts than the
/// tree has labels.
struct SharedTextLayouts {
    private struct Key: Hashable, Sendable {
        let text: String
        let style: TextStyle
        let width: Double?
        let rightToLeft: Bool
    }
    private var table: [Key: TextLayout] = [:]

    /// Fewer distinct texts than this are measured on this thread: a short label is shaped in
    /// ~10 µs, and starting the other processors' threads costs a few of those.
    static let parallelThreshold = 64

    /// The unwrapped layouts of `requests` (one-line labels' texts and styles), one per
    /// request, each distinct text and style measured once. When 64 or more are new to this
    /// build they are measured on every processor: each layout depends only on its text, style
    /// and direction (the fonts are immutable, each thread shapes into its own buffer), so the
    /// results are the ones the labels would have made one by one, whatever the threads' order.
    mutating func measure(_ requests: [(text: String, style: TextStyle)], rightToLeft: Bool) -> [TextLayout] {
        // `keys[slot[r]]` is request r's text and style, each distinct one once.
        var keys: [Key] = [], slot: [Int] = []
        var indexOf: [Key: Int] = [:]
        slot.reserveCapacity(requests.count)
        for r in requests {
            let key = Key(text: r.text, style: r.style, width: nil, rightToLeft: rightToLeft)
            if let i = indexOf[key] {
                slot.append(i)
            } else {
                indexOf[key] = keys.count
                slot.append(keys.count)
                keys.append(key)
            }
        }
        var layouts = keys.map { table[$0] }
        let missing = layouts.indices.filter { layouts[$0] == nil }
        let parts = Swift.min(processorCount, 8)
        if parts > 1 && missing.count >= Self.parallelThreshold {
            layouts.withUnsafeMutableBufferPointer { buffer in
                // Each part writes only its own entries (every `parts`-th missing one, for an
                // even share of long and short texts) and reads only `keys` and `missing`.
                nonisolated(unsafe) let out = buffer
                let keys = keys
                DispatchQueue.concurrentPerform(iterations: parts) { part in
                    for m in stride(from: part, to: missing.count, by: parts) {
                        out[missing[m]] = Self.unwrapped(keys[missing[m]])
                    }
                }
            }
            measuredAhead += missing.count
        } else {
            for i in missing { layouts[i] = Self.unwrapped(keys[i]) }
        }
        for i in missing { table[keys[i]] = layouts[i] }
        return slot.map { layouts[$0]! }
    }

    /// The one-line layout of `key` (its width is nil), shaped from scratch.
    private static func unwrapped(_ key: Key) -> TextLayout {
        var builder = TextLayoutBuilder(style: key.style, width: nil, maxHeight: nil, rightToLeft: key.rightToLeft)
        return builder.layout(key.text)
    }

    /// How many layouts ``measure(_:rightToLeft:)`` measured on several threads (tests check
    /// the path taken).
    private(set) var measuredAhead = 0

    /// The layout of `text` in `style`, unwrapped (`width` nil) or wrapped at `width`; measured
    /// the first time these inputs are asked for in this build.
    mutating func layout(text: String, style: TextStyle, width: Double?, rightToLeft: Bool) -> TextLayout {
        let key = Key(text: text, style: style, width: width, rightToLeft: rightToLeft)
        if let l = table[key] { return l }
        var builder = TextLayoutBuilder(style: style, width: width, maxHeight: nil, rightToLeft: rightToLeft)
        // A label that may wrap is measured unwrapped, then again at its laid-out width: its
        // shaped paragraphs are kept for the second time (the shaping is most of a measure).
        let l = builder.layout(text, shaped: style.numberOfLines != 1 ? shaped : nil)
        table[key] = l
        return l
    }

    /// How many distinct layouts this build measured.
    var count: Int { table.count }

    /// Forgets every layout (a new build starts).
    mutating func removeAll() {
        table.removeAll(keepingCapacity: true)
        shaped.removeAll()
        measuredAhead = 0
    }

    /// The paragraphs of wrapping labels, shaped once per build.
    private let shaped = ShapedParagraphs()
}

/// Paragraphs already shaped, by text, font and direction: what `Paragraph.init` would make
/// again from the same inputs (it depends on nothing else), kept for one build.
final class ShapedParagraphs {
    private struct Key: Hashable {
        let text: Substring
        let font: Font
        let rightToLeft: Bool
    }
    private var table: [Key: Paragraph] = [:]

    /// The paragraph of `text`, made by `make` the first time it is asked for.
    func paragraph(_ text: Substring, font: Font, rightToLeft: Bool, make: () -> Paragraph) -> Paragraph {
        let key = Key(text: text, font: font, rightToLeft: rightToLeft)
        if let p = table[key] { return p }
        let p = make()
        table[key] = p
        return p
    }

    func removeAll() { table.removeAll(keepingCapacity: true) }
}
