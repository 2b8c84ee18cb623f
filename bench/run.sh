#!/usr/bin/env bash
# Builds what the harness needs (offline) and runs it from the repository root.
#   bench/run.sh [--smoke] [options]        the matrix (see --help for options)
#   bench/run.sh --jmh [JMH options]        the micro-benchmarks (JMH's own options, e.g. -f 1 -wi 2 -i 3 Json)
#   bench/run.sh --main NAME [args]         an in-process engine benchmark of io.keyline.bench.engine (e.g. IndexBenchmark)
# Keyline itself is started from cli/target/keyline.jar, built here when the cli module has sources.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=bench
if [ -d cli/src/main/java ]; then modules=cli,bench; fi
mvn -o -q -pl "$modules" -am package -DskipTests
# bin/keyline records its class-data archive after a build; Keyline targets start with it, as users do.
if [ "$modules" = cli,bench ]; then bin/keyline --version >/dev/null; fi
cp="$PWD/bench/target/classes:$(cat bench/target/classpath.txt)"
heap="${BENCH_CLIENT_JVM:--Xms1g -Xmx2g}"
if [ "${1:-}" = "--jmh" ]; then
  shift
  exec java $heap -cp "$cp" org.openjdk.jmh.Main "$@"
fi
if [ "${1:-}" = "--main" ]; then
  main="${2:?bench/run.sh --main needs a class of io.keyline.bench.engine, e.g. IndexBenchmark}"
  shift 2
  exec java $heap -cp "$cp" "io.keyline.bench.engine.$main" "$@"
fi
exec java $heap -Dkeyline.root="$PWD" -cp "$cp" io.keyline.bench.BenchMain "$@"
