#!/usr/bin/env bash
# Counts the write-ahead-log syncs behind N acknowledged PutItems sent C at a time (docs/RULES.md#DURABILITY):
# starts Keyline (cli/target/keyline.jar, as bench/run.sh builds it) under strace, creates a table,
# sends the puts over HTTP from Python threads, stops the server with SIGTERM and prints strace's
# counts of fsync and fdatasync for the whole life (start-up and shutdown included: run N=0 for them).
#   bench/fsync-count.sh sync|async N C      e.g. bench/fsync-count.sh sync 2000 64
set -euo pipefail
mode=${1:?sync or async} n=${2:-2000} c=${3:-64}
cd "$(dirname "$0")/.."
dir=$(mktemp -d /var/tmp/keyline-fsync.XXXXXX)
port=$((18900 + RANDOM % 90))
strace -f -c -e trace=fsync,fdatasync -o "$dir/strace.txt" \
  java -Xmx1g -jar cli/target/keyline.jar serve --port "$port" --data-dir "$dir/data" --durability "$mode" > "$dir/server.log" 2>&1 &
tracer=$!
for _ in $(seq 1 150); do curl -sf "http://127.0.0.1:$port/" > /dev/null && break; sleep 0.2; done
python3 - "$port" "$n" "$c" <<'EOF'
import http.client, json, sys, threading, time
port, n, c = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
HEADERS = {"Content-Type": "application/x-amz-json-1.0", "X-Amz-Date": "20250101T000000Z",
           "Authorization": "AWS4-HMAC-SHA256 Credential=keyline/20250101/us-east-1/dynamodb/aws4_request, "
                            "SignedHeaders=host;x-amz-date, Signature=0"}
def call(conn, op, body):
    conn.request("POST", "/", json.dumps(body), dict(HEADERS, **{"X-Amz-Target": "DynamoDB_20120810." + op}))
    r = conn.getresponse(); data = r.read()
    if r.status != 200: raise SystemExit(f"{op}: HTTP {r.status} {data[:200]!r}")
call(http.client.HTTPConnection("127.0.0.1", port), "CreateTable", {"TableName": "tbl", "BillingMode": "PAY_PER_REQUEST",
     "KeySchema": [{"AttributeName": "p", "KeyType": "HASH"}], "AttributeDefinitions": [{"AttributeName": "p", "AttributeType": "S"}]})
keys, lock = iter(range(n)), threading.Lock()
def writer():
    conn = http.client.HTTPConnection("127.0.0.1", port)
    while True:
        with lock: i = next(keys, None)
        if i is None: return
        call(conn, "PutItem", {"TableName": "tbl", "Item": {"p": {"S": f"k{i}"}, "v": {"S": "x" * 100}}})
start = time.time()
threads = [threading.Thread(target=writer) for _ in range(c)]
for t in threads: t.start()
for t in threads: t.join()
print(f"{n} PutItems acknowledged, {c} in flight, {n / max(time.time() - start, 1e-9):.0f}/s under strace")
EOF
server=$(pgrep -P "$tracer" java || true)
[ -n "$server" ] && kill -TERM "$server"
wait "$tracer" || true
echo "durability $mode: strace -c of the server's life ($dir/strace.txt):"
grep -E "calls|fsync|fdatasync|total" "$dir/strace.txt"
