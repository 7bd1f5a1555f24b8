#!/usr/bin/env python3
"""Collects per-question scores from a running Corrigo host for threshold calibration.

Switches the tenant's pipeline to a permissive one (every passage kept, web always searched, every strip scored,
so the traces hold all scores), asks every question, writes one JSON line per question with the trace, then
restores the original pipeline.

    python3 collect.py --host http://localhost:8080 --tenant demo \
        --questions ../../../../shared/bench/questions_dev.jsonl --out scores.jsonl
"""
import argparse, json, urllib.request
import base64
import os

# the host's REST API needs an admin user (HTTP Basic)
AUTH = "Basic " + base64.b64encode((os.environ.get("CORRIGO_USER", "admin") + ":" + os.environ["CORRIGO_PASSWORD"]).encode()).decode()

def call(method, url, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json", "Authorization": AUTH})
    with urllib.request.urlopen(req) as r:
        return json.load(r)

def main():
    p = argparse.ArgumentParser()
    p.add_argument("--host", default="http://localhost:8080")
    p.add_argument("--tenant", default="demo")
    p.add_argument("--questions", required=True)
    p.add_argument("--out", required=True)
    a = p.parse_args()
    base = f"{a.host}/api/v1/tenants/{a.tenant}"
    original = call("GET", base + "/pipeline")["definition"]
    permissive = json.loads(json.dumps(original))
    permissive["settings"].update(upperThreshold=1.0, lowerThreshold=0.0, stripThreshold=0.0, tokenBudget=20000)
    call("PUT", base + "/pipeline", permissive)
    try:
        with open(a.questions) as f, open(a.out, "w") as out:
            for line in f:
                q = json.loads(line)
                r = call("POST", base + "/query", {"question": q["question"]})
                run = call("GET", a.host + r["traceUrl"])
                out.write(json.dumps({"question": q, "trace": run["trace"]}) + "\n")
    finally:
        call("PUT", base + "/pipeline", original)

if __name__ == "__main__":
    main()
