#!/usr/bin/env bash
# Creates the baseline tenant the `bench` command compares the demo tenant with: the demo's pipeline in NAIVE mode
# (retrieve top-k -> generate), over the same knowledge base uploaded again. Run it once against a running host.
#
#   CORRIGO_ADMIN_PASSWORD=... ui/bench/naive-baseline.sh [url] [tenant] [kb.jsonl]
#
# Defaults: http://127.0.0.1:8080, demo-naive, ../shared/bench/kb_passages.jsonl. Waits for the ingestion to end.
set -euo pipefail
url=${1:-http://127.0.0.1:8080}
tenant=${2:-demo-naive}
kb=${3:-../shared/bench/kb_passages.jsonl}
: "${CORRIGO_ADMIN_PASSWORD:?set CORRIGO_ADMIN_PASSWORD to the admin password}"
auth=(-u "admin:${CORRIGO_ADMIN_PASSWORD}")

curl -sf "${auth[@]}" -H 'Content-Type: application/json' -X POST "$url/api/v1/tenants" \
     -d "{\"id\":\"$tenant\",\"name\":\"$tenant (NAIVE baseline)\"}" > /dev/null \
  || echo "tenant $tenant exists already: keeping it"
# the demo's definition with mode NAIVE
curl -sf "${auth[@]}" "$url/api/v1/tenants/demo/pipeline" \
  | python3 -c 'import json,sys; d=json.load(sys.stdin)["definition"]; d["settings"]["mode"]="NAIVE"; print(json.dumps(d))' \
  | curl -sf "${auth[@]}" -H 'Content-Type: application/json' -X PUT "$url/api/v1/tenants/$tenant/pipeline" -d @- > /dev/null
echo "uploading $kb to $tenant (waits for the ingestion)..."
curl -sf "${auth[@]}" "$url/api/v1/tenants/$tenant/documents?wait=true" -F "file=@$kb" \
  | python3 -c 'import json,sys; j=json.load(sys.stdin); print("job", j.get("state", j))'
