#!/usr/bin/env bash
# Side-by-side timing of an exact Kalah solve: this project's `solve` against CMancala
# (github.com/LifesLight/CMancala, MIT), from a checkout the user supplies. Nothing is downloaded.
#
#   bench/peers/cmancala.sh PATH_TO_CMANCALA_CHECKOUT [RUNS] [SEEDS...]
#
# Builds CMancala (its own CMake, Release) into build-peers/cmancala (git-ignored) and expects this
# project's harness built in build/ (or HARNESS=path). For each seed count (default: 3) it solves
# Kalah(6,seeds) from the start with the capture rule CMancala plays (a capture only into a
# non-empty opposite house: `capture=nonempty` here), RUNS times each (default 5), alternating the
# two programs, checks that both report the same value, and prints each run's wall time, the
# medians and the median of the per-pair ratios (ours / CMancala; below 1 means faster). Wall time
# of the whole process, start-up and table allocation included, for both. THREADS=N (default 1):
# our `solve` on N threads (each MTD(f) pass a parallel search, algorithms/parallel.h) over a
# shared table of TT_MB MiB (default 2048, the size it would grow to, which spares the growth's
# restarted passes); CMancala runs on one. TT_MAX_MB=M caps our table at M MiB (256: about
# CMancala's 2^24 entries). The first line is the host's (bench/peers/host_line.sh:
# CPU model, random-access latency).
set -euo pipefail

if [[ $# -lt 1 || ! -f "$1/CMakeLists.txt" ]]; then
  echo "usage: $0 PATH_TO_CMANCALA_CHECKOUT [RUNS] [SEEDS...]" >&2
  exit 2
fi
peer_src=$(cd "$1" && pwd)
threads=${THREADS:-1}
ours_options=()
if [[ $threads != 1 ]]; then
  ours_options=(--option "threads=$threads" --option "tt_mb=${TT_MB:-2048}")
fi
if [[ -n ${TT_MAX_MB:-} ]]; then
  ours_options+=(--option "tt_max_mb=$TT_MAX_MB")
fi
runs=${2:-5}
shift $(($# >= 2 ? 2 : 1))
seed_list=("$@")
[[ ${#seed_list[@]} -eq 0 ]] && seed_list=(3)

repo=$(cd "$(dirname "$0")/../.." && pwd)
harness=${HARNESS:-$repo/build/harness}
if [[ ! -x $harness ]]; then
  echo "no harness at $harness: build the project first (cmake --build build --target harness)" >&2
  exit 2
fi
peer_build=$repo/build-peers/cmancala
mkdir -p "$peer_build"
cmake -S "$peer_src" -B "$peer_build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$peer_build" -j"$(nproc)" >/dev/null
peer=$peer_build/Mancala

now() { date +%s.%N; }
median() { sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

"$repo/bench/peers/host_line.sh"
for seeds in "${seed_list[@]}"; do
  code=$(printf 'ROOT %d\nQUIT\n' "$seeds" | "$peer" --api | awk '/^OK CODE/ {print $3}')
  echo "Kalah(6,$seeds) capture=nonempty, full solve from the start, $runs alternating runs," \
    "ours on $threads thread(s)${TT_MAX_MB:+, our table capped at $TT_MAX_MB MiB}"
  printf '%-4s %12s %12s %8s\n' run ours_s cmancala_s ratio
  ours_times=() peer_times=() ratios=()
  for ((i = 1; i <= runs; i++)); do
    t0=$(now)
    peer_out=$(printf 'SOLVE %s\nQUIT\n' "$code" | "$peer" --api)
    t1=$(now)
    ours_out=$("$harness" search --game kalah --param pits=6 --param "seeds=$seeds" \
      --param capture=nonempty --algorithm solve "${ours_options[@]}" --depth max --json)
    t2=$(now)
    peer_value=$(awk '/^OK EVAL/ {print $3}' <<<"$peer_out")
    ours_value=$(grep -o '"value":-\?[0-9]*' <<<"$ours_out" | cut -d: -f2)
    if [[ "$peer_value" != "$ours_value" ]]; then
      echo "values differ: ours $ours_value, CMancala $peer_value" >&2
      exit 1
    fi
    tp=$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.3f", b - a}')
    to=$(awk -v a="$t1" -v b="$t2" 'BEGIN {printf "%.3f", b - a}')
    r=$(awk -v o="$to" -v p="$tp" 'BEGIN {printf "%.3f", o / p}')
    printf '%-4d %12s %12s %8s\n' "$i" "$to" "$tp" "$r"
    ours_times+=("$to") peer_times+=("$tp") ratios+=("$r")
  done
  nodes=$(grep -o '"nodes":[0-9]*' <<<"$ours_out" | cut -d: -f2)
  echo "value $ours_value (both); ours $nodes nodes"
  echo "median ours $(printf '%s\n' "${ours_times[@]}" | median) s," \
    "CMancala $(printf '%s\n' "${peer_times[@]}" | median) s," \
    "median ratio ours/CMancala $(printf '%s\n' "${ratios[@]}" | median)"
done
