#!/usr/bin/env bash
# A B A B comparison of two Keyline builds on the request path without the network
# (io.keyline.bench.engine.RequestPathBenchmark: parse, dispatch, engine, capacity, encode; one thread).
#   bench/ab-path.sh REPS JAR_A JAR_B [memory|rocksdb] [OPS...]
# e.g. bench/ab-path.sh 3 /tmp/before.jar cli/target/keyline.jar rocksdb put get query
# Prints one line per run: variant op storage rep min-CPU-µs/req alloc-B/req. Allocation per
# request is deterministic, so it shows a change the noisy CPU figure cannot.
set -euo pipefail
reps=$1 a=$2 b=$3 storage=${4:-rocksdb}
shift 3; [[ $# -gt 0 ]] && shift
ops=("$@"); [[ ${#ops[@]} -eq 0 ]] && ops=(put get query)
cd "$(dirname "$0")/.."
mvn -o -q -pl bench -am package -DskipTests
classes="$PWD/bench/target/classes"
for r in $(seq 1 "$reps"); do
  for op in "${ops[@]}"; do
    for v in A B; do
      jar=$([[ $v == A ]] && echo "$a" || echo "$b")
      out=$(java -Xms1g -Xmx1g -cp "$classes:$jar" io.keyline.bench.engine.RequestPathBenchmark "$op" "$storage" 4)
      alloc=$(grep ' round 3:' <<<"$out" | sed -E 's/.*alloc ([0-9]+) B.*/\1/')
      cpu=$(grep ' min cpu ' <<<"$out" | sed -E 's/.*min cpu ([0-9.]+).*/\1/')
      echo "$v $op $storage $r $cpu $alloc"
    done
  done
done | column -t
