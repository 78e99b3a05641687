#!/usr/bin/env python3
"""The layout shapes of the scaling census (Benchmarks/README.md, "Known limits"): screens
of the kinds real apps write (settings lists as stacks or plain constraints, VFL columns and
rows, deep nests, grids, feeds, multipliers, aspect ratios, baseline rows, guides, the stack
distributions), each at any size, as .layout files for `blueprint solve`.

usage: layout_shapes.py SHAPE N > file.layout   (N = about how many views, the root aside)
       layout_shapes.py --list
time one: /usr/bin/time -f "%e s %M KB" blueprint solve file.layout --format json > /dev/null"""
import sys, math

WORDS = ("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november "
         "oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu notes battery "
         "privacy display sounds wallpaper general screen time focus control center storage").split()

def text(i, n):
    """distinct text of n words, deterministic"""
    return " ".join(WORDS[(i * 7 + k * 13 + (i // 3)) % len(WORDS)] for k in range(n)) + " %d" % i

HDR = "canvas 390 x 844\nsafearea 47 0 34 0\n"
S = {}
def shape(f): S[f.__name__] = f; return f

# ---------- 1. settings list as stacks ----------
def _stack_rows(n, listopts, rowopts, height=True, extra=""):
    rows = max(1, n // 5)
    d = [HDR, "stack list axis vertical %s" % listopts]
    c = ["list.top == safeArea.top", "list.leading == root.leading", "list.trailing == root.trailing"]
    for i in range(rows):
        d.append("stack r%d in list spacing 12 %s" % (i, rowopts))
        d.append("view r%di in r%d size 29 x 29 hugging 251" % (i, i))
        d.append('view r%dt in r%d label "%s"%s' % (i, i, text(i, 2), extra))
        d.append('view r%dv in r%d label "%s" hugging 251' % (i, i, WORDS[i % len(WORDS)]))
        d.append("view r%dc in r%d size 8 x 13 hugging 251" % (i, i))
        if height: c.append("r%d.height == 44" % i)
    return "\n".join(d + c) + "\n"

@shape
def s1a_stack_fill(n):  return _stack_rows(n, "distribution fill", "alignment center marginsRelative margins top 0 leading 16 bottom 0 trailing 16")
@shape
def s1b_stack_intrinsic(n): return _stack_rows(n, "spacing 1", "alignment center marginsRelative margins 11 16 11 16", height=False)
@shape
def s1c_stack_fillEqually(n): return _stack_rows(n, "distribution fillEqually", "alignment center", height=False)
@shape
def s1d_stack_baseline(n): return _stack_rows(n, "spacing 8", "alignment firstBaseline", height=False)
@shape
def s1e_stack_sections(n):
    rows = max(1, n // 5); secs = max(1, rows // 10)
    d = [HDR, "stack list axis vertical spacing 24"]
    c = ["list.top == safeArea.top", "list.leading == root.leading", "list.trailing == root.trailing"]
    i = 0
    for s in range(secs):
        d.append("stack sec%d in list axis vertical spacing 1 marginsRelative margins 0 16 0 16" % s)
        for _ in range(10):
            d.append("stack r%d in sec%d spacing 12 alignment center" % (i, s))
            d.append("view r%di in r%d size 29 x 29 hugging 251" % (i, i))
            d.append('view r%dt in r%d label "%s"' % (i, i, text(i, 2)))
            d.append('view r%dv in r%d label "%s" hugging 251' % (i, i, WORDS[i % len(WORDS)]))
            d.append("view r%dc in r%d size 8 x 13 hugging 251" % (i, i))
            c.append("r%d.height == 44" % i); i += 1
    return "\n".join(d + c) + "\n"
@shape
def s1f_stack_wrapping(n): return _stack_rows(n, "distribution fill", "alignment center marginsRelative margins 0 16 0 16", height=False, extra=" lines 0")

# ---------- 2. settings list with plain constraints ----------
def _plain_rows(n, mode):
    rows = max(1, n // 5)
    d, c = [HDR], []
    for i in range(rows):
        r = "r%d" % i
        d += ["view %s" % r, "view %si in %s size 29 x 29" % (r, r), 'view %st in %s label "%s"' % (r, r, text(i, 2)),
              'view %sv in %s label "%s" hugging 251' % (r, r, WORDS[i % len(WORDS)]), "view %sc in %s size 8 x 13" % (r, r)]
        if mode == "flat":
            c.append("%s.top == safeArea.top + %d" % (r, 45 * i))
        else:
            c.append("%s.top == %s.bottom + 1" % (r, "r%d" % (i - 1)) if i else "%s.top == safeArea.top" % r)
        c += ["%s.leading == root.leading" % r, "%s.trailing == root.trailing" % r]
        if mode == "content":
            c += ["%s.height >= 44" % r, "%st.top == %s.top + 12" % (r, r), "%s.bottom == %st.bottom + 12 ~ 750" % (r, r),
                  "%s.bottom >= %st.bottom + 12" % (r, r)]
        else:
            c.append("%s.height == 44" % r)
        c += ["%si.leading == superview.leading + 16" % r, "%si.centerY == superview.centerY" % r,
              "%st.leading == %si.trailing + 12" % (r, r), "%st.centerY == superview.centerY" % r,
              "%sv.leading >= %st.trailing + 8" % (r, r), "%sv.trailing == %sc.leading - 8" % (r, r),
              "%sv.centerY == superview.centerY" % r, "%sc.trailing == superview.trailing - 16" % r,
              "%sc.centerY == superview.centerY" % r]
    return "\n".join(d + c) + "\n"
@shape
def s2a_plain_chain(n): return _plain_rows(n, "chain")
@shape
def s2b_plain_content(n): return _plain_rows(n, "content")
@shape
def s2c_plain_flat(n): return _plain_rows(n, "flat")

# ---------- 3. VFL ----------
@shape
def s3a_vfl_one_long_V(n):
    d = ["view v%d size 100 x 20" % i for i in range(n)]
    c = ["root.width == 390", "V:|-" + "-".join("[v%d]" % i for i in range(n)) + "-|"]
    c += ["H:|-[v%d]-|" % i for i in range(n)]
    return "\n".join(d + c) + "\n"
@shape
def s3b_vfl_one_long_V_canvas(n):
    d = [HDR] + ["view v%d size 100 x 20" % i for i in range(n)]
    c = ["V:|-" + "-".join("[v%d]" % i for i in range(n)), "|-" + "-".join("[v%d]" % i for i in range(0)) ]
    c = c[:1] + ["H:|-[v%d]-|" % i for i in range(n)]
    return "\n".join(d + c) + "\n"
@shape
def s3c_vfl_short_lines(n):
    d = [HDR] + ["view v%d size 100 x 20" % i for i in range(n)]
    c = ["V:|-[v0]"] + ["V:[v%d]-[v%d]" % (i - 1, i) for i in range(1, n)] + ["H:|-[v%d]-|" % i for i in range(n)]
    return "\n".join(d + c) + "\n"
@shape
def s3d_vfl_one_long_H(n):
    d = ["view v%d size 40 x 20" % i for i in range(n)]
    c = ["H:|-" + "-".join("[v%d]" % i for i in range(n)) + "-| alignAllCenterY", "V:|-[v0]-|"]
    return "\n".join(d + c) + "\n"
@shape
def s3e_vfl_equal_heights(n):
    d = [HDR] + ["view v%d" % i for i in range(n)]
    c = ["V:|-[v0(==44)]" + "".join("-[v%d(==v0)]" % i for i in range(1, n)) + " alignAllLeading alignAllTrailing",
         "H:|-[v0]-|"]
    return "\n".join(d + c) + "\n"
@shape
def s3f_vfl_rows_form(n):
    # form rows: H:|-[label(==label0)]-[field]-| alignAllCenterY per row, one V chain line per row
    rows = max(1, n // 2)
    d = [HDR]
    c = []
    for i in range(rows):
        d += ['view l%d label "%s" font 15 hugging 251' % (i, text(i, 1)), "view f%d size 120 x 36" % i]
        c.append("H:|-[l%d%s]-[f%d]-| alignAllCenterY" % (i, "(==l0)" if i else "", i))
        c.append("V:[f%d]-12-[f%d]" % (i - 1, i) if i else "V:|-[f0]")
    return "\n".join(d + c) + "\n"

# ---------- 4. deep nesting ----------
@shape
def s4a_nest_edges_margins(n):
    d = ["canvas 10000 x 10000"]; c = []
    prev = "root"
    for i in range(n):
        d.append("view v%d in %s margins 4" % (i, prev) if prev != "root" else "view v%d margins 4" % i)
        c.append("v%d.edges == superview.margins" % i); prev = "v%d" % i
    return "\n".join(d + c) + "\n"
@shape
def s4b_nest_content_sized(n):
    d = []; c = []
    prev = "root"
    for i in range(n):
        d.append("view v%d%s margins 4" % (i, " in %s" % prev if prev != "root" else ""))
        c.append("v%d.edges == superview.margins" % i); prev = "v%d" % i
    d.append('view leaf in %s label "Deepest"' % prev); c.append("leaf.edges == superview.margins")
    return "\n".join(d + c) + "\n"
@shape
def s4c_nest_topleading_width(n):
    d = ["canvas 10000 x 10000"]; c = []
    prev = "root"
    for i in range(n):
        d.append("view v%d%s margins 2" % (i, " in %s" % prev if prev != "root" else ""))
        c += ["v%d.top == superview.topMargin" % i, "v%d.leading == superview.leadingMargin" % i,
              "v%d.width == superview.width - 4" % i, "v%d.height == superview.height * 0.999" % i]
        prev = "v%d" % i
    return "\n".join(d + c) + "\n"
@shape
def s4d_nest_stacks(n):
    d = [HDR]; c = []
    prev = None
    for i in range(n):
        d.append("stack v%d%s axis %s marginsRelative margins 2" % (i, " in %s" % prev if prev else "", "vertical" if i % 2 else "horizontal"))
        prev = "v%d" % i
    d.append('view leaf in %s label "Deepest"' % prev)
    c = ["v0.top == safeArea.top", "v0.leading == root.leading"]
    return "\n".join(d + c) + "\n"
@shape
def s4e_nest_forest(n):
    # n views as chains of depth 50 side by side (vertical list of deep cells)
    d = [HDR]; c = []
    depth = 50
    for t in range(max(1, n // depth)):
        prev = None
        for k in range(depth):
            v = "t%dv%d" % (t, k)
            d.append("view %s%s margins 1" % (v, " in %s" % prev if prev else ""))
            if prev: c.append("%s.edges == superview.margins" % v)
            prev = v
        c += ["t%dv0.leading == root.leading" % t, "t%dv0.trailing == root.trailing" % t, "t%dv0.height == 120" % t,
              "t%dv0.top == %s" % (t, "t%dv0.bottom" % (t - 1) if t else "safeArea.top")]
    return "\n".join(d + c) + "\n"

# ---------- 5. grid ----------
def _grid(n, wmode, cols=4):
    rows = max(1, n // cols)
    d = [HDR]; c = []
    for r in range(rows):
        for k in range(cols):
            v = "c%d_%d" % (r, k); d.append("view %s" % v)
            c.append("%s.leading == %s" % (v, "root.leading + 2" if k == 0 else "c%d_%d.trailing + 2" % (r, k - 1)))
            if k == cols - 1: c.append("%s.trailing == root.trailing - 2" % v)
            c.append("%s.top == %s" % (v, ("c%d_0.bottom + 2" % (r - 1) if r else "safeArea.top") if k == 0 else "c%d_0.top" % r))
            if wmode == "first_req" and (r, k) != (0, 0): c.append("%s.width == c0_0.width" % v)
            if wmode == "first_750" and (r, k) != (0, 0): c.append("%s.width == c0_0.width ~ 750" % v)
            if wmode == "prev" and (r, k) != (0, 0): c.append("%s.width == %s.width" % (v, "c%d_%d" % (r, k - 1) if k else "c%d_0" % (r - 1)))
            if wmode == "mult": c.append("%s.width == root.width * 0.25 - 2.5" % v)
            c.append("%s.height == %s.width" % (v, v))
    return "\n".join(d + c) + "\n"
@shape
def s5a_grid_eq_first(n): return _grid(n, "first_req")
@shape
def s5b_grid_eq_first_750(n): return _grid(n, "first_750")
@shape
def s5c_grid_eq_prev(n): return _grid(n, "prev")
@shape
def s5d_grid_mult(n): return _grid(n, "mult")
@shape
def s5e_grid_vfl(n):
    rows = max(1, n // 4); d = [HDR]; c = []
    for r in range(rows):
        vs = ["g%d_%d" % (r, k) for k in range(4)]
        d += ["view %s" % v for v in vs]
        c.append("H:|-2-[%s]-2-[%s(==%s)]-2-[%s(==%s)]-2-[%s(==%s)]-2-| alignAllTop alignAllBottom" % (vs[0], vs[1], vs[0], vs[2], vs[0], vs[3], vs[0]))
        c.append("V:[g%d_0]-2-[%s]" % (r - 1, vs[0]) if r else "V:|-0-[%s]" % vs[0])
        c.append("%s.height == %s.width" % (vs[0], vs[0]))
        if r: c.append("%s.width == g0_0.width" % vs[0])
    return "\n".join(d + c) + "\n"
@shape
def s5f_grid_stacks(n):
    rows = max(1, n // 5); d = [HDR, "stack grid axis vertical spacing 2"]
    c = ["grid.top == safeArea.top", "grid.leading == root.leading + 2", "grid.trailing == root.trailing - 2"]
    for r in range(rows):
        d.append("stack row%d in grid spacing 2 distribution fillEqually" % r)
        for k in range(4):
            d.append("view g%d_%d in row%d" % (r, k, r)); c.append("g%d_%d.height == g%d_%d.width" % (r, k, r, k))
    return "\n".join(d + c) + "\n"

# ---------- 6. feed with wrapping labels ----------
@shape
def s6a_feed_plain(n):
    cells = max(1, n // 4); d = [HDR]; c = []
    for i in range(cells):
        v = "f%d" % i
        d += ["view %s margins 12" % v, "view %sa in %s size 40 x 40 hugging 251" % (v, v), 'view %sn in %s label "%s" font 15 weight semibold' % (v, v, text(i, 2)),
              'view %sb in %s label "%s" font 15 lines 0' % (v, v, text(i, 5 + (i * 7) % 30))]
        c += ["%s.top == %s" % (v, "f%d.bottom" % (i - 1) if i else "safeArea.top"), "%s.leading == root.leading" % v, "%s.trailing == root.trailing" % v,
              "%sa.leading == %s.leadingMargin" % (v, v), "%sa.top == %s.topMargin" % (v, v),
              "%sn.leading == %sa.trailing + 12" % (v, v), "%sn.top == %s.topMargin" % (v, v), "%sn.trailing <= %s.trailingMargin" % (v, v),
              "%sb.leading == %sn.leading" % (v, v), "%sb.trailing == %s.trailingMargin" % (v, v), "%sb.top == %sn.bottom + 4" % (v, v),
              "%s.bottomMargin >= %sb.bottom" % (v, v), "%s.bottomMargin >= %sa.bottom" % (v, v), "%s.height == 0 ~ 250" % v]
    return "\n".join(d + c) + "\n"
@shape
def s6b_feed_stacks(n):
    cells = max(1, n // 5); d = [HDR, "stack feed axis vertical spacing 1"]
    c = ["feed.top == safeArea.top", "feed.leading == root.leading", "feed.trailing == root.trailing"]
    for i in range(cells):
        v = "f%d" % i
        d += ["stack %s in feed spacing 12 alignment top marginsRelative margins 12" % v, "view %sa in %s size 40 x 40 hugging 251" % (v, v),
              "stack %sc in %s axis vertical spacing 4" % (v, v),
              'view %sn in %sc label "%s" font 15 weight semibold' % (v, v, text(i, 2)),
              'view %sb in %sc label "%s" font 15 lines 0' % (v, v, text(i, 5 + (i * 7) % 30))]
    return "\n".join(d + c) + "\n"
@shape
def s6c_feed_chat(n):
    # chat bubbles: label lines 0, width <= 0.75 * root width, alternating sides
    d = [HDR]; c = []
    for i in range(n):
        v = "m%d" % i
        d.append('view %s label "%s" font 17 lines 0' % (v, text(i, 1 + (i * 5) % 25)))
        c += ["%s.top == %s" % (v, "m%d.bottom + 6" % (i - 1) if i else "safeArea.top + 8"),
              "%s.width <= root.width * 0.75" % v,
              ("%s.leading == root.leading + 16" if i % 2 else "%s.trailing == root.trailing - 16") % v]
    return "\n".join(d + c) + "\n"

# ---------- 7. centerX + multiplier widths ----------
@shape
def s7a_center_mult(n):
    d = [HDR]; c = []
    for i in range(n):
        v = "v%d" % i; d.append("view %s" % v)
        c += ["%s.centerX == superview.centerX" % v, "%s.width == superview.width * %.2f" % (v, 0.3 + 0.1 * (i % 7)),
              "%s.top == %s" % (v, "v%d.bottom + 4" % (i - 1) if i else "safeArea.top"), "%s.height == 20" % v]
    return "\n".join(d + c) + "\n"
@shape
def s7b_center_mult_in_cards(n):
    cards = max(1, n // 4); d = [HDR]; c = []
    for i in range(cards):
        v = "k%d" % i
        d += ["view %s margins 10" % v] + ["view %s_%d in %s" % (v, j, v) for j in range(3)]
        c += ["%s.centerX == root.centerX" % v, "%s.width == root.width * 0.9" % v,
              "%s.top == %s" % (v, "k%d.bottom + 8" % (i - 1) if i else "safeArea.top")]
        for j in range(3):
            w = "%s_%d" % (v, j)
            c += ["%s.centerX == superview.centerXWithinMargins" % w, "%s.width == superview.width * %.1f + -4" % (w, 0.5 + 0.2 * j),
                  "%s.top == %s" % (w, "%s_%d.bottom + 4" % (v, j - 1) if j else "superview.topMargin"), "%s.height == 16" % w]
        c.append("%s.bottomMargin == %s_2.bottom" % (v, v))
    return "\n".join(d + c) + "\n"
@shape
def s7c_width_chain_mult(n):
    d = [HDR]; c = []
    for i in range(n):
        v = "v%d" % i; d.append("view %s" % v)
        c += ["%s.centerX == superview.centerX" % v,
              "%s.width == %s" % (v, "v%d.width * 0.999 + 0.3" % (i - 1) if i else "superview.width * 0.9"),
              "%s.top == %s" % (v, "v%d.bottom" % (i - 1) if i else "safeArea.top"), "%s.height == 10" % v]
    return "\n".join(d + c) + "\n"

# ---------- 8. others ----------
@shape
def s8a_aspect_cards(n):
    cards = max(1, n // 3); d = [HDR]; c = []
    for i in range(cards):
        v = "p%d" % i
        d += ["view %s margins 8" % v, "view %si in %s" % (v, v), 'view %st in %s label "%s" font 15' % (v, v, text(i, 3))]
        c += ["%s.top == %s" % (v, "p%d.bottom + 16" % (i - 1) if i else "safeArea.top"), "%s.leading == root.leading + 16" % v, "%s.trailing == root.trailing - 16" % v,
              "%si.top == %s.top" % (v, v), "%si.horizontalEdges == superview.horizontalEdges" % v, "%si.height == %si.width * 9:16" % (v, v),
              "%st.top == %si.bottom + 8" % (v, v), "%st.leading == %s.leadingMargin" % (v, v), "%st.trailing <= %s.trailingMargin" % (v, v),
              "%s.bottom == %st.bottom + 8" % (v, v)]
    return "\n".join(d + c) + "\n"
@shape
def s8b_weak_inequalities(n):
    rows = max(1, n // 3); d = [HDR]; c = []
    for i in range(rows):
        r = "r%d" % i
        d += ["view %s" % r, 'view %st in %s label "%s"' % (r, r, text(i, 1 + i % 4)), 'view %sv in %s label "%s" hugging 251' % (r, r, text(i + 3, 1 + (i * 3) % 4))]
        c += ["%s.top == %s" % (r, "r%d.bottom" % (i - 1) if i else "safeArea.top"), "%s.leading == root.leading" % r, "%s.width == root.width" % r, "%s.height == 44" % r,
              "%st.leading >= superview.leading + 16" % r, "%st.centerX == superview.centerX ~ 250" % r, "%st.centerY == superview.centerY" % r,
              "%sv.leading >= %st.trailing + 8 ~ 250" % (r, r), "%sv.trailing <= superview.trailing - 16" % r, "%sv.trailing == superview.trailing - 16 ~ 250" % r,
              "%sv.centerY == superview.centerY" % r, "%st.width == 400 ~ 251" % r]
    return "\n".join(d + c) + "\n"
@shape
def s8c_baseline_rows(n):
    rows = max(1, n // 3); d = [HDR]; c = []
    for i in range(rows):
        vs = ["b%d_%d" % (i, k) for k in range(3)]
        d += ['view %s label "%s" font %d' % (v, text(i * 3 + k, 1), (13, 17, 28)[k]) for k, v in enumerate(vs)]
        c.append("H:|-[%s]-[%s]-(>=8)-[%s]-| alignAllFirstBaseline" % tuple(vs))
        c.append("%s.top == %s" % (vs[2], "b%d_2.bottom + 4" % (i - 1) if i else "safeArea.top"))
    return "\n".join(d + c) + "\n"
@shape
def s8d_guide_equal_gaps(n):
    # views separated by spacer guides all equal to the first spacer; fills a tall fixed canvas
    d = ["canvas 390 x %d" % (n * 30 + 100)]; c = []
    for i in range(n):
        d.append("view v%d size 100 x 20" % i); c.append("v%d.leading == root.leading + 16" % i)
    for i in range(n + 1):
        d.append("guide g%d" % i)
        c += ["g%d.top == %s" % (i, "v%d.bottom" % (i - 1) if i else "root.top"), "g%d.bottom == %s" % (i, "v%d.top" % i if i < n else "root.bottom")]
        c += ["g%d.leading == root.leading" % i, "g%d.width == 10" % i]
        if i: c.append("g%d.height == g0.height" % i)
    return "\n".join(d + c) + "\n"
@shape
def s8e_safearea_readable(n):
    d = [HDR]; c = []
    for i in range(n):
        v = "v%d" % i; d.append('view %s label "%s" lines 0' % (v, text(i, 3 + i % 9)))
        c += ["%s.leading == readableContent.leading" % v, "%s.trailing == readableContent.trailing" % v,
              "%s.top == %s" % (v, "v%d.bottom + 8" % (i - 1) if i else "safeArea.top"),
              "%s.leading >= safeArea.leading + 8" % v]
    return "\n".join(d + c) + "\n"
@shape
def s8f_hstack_fillEqually_wide(n):
    d = ["stack bar alignment center distribution fillEqually spacing 4"]
    d += ['view t%d in bar label "%s"' % (i, WORDS[i % len(WORDS)]) for i in range(n)]
    c = ["bar.edges == root.edges"]
    return "\n".join(d + c) + "\n"
@shape
def s8g_vstack_equalSpacing(n):
    d = ["canvas 390 x %d" % (n * 30), "stack col axis vertical distribution equalSpacing alignment leading"]
    d += ['view t%d in col label "%s"' % (i, text(i, 2)) for i in range(n)]
    c = ["col.edges == root.edges"]
    return "\n".join(d + c) + "\n"
@shape
def s8h_vstack_fillProportionally(n):
    d = ["canvas 390 x %d" % (n * 30), "stack col axis vertical distribution fillProportionally"]
    d += ['view t%d in col label "%s" font %d' % (i, text(i, 2), 11 + i % 9) for i in range(n)]
    c = ["col.edges == root.edges"]
    return "\n".join(d + c) + "\n"
@shape
def s8i_vstack_equalCentering(n):
    d = ["canvas 390 x %d" % (n * 30), "stack col axis vertical distribution equalCentering alignment center"]
    d += ['view t%d in col label "%s" font %d' % (i, text(i, 2), 11 + i % 9) for i in range(n)]
    c = ["col.edges == root.edges"]
    return "\n".join(d + c) + "\n"
@shape
def s8j_flat_stack_many(n):
    # one vertical stack directly holding n labels (fill), no rows
    d = [HDR, "stack col axis vertical spacing 8 alignment leading"]
    d += ['view t%d in col label "%s"' % (i, text(i, 2)) for i in range(n)]
    c = ["col.top == safeArea.top", "col.leading == root.leading + 16", "col.trailing == root.trailing - 16"]
    return "\n".join(d + c) + "\n"

# ---------- isolation variants of the equal-gap pattern ----------
def _gaps(n, pinned=True, spacer="guide", eq="first", prio=""):
    d = ["canvas 390 x %d" % (n * 30 + 100)] if pinned else ["root.width == 390"]
    d = d if pinned else []
    c = [] if pinned else ["root.width == 390"]
    for i in range(n):
        d.append("view v%d size 100 x 20" % i); c.append("v%d.leading == root.leading + 16" % i)
    for i in range(n + 1):
        d.append(("guide g%d" if spacer == "guide" else "view g%d") % i)
        c += ["g%d.top == %s" % (i, "v%d.bottom" % (i - 1) if i else "root.top"),
              "g%d.bottom == %s" % (i, "v%d.top" % i if i < n else "root.bottom"),
              "g%d.leading == root.leading" % i, "g%d.width == 10" % i]
        if i: c.append("g%d.height == %s%s" % (i, "g0.height" if eq == "first" else "g%d.height" % (i - 1), prio))
    if not pinned: c.append("g0.height == 10")
    return "\n".join(d + c) + "\n"
@shape
def s9a_gaps_guides_unpinned(n): return _gaps(n, pinned=False)
@shape
def s9b_gaps_views_pinned(n): return _gaps(n, spacer="view")
@shape
def s9c_gaps_guides_pinned_eqprev(n): return _gaps(n, eq="prev")
@shape
def s9d_gaps_guides_pinned_750(n): return _gaps(n, prio=" ~ 750")
@shape
def s9e_vstack_equalSpacing_unpinned(n):
    d = [HDR, "stack col axis vertical distribution equalSpacing alignment leading spacing 4"]
    d += ['view t%d in col label "%s"' % (i, text(i, 2)) for i in range(n)]
    c = ["col.top == safeArea.top", "col.leading == root.leading", "col.trailing == root.trailing"]
    return "\n".join(d + c) + "\n"
@shape
def s9f_vstack_fillEqually_pinned(n):
    d = ["canvas 390 x %d" % (n * 30), "stack col axis vertical distribution fillEqually alignment leading"]
    d += ['view t%d in col label "%s"' % (i, text(i, 2)) for i in range(n)]
    c = ["col.edges == root.edges"]
    return "\n".join(d + c) + "\n"
@shape
def s9g_vstack_fill_pinned(n):
    d = ["canvas 390 x %d" % (n * 30), "stack col axis vertical distribution fill alignment leading spacing 9"]
    d += ['view t%d in col label "%s"' % (i, text(i, 2)) for i in range(n)]
    c = ["col.edges == root.edges"]
    return "\n".join(d + c) + "\n"
@shape
def s9h_hstack_equalSpacing_toolbar(n):
    d = ["stack bar alignment center distribution equalSpacing spacing 4"]
    d += ['view t%d in bar label "%s"' % (i, WORDS[i % len(WORDS)]) for i in range(n)]
    c = ["bar.edges == root.edges"]
    return "\n".join(d + c) + "\n"
@shape
def s9i_rows_of_equalSpacing_stacks(n):
    # realistic: many small toolbars (5 buttons, equalSpacing) in a vertical list
    rows = max(1, n // 6); d = [HDR, "stack list axis vertical spacing 8"]
    c = ["list.top == safeArea.top", "list.leading == root.leading", "list.trailing == root.trailing"]
    for r in range(rows):
        d.append("stack bar%d in list alignment center distribution equalSpacing marginsRelative margins 0 16 0 16" % r)
        d += ['view b%d_%d in bar%d label "%s"' % (r, k, r, WORDS[(r + k) % len(WORDS)]) for k in range(5)]
    return "\n".join(d + c) + "\n"
@shape
def s9j_grid_eq_prev_rows_only(n):
    # grid where each cell equals its left neighbour; each row's first cell equals the cell above
    return _grid(n, "prev")

@shape
def s9k_vstack_fill_pinned_onefiller(n):
    d = ["canvas 390 x %d" % (n * 30), "stack col axis vertical distribution fill alignment leading spacing 9"]
    d += ['view t%d in col label "%s"%s' % (i, text(i, 2), " hugging 249" if i == n // 2 else "") for i in range(n)]
    c = ["col.edges == root.edges"]
    return "\n".join(d + c) + "\n"
@shape
def s9l_vfl_closed_chain_exact(n):
    # V:|-[v0]-...-[vn-1]-| in a canvas of exactly the right height (no slack)
    d = ["canvas 390 x %d" % (20 + 20 * n + 8 * (n - 1) + 20)] + ["view v%d size 100 x 20" % i for i in range(n)]
    c = ["V:|-" + "-".join("[v%d]" % i for i in range(n)) + "-|"] + ["H:|-[v%d]-|" % i for i in range(n)]
    return "\n".join(d + c) + "\n"
@shape
def s9m_vfl_closed_chain_filler(n):
    # same in a taller canvas: the middle view (hugging 249) takes the slack
    d = ["canvas 390 x %d" % (40 + 28 * n + 500)] + ["view v%d size 100 x 20%s" % (i, " hugging 249" if i == n // 2 else "") for i in range(n)]
    c = ["V:|-" + "-".join("[v%d]" % i for i in range(n)) + "-|"] + ["H:|-[v%d]-|" % i for i in range(n)]
    return "\n".join(d + c) + "\n"
@shape
def s9n_plain_rows_closed(n):
    # settings rows (plain constraints, fixed 44 height) plus a footer pinned to the bottom, gap >= 0
    rows = max(1, n // 5)
    body = _plain_rows(n, "chain").replace(HDR, "canvas 390 x %d\nsafearea 47 0 34 0\n" % (47 + 45 * rows + 100))
    return body + "view footer size 100 x 20\nfooter.top >= r%d.bottom + 8\nfooter.bottom == safeArea.bottom\nfooter.leading == root.leading\n" % (rows - 1)
@shape
def s9o_plain_rows_closed_eq(n):
    # same, but the last row's bottom == footer.top - 8 (closed chain, slack taken by first row hugging nothing: row0 height >= 44)
    rows = max(1, n // 5)
    body = _plain_rows(n, "chain").replace(HDR, "canvas 390 x %d\nsafearea 47 0 34 0\n" % (47 + 45 * rows + 100)).replace("r0.height == 44", "r0.height >= 44")
    return body + "view footer size 100 x 20\nfooter.top == r%d.bottom + 8\nfooter.bottom == safeArea.bottom\nfooter.leading == root.leading\n" % (rows - 1)

if __name__ == "__main__":
    if sys.argv[1] == "--list": print("\n".join(S)); sys.exit()
    sys.stdout.write(S[sys.argv[1]](int(sys.argv[2])))
