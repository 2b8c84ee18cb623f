#!/usr/bin/env bash
# What share of a Keyline server's CPU samples a piece of code takes, per variant, with async-profiler
# (inlined Java frames included, which perf's symbol view loses).
#   bench/profile-share.sh OUT 'name|server JVM options|more harness options' ... -- <harness options>
# e.g. the cost of the metrics and of Contributor Insights on PutItem (docs/BENCHMARKS.md, issue 14):
#   bench/profile-share.sh /tmp/share 'off|-Dkeyline.metrics=off|' 'metrics||' 'insights||--insights on' -- \
#       --targets keyline-rocksdb --clients raw --ops put --concurrency 16 --warmup 15 --duration 6 --client-warmup 2
# Each variant runs once, on its own server, profiled from start to exit (cpu samples every 1 ms of
# CPU). For each, the script prints the harness's result line, then the share of all server samples
# whose stack holds each of $SHARE_PATTERNS (default: the metrics, Contributor Insights, the
# garbage collector's threads and the JIT compiler's threads). A share within one run is not moved
# by the machine's noise the way a CPU-per-request figure from separate runs is.
# async-profiler comes from Maven Central (tools.profiler:async-profiler:3.0:jar:linux-x64), fetched by Maven once.
set -euo pipefail
out=$1
shift
variants=()
while [[ $# -gt 0 && $1 != -- ]]; do variants+=("$1"); shift; done
[[ $# -gt 0 ]] && shift
cd "$(dirname "$0")/.."
patterns=${SHARE_PATTERNS:-"io/keyline/metrics io/keyline/insights G1 CompileBroker"}
version=3.0
jar="$HOME/.m2/repository/tools/profiler/async-profiler/$version/async-profiler-$version-linux-x64.jar"
[ -f "$jar" ] || mvn -q dependency:get -Dartifact="tools.profiler:async-profiler:$version:jar:linux-x64" >/dev/null
mkdir -p "$out/async-profiler"
agent="$out/async-profiler/linux-x64/libasyncProfiler.so"
[ -f "$agent" ] || (cd "$out/async-profiler" && unzip -q -o "$jar" 'linux-x64/*')
mvn -o -q -pl cli,bench -am package -DskipTests
cp="$PWD/bench/target/classes:$(cat bench/target/classpath.txt)"
for v in "${variants[@]}"; do
  IFS='|' read -r name jvm extra <<< "$v"
  collapsed="$out/$name.collapsed"
  # shellcheck disable=SC2086 # the variant's options are words
  java -Xms1g -Xmx2g -Dkeyline.root="$PWD" -cp "$cp" io.keyline.bench.BenchMain --reps 1 --out "$out/run-$name" \
    --server-jvm "$jvm -agentpath:$agent=start,event=cpu,interval=1000000,file=$collapsed,collapsed" $extra "$@" \
    > "$out/log-$name" 2>&1 || true
  echo "$name: $(grep ' rep 1:' "$out/log-$name" | sed -E 's/ +/ /g' || echo "no result, see $out/log-$name")"
  awk -v patterns="$patterns" '
    BEGIN { n = split(patterns, p, " ") }
    { count = $NF; total += count
      # the JIT compiler and start-up run once, not per request: shares are also given without them
      steady = !index($0, "CompileBroker") && !index($0, "Keyline.main") && !index($0, "LauncherHelper")
      if (steady) rest += count
      for (i = 1; i <= n; i++) if (index($0, p[i])) { hit[i] += count; if (steady) hitRest[i] += count } }
    END { for (i = 1; i <= n; i++) printf "  %-24s %6.2f%% of %d samples, %6.2f%% of the %d not JIT or start-up\n", p[i], 100 * hit[i] / total, total, 100 * hitRest[i] / rest, rest }
  ' "$collapsed"
done
