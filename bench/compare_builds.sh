#!/bin/bash
# Times bench_search of two or more builds against each other, alternating them benchmark by
# benchmark so that a host's drift falls on every build alike: for each benchmark, ROUNDS rounds,
# each build once a round (the least CPU time of three repetitions of 0.2 s), then per build the
# ratio to the first build, each round's and their median. Prints the host line before and after.
#
#   bench/compare_builds.sh ROUNDS FILTER BENCH_SEARCH...
#   e.g. bench/compare_builds.sh 5 'Kalah64_d8/mtd' /tmp/bench_search_old build/bench/bench_search
#
# FILTER is a regular expression over the benchmark names (bench_search --benchmark_list_tests).
set -euo pipefail
if [ $# -lt 4 ]; then
  echo "usage: $0 ROUNDS FILTER BENCH_SEARCH BENCH_SEARCH..." >&2
  exit 2
fi
rounds=$1
filter=$2
shift 2
case $rounds in
  '' | *[!0-9]* | 0) echo "$0: ROUNDS must be a positive integer, got '$rounds'" >&2; exit 2 ;;
esac
for b in "$@"; do
  if [ ! -x "$b" ]; then
    echo "$0: $b: not an executable" >&2
    exit 2
  fi
done
here=$(dirname "$0")
"$here/peers/host_line.sh"
mapfile -t names < <("$1" --benchmark_list_tests --benchmark_filter="$filter" 2>/dev/null)
if [ ${#names[@]} -eq 0 ]; then
  echo "$0: no benchmark matches $filter" >&2
  exit 2
fi
runs=$(mktemp)
trap 'rm -f "$runs"' EXIT
for name in "${names[@]}"; do
  exact="^$(printf '%s' "$name" | sed 's/[][\.*^$+?(){}|]/\\&/g')\$"
  for r in $(seq "$rounds"); do
    for i in $(seq 0 $(($# - 1))); do
      b=${*:$((i + 1)):1}
      ms=$("$b" --benchmark_filter="$exact" --benchmark_min_time=0.2 --benchmark_repetitions=3 \
             --benchmark_format=csv 2>/dev/null |
           awk -F, 'NR > 1 && $1 !~ /_(mean|median|stddev|cv)"$/ {print $4}' | sort -g | head -1)
      if [ -z "$ms" ]; then
        echo "$0: $b gave no time for $name" >&2
        exit 1
      fi
      echo "$name $r $i $ms" >>"$runs"
    done
  done
done
"$here/peers/host_line.sh"
awk -v builds=$# '
  { t[$1, $2, $3] = $4; if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 } if ($2 > rounds) rounds = $2 }
  END {
    for (k = 1; k <= n; k++) {
      name = order[k]
      for (i = 0; i < builds; i++) {
        line = sprintf("%s build %d ms:", name, i)
        for (r = 1; r <= rounds; r++) line = line sprintf(" %.3f", t[name, r, i])
        if (i > 0) {
          m = 0
          for (r = 1; r <= rounds; r++) { q[r] = t[name, r, i] / t[name, r, 0]; line = line sprintf(" %s%.3f", r == 1 ? "  ratios: " : "", q[r]) }
          # median of the ratios: sort the few by insertion
          for (a = 2; a <= rounds; a++) { v = q[a]; b = a - 1; while (b >= 1 && q[b] > v) { q[b + 1] = q[b]; b-- } q[b + 1] = v }
          med = rounds % 2 ? q[(rounds + 1) / 2] : (q[rounds / 2] + q[rounds / 2 + 1]) / 2
          line = line sprintf("  median %.3f", med)
        }
        print line
      }
    }
  }' "$runs"
