import BlueprintSupport
import Blueprint

/// The solved frames of a view tree, stored beside a golden (`NAME.json` beside `NAME.png`) so
/// that a failing check can say what moved: `card.width 320 → 304; title moved 8 pt down`.
///
/// Frames are in superview coordinates, as `blueprint solve` prints them: when a container
/// moves, only the container is reported, not everything inside it.
///
/// ```json
/// {
///   "image": "98818 bytes, fnv1a64 9637cb285590c4d9",
///   "views": {
///     "root": {"x": 0, "y": 0, "width": 375, "height": 667},
///     "card": {"x": 16, "y": 120, "width": 343, "height": 240}
///   },
///   "broken": [],
///   "ambiguous": []
/// }
/// ```
package struct FrameRecord: Equatable, Sendable {
    /// Views in tree order (depth first, parents before children). Views that share a name
    /// are told apart as `name#2`, `name#3`… in that order.
    package var views: [(name: String, frame: Rect)]
    /// Constraints broken to recover from conflicts (their formulas, without file locations,
    /// so that editing an unrelated line changes nothing).
    package var broken: [String]
    /// Views and guides whose frames the constraints leave free.
    package var ambiguous: [String]
    /// The golden image these frames belong to (``digest(of:)`` of its bytes), so that frames
    /// left beside another image (a record killed between its two writes) are not compared.
    package var image: String?
    /// The golden's pixels (``BlueprintRender/DiagramImage/pixelDigest``): a render with the same
    /// digest matches the golden, and a passing check then needs no PNG encoding at all.
    package var pixels: String?

    package init(views: [(name: String, frame: Rect)], broken: [String] = [], ambiguous: [String] = [], image: String? = nil) {
        self.views = views
        self.broken = broken
        self.ambiguous = ambiguous
        self.image = image
    }

    package static func == (a: FrameRecord, b: FrameRecord) -> Bool {
        a.views.count == b.views.count && zip(a.views, b.views).allSatisfy { $0.name == $1.name && $0.frame == $1.frame }
            && a.broken == b.broken && a.ambiguous == b.ambiguous && a.image == b.image && a.pixels == b.pixels
    }

    /// A file's identity for ``image``: its size and 64-bit FNV-1a hash, `839012 bytes, fnv1a64 0123456789abcdef`.
    package static func digest(of bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
        }
        let hex = String(hash, radix: 16)
        return "\(bytes.count) bytes, fnv1a64 " + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Reads the frames of a solved tree (solving it first if needed).
    package init(root: View, report: LayoutReport? = nil) {
        root.layoutIfNeeded()
        var seen: [String: Int] = [:]
        var views: [(name: String, frame: Rect)] = []
        root.forEachInSubtree { view in
            let count = (seen[view.name] ?? 0) + 1
            seen[view.name] = count
            views.append((count == 1 ? view.name : "\(view.name)#\(count)", view.frame))
        }
        let report = report ?? root.layoutReport
        self.init(views: views, broken: report.broken.map(\.formula), ambiguous: report.ambiguous.map(\.item.name))
    }

    // MARK: The file

    /// The JSON text: one view per line, keys in a fixed order, numbers the shortest that read
    /// back exactly.
    package var json: String {
        func frame(_ r: Rect) -> String { JSON.frame(x: r.minX, y: r.minY, width: r.width, height: r.height) }
        func list(_ items: [String]) -> String {
            items.isEmpty ? "[]" : "[\n" + items.map { "    " + JSON.quoted($0) }.joined(separator: ",\n") + "\n  ]"
        }
        let views = views.map { "    \(JSON.quoted($0.name)): \(frame($0.frame))" }.joined(separator: ",\n")
        let image = image.map { "  \"image\": \(JSON.quoted($0)),\n" } ?? ""
        let pixels = pixels.map { "  \"pixels\": \(JSON.quoted($0)),\n" } ?? ""
        return "{\n\(image)\(pixels)  \"views\": {\n\(views)\n  },\n  \"broken\": \(list(broken)),\n  \"ambiguous\": \(list(ambiguous))\n}\n"
    }

    /// Why a frames file could not be read.
    package struct Invalid: Error, Equatable, CustomStringConvertible {
        package let description: String
        package init(description: String) { self.description = description }
    }

    /// Reads the JSON text written by ``json``.
    ///
    /// - Throws: ``Invalid`` saying where and why the file is not a frames record.
    package init(json bytes: [UInt8]) throws(Invalid) {
        let value: JSON
        do {
            value = try JSON.parse(bytes)
        } catch {
            throw Invalid(description: "not JSON: \(error)")
        }
        guard let entries = value["views"]?.objectValue else { throw Invalid(description: "no \"views\" object") }
        var views: [(name: String, frame: Rect)] = []
        for (name, entry) in entries {
            guard let x = entry["x"]?.numberValue, let y = entry["y"]?.numberValue,
                  let width = entry["width"]?.numberValue, let height = entry["height"]?.numberValue else {
                throw Invalid(description: "view \"\(name)\" needs numbers x, y, width and height")
            }
            views.append((name, Rect(x: x, y: y, width: width, height: height)))
        }
        func strings(_ key: String) throws(Invalid) -> [String] {
            guard let items = value[key] else { return [] }
            guard let array = items.arrayValue else { throw Invalid(description: "\"\(key)\" must be a list of strings") }
            var result: [String] = []
            for item in array {
                guard let s = item.stringValue else { throw Invalid(description: "\"\(key)\" must be a list of strings") }
                result.append(s)
            }
            return result
        }
        for key in ["image", "pixels"] {
            if let item = value[key], item.stringValue == nil { throw Invalid(description: "\"\(key)\" must be a string") }
        }
        self.init(views: views, broken: try strings("broken"), ambiguous: try strings("ambiguous"), image: value["image"]?.stringValue)
        pixels = value["pixels"]?.stringValue
    }

    // MARK: Changes

    /// What changed from `old` to this record, one phrase each, in this record's view order:
    /// `card.width 320 → 304`, `title moved 8 pt down`, `badge added at 10, 20 (40 × 40)`,
    /// `spinner removed`, `now broken: …`, `now ambiguous: …`. Differences under 0.001 pt are
    /// rounding, not changes.
    package func changes(from old: FrameRecord) -> [String] {
        var result: [String] = []
        var before: [String: Rect] = [:]
        for v in old.views where before[v.name] == nil { before[v.name] = v.frame }
        let names = Set(views.map(\.name))
        for (name, frame) in views {
            guard let was = before[name] else {
                result.append("\(name) added at \(Self.points(frame.minX)), \(Self.points(frame.minY)) (\(Self.points(frame.width)) × \(Self.points(frame.height)))")
                continue
            }
            if Self.differ(was.width, frame.width) { result.append("\(name).width \(Self.points(was.width)) → \(Self.points(frame.width))") }
            if Self.differ(was.height, frame.height) { result.append("\(name).height \(Self.points(was.height)) → \(Self.points(frame.height))") }
            var moves: [String] = []
            let dx = frame.minX - was.minX, dy = frame.minY - was.minY
            if Self.differ(was.minX, frame.minX) { moves.append("\(Self.points(abs(dx))) pt \(dx > 0 ? "right" : "left")") }
            if Self.differ(was.minY, frame.minY) { moves.append("\(Self.points(abs(dy))) pt \(dy > 0 ? "down" : "up")") }
            if !moves.isEmpty { result.append("\(name) moved " + moves.joined(separator: " and ")) }
        }
        for v in old.views where !names.contains(v.name) { result.append("\(v.name) removed") }
        for c in broken where !old.broken.contains(c) { result.append("now broken: \(c)") }
        for c in old.broken where !broken.contains(c) { result.append("no longer broken: \(c)") }
        for a in ambiguous where !old.ambiguous.contains(a) { result.append("now ambiguous: \(a)") }
        for a in old.ambiguous where !ambiguous.contains(a) { result.append("no longer ambiguous: \(a)") }
        return result
    }

    /// Two coordinates that differ by more than rounding (or where only one is finite).
    static func differ(_ a: Double, _ b: Double) -> Bool {
        if a.isFinite && b.isFinite { return abs(a - b) >= 0.0005 }
        return !(a == b || (a.isNaN && b.isNaN))
    }

    /// A coordinate rounded to a thousandth of a point, shortest form: `8`, `12.5`, `0.333`.
    static func points(_ x: Double) -> String {
        guard x.isFinite else { return "\(x)" }
        let rounded = (x * 1000).rounded() / 1000
        return formatNumber(rounded == 0 ? 0 : rounded)
    }
}
