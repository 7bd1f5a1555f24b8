#!/usr/bin/env python3
"""Replays collected scores (collect.py) under a grid of thresholds and reports the benchmark's metrics.

The replay applies the engine's rules exactly: per-passage grades from (upper, lower), the CRAG action rule,
which passages are kept per action, the strip threshold, the token budget and duplicate removal. It treats
"no strip survived" as an abstention, which is the engine's own abstention; the generator may abstain more
(its minSupport), which this replay does not see.

    python3 sweep.py scores.jsonl
"""
import itertools, json, re, sys

def tokens(t):
    return re.findall(r"[a-z0-9]+", t.lower())

def matches(a, b):
    ta, tb = set(tokens(a)), set(tokens(b))
    if not ta or not tb:
        return False
    return len(ta & tb) / min(len(ta), len(tb)) >= 0.5

def replay(rows, upper, lower, strip_t, budget=400):
    outcome, route, abst_none, n_none, false_abst, n_ans, prec, rec, n_ctx = 0, 0, 0, 0, 0, 0, 0.0, 0.0, 0
    actions = {}
    for row in rows:
        q, t = row["question"], row["trace"]
        kb = {p["id"]: p["score"] for p in t["retrieved"]}
        web = {p["id"]: p["score"] for p in t["searchResults"]}
        if any(s >= upper for s in kb.values()):
            action = "CORRECT"
        elif all(s < lower for s in kb.values()):
            action = "INCORRECT"
        else:
            action = "AMBIGUOUS"
        kept = set()
        if action != "INCORRECT":
            kept |= {i for i, s in kb.items() if s >= lower}
        if action != "CORRECT":
            kept |= {i for i, s in web.items() if s >= lower}
        cands = sorted((s for s in t["strips"] if s["passageId"] in kept and s["score"] >= strip_t),
                       key=lambda s: -s["score"])
        ctx, seen, used = [], set(), 0
        for s in cands:
            key = " ".join(tokens(s["text"]))
            n = len(tokens(s["text"]))
            if key in seen or used + n > budget:
                continue
            seen.add(key); used += n; ctx.append(s["text"])
        abstained = not ctx
        gold = q["gold_route"]
        actions[(gold, action)] = actions.get((gold, action), 0) + 1
        if gold == "kb":
            route += 1 if action == "CORRECT" else 0.5 if action == "AMBIGUOUS" else 0
        elif gold == "web":
            route += 1 if action in ("INCORRECT", "AMBIGUOUS") else 0
        else:
            route += 1 if abstained else 0
        # outcome: routed right AND answered (kb, web), or abstained (none); route alone ignores false abstentions
        if gold == "kb":
            outcome += 0 if abstained else 1 if action == "CORRECT" else 0.5 if action == "AMBIGUOUS" else 0
        elif gold == "web":
            outcome += 0 if abstained else 1 if action in ("INCORRECT", "AMBIGUOUS") else 0
        else:
            outcome += 1 if abstained else 0
        if gold == "none":
            n_none += 1; abst_none += abstained
        else:
            n_ans += 1; false_abst += abstained
            if ctx and q["gold_sentences"]:
                n_ctx += 1
                prec += sum(any(matches(c, g) for g in q["gold_sentences"]) for c in ctx) / len(ctx)
            if q["gold_sentences"]:
                rec += sum(any(matches(c, g) for c in ctx) for g in q["gold_sentences"]) / len(q["gold_sentences"])
    n = len(rows)
    return dict(outcome=outcome / n, route=route / n, abst_recall=abst_none / max(1, n_none), false_abst=false_abst / max(1, n_ans),
                ctx_precision=prec / max(1, n_ctx), ctx_recall=rec / max(1, n_ans), actions=actions)

def main():
    rows = [json.loads(l) for l in open(sys.argv[1])]
    grid = [x / 100 for x in range(20, 96, 5)]
    results = []
    for upper, lower, strip_t in itertools.product(grid, grid, grid):
        if lower <= upper:
            results.append(((upper, lower, strip_t), replay(rows, upper, lower, strip_t)))
    results.sort(key=lambda r: -(r[1]["outcome"] + 0.1 * r[1]["ctx_precision"]))
    print("upper lower strip | outcome route  abst_recall false_abst ctx_prec ctx_recall")
    for (u, l, s), m in results[:15]:
        print(f"{u:.2f}  {l:.2f}  {s:.2f}  | {m['outcome']:.3f}   {m['route']:.3f}  {m['abst_recall']:.3f}       "
              f"{m['false_abst']:.3f}      {m['ctx_precision']:.3f}    {m['ctx_recall']:.3f}")
    (u, l, s), best = results[0]
    print("best", (u, l, s), "confusion (gold, action):", sorted(best["actions"].items()))

if __name__ == "__main__":
    main()
