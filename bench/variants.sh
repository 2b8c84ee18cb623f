#!/usr/bin/env bash
# A B A B comparison of JVM-option variants of one Keyline build (GC, heap, -D properties).
#   bench/variants.sh OUT REPS 'name|jvm options' 'name|jvm options' ... -- <harness options without --reps/--out/--server-jvm>
# e.g. bench/variants.sh /tmp/gc 3 'g1|-XX:+UseG1GC' 'serial|-XX:+UseSerialGC' -- \
#        --targets keyline-rocksdb --clients raw --ops put --concurrency 64 --rates 32000 --warmup 5 --duration 6 --client-warmup 6
# Per repetition the harness runs once per variant, in the order given, each on a fresh server
# started with that variant's options (Keyline's jar as bench/run.sh builds it). Prints one line
# per run: variant, repetition, then the harness's result line (req/s, p50, p99, CPU, slowest slice).
set -euo pipefail
out=$1 reps=$2
shift 2
variants=()
while [[ $# -gt 0 && $1 != -- ]]; do variants+=("$1"); shift; done
[[ $# -gt 0 ]] && shift
cd "$(dirname "$0")/.."
mvn -o -q -pl cli,bench -am package -DskipTests
cp="$PWD/bench/target/classes:$(cat bench/target/classpath.txt)"
mkdir -p "$out"
for r in $(seq 1 "$reps"); do
  for v in "${variants[@]}"; do
    name=${v%%|*} opts=${v#*|}
    java -Xms1g -Xmx2g -cp "$cp" io.keyline.bench.BenchMain --reps 1 --out "$out/run-$name-$r" --server-jvm "$opts" "$@" > "$out/log-$name-$r" 2>&1 || true
    grep ' rep 1:' "$out/log-$name-$r" | sed -E "s/^/$name $r  /; s/ +/ /g" || echo "$name $r  (no result: see $out/log-$name-$r)"
  done
done
