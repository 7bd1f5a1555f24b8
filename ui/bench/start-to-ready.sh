#!/usr/bin/env bash
# Start-to-ready time of the runnable host with the demo tenant, as the README's demo command starts it (the
# extracted application with its class-data-sharing archive), and, for comparison, the single fat jar.
#
#   ./mvnw -q -DskipTests package && ui/bench/start-to-ready.sh        (RUNS=3 PORT=18080 FORMS="extracted jar")
#
# For each run, in a fresh data directory (first start) and then again on the same directory (restart):
#   ready    - from `java -jar` until GET /actuator/health answers UP (the admin UI, API and widget are served);
#   answered - until the demo tenant has indexed its corpus and answers a knowledge-base question
#              (on a first start this includes indexing the demo corpus in the background).
# Figures go to stdout and ui/target/benchmarks/start-to-ready.txt. Nothing is asserted.
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR=ui/target/corrigo.jar
RUNS=${RUNS:-3}
PORT=${PORT:-18080}
PASSWORD=bench-admin-password
OUT=ui/target/benchmarks/start-to-ready.txt
[ -f "$JAR" ] || { echo "no $JAR: build it first with ./mvnw -q -DskipTests package" >&2; exit 1; }
command -v curl >/dev/null || { echo "curl is needed" >&2; exit 1; }
mkdir -p "$(dirname "$OUT")"

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# one start on data directory $1; prints "ready_ms answered_ms"
start_once() {
  local data=$1 start pid ready answered
  start=$(now_ms)
  CORRIGO_DATA_DIR="$data" CORRIGO_ADMIN_PASSWORD=$PASSWORD "${LAUNCH[@]}" --server.port="$PORT" >>"$data/host.log" 2>&1 &
  pid=$!
  until curl -sf "localhost:$PORT/actuator/health" 2>/dev/null | grep -q '"UP"'; do
    kill -0 "$pid" 2>/dev/null || { echo "the host stopped; see $data/host.log" >&2; exit 1; }
    sleep 0.05
  done
  ready=$(( $(now_ms) - start ))
  until curl -sf -u "admin:$PASSWORD" "localhost:$PORT/api/v1/tenants/demo/jobs" 2>/dev/null | grep -q '"DONE"' \
      && ! curl -sf -u "admin:$PASSWORD" "localhost:$PORT/api/v1/tenants/demo/jobs" | grep -Eq '"(QUEUED|RUNNING)"' \
      && curl -sf -u "admin:$PASSWORD" -H 'Content-Type: application/json' -d '{"question":"What is the Hepatitis C virus?"}' \
           "localhost:$PORT/api/v1/tenants/demo/query" | grep -q '"abstained":false'; do
    sleep 0.25
  done
  answered=$(( $(now_ms) - start ))
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  echo "$ready $answered"
}

{
  echo "start-to-ready: $(nproc) cores, $(java -version 2>&1 | head -1), $(date -u +%Y-%m-%d), jar $(du -m "$JAR" | cut -f1) MiB"
  for form in ${FORMS:-extracted jar}; do
  if [ "$form" = extracted ]; then
    LAUNCH=(java -XX:SharedArchiveFile=ui/target/corrigo.jsa -jar ui/target/corrigo-app.jar)
  else
    LAUNCH=(java -jar "$JAR")
  fi
  echo "${LAUNCH[*]}"
  for i in $(seq 1 "$RUNS"); do
    data=$(mktemp -d)
    read -r r1 a1 < <(start_once "$data")
    read -r r2 a2 < <(start_once "$data")
    started=$(grep -o 'Started CorrigoApplication in [0-9.]* seconds' "$data/host.log" | tail -1 || true)
    awk -v i="$i" -v r1="$r1" -v a1="$a1" -v r2="$r2" -v a2="$a2" -v s="$started" 'BEGIN { printf \
      "run %d: first start ready %5.1f s, answered %5.1f s | restart ready %5.1f s, answered %5.1f s | %s\n", \
      i, r1 / 1000, a1 / 1000, r2 / 1000, a2 / 1000, s }'
    rm -rf "$data"
  done
  done
} | tee "$OUT"
