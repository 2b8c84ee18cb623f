#!/usr/bin/env bash
# CPU profile of a Keyline server under load, with native (RocksDB, JNI) and kernel frames: perf + frame pointers.
#   bench/profile.sh OUT TARGET OP CLIENT [more harness options]
# e.g. bench/profile.sh /tmp/prof keyline-rocksdb put raw
# Runs the harness (one run, 8 s warm-up, 12 s measured), records 8 s of the server with perf in
# the measured window, and writes OUT/flat.txt (self time by symbol) and OUT/inclusive.txt.
# Needs perf (Debian: linux-perf) and permission to profile (root, or perf_event_paranoid <= 1).
set -euo pipefail
out=$1 target=$2 op=$3 client=$4
shift 4
cd "$(dirname "$0")/.."
mkdir -p "$out"
bench/run.sh --targets "$target" --clients "$client" --ops "$op" --concurrency 16 --reps 1 --warmup 8 --duration 12 --client-warmup 3 \
  --server-jvm '-XX:+PreserveFramePointer -XX:+UnlockDiagnosticVMOptions -XX:+DumpPerfMapAtExit' --out "$out/harness" "$@" > "$out/harness.log" 2>&1 &
harness=$!
until grep -q 'client warm-up' "$out/harness.log" 2>/dev/null; do sleep 0.2; kill -0 $harness 2>/dev/null || { cat "$out/harness.log"; exit 1; }; done
pid=$(pgrep -n -f 'keyline.jar serve')
sleep 9
perf record -F 999 -g -p "$pid" -o "$out/perf.data" -- sleep 8 > "$out/perf.log" 2>&1
wait $harness
sleep 1 # the JVM writes /tmp/perf-<pid>.map (JIT symbols) as it exits
# head closes the pipe early, which pipefail would report as a failure: only the files matter.
perf report -i "$out/perf.data" --no-children --sort dso,symbol --stdio -g none 2>/dev/null | grep '%' | head -80 > "$out/flat.txt" || true
perf report -i "$out/perf.data" --children --sort symbol --stdio -g none 2>/dev/null | grep '%' | head -150 > "$out/inclusive.txt" || true
grep ' rep 1:' "$out/harness.log"
echo "profile in $out/flat.txt and $out/inclusive.txt"
