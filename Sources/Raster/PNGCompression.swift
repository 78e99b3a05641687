/// How hard the PNG encoder works: a zlib level and the set of row filters libpng may try.
///
/// The two presets were picked from `Benchmarks/diff` (a 4096 × 4096 UI-like image; its README
/// has the whole grid). Against cairo's writer (zlib 6, all filters, 436 ms, 180 KB):
/// - `fast`, zlib 3 with the up filter: 89 ms (4.9× faster), 435 KB. No filter at all was as
///   fast but 2–2.6× larger again on flat UI pictures; libpng's adaptive choice among all
///   filters is what makes cairo slow (~270 ms of filtering alone at zlib 1).
/// - `compact`, zlib 9 with all filters: 163 KB (9% smaller than cairo) at about 2.2× cairo's
///   time; goldens are written once and kept in git, so bytes count more than milliseconds.
/// `fast` is the default for artifacts written on every failing test.
public struct PNGCompression: Hashable, Sendable {
    /// Row filters, as PNG defines them. libpng picks per row among the ones allowed.
    public struct Filters: OptionSet, Hashable, Sendable {
        /// The raw PNG_FILTER_* bits libpng expects.
        public let rawValue: Int
        /// Creates a filter set from PNG_FILTER_* bits.
        ///
        /// - Parameter rawValue: the bits (0x08 none, 0x10 sub, 0x20 up, 0x40 average, 0x80 Paeth).
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// No filtering: the fastest.
        public static let none = Filters(rawValue: 0x08)
        /// Each byte minus the byte to its left.
        public static let sub = Filters(rawValue: 0x10)
        /// Each byte minus the byte above.
        public static let up = Filters(rawValue: 0x20)
        /// Each byte minus the mean of left and above.
        public static let average = Filters(rawValue: 0x40)
        /// Each byte minus the Paeth predictor.
        public static let paeth = Filters(rawValue: 0x80)
        /// Every filter, chosen per row by libpng's heuristic (what cairo uses).
        public static let all: Filters = [.none, .sub, .up, .average, .paeth]
    }

    /// How zlib looks for repeats.
    public enum Strategy: Int, Hashable, Sendable {
        /// libpng's choice: `filtered` when row filters are on, else zlib's default.
        case automatic = -1
        /// zlib's general-purpose matching.
        case `default` = 0
        /// Tuned for filtered data (small values, fewer long matches).
        case filtered = 1
        /// Huffman coding only, no matching: fastest, largest.
        case huffmanOnly = 2
        /// Run-length matches only (distance 1): fast, and good on flat UI images after filtering.
        case rle = 3
    }

    /// The zlib level, 0 (store) ... 9 (smallest).
    public var level: Int
    /// The filters libpng may use.
    public var filters: Filters
    /// The zlib strategy.
    public var strategy: Strategy

    /// Creates a setting.
    ///
    /// - Parameters:
    ///   - level: zlib level, clamped to 0...9.
    ///   - filters: the allowed row filters (an empty set means none).
    ///   - strategy: the zlib strategy (default: libpng's choice).
    public init(level: Int, filters: Filters, strategy: Strategy = .automatic) {
        self.level = min(max(level, 0), 9)
        self.filters = filters.isEmpty ? .none : filters
        self.strategy = strategy
    }

    /// For test artifacts and diff images: zlib level 3, the up filter on every row.
    public static let fast = PNGCompression(level: 3, filters: .up)
    /// For committed goldens: zlib level 9, libpng's adaptive choice among all filters.
    public static let compact = PNGCompression(level: 9, filters: .all)
    /// What cairo's own PNG writer does (libpng's defaults): zlib level 6, all filters.
    public static let cairoLike = PNGCompression(level: 6, filters: .all)
}
