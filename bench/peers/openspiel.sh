#!/usr/bin/env bash
# OpenSpiel's C++ MCTSBot (github.com/google-deepmind/open_spiel, Apache-2.0) as a UGI engine, from
# a checkout the user supplies (or its bare git directory, read with `git archive`). Nothing is
# downloaded and nothing of OpenSpiel is committed here: only our adapter, openspiel_ugi.cpp.
#
#   bench/peers/openspiel.sh PATH                  build build-peers/openspiel/openspiel_ugi
#   bench/peers/openspiel.sh PATH speed [RUNS] [CF_ITERATIONS] [TTT_ITERATIONS]
#   bench/peers/openspiel.sh PATH pair [ROUNDS] [CF_ITERATIONS] [KALAH_ITERATIONS]
#
# The build compiles only what MCTSBot on connect_four and tic_tac_toe links (the spiel core,
# game parameters, observer, policy, bots, status, usage logging, mcts.cc, the two games) with
# g++ -std=c++20 -O3 -DNDEBUG (OpenSpiel's Release flags) into build-peers/openspiel (git-ignored),
# against Debian's abseil (libabsl-dev 20220623) and nlohmann-json3-dev instead of the copies
# OpenSpiel's install.sh clones: its `open_spiel/abseil-cpp/absl/...` and
# `open_spiel/json/include/nlohmann/...` includes are mapped onto /usr/include by links in the
# build folder, and two differences from the abseil OpenSpiel expects are bridged by headers this
# script writes there (compat/): Debian's absl::optional is its own type (ABSL_OPTION_USE_STD_
# OPTIONAL 0) where OpenSpiel mixes it with std::optional, so absl::optional is made
# std::optional; and absl::MutexLock takes a Mutex* where OpenSpiel passes a Mutex&.
#
# speed: MCTSBot's simulations per second from the start of Connect Four (CF_ITERATIONS
# simulations, default 100000) and tic-tac-toe (TTT_ITERATIONS, default 100000), one thread, one
# random playout a simulation, uct_c 2, solve off (so every run does its simulations), RUNS
# alternating runs each (default 3): each run's wall and CPU time, and the median rate per CPU
# second. JOBS=N: parallel compiles (default 2).
#
# pair: our `mcts` (build/harness, solver=off, c=1, iterations=N) and MCTSBot (uct_c 2, the same
# UCT on [-1, 1] rewards, solve off) from the start of Connect Four and Kalah(6,4) with
# capture=nonempty (OpenSpiel's mancala), one random playout an iteration, one thread each, run AT
# THE SAME TIME, one pinned to each of the first two cores (taskset; they swap cores every round),
# so that both see the same load and the ratio of their rates cancels its drift; ROUNDS rounds
# (default 3). Each rate is iterations per CPU second of the searching thread.
set -euo pipefail

die() {
  echo "openspiel.sh: $*" >&2
  exit 2
}
[[ $# -ge 1 ]] || die "usage: $0 PATH_TO_OPENSPIEL_CHECKOUT_OR_GIT_DIR [speed [RUNS] [CF_ITERATIONS] [TTT_ITERATIONS]]"
peer=$1
mode=${2:-build}
[[ $mode == build || $mode == speed || $mode == pair ]] || die "unknown mode '$mode' (build, speed or pair)"
runs=${3:-3}
cf=${4:-100000}
ttt=${5:-100000}
[[ $mode == pair ]] && ttt=${5:-200000}
for n in "$runs" "$cf" "$ttt"; do
  [[ $n =~ ^[1-9][0-9]{0,8}$ ]] || die "speed: expected whole numbers >= 1 for RUNS and ITERATIONS, got '$n'"
done

repo=$(cd "$(dirname "$0")/../.." && pwd)
out=$repo/build-peers/openspiel
[[ -f /usr/include/absl/base/options.h ]] || die "no abseil headers: apt-get install libabsl-dev"
[[ -f /usr/include/nlohmann/json.hpp ]] || die "no nlohmann json: apt-get install nlohmann-json3-dev"
mkdir -p "$out"

# The sources: a checkout in place, or the bare git directory's HEAD unpacked under $out/src.
if [[ -f $peer/open_spiel/spiel.h ]]; then
  src=$(cd "$peer" && pwd)
  commit=unknown
  if [[ $(git -C "$src" rev-parse --show-toplevel 2>/dev/null) == "$src" ]]; then
    commit=$(git -C "$src" rev-parse --short=12 HEAD)
  fi
elif [[ -d $peer ]] && git --git-dir="$peer" rev-parse --verify -q HEAD:open_spiel/spiel.h >/dev/null 2>&1; then
  commit=$(git --git-dir="$peer" rev-parse --short=12 HEAD)
  src=$out/src
  if [[ ! -f $src/COMMIT || $(cat "$src/COMMIT") != "$commit" ]]; then
    rm -rf "$src"
    mkdir -p "$src"
    git --git-dir="$peer" archive HEAD open_spiel | tar -x -C "$src"
    echo "$commit" >"$src/COMMIT"
  fi
else
  die "'$peer' is neither an OpenSpiel checkout (no open_spiel/spiel.h) nor its git directory"
fi

# Include roots, searched in this order: our bridges, the links onto Debian's headers, the sources.
compat=$out/compat
mkdir -p "$compat/open_spiel/abseil-cpp/absl/synchronization" "$out/links/open_spiel/json"
ln -sfn /usr/include "$out/links/open_spiel/abseil-cpp"
ln -sfn /usr/include "$out/links/open_spiel/json/include"
cat >"$compat/prelude.h.new" <<'EOF'
// Written by bench/peers/openspiel.sh, included first in every file: absl::optional as
// std::optional (as abseil builds with ABSL_OPTION_USE_STD_OPTIONAL 1 have it), in place of
// Debian's own optional type, which OpenSpiel's mixed use of the two does not compile with.
#pragma once
#include <optional>
#include "absl/base/config.h"
#define ABSL_TYPES_OPTIONAL_H_
namespace absl {
ABSL_NAMESPACE_BEGIN
using std::bad_optional_access;
using std::make_optional;
using std::nullopt;
using std::nullopt_t;
using std::optional;
ABSL_NAMESPACE_END
}  // namespace absl
EOF
cat >"$compat/open_spiel/abseil-cpp/absl/synchronization/mutex.h.new" <<'EOF'
// Written by bench/peers/openspiel.sh: Debian's absl::MutexLock (20220623) takes a Mutex*; newer
// abseil, which OpenSpiel uses, also takes a Mutex&. MutexLock names a lock that takes both.
#pragma once
#include "absl/synchronization/mutex.h"
namespace absl {
ABSL_NAMESPACE_BEGIN
class ABSL_SCOPED_LOCKABLE MutexLockEither {
 public:
  explicit MutexLockEither(Mutex* mu) ABSL_EXCLUSIVE_LOCK_FUNCTION(mu) : lock_(mu) {}
  explicit MutexLockEither(Mutex& mu) ABSL_EXCLUSIVE_LOCK_FUNCTION(mu) : lock_(&mu) {}
  ~MutexLockEither() ABSL_UNLOCK_FUNCTION() {}

 private:
  MutexLock lock_;
};
ABSL_NAMESPACE_END
}  // namespace absl
#define MutexLock MutexLockEither
EOF
for f in "$compat/prelude.h" "$compat/open_spiel/abseil-cpp/absl/synchronization/mutex.h"; do
  if cmp -s "$f.new" "$f"; then rm "$f.new"; else mv "$f.new" "$f"; fi
done

sources=(spiel.cc spiel_utils.cc game_parameters.cc observer.cc policy.cc spiel_bots.cc
  utils/status.cc utils/usage_logging.cc algorithms/mcts.cc games/connect_four/connect_four.cc
  games/tic_tac_toe/tic_tac_toe.cc games/mancala/mancala.cc)
libs=$(pkg-config --libs absl_strings absl_str_format absl_time absl_synchronization \
  absl_random_random absl_flat_hash_set absl_node_hash_map) || die "pkg-config cannot find Debian's absl libraries (libabsl-dev)"
cxx=g++
command -v ccache >/dev/null && cxx="ccache g++"
flags="-std=c++20 -O3 -DNDEBUG -pthread -include $compat/prelude.h -isystem $compat -isystem $out/links -isystem $src"
objects=()
rules=""
for s in "${sources[@]}"; do
  o=obj/${s//\//_}
  o=${o%.cc}.o
  objects+=("$o")
  rules+="$o: $src/open_spiel/$s $compat/prelude.h"$'\n\t'"$cxx \$(FLAGS) -w -MMD -MP -c \$< -o \$@"$'\n'
done
cat >"$out/Makefile" <<EOF
# Written by bench/peers/openspiel.sh.
FLAGS = $flags
openspiel_ugi: obj/openspiel_ugi.o ${objects[*]}
	g++ -pthread -o \$@ \$^ $libs
obj/openspiel_ugi.o: $repo/bench/peers/openspiel_ugi.cpp $compat/prelude.h $src/open_spiel/spiel.h
	$cxx \$(FLAGS) -Wall -Wextra -DOPENSPIEL_COMMIT='"$commit"' -MMD -MP -c \$< -o \$@
$rules
-include obj/*.d
EOF
# Objects of another source tree or commit are dropped (make compares times, not origins).
if [[ ! -f $out/obj/SOURCE || $(cat "$out/obj/SOURCE") != "$src $commit" ]]; then
  rm -rf "$out/obj" "$out/openspiel_ugi"
  mkdir -p "$out/obj"
  echo "$src $commit" >"$out/obj/SOURCE"
fi
make -s -C "$out" -j"${JOBS:-2}" openspiel_ugi >&2
engine=$out/openspiel_ugi

if [[ $mode == build ]]; then
  echo "$engine (OpenSpiel $commit)"
  exit 0
fi

median() { sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
if [[ $mode == pair ]]; then
  harness=$repo/build/harness
  [[ -x $harness ]] || die "no $harness: build it first (cmake --build build --target harness)"
  command -v taskset >/dev/null || die "pair: needs taskset (util-linux)"
  "$repo/bench/peers/host_line.sh"
  echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); OpenSpiel $commit"
  printf '%-5s %-13s %-6s %11s %12s %12s %7s
' round game cores iterations ours_per_cpu_s peer_per_cpu_s ratio
  declare -A ratios
  for ((i = 1; i <= runs; i++)); do
    for game in connect-four kalah; do
      n=$cf param=() peer_param=()
      if [[ $game == kalah ]]; then
        n=$ttt param=(--param capture=nonempty) peer_param=(--param capture=nonempty)
      fi
      ours_core=$(((i + 1) % 2)) peer_core=$((i % 2))
      ours_out=$(mktemp) peer_out=$(mktemp)
      taskset -c "$ours_core" "$harness" search --game "$game" "${param[@]}" --algorithm mcts \
        --option solver=off --option c=1 --option iterations="$n" --option seed="$i" \
        --depth max --json >"$ours_out" &
      ours_pid=$!
      taskset -c "$peer_core" "$engine" --game "$game" "${peer_param[@]}" --speed "$n" --solve off \
        --uct_c 2 --rollouts 1 --seed "$i" >"$peer_out" &
      peer_pid=$!
      wait "$ours_pid" "$peer_pid"
      ours=$(python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); print(round(j["iterations"] / (j["cpu_us"] / 1e6)))' "$ours_out")
      read -r -a f <"$peer_out"
      rm -f "$ours_out" "$peer_out"
      ratio=$(awk -v a="$ours" -v b="${f[9]}" 'BEGIN {printf "%.2f", a / b}')
      ratios[$game]+="$ratio "
      printf '%-5d %-13s %-6s %11s %12s %12s %7s
' "$i" "$game" "$ours_core/$peer_core" "$n" "$ours" "${f[9]}" "$ratio"
    done
  done
  for game in connect-four kalah; do
    echo "median ratio ours/peer, $game: $(printf '%s\n' ${ratios[$game]} | median)"
  done
  echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
  exit 0
fi

echo "host: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "OpenSpiel $commit MCTSBot: one thread, uct_c 2, one random playout a simulation, solve off; $runs alternating runs"
printf '%-4s %-10s %-13s %11s %8s %8s %12s\n' run program game simulations wall_ms cpu_ms per_cpu_s
cf_rates=() ttt_rates=()
for ((i = 1; i <= runs; i++)); do
  for game in connect-four tictactoe; do
    n=$cf
    [[ $game == tictactoe ]] && n=$ttt
    line=$("$engine" --game "$game" --speed "$n" --solve off --uct_c 2 --rollouts 1 --seed "$i")
    read -r -a f <<<"$line"
    printf '%-4d %-10s %-13s %11s %8s %8s %12s\n' "$i" openspiel "$game" "${f[3]}" "${f[5]}" "${f[7]}" "${f[9]}"
    if [[ $game == connect-four ]]; then cf_rates+=("${f[9]}"); else ttt_rates+=("${f[9]}"); fi
  done
done
echo "median simulations per CPU second: connect-four $(printf '%s\n' "${cf_rates[@]}" | median)," \
  "tictactoe $(printf '%s\n' "${ttt_rates[@]}" | median)"
