/// How hard the PNG encoder works: a zlib level and the set of row filters libpng may try.
///
/// Measured by `Benchmarks/diff` on UI-like images (see its README): no filter at a low zlib
/// level is several times faster than cairo's writer (level 6, all filters) for files only
/// somewhat larger, so `fast` is the default for artifacts written on every test failure,
/// and `compact` is for goldens that are committed and kept.
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

    /// The zlib level, 0 (store) ... 9 (smallest).
    public var level: Int
    /// The filters libpng may use.
    public var filters: Filters

    /// Creates a setting.
    ///
    /// - Parameters:
    ///   - level: zlib level, clamped to 0...9.
    ///   - filters: the allowed row filters (an empty set means none).
    public init(level: Int, filters: Filters) {
        self.level = min(max(level, 0), 9)
        self.filters = filters.isEmpty ? .none : filters
    }

    /// For test artifacts: zlib level 1, no filter.
    public static let fast = PNGCompression(level: 1, filters: .none)
    /// For committed goldens: zlib level 9 with the up filter (near cairo's size, faster).
    public static let compact = PNGCompression(level: 9, filters: [.none, .up])
    /// What cairo's own PNG writer does (libpng's defaults): zlib level 6, all filters.
    public static let cairoLike = PNGCompression(level: 6, filters: .all)
}
