/// One part of a check split across machines: `2/4` is the second quarter of the fixtures in
/// name order, as Playwright's `--shard` splits its tests. The same fixtures always land in the
/// same shard, the shards together hold every fixture exactly once, and their sizes differ by
/// at most one.
package struct Shard: Equatable, Sendable, CustomStringConvertible {
    /// Which part, 1 ... ``count``.
    package let index: Int
    /// How many parts.
    package let count: Int

    /// Why a shard cannot be read.
    package struct Invalid: Error, Equatable, CustomStringConvertible {
        package let text: String
        package init(text: String) { self.text = text }
        package var description: String {
            "a shard is INDEX/TOTAL with 1 <= INDEX <= TOTAL (as in 2/4), not '\(text)'"
        }
    }

    package init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Reads `2/4`.
    ///
    /// - Throws: ``Invalid`` for anything but two whole numbers with 1 <= index <= total.
    package init(parsing text: String) throws(Invalid) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index)
        else { throw Invalid(text: text) }
        self.init(index: index, count: count)
    }

    /// The positions of this shard's items among `total` items in order: a contiguous run.
    package func range(of total: Int) -> Range<Int> {
        (index - 1) * total / count ..< index * total / count
    }

    package var description: String { "\(index)/\(count)" }
}
