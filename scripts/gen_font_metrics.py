#!/usr/bin/env python3
"""Bake the text metrics of the bundled font into Swift: Sources/Blueprint/Text/DejaVuSansMetrics.swift.

The layout core measures text without FreeType, from these numbers: the hhea ascender, descender
and line gap, the cap and x heights, and the unhinted hmtx advance width of the glyph every
Unicode scalar maps to through the font's cmap (all planes). Text is rendered with hinting off
and no kerning, so the width of a string at size s is sum(advance) * s / unitsPerEm.

Usage:
    scripts/gen_font_metrics.py [TTF] [--out SWIFT] [--dump FILE]

TTF defaults to Debian's /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf (package
fonts-dejavu-core 2.37); SWIFT defaults to Sources/Blueprint/Text/DejaVuSansMetrics.swift.
--dump also writes the expected values as text, to check the generated Swift against:
"name value" lines for the font-wide metrics, then "XXXX advance" (hex scalar) for every
mapped scalar. The script prints the font's name, version and the SHA-256 of the TTF; the
generated file records them in its header.

Runs itself in a venv with fontTools from PyPI (default /tmp/bp-venv, or $BP_VENV), creating
it if needed.

The generated file is output only: never edit it by hand; change this script and run it again.

Encoding of the advances (decoded by the Swift file once, on first use):
  * numbers are written in base 32 over the alphabet 0-9 A-Z a-z - _ (value = position):
    a character of value 32..63 is a leading digit (value - 32), one of value 0..31 is the
    last digit of a number; so 0..31 take one character, 32..1023 two, 1024..32767 three.
    Line breaks (the literal is wrapped) are skipped.
  * `advanceValues`: the distinct advances, most frequent first.
  * `runs`: triples (gap, count - 1, index): `count` consecutive scalars, the first `gap`
    after the end of the previous run (the first run starts at `gap`), all with the advance
    advanceValues[index]. Runs are maximal (consecutive scalars with equal advances share one)
    except that none crosses from U+FFFF to U+10000.
"""

import argparse
import hashlib
import os
import sys
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.environ.get("BP_VENV", "/tmp/bp-venv")
DEFAULT_TTF = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
DEFAULT_OUT = os.path.join(ROOT, "Sources", "Blueprint", "Text", "DejaVuSansMetrics.swift")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kiwi_venv import ensure_module  # noqa: E402

ensure_module(VENV, __file__, "fontTools", "fonttools")
from fontTools.pens.boundsPen import BoundsPen  # noqa: E402
from fontTools.ttLib import TTFont  # noqa: E402

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"
assert len(ALPHABET) == 64
LINE = 100  # characters per line of the wrapped string literals
NO_GLYPH = 0xFFFF  # the Swift side's marker for "unmapped" in its UInt16 tables


def encode(n):
    """One non-negative integer as base-32 digits: leading digits + 32, the last one plain."""
    assert n >= 0
    digits = [n & 31]
    n >>= 5
    while n:
        digits.append(32 + (n & 31))
        n >>= 5
    return "".join(ALPHABET[d] for d in reversed(digits))


def decode(text):
    """The inverse of encode over a whole stream (to check the encoder)."""
    out, value, pending = [], 0, False
    for ch in text:
        if ch == "\n":
            continue
        d = ALPHABET.index(ch)
        if d >= 32:
            value, pending = value << 5 | (d - 32), True
        else:
            out.append(value << 5 | d)
            value, pending = 0, False
    assert not pending
    return out


def swift_literal(numbers, indent):
    text = "".join(encode(n) for n in numbers)
    assert decode(text) == list(numbers)
    lines = [text[i:i + LINE] for i in range(0, len(text), LINE)] or [""]
    pad = " " * indent
    return '"""\n' + "".join(pad + line + "\n" for line in lines) + pad + '"""'


def glyph_top(glyphset, cmap, char):
    pen = BoundsPen(glyphset)
    glyphset[cmap[ord(char)]].draw(pen)
    return pen.bounds[3]


def read_font(path):
    font = TTFont(path)
    name = font["name"]
    family = name.getDebugName(1)
    version_string = name.getDebugName(5)  # "Version 2.37"
    version = version_string.split()[1] if version_string.startswith("Version ") else version_string
    order = font.getGlyphOrder()
    hmtx = font["hmtx"].metrics
    cmap = font.getBestCmap()  # (3,10) format 12 when present: every plane the font maps
    # A scalar that the cmap sends to glyph 0 has no glyph of its own.
    advances = {cp: hmtx[g][0] for cp, g in cmap.items() if g != order[0]}
    hhea, os2 = font["hhea"], font["OS/2"]
    if os2.version >= 2:
        cap_height, x_height, heights_from = os2.sCapHeight, os2.sxHeight, "OS/2 sCapHeight / sxHeight"
    else:
        # OS/2 version 0/1 has no sCapHeight/sxHeight; the OpenType spec defines them as the top
        # of the unhinted bounding boxes of 'H' (U+0048) and 'x' (U+0078).
        glyphset = font.getGlyphSet()
        cap_height = glyph_top(glyphset, cmap, "H")
        x_height = glyph_top(glyphset, cmap, "x")
        heights_from = ("the tops of the glyphs 'H' and 'x' (OS/2 is version %d, without "
                        "sCapHeight / sxHeight; this is how the OpenType spec defines them)" % os2.version)
    return {
        "family": family,
        "version": version,
        "version_string": version_string,
        "units_per_em": font["head"].unitsPerEm,
        "ascender": hhea.ascent,
        "descender": hhea.descent,
        "line_gap": hhea.lineGap,
        "cap_height": cap_height,
        "x_height": x_height,
        "heights_from": heights_from,
        "notdef_advance": hmtx[order[0]][0],
        "advances": advances,
    }


def make_runs(advances):
    """Maximal runs of consecutive scalars with equal advances: [(start, count, advance)].
    No run crosses the end of the BMP (the Swift side keeps the BMP in a dense table)."""
    runs = []
    for cp in sorted(advances):
        adv = advances[cp]
        if runs and runs[-1][0] + runs[-1][1] == cp and runs[-1][2] == adv and cp != 0x10000:
            runs[-1][1] += 1
        else:
            runs.append([cp, 1, adv])
    return runs


def number(x):
    return str(int(x)) if float(x).is_integer() else repr(float(x))


def render(m, path, sha256, size):
    advances = m["advances"]
    assert max(advances.values()) < NO_GLYPH
    counts = Counter(advances.values())
    values = sorted(counts, key=lambda a: (-counts[a], a))
    index = {a: i for i, a in enumerate(values)}
    runs = make_runs(advances)
    triples, end = [], 0
    for start, count, adv in runs:
        triples += [start - end, count - 1, index[adv]]
        end = start + count
    planes = sorted({cp >> 16 for cp in advances})
    return f"""\
// GENERATED by scripts/gen_font_metrics.py: do not edit by hand; change the script and run it again.
// Font: {m["family"]}, "{m["version_string"]}", {size} bytes, sha256 {sha256}
// Read from {path}.
// {len(advances)} mapped scalars in planes {", ".join(str(p) for p in planes)}, {len(runs)} runs of equal advances, {len(values)} distinct advances.
// capHeight and xHeight are {m["heights_from"]}.
// The encoding of `advanceValues` and `runs` is described in the script's docstring.

/// Metrics of {m["family"]} {m["version"]} (sha256 {sha256}), generated by scripts/gen_font_metrics.py. Do not edit.
enum DejaVuSansMetrics {{
    static let familyName = "{m["family"]}"
    static let unitsPerEm: Double = {number(m["units_per_em"])}
    /// hhea ascender (font units, positive).
    static let ascender: Double = {number(m["ascender"])}
    /// hhea descender (font units, negative as in the font).
    static let descender: Double = {number(m["descender"])}
    /// hhea lineGap (font units).
    static let lineGap: Double = {number(m["line_gap"])}
    /// Height of capitals (font units).
    static let capHeight: Double = {number(m["cap_height"])}
    /// Height of lowercase x (font units).
    static let xHeight: Double = {number(m["x_height"])}
    /// Advance of glyph 0 (.notdef), used for unmapped scalars.
    static let notdefAdvance: Double = {number(m["notdef_advance"])}

    /// The horizontal advance (font units) of the glyph `scalar` maps to through the cmap, or nil
    /// when the font has no glyph for it.
    static func advance(of scalar: Unicode.Scalar) -> Double? {{
        let tables = Self.tables
        let value = scalar.value
        if value < 0x1_0000 {{
            let advance = tables.bmp[Int(value)]
            return advance == Tables.noGlyph ? nil : Double(advance)
        }}
        // The last run starting at or before `value`, by binary search.
        var low = 0
        var high = tables.starts.count
        while low < high {{
            let mid = (low + high) / 2
            if tables.starts[mid] <= value {{ low = mid + 1 }} else {{ high = mid }}
        }}
        guard low > 0, value < tables.ends[low - 1] else {{ return nil }}
        return Double(tables.advances[low - 1])
    }}

    /// The decoded advances: a dense table for the BMP and sorted runs for the other planes.
    private struct Tables: Sendable {{
        static let noGlyph: UInt16 = 0xFFFF
        /// Advance of every BMP scalar, `noGlyph` where unmapped.
        var bmp = [UInt16](repeating: Tables.noGlyph, count: 0x1_0000)
        /// Runs above the BMP: scalars starts[i]..<ends[i] all have advance advances[i].
        let starts: [UInt32]
        let ends: [UInt32]
        let advances: [UInt16]

        init() {{
            let values = Tables.numbers(DejaVuSansMetrics.advanceValues).map {{ UInt16($0) }}
            let runs = Tables.numbers(DejaVuSansMetrics.runs)
            precondition(runs.count % 3 == 0, "DejaVuSansMetrics: corrupt run table")
            var starts: [UInt32] = []
            var ends: [UInt32] = []
            var advances: [UInt16] = []
            bmp.withUnsafeMutableBufferPointer {{ bmp in
                var end = 0
                var i = 0
                while i < runs.count {{
                    let start = end + runs[i]
                    end = start + runs[i + 1] + 1
                    let advance = values[runs[i + 2]]
                    i += 3
                    if end <= 0x1_0000 {{
                        UnsafeMutableBufferPointer(rebasing: bmp[start..<end]).update(repeating: advance)
                    }} else {{
                        precondition(start >= 0x1_0000, "DejaVuSansMetrics: a run crosses the BMP's end")
                        starts.append(UInt32(start))
                        ends.append(UInt32(end))
                        advances.append(advance)
                    }}
                }}
            }}
            self.starts = starts
            self.ends = ends
            self.advances = advances
        }}

        /// The numbers of an encoded string (see scripts/gen_font_metrics.py). Written with
        /// plain comparisons and pointer reads so that it is fast in unoptimized builds too.
        private static func numbers(_ text: String) -> [Int] {{
            var text = text
            return text.withUTF8 {{ utf8 in
                [Int](unsafeUninitializedCapacity: utf8.count) {{ out, count in
                    var value = 0
                    var pending = false
                    var n = 0
                    var i = 0
                    while i < utf8.count {{
                        let byte = utf8[i]
                        i += 1
                        let digit: Int
                        if byte >= 0x61 && byte <= 0x7A {{  // a-z
                            digit = Int(byte) - 0x61 + 36
                        }} else if byte >= 0x41 && byte <= 0x5A {{  // A-Z
                            digit = Int(byte) - 0x41 + 10
                        }} else if byte >= 0x30 && byte <= 0x39 {{  // 0-9
                            digit = Int(byte) - 0x30
                        }} else if byte == 0x2D {{  // -
                            digit = 62
                        }} else if byte == 0x5F {{  // _
                            digit = 63
                        }} else if byte == 0x0A {{  // line break of the literal
                            continue
                        }} else {{
                            preconditionFailure("DejaVuSansMetrics: bad character in encoded table")
                        }}
                        if digit >= 32 {{
                            value = value << 5 | (digit - 32)
                            pending = true
                        }} else {{
                            out.initializeElement(at: n, to: value << 5 | digit)
                            n += 1
                            value = 0
                            pending = false
                        }}
                    }}
                    precondition(!pending, "DejaVuSansMetrics: truncated encoded table")
                    count = n
                }}
            }}
        }}
    }}

    private static let tables = Tables()

    /// The distinct advances, most frequent first.
    private static let advanceValues = {swift_literal(values, 8)}

    /// (gap, count - 1, index into advanceValues) for each run of scalars with equal advances.
    private static let runs = {swift_literal(triples, 8)}
}}
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("ttf", nargs="?", default=DEFAULT_TTF)
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--dump", help="also write the expected values here, as text")
    args = ap.parse_args()

    with open(args.ttf, "rb") as f:
        data = f.read()
    sha256 = hashlib.sha256(data).hexdigest()
    m = read_font(args.ttf)
    print(f"font: {m['family']}, {m['version_string']} ({args.ttf}, {len(data)} bytes)")
    print(f"sha256: {sha256}")

    source = render(m, args.ttf, sha256, len(data))
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w") as f:
        f.write(source)
    adv = m["advances"]
    print(f"wrote {args.out}: {len(source.encode())} bytes, {len(adv)} scalars "
          f"(U+{min(adv):04X}..U+{max(adv):04X}), {len(make_runs(adv))} runs")

    if args.dump:
        with open(args.dump, "w") as f:
            for key in ("units_per_em", "ascender", "descender", "line_gap", "cap_height",
                        "x_height", "notdef_advance"):
                f.write(f"{key} {number(m[key])}\n")
            for cp in sorted(adv):
                f.write(f"{cp:04X} {adv[cp]}\n")
        print(f"wrote {args.dump}")


if __name__ == "__main__":
    main()
