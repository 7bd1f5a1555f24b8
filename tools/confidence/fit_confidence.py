#!/usr/bin/env python3
"""Fit the answer confidence's calibration (Platt scaling) from evaluation runs.

Reads one or more ``runs.jsonl`` files written by ``corrigo.jar eval`` (each line a run with its ``confidence`` and its
judged ``outcome``), splits every question by the evaluation's fixed hash of its id into the tuning and the held-out
half, fits ``P(right) = 1 / (1 + exp(-(slope * logit(grade) + intercept)))`` on the served answers of the tuning halves
only, and prints, per file and half, the calibration error (ECE, ten bins) and the risk-coverage area before and after.
The grade is the run's ``confidence.evidence`` (the best kept passage's grade); runs without one are left out.

    python3 tools/confidence/fit_confidence.py trust/runs.jsonl dev/runs.jsonl squad/runs.jsonl [--json fit.json]

Nothing but the Python standard library.
"""
import argparse
import hashlib
import json
import math
import sys

EPS = 1e-4


def half(question_id):
    """The evaluation's halves (io.corrigo.server.Halves): the first 4 bits of SHA-1 of the id, below 8 is tuning."""
    return "tuning" if (hashlib.sha1(question_id.encode("utf-8")).digest()[0] >> 4) < 8 else "held-out"


def logit(p):
    p = min(max(p, EPS), 1 - EPS)
    return math.log(p / (1 - p))


def read(path):
    """The served, judged answers of one runs.jsonl: (half, grade, right)."""
    points = []
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            if not line.strip():
                continue
            run = json.loads(line)
            outcome = run.get("outcome")
            confidence = run.get("confidence") or {}
            grade = confidence.get("evidence")
            if outcome not in ("answered right", "served wrong") or grade is None:
                continue
            points.append((half(run["question"]["id"]), float(grade), 1 if outcome == "answered right" else 0))
    return points


def fit(points, iterations=50, ridge=1e-3):
    """Logistic regression of right on logit(grade), by Newton's method with a little ridge for stability."""
    slope, intercept = 1.0, 0.0
    for _ in range(iterations):
        g0 = g1 = h00 = h01 = h11 = 0.0
        for _, grade, right in points:
            x = logit(grade)
            p = 1 / (1 + math.exp(-(slope * x + intercept)))
            w = p * (1 - p)
            g0 += (p - right) * x
            g1 += p - right
            h00 += w * x * x
            h01 += w * x
            h11 += w
        g0 += ridge * slope
        h00 += ridge
        h11 += ridge
        det = h00 * h11 - h01 * h01
        if det <= 0:
            break
        step0 = (h11 * g0 - h01 * g1) / det
        step1 = (h00 * g1 - h01 * g0) / det
        slope -= step0
        intercept -= step1
        if abs(step0) + abs(step1) < 1e-9:
            break
    return slope, intercept


def calibrated(grade, slope, intercept):
    return 1 / (1 + math.exp(-(slope * logit(grade) + intercept)))


def ece(scored):
    """The expected calibration error over ten bins of the score, as the evaluation report computes it."""
    if not scored:
        return float("nan")
    bins = {}
    for score, right in scored:
        bins.setdefault(min(9, int(math.floor(score * 10))), []).append((score, right))
    return sum(len(b) / len(scored) * abs(sum(r for _, r in b) / len(b) - sum(s for s, _ in b) / len(b))
               for b in bins.values())


def area(scored):
    """The risk-coverage area (AURC): served answers by falling score, the mean risk of the k most confident."""
    ordered = sorted(scored, key=lambda p: -p[0])
    wrong = total = 0.0
    for k, (_, right) in enumerate(ordered, 1):
        wrong += 1 - right
        total += wrong / k
    return total / len(ordered) if ordered else float("nan")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("runs", nargs="+", help="runs.jsonl files of corrigo.jar eval")
    parser.add_argument("--json", help="also write the fit and its figures to this file")
    args = parser.parse_args(argv)
    files = {path: read(path) for path in args.runs}
    tuning = [p for points in files.values() for p in points if p[0] == "tuning"]
    if len(tuning) < 10 or len({r for _, _, r in tuning}) < 2:
        sys.exit("too few served, judged answers on the tuning halves to fit (%d; both outcomes needed)" % len(tuning))
    slope, intercept = fit(tuning)
    print("fitted on %d served answers of the tuning halves: slope %.4f  intercept %.4f" % (len(tuning), slope,
                                                                                          intercept))
    figures = []
    for path, points in files.items():
        for h in ("tuning", "held-out"):
            raw = [(g, r) for hh, g, r in points if hh == h]
            if not raw:
                continue
            cal = [(calibrated(g, slope, intercept), r) for g, r in raw]
            row = {"file": path, "half": h, "served": len(raw), "right_share": sum(r for _, r in raw) / len(raw),
                   "ece_before": ece(raw), "ece_after": ece(cal), "area": area(raw)}
            figures.append(row)
            print("%s  %-8s  %4d served, %.3f right  calibration error %.3f -> %.3f  risk-coverage area %.3f"
                  % (path, h, row["served"], row["right_share"], row["ece_before"], row["ece_after"], row["area"]))
    for grade in (0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9):
        print("grade %.2f -> %.3f" % (grade, calibrated(grade, slope, intercept)))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"slope": slope, "intercept": intercept, "tuning_answers": len(tuning), "figures": figures},
                      out, indent=2)


if __name__ == "__main__":
    main()
