#!/usr/bin/env python3
"""Asks every question through a tenant's pipeline as it is, and reports the benchmark's metrics from the real
answers (the generator's abstentions included). With --naive it also runs the naive baseline (same pipeline,
mode NAIVE) and prints both. The tenant's pipeline is restored afterwards.

    python3 evaluate.py --questions ../../../../shared/bench/questions_dev.jsonl [--naive] [--out runs.jsonl]
"""
import argparse, json, statistics, urllib.request
from sweep import matches
import base64
import os

# the host's REST API needs an admin user (HTTP Basic)
AUTH = "Basic " + base64.b64encode((os.environ.get("CORRIGO_USER", "admin") + ":" + os.environ["CORRIGO_PASSWORD"]).encode()).decode()

def call(method, url, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json", "Authorization": AUTH})
    with urllib.request.urlopen(req) as r:
        return json.load(r)

def run_all(host, base, questions):
    rows = []
    for q in questions:
        r = call("POST", base + "/query", {"question": q["question"]})
        trace = call("GET", host + r["traceUrl"])["trace"]
        rows.append((q, r, trace))
    return rows

def report(name, rows):
    outcome = route = 0.0
    n_none = abst_none = n_ans = false_abst = 0
    prec = rec = 0.0
    n_ctx = 0
    confusion = {}
    for q, r, t in rows:
        gold, action = q["gold_route"], r["action"] or "NAIVE"
        abstained = r["abstained"]
        confusion[(gold, action, abstained)] = confusion.get((gold, action, abstained), 0) + 1
        if gold == "kb":
            credit = 1 if action in ("CORRECT", "NAIVE") else 0.5 if action == "AMBIGUOUS" else 0
        elif gold == "web":
            credit = 1 if action in ("INCORRECT", "AMBIGUOUS") else 0
        else:
            credit = 1 if abstained else 0
        route += credit
        outcome += credit if gold == "none" else (0 if abstained else credit)
        if gold == "none":
            n_none += 1; abst_none += abstained
        else:
            n_ans += 1; false_abst += abstained
            ctx = [s["text"] for s in t["strips"] if s["kept"]] if t["action"] else \
                  [p["id"] for p in t["retrieved"]]  # naive: whole passages (ids only in the trace)
            if t["action"] and ctx and q["gold_sentences"]:
                n_ctx += 1
                prec += sum(any(matches(c, g) for g in q["gold_sentences"]) for c in ctx) / len(ctx)
            if t["action"] and q["gold_sentences"]:
                rec += sum(any(matches(c, g) for c in ctx) for g in q["gold_sentences"]) / len(q["gold_sentences"])
    n = len(rows)
    lat = sorted(r["totalMillis"] for _, r, _ in rows)
    print(f"{name}: outcome {outcome/n:.3f}  route {route/n:.3f}  abstention recall {abst_none/max(1,n_none):.3f}  "
          f"false abstention {false_abst/max(1,n_ans):.3f}  "
          + (f"context precision {prec/max(1,n_ctx):.3f}  context recall {rec/max(1,n_ans):.3f}  " if n_ctx
             else "context n/a (naive traces hold passage ids only)  ")
          + f"latency p50 {statistics.median(lat):.0f} ms  "
          f"p95 {lat[int(0.95*(n-1))]:.0f} ms")
    print("   (gold, action, abstained): " + ", ".join(f"{k}={v}" for k, v in sorted(confusion.items())))
    decisions = {}
    for _, _, t in rows:
        key = " > ".join(r["decision"] for r in t.get("rounds", [])) or "not critiqued"
        decisions[key] = decisions.get(key, 0) + 1
    print("   critique rounds: " + ", ".join(f"{k}: {v}" for k, v in sorted(decisions.items(), key=lambda kv: -kv[1])))

def main():
    p = argparse.ArgumentParser()
    p.add_argument("--host", default="http://localhost:8080")
    p.add_argument("--tenant", default="demo")
    p.add_argument("--questions", required=True)
    p.add_argument("--naive", action="store_true")
    p.add_argument("--without-critique", action="store_true", help="also run with the Self-RAG critique switched off")
    p.add_argument("--out")
    a = p.parse_args()
    base = f"{a.host}/api/v1/tenants/{a.tenant}"
    questions = [json.loads(l) for l in open(a.questions)]
    rows = run_all(a.host, base, questions)
    report("corrective", rows)
    if a.out:
        with open(a.out, "w") as f:
            for q, r, t in rows:
                f.write(json.dumps({"question": q, "response": r, "trace": t}) + "\n")
    if a.without_critique:
        original = call("GET", base + "/pipeline")["definition"]
        plain = json.loads(json.dumps(original)); plain["settings"].setdefault("selfRag", {})
        plain["settings"]["selfRag"] = {**{"decideRetrieval": True, "minSupport": 0.8, "minUsefulness": 3,
                                           "maxRounds": 2}, **plain["settings"]["selfRag"], "critique": False}
        call("PUT", base + "/pipeline", plain)
        try:
            report("corrective without critique", run_all(a.host, base, questions))
        finally:
            call("PUT", base + "/pipeline", original)
    if a.naive:
        original = call("GET", base + "/pipeline")["definition"]
        naive = json.loads(json.dumps(original)); naive["settings"]["mode"] = "NAIVE"
        call("PUT", base + "/pipeline", naive)
        try:
            report("naive", run_all(a.host, base, questions))
        finally:
            call("PUT", base + "/pipeline", original)

if __name__ == "__main__":
    main()
