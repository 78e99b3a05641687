import BlueprintSupport
import Raster

/// A self-contained HTML page of a check's failures: for each, expected / actual / diff side by
/// side, a slider and a blink toggle to compare expected with actual in place, the numbers and
/// the frame changes. Images are embedded as `data:` URIs, so the page is one file that can be
/// mailed, attached to a CI run or opened offline.
package enum HTMLReport {
    /// The page for a saved run. Images are read now; one that cannot be read is named on the
    /// page instead of shown.
    package static func page(for run: CheckRun) -> String {
        let failures = run.entries.filter(\.failed)
        var counts: [String] = []
        for status in SnapshotOutcome.Status.allCases {
            let n = run.entries.filter { $0.status == status }.count
            if n > 0 { counts.append("\(n) \(status.rawValue)") }
        }
        var html = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Blueprint check: \(failures.count) failure\(failures.count == 1 ? "" : "s")</title>
            <style>\(style)</style>
            </head>
            <body>
            <header>
            <h1>Blueprint check</h1>
            <p class="summary">\(run.entries.count) fixture\(run.entries.count == 1 ? "" : "s"): \(escape(counts.joined(separator: ", ")))</p>
            <p class="meta">fixtures <code>\(escape(run.fixtures))</code> · goldens <code>\(escape(run.goldens))</code> · record mode \(run.mode) · tolerance \(escape(run.tolerance))</p>
            </header>

            """
        if failures.isEmpty {
            html += "<p class=\"clean\">Every fixture matches its golden.</p>\n"
        } else {
            html += "<nav><ul>" + failures.enumerated().map { i, e in
                "<li><a href=\"#failure-\(i + 1)\">\(escape(e.name))</a> <span class=\"status \(cssClass(e.status))\">\(escape(e.status.rawValue))</span></li>"
            }.joined() + "</ul></nav>\n"
        }
        for (i, entry) in failures.enumerated() { html += section(entry, index: i + 1) }
        html += "<script>\(script)</script>\n</body>\n</html>\n"
        return html
    }

    /// The most image bytes a page embeds (before base64): a page past it is more than a
    /// browser opens, and building it took more memory than the machine had (6,000 failures
    /// of 700 KB images aborted).
    package static let embeddedLimit = 512 << 20

    /// How many bytes of images the page for `run` would embed: each failure's expected,
    /// actual and diff images, and expected and actual once more in the slider of a difference.
    package static func embeddedBytes(for run: CheckRun) -> Int {
        var total = 0
        for e in run.entries where e.failed {
            let expected = FileSystem.fileSize(e.golden) ?? 0
            let actual = (e.actual ?? (e.status == .recorded ? e.golden : nil)).flatMap(FileSystem.fileSize) ?? 0
            total += expected + actual + (e.diff.flatMap(FileSystem.fileSize) ?? 0)
            if e.status == .different { total += expected + actual }
        }
        return total
    }

    static func section(_ e: CheckRun.Entry, index: Int) -> String {
        let expected = dataURI(e.golden)
        let actual = e.actual.flatMap { dataURI($0) } ?? (e.status == .recorded ? dataURI(e.golden) : nil)
        let diff = e.diff.flatMap { dataURI($0) }
        var rows: [(String, String)] = []
        if let d = e.differentPixels, let w = e.width, let h = e.height {
            rows.append(("Differing pixels", "\(d) of \(w)×\(h) (\(DiffResult.percent(e.differentRatio ?? 0)))"))
        }
        if let a = e.antialiasedPixels { rows.append(("Anti-aliased (not counted)", "\(a)")) }
        if let b = e.bounds { rows.append(("Bounding box", "x \(b.x), y \(b.y), \(b.width)×\(b.height) px")) }
        if let x = e.expectedSize, let y = e.actualSize {
            rows.append(("Sizes", x == y ? "\(x.width)×\(x.height) px" : "expected \(x.width)×\(x.height), actual \(y.width)×\(y.height) px"))
        }
        var out = "<section class=\"failure\" id=\"failure-\(index)\">\n"
        out += "<h2>\(escape(e.name)) <span class=\"status \(cssClass(e.status))\">\(escape(e.status.rawValue))</span></h2>\n"
        if !rows.isEmpty {
            out += "<dl class=\"numbers\">" + rows.map { "<dt>\(escape($0.0))</dt><dd>\(escape($0.1))</dd>" }.joined() + "</dl>\n"
        }
        if let changes = e.frameChanges {
            out += "<h3>Frame changes</h3>\n"
            out += changes.isEmpty ? "<p class=\"frames\">None: the difference is in the drawing, not the layout.</p>\n"
                : "<ul class=\"frames\">" + changes.map { "<li>\(escape($0))</li>" }.joined() + "</ul>\n"
        }
        out += "<div class=\"triptych\">"
        out += figure("Expected", expected, path: e.golden,
                      missing: FileSystem.exists(e.golden) ? nil : "no golden at \(e.golden)")
        out += figure("Actual", actual, path: e.actual,
                      missing: e.status == .error ? "no render: the check could not run (see the message)" : nil)
        out += figure("Diff", diff, path: e.diff, missing: e.diff == nil ? "no diff (nothing to compare with)" : nil)
        out += "</div>\n"
        if let expected, let actual, e.status == .different {
            out += """
                <div class="compare" data-mode="slider">
                <div class="modes"><button type="button" class="mode slider-mode on">Slider</button><button type="button" class="mode blink-mode">Blink</button><span class="hint">left of the line: expected · right: actual</span></div>
                <div class="stage"><img class="under" src="\(expected)" alt="expected"><img class="over" src="\(actual)" alt="actual"><div class="divider"></div></div>
                <input class="slider" type="range" min="0" max="100" value="50" step="0.5" aria-label="expected | actual">
                </div>

                """
        }
        out += "<details><summary>Message</summary><pre>\(escape(e.message))</pre></details>\n</section>\n"
        return out
    }

    static func figure(_ title: String, _ uri: String?, path: String?, missing: String?) -> String {
        var out = "<figure><figcaption>\(title)</figcaption>"
        if let uri {
            out += "<img src=\"\(uri)\" alt=\"\(title.lowercased())\">"
        } else {
            let reason = missing ?? (path.map { "image missing: \($0)" } ?? "image missing")
            out += "<div class=\"missing\">\(escape(reason))</div>"
        }
        return out + "</figure>"
    }

    /// A PNG file as a `data:` URI, or nil when it cannot be read.
    static func dataURI(_ path: String) -> String? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        // (Regular files only: a pipe named in a saved run would wait for a writer for ever.)
        guard let bytes = try? FileIO.read(path, limit: 1 << 30, signature: signature, regularOnly: true), bytes.starts(with: signature) else { return nil }
        return "data:image/png;base64," + base64(bytes)
    }

    static func cssClass(_ status: SnapshotOutcome.Status) -> String {
        status == .withinTolerance ? "within" : status.rawValue
    }

    /// Text made safe for HTML content and attribute values.
    package static func escape(_ text: String) -> String { markupEscaped(text) }

    /// Standard base64 (RFC 4648) with padding.
    package static func base64(_ bytes: [UInt8]) -> String {
        let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out += [table[Int(n >> 18)], table[Int(n >> 12 & 63)], table[Int(n >> 6 & 63)], table[Int(n & 63)]]
            i += 3
        }
        let rest = bytes.count - i
        if rest == 1 {
            let n = UInt32(bytes[i]) << 16
            out += [table[Int(n >> 18)], table[Int(n >> 12 & 63)], UInt8(ascii: "="), UInt8(ascii: "=")]
        } else if rest == 2 {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8
            out += [table[Int(n >> 18)], table[Int(n >> 12 & 63)], table[Int(n >> 6 & 63)], UInt8(ascii: "=")]
        }
        return String(decoding: out, as: UTF8.self)
    }

    static let style = """
        body{font:14px/1.45 system-ui,sans-serif;margin:0 24px 48px;color:#1d1d1f;background:#fafafa}
        header{border-bottom:1px solid #ddd;margin-bottom:16px}h1{font-size:22px;margin:16px 0 4px}
        .summary{font-weight:600;margin:4px 0}.meta{color:#555;margin:4px 0 12px}code{font-size:12px}
        nav ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:8px 16px}
        .status{font-size:12px;font-weight:600;padding:1px 6px;border-radius:4px;background:#eee;vertical-align:middle}
        .status.different,.status.missing,.status.error{background:#ffd9d6;color:#a1140b}.status.recorded{background:#fff0c2;color:#7a5300}
        .failure{background:#fff;border:1px solid #ddd;border-radius:8px;padding:12px 16px;margin:16px 0}
        h2{font-size:18px;margin:4px 0 8px}h3{font-size:14px;margin:12px 0 4px}
        .numbers{display:grid;grid-template-columns:max-content auto;gap:2px 16px;margin:0}.numbers dt{color:#555}.numbers dd{margin:0;font-variant-numeric:tabular-nums}
        .frames{margin:4px 0}
        .triptych{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:12px;margin:12px 0}
        figure{margin:0}figcaption{font-weight:600;margin-bottom:4px}
        figure img{display:block;max-width:100%;height:auto;border:1px solid #ccc;image-rendering:pixelated}
        .missing{padding:24px;border:1px dashed #bbb;color:#777;text-align:center}
        .compare{margin:12px 0}.modes{display:flex;gap:6px;align-items:center;margin-bottom:6px}
        .mode{font:inherit;padding:2px 10px;border:1px solid #999;border-radius:4px;background:#fff;cursor:pointer}.mode.on{background:#1d1d1f;color:#fff}
        .hint{color:#555;margin-left:8px}
        .stage{position:relative;display:inline-block;max-width:100%;border:1px solid #ccc;line-height:0}
        .stage img{display:block;max-width:100%;height:auto;image-rendering:pixelated}
        .stage .over{position:absolute;left:0;top:0;clip-path:inset(0 0 0 50%)}
        .divider{position:absolute;top:0;bottom:0;left:50%;width:2px;margin-left:-1px;background:#ff00ff}
        .compare[data-mode=blink] .over{clip-path:none !important;animation:blink 1s steps(1) infinite}
        .compare[data-mode=blink] .divider,.compare[data-mode=blink] .slider,.compare[data-mode=blink] .hint{visibility:hidden}
        @keyframes blink{50%{opacity:0}}
        .slider{display:block;width:min(100%,640px);margin-top:6px;accent-color:#ff00ff}
        pre{white-space:pre-wrap;font-size:12px;background:#f4f4f4;padding:8px;border-radius:4px}
        """

    static let script = """
        for (const c of document.querySelectorAll('.compare')) {
          const over = c.querySelector('.over'), line = c.querySelector('.divider'), slider = c.querySelector('.slider');
          const place = () => { over.style.clipPath = 'inset(0 0 0 ' + slider.value + '%)'; line.style.left = slider.value + '%'; };
          slider.addEventListener('input', place); place();
          for (const b of c.querySelectorAll('.mode')) b.addEventListener('click', () => {
            c.dataset.mode = b.classList.contains('blink-mode') ? 'blink' : 'slider';
            for (const o of c.querySelectorAll('.mode')) o.classList.toggle('on', o === b);
          });
          if (location.hash === '#blink') c.querySelector('.blink-mode').click();
        }
        """
}
