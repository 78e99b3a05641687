#!/usr/bin/env python3
"""The nested-cards layout of Sources/layout-bench/Cards.swift as a `.layout` file, for timing
`blueprint solve` from file to frames. The same views, texts, margins, priorities and
constraints, in the same order, so the solved frames are those of the DSL benchmark (the root's
height is compared in file_bench.py).

usage: cards_layout.py VIEWS > cards.layout"""

import sys

TITLES = ["Morning run", "Quarterly report", "Lunch", "Flight to Lisbon", "Pull request #4217 needs review",
          "Dentist", "Weekly sync with the platform team and guests", "Tea", "Invoice", "Groceries for the weekend",
          "Piano lesson", "Backup finished", "A very long title that cannot possibly fit in one card row"]
SUBTITLES = ["Today at 7:30", "Shared by Ana", "12 items", "Gate B12 · boarding 10:05",
             "2 comments\nLast edited yesterday", "Confirmed", "Room 4, second floor, next to the kitchen area",
             "5 min ago", "Due in 3 days\nAmount: 1,240.00 EUR", "Tap to open", "Completed in 4 min 12 s"]
BUTTONS = ["Open", "Follow", "Get", "Subscribe", "Add to list", "Reply"]
HEADERS = ["Today", "Yesterday", "This week", "Earlier this month", "Archive"]


def section_plan(views):
    """Cards per section, as sectionPlan(views:) in Cards.swift."""
    remaining, plan = views - 1, []
    while remaining >= 7:
        cards = min(10, (remaining - 2) // 5)
        plan.append(cards)
        remaining -= 2 + 5 * cards
    return plan


def layout(views):
    decls, cons = [], ["root.width == 390"]
    k, previous = 0, None
    for s, count in enumerate(section_plan(views)):
        decls += ["view s%d margins 8 16 8 16" % s, 'view s%dh in s%d label "%s" font 22' % (s, s, HEADERS[s % 5])]
        cons += ["s%d.leading == root.leading" % s, "s%d.trailing == root.trailing" % s,
                 "s%d.top == s%d.bottom + 16" % (s, previous) if previous is not None else "s%d.top == root.margins.top" % s,
                 "s%dh.top == s%d.margins.top" % (s, s), "s%dh.leading == s%d.margins.leading" % (s, s),
                 "s%dh.trailing <= s%d.margins.trailing" % (s, s)]
        above = "s%dh" % s
        for _ in range(count):
            c = "c%d" % k
            sub = SUBTITLES[(k * 7 + 3) % len(SUBTITLES)]
            lines = " lines 0" if "\n" in sub else ""
            decls += ["view %s in s%d margins 12" % (c, s),
                      "view %si in %s size 40 x 40 compression required" % (c, c),
                      'view %st in %s label "%s" font 17 hugging 250 751' % (c, c, TITLES[k % len(TITLES)]),
                      'view %ss in %s label "%s" font 13%s hugging 250 751' % (c, c, sub.replace("\n", "\\n"), lines),
                      'view %sb in %s label "%s" font 15 hugging 751 250 compression required 750' % (c, c, BUTTONS[(k * 5 + 1) % len(BUTTONS)])]
            cons += ["%s.leading == s%d.margins.leading" % (c, s), "%s.trailing == s%d.margins.trailing" % (c, s),
                     "%s.top == %s.bottom + 8" % (c, above),
                     "%si.leading == %s.margins.leading" % (c, c), "%si.top == %s.margins.top" % (c, c),
                     "%si.bottom <= %s.margins.bottom" % (c, c),
                     "%st.leading == %si.trailing + 12" % (c, c), "%st.top == %s.margins.top" % (c, c),
                     "%st.trailing <= %sb.leading - 8" % (c, c),
                     "%ss.leading == %st.leading" % (c, c), "%ss.firstBaseline == %st.lastBaseline + 18" % (c, c),
                     "%ss.trailing <= %sb.leading - 8" % (c, c), "%ss.bottom <= %s.margins.bottom" % (c, c),
                     "%ss.bottom == %s.margins.bottom ~ defaultHigh" % (c, c),
                     "%sb.trailing == %s.margins.trailing" % (c, c), "%sb.centerY == %si.centerY" % (c, c)]
            above, k = c, k + 1
        cons.append("%s.bottom == s%d.margins.bottom" % (above, s))
        previous = s
    cons.append("s%d.bottom == root.margins.bottom" % previous)
    return "\n".join(["# The nested cards of the layout benchmark (Benchmarks/cards_layout.py %d)." % views] + decls + cons) + "\n"


if __name__ == "__main__":
    sys.stdout.write(layout(int(sys.argv[1])))
