/// The lines of a `.layout` file that hold something, in order, with their numbers: blank
/// lines and comment lines are counted and passed over where they are found, never stored or
/// lexed (a file of 200 million newlines made 200 million lines of a lexer each, 32 GB).
///
/// A line ends at U+000A; a CR just before it (or at the end of the file) is not part of the
/// line. A line is blank when it holds nothing but spaces and tabs, a comment when its first
/// other byte is `#`. Lines are byte ranges of `bytes`.
struct StatementLines {
    /// One line with a statement (or a part of one: a continuation line).
    struct Line {
        /// Its bytes in the file, without the line break (and a CR before it).
        var range: Range<Int>
        /// Its number, from 1.
        var number: Int
        /// Its first byte that is not a space or a tab.
        var first: UInt8
    }

    let bytes: [UInt8]
    /// Where the next line starts, and its number.
    private var position = 0
    private var number = 1

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The next line that is neither blank nor a comment; nil at the end of the file.
    mutating func next() -> Line? {
        let (found, position, number) = bytes.withUnsafeBufferPointer { b in
            Self.next(in: b, from: self.position, number: self.number)
        }
        self.position = position
        self.number = number
        return found
    }

    /// Calls `body` with each line that is neither blank nor a comment, in order: one pass
    /// over the bytes, for a reader that needs no look-ahead.
    static func forEach(in bytes: [UInt8], _ body: (Line) -> Void) {
        bytes.withUnsafeBufferPointer { b in
            var position = 0, number = 1
            while true {
                let (found, next, n) = Self.next(in: b, from: position, number: number)
                guard let found else { return }
                body(found)
                position = next
                number = n
            }
        }
    }

    /// The bytes of the file's statement lines put together, line breaks not counted.
    static func statementByteCount(_ bytes: [UInt8]) -> Int {
        var total = 0
        forEach(in: bytes) { total += $0.range.count }
        return total
    }

    @inline(__always)
    private static func next(in b: UnsafeBufferPointer<UInt8>, from start: Int, number: Int) -> (Line?, Int, Int) {
        let n = b.count
        guard let base = b.baseAddress else { return (nil, 0, number) }
        let raw = UnsafeRawPointer(base)
        var p = start, line = number
        while p < n {
            let lineStart = p
            // Runs of blank lines and of spaces, eight bytes at a time.
            while p + 8 <= n, raw.loadUnaligned(fromByteOffset: p, as: UInt64.self) == 0x0A0A_0A0A_0A0A_0A0A {
                p += 8
                line += 8
            }
            if p > lineStart { continue }
            while p + 8 <= n, raw.loadUnaligned(fromByteOffset: p, as: UInt64.self) == 0x2020_2020_2020_2020 { p += 8 }
            while p < n, b[p] == 0x20 || b[p] == 0x09 { p += 1 }
            guard p < n else { break }   // a last line of spaces, with no line break after it
            let c = b[p]
            if c == 0x0A {
                p += 1
                line += 1
                continue
            }
            if c == 0x0D, p + 1 == n || b[p + 1] == 0x0A {
                p += 2
                line += 1
                continue
            }
            if c == 0x23 {
                // (A bare `#` is a line of its own: no search for its end.)
                p = p + 1 < n && b[p + 1] == 0x0A ? p + 2 : newlineIndex(raw, n, from: p) + 1
                line += 1
                continue
            }
            let newline = newlineIndex(raw, n, from: p)
            var end = newline
            if b[end - 1] == 0x0D { end -= 1 }
            return (Line(range: lineStart..<end, number: line, first: c), Swift.min(newline + 1, n), line + 1)
        }
        return (nil, n, line)
    }

    /// The offset of the first U+000A at or after `from`, or `n`.
    @inline(__always)
    private static func newlineIndex(_ raw: UnsafeRawPointer, _ n: Int, from: Int) -> Int {
        var i = from
        // Eight bytes at a time: a word with no 0x0A byte is skipped whole (the classic "has a
        // zero byte" test on the word XOR 0x0A…0A).
        while i + 8 <= n {
            let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
            if (w &- 0x0101_0101_0101_0101) & ~w & 0x8080_8080_8080_8080 != 0 { break }
            i += 8
        }
        while i < n, raw.load(fromByteOffset: i, as: UInt8.self) != 0x0A { i += 1 }
        return i
    }
}
