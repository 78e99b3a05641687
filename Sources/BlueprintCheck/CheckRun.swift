import BlueprintSupport
import Raster

/// What one `blueprint check` found, saved so that `blueprint report` can show it later:
/// `.blueprint/last-check.json` in the folder the check ran in.
package struct CheckRun: Equatable, Sendable {
    /// One fixture's result.
    package struct Entry: Equatable, Sendable {
        package var name: String
        package var status: SnapshotOutcome.Status
        /// The golden and frames paths (absolute).
        package var golden: String
        package var frames: String
        package var actual: String?
        package var diff: String?
        package var composite: String?
        package var differentPixels: Int?
        package var antialiasedPixels: Int?
        package var width: Int?
        package var height: Int?
        package var expectedSize: PixelSize?
        package var actualSize: PixelSize?
        package var bounds: PixelRect?
        package var frameChanges: [String]?
        /// The whole message, as printed.
        package var message: String

        package init(name: String, status: SnapshotOutcome.Status, golden: String, frames: String, message: String) {
            self.name = name
            self.status = status
            self.golden = golden
            self.frames = frames
            self.message = message
        }

        /// The entry of a check's outcome.
        package init(name: String, outcome: SnapshotOutcome) {
            self.init(name: name, status: outcome.status, golden: FileSystem.absolute(outcome.location.image),
                      frames: FileSystem.absolute(outcome.location.frames), message: outcome.message)
            actual = outcome.actualPath.map(FileSystem.absolute)
            diff = outcome.diffPath.map(FileSystem.absolute)
            composite = outcome.compositePath.map(FileSystem.absolute)
            if let d = outcome.diff {
                differentPixels = d.differentPixels
                antialiasedPixels = d.antialiasedPixels
                width = d.width
                height = d.height
                expectedSize = d.expectedSize
                actualSize = d.actualSize
                bounds = d.bounds
            }
            frameChanges = outcome.frameChanges
        }

        /// Whether this fixture failed (anything but a match).
        package var failed: Bool { status != .identical && status != .withinTolerance }

        /// The share of differing pixels, when known.
        package var differentRatio: Double? {
            guard let differentPixels, let width, let height, width * height > 0 else { return nil }
            return Double(differentPixels) / Double(width * height)
        }
    }

    /// The folder the check ran in (absolute), which holds the `.blueprint` folder the run is
    /// saved in; nil for a merged run, and in a run saved before it was recorded.
    package var folder: String?
    package var fixtures: String
    package var goldens: String
    package var mode: RecordMode
    package var tolerance: String
    /// The part of the fixtures this run checked (`--shard`), nil for all of them.
    package var shard: Shard?
    package var entries: [Entry]

    package init(folder: String? = nil, fixtures: String, goldens: String, mode: RecordMode, tolerance: String, shard: Shard? = nil,
                 entries: [Entry]) {
        self.folder = folder
        self.fixtures = fixtures
        self.goldens = goldens
        self.mode = mode
        self.tolerance = tolerance
        self.shard = shard
        self.entries = entries
    }

    /// Where a check in `folder` saves its run.
    package static func path(in folder: String) -> String { FileSystem.join(folder, ".blueprint/last-check.json") }

    // MARK: JSON

    /// The run as JSON, one entry per line.
    package var json: String {
        func optional(_ value: String?) -> String { value.map(JSON.quoted) ?? "null" }
        func optional(_ value: Int?) -> String { value.map(String.init) ?? "null" }
        func size(_ s: PixelSize?) -> String { s.map { "{\"width\": \($0.width), \"height\": \($0.height)}" } ?? "null" }
        let lines = entries.map { e -> String in
            let bounds = e.bounds.map { "{\"x\": \($0.x), \"y\": \($0.y), \"width\": \($0.width), \"height\": \($0.height)}" } ?? "null"
            let changes = e.frameChanges.map { "[" + $0.map(JSON.quoted).joined(separator: ", ") + "]" } ?? "null"
            let fields = [
                "\"name\": \(JSON.quoted(e.name))", "\"status\": \(JSON.quoted(e.status.rawValue))",
                "\"golden\": \(JSON.quoted(e.golden))", "\"frames\": \(JSON.quoted(e.frames))",
                "\"actual\": \(optional(e.actual))", "\"diff\": \(optional(e.diff))", "\"composite\": \(optional(e.composite))",
                "\"differentPixels\": \(optional(e.differentPixels))", "\"antialiasedPixels\": \(optional(e.antialiasedPixels))",
                "\"width\": \(optional(e.width))", "\"height\": \(optional(e.height))",
                "\"expectedSize\": \(size(e.expectedSize))", "\"actualSize\": \(size(e.actualSize))",
                "\"bounds\": \(bounds)", "\"frameChanges\": \(changes)", "\"message\": \(JSON.quoted(e.message))",
            ]
            return "    {" + fields.joined(separator: ", ") + "}"
        }
        return "{\n" + (folder.map { "  \"folder\": \(JSON.quoted($0)),\n" } ?? "")
            + "  \"fixtures\": \(JSON.quoted(fixtures)),\n  \"goldens\": \(JSON.quoted(goldens)),\n"
            + "  \"mode\": \(JSON.quoted(mode.rawValue)),\n  \"tolerance\": \(JSON.quoted(tolerance)),\n"
            + (shard.map { "  \"shard\": \(JSON.quoted($0.description)),\n" } ?? "")
            + "  \"entries\": [\n" + lines.joined(separator: ",\n") + (lines.isEmpty ? "" : "\n") + "  ]\n}\n"
    }

    /// Why a saved run cannot be read.
    package struct Invalid: Error, Equatable, CustomStringConvertible {
        package let description: String
        package init(description: String) { self.description = description }
    }

    /// Reads a saved run.
    package init(json bytes: [UInt8]) throws(Invalid) {
        let root: JSON
        do {
            root = try JSON.parse(bytes)
        } catch {
            throw Invalid(description: "not JSON: \(error)")
        }
        func string(_ value: JSON?, _ what: String) throws(Invalid) -> String {
            guard let s = value?.stringValue else { throw Invalid(description: "\(what) must be a string") }
            return s
        }
        func optionalString(_ value: JSON?) -> String? { value?.stringValue }
        func size(_ value: JSON?) -> PixelSize? {
            guard let w = value?["width"]?.intValue, let h = value?["height"]?.intValue else { return nil }
            return PixelSize(width: w, height: h)
        }
        guard let modeName = root["mode"]?.stringValue, let mode = RecordMode(rawValue: modeName) else {
            throw Invalid(description: "\"mode\" must be one of never, missing, failed, all")
        }
        guard let items = root["entries"]?.arrayValue else { throw Invalid(description: "\"entries\" must be a list") }
        var entries: [Entry] = []
        for (index, item) in items.enumerated() {
            let what = "entry \(index + 1)"
            guard let statusName = item["status"]?.stringValue, let status = SnapshotOutcome.Status(rawValue: statusName) else {
                throw Invalid(description: "\(what): unknown status")
            }
            var e = Entry(name: try string(item["name"], "\(what) name"), status: status,
                          golden: try string(item["golden"], "\(what) golden"), frames: try string(item["frames"], "\(what) frames"),
                          message: try string(item["message"], "\(what) message"))
            e.actual = optionalString(item["actual"])
            e.diff = optionalString(item["diff"])
            e.composite = optionalString(item["composite"])
            e.differentPixels = item["differentPixels"]?.intValue
            e.antialiasedPixels = item["antialiasedPixels"]?.intValue
            e.width = item["width"]?.intValue
            e.height = item["height"]?.intValue
            e.expectedSize = size(item["expectedSize"])
            e.actualSize = size(item["actualSize"])
            if let b = item["bounds"], let x = b["x"]?.intValue, let y = b["y"]?.intValue,
               let w = b["width"]?.intValue, let h = b["height"]?.intValue {
                e.bounds = PixelRect(x: x, y: y, width: w, height: h)
            }
            e.frameChanges = item["frameChanges"]?.arrayValue?.compactMap(\.stringValue)
            entries.append(e)
        }
        var shard: Shard?
        if let text = root["shard"] {
            guard let value = text.stringValue, let parsed = try? Shard(parsing: value) else {
                throw Invalid(description: "\"shard\" must be a string like \"2/4\"")
            }
            shard = parsed
        }
        self.init(folder: root["folder"]?.stringValue, fixtures: try string(root["fixtures"], "\"fixtures\""), goldens: try string(root["goldens"], "\"goldens\""),
                  mode: mode, tolerance: try string(root["tolerance"], "\"tolerance\""), shard: shard, entries: entries)
    }

    // MARK: Files

    /// Every file of the run's entries (golden, frames, images), with the entry's name and what
    /// the file is to it: where the check wrote it, and, when the run's folder was copied or
    /// moved, where that file is now. `savedIn` is the folder the run was read from (its
    /// `.blueprint` folder): the folder that holds it stands for the check's folder.
    package func files(readFrom savedIn: String) -> [(name: String, what: String, path: String)] {
        let here = FileSystem.directory(of: savedIn)
        let origin = folder.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        var out: [(name: String, what: String, path: String)] = []
        for entry in entries {
            for (path, what) in [(entry.golden, "the golden"), (entry.frames, "the frames"), (entry.actual, "the actual image"),
                                 (entry.diff, "the diff image"), (entry.composite, "the side-by-side image")] {
                guard let path else { continue }
                out.append((entry.name, what, path))
                if let origin, path.hasPrefix(origin) {
                    out.append((entry.name, what, FileSystem.join(here, String(path.dropFirst(origin.count)))))
                }
            }
        }
        return out
    }

    // MARK: Merging shards

    /// The runs of several shards as one run, fixtures in name order (Playwright's
    /// merge-reports). Each run comes with the folder it was saved in (its `.blueprint`
    /// folder): an image whose recorded path does not exist on this machine (the shard ran
    /// elsewhere and its folder was copied here) is looked for as `artifacts/<file name>` there.
    ///
    /// - Throws: ``Invalid`` when the runs were made with different record modes or tolerances,
    ///   or a fixture appears in two of them.
    package static func merging(_ runs: [(run: CheckRun, folder: String)]) throws(Invalid) -> CheckRun {
        guard let first = runs.first?.run else { throw Invalid(description: "no runs to merge") }
        var seen: [String: Int] = [:]
        var entries: [Entry] = []
        for (number, (run, folder)) in runs.enumerated() {
            if run.mode != first.mode || run.tolerance != first.tolerance {
                throw Invalid(description: "the runs were made with different settings (record mode \(first.mode), tolerance "
                              + "\(first.tolerance) in the first; record mode \(run.mode), tolerance \(run.tolerance) in run \(number + 1))")
            }
            for var entry in run.entries {
                if let earlier = seen[entry.name] {
                    throw Invalid(description: "fixture \(entry.name) is in run \(earlier) and in run \(number + 1): merge each shard once")
                }
                seen[entry.name] = number + 1
                func relocated(_ path: String?) -> String? {
                    guard let path, !FileSystem.exists(path) else { return path }
                    let moved = FileSystem.join(FileSystem.join(folder, "artifacts"), FileSystem.fileName(of: path))
                    return FileSystem.exists(moved) ? moved : path
                }
                entry.actual = relocated(entry.actual)
                entry.diff = relocated(entry.diff)
                entry.composite = relocated(entry.composite)
                entries.append(entry)
            }
        }
        entries.sort { $0.name < $1.name }
        return CheckRun(fixtures: first.fixtures, goldens: first.goldens, mode: first.mode, tolerance: first.tolerance,
                        shard: nil, entries: entries)
    }
}
