#!/usr/bin/env python3
"""A form whose label widths are all tied to the first label's, beside fields that stretch to
the trailing margin (a known limit of the explicit tableau, Benchmarks/README.md): the same
system as a `.layout` file through `blueprint solve` (whole process) and built on kiwisolver
(four soft intrinsic rows and four required equalities a row, kiwi's strengths weighted as
Auto Layout's 750/251/250), each size once, in the same run, with the first label's and the
first field's widths from both (they must agree: 79 and 256).

usage: form_bench.py BLUEPRINT_BINARY OUT_DIR SIZE [SIZE...]   (kiwisolver importable)"""

import json
import os
import subprocess
import sys
import time

import kiwisolver as kiwi

WIDTH = 343.0   # the form's inside: 375 less its margins of 16


def label_width(i):
    return 50 + (i * 7) % 30


def layout(n):
    lines = ["canvas 375 x 667", "view form margins 16"]
    for i in range(n):
        lines.append(f'view lab{i} in form size {label_width(i)} x 20 hugging 251 251')
        lines.append(f"view fld{i} in form size 100 x 36")
    lines += ["form.top == root.top", "form.leading == root.leading", "form.trailing == root.trailing"]
    for i in range(n):
        top = "form.topMargin" if i == 0 else f"fld{i - 1}.bottom"
        lines += [f"fld{i}.top == {top} + 8", f"lab{i}.leading == form.leadingMargin",
                  f"fld{i}.leading == lab{i}.trailing + 8", f"fld{i}.trailing == form.trailingMargin",
                  f"lab{i}.centerY == fld{i}.centerY"]
        if i:
            lines.append(f"lab{i}.width == lab0.width")
    lines.append(f"form.bottomMargin == fld{n - 1}.bottom")
    return "\n".join(lines) + "\n"


def kiwi_form(n):
    s = kiwi.Solver()
    lw = [kiwi.Variable(f"lw{i}") for i in range(n)]
    lx = [kiwi.Variable(f"lx{i}") for i in range(n)]
    fw = [kiwi.Variable(f"fw{i}") for i in range(n)]
    fx = [kiwi.Variable(f"fx{i}") for i in range(n)]
    compression, label_hugging, field_hugging = (kiwi.strength.create(0, w, 0) for w in (0.75, 0.251, 0.25))
    start = time.perf_counter()
    for i in range(n):
        s.addConstraint((lw[i] >= label_width(i)) | compression)
        s.addConstraint((lw[i] <= label_width(i)) | label_hugging)
        s.addConstraint((fw[i] >= 100) | compression)
        s.addConstraint((fw[i] <= 100) | field_hugging)
    for i in range(n):
        s.addConstraint(lx[i] == 16)
        s.addConstraint(fx[i] == lx[i] + lw[i] + 8)
        s.addConstraint(fx[i] + fw[i] == 16 + WIDTH)
        if i:
            s.addConstraint(lw[i] == lw[0])
    s.updateVariables()
    return time.perf_counter() - start, lw[0].value(), fw[0].value()


def main():
    binary, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    for n in map(int, sys.argv[3:]):
        path = os.path.join(out, f"form{n}.layout")
        with open(path, "w") as f:
            f.write(layout(n))
        start = time.perf_counter()
        result = subprocess.run([binary, "solve", path, "--format", "json"], capture_output=True, text=True)
        ours = time.perf_counter() - start
        views = json.loads(result.stdout)["views"]
        kiwi_s, kiwi_label, kiwi_field = kiwi_form(n)
        print(json.dumps({"rows": n, "ours_s": round(ours, 3), "kiwi_s": round(kiwi_s, 3),
                          "label": views["lab0"]["width"], "field": views["fld0"]["width"],
                          "kiwi_label": round(kiwi_label, 6), "kiwi_field": round(kiwi_field, 6)}), flush=True)


if __name__ == "__main__":
    main()
