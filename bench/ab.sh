#!/usr/bin/env bash
# A B A B comparison of two Keyline builds with the same harness classes.
#   bench/ab.sh OUT REPS JAR_A JAR_B -- <harness options without --reps/--out>
# e.g. cp cli/target/keyline.jar /tmp/after.jar (and /tmp/before.jar built at the parent commit), then
#   bench/ab.sh /tmp/ab 3 /tmp/before.jar /tmp/after.jar -- --targets keyline-rocksdb --clients raw,sdk --ops put,get --concurrency 16 --warmup 2 --duration 4 --client-warmup 2
# Each jar gets its own root folder (OUT/root-A, OUT/root-B); per repetition the harness runs once
# with A, then once with B. Prints one line per run: client op load target variant-rep req/s server-CPU-µs/req p99-µs.
set -euo pipefail
out=$1 reps=$2 a=$3 b=$4
shift 5
cd "$(dirname "$0")/.."
mvn -o -q -pl bench -am package -DskipTests
cp="$PWD/bench/target/classes:$(cat bench/target/classpath.txt)"
mkdir -p "$out"
for v in A B; do mkdir -p "$out/root-$v/cli/target"; done
cp "$a" "$out/root-A/cli/target/keyline.jar"
cp "$b" "$out/root-B/cli/target/keyline.jar"
for r in $(seq 1 "$reps"); do
  for v in A B; do
    java -Xms1g -Xmx2g -Dkeyline.root="$out/root-$v" -cp "$cp" io.keyline.bench.BenchMain --reps 1 --out "$out/run-$v-$r" "$@" > "$out/log-$v-$r" 2>&1
  done
done
for f in "$out"/log-*; do
  v=${f##*/log-}
  grep ' rep 1:' "$f" | sed -E "s/^/$v /; s/ +/ /g; s/ rep 1://" || true
done | awk '{for(i=1;i<=NF;i++){if($i=="req/s")rs=$(i-1); if($i=="server")cpu=$(i+1); if($i=="p99")p99=$(i+1)}; print $2,$3,$6,$7,$1,rs,cpu,p99}' \
  | sort -k1,1 -k2,2 -k3,3 -k4,4 -k5,5 | column -t
