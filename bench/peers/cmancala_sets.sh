#!/usr/bin/env bash
# CMancala (github.com/LifesLight/CMancala, MIT) on a set of Kalah positions, next to ours: every
# option combination of issue 13 (bench/kalah_sets --matrix), each position's time against
# CMancala's exact solver on the same position.
#
#   bench/peers/cmancala_sets.sh PATH_TO_CMANCALA_CHECKOUT SET [CAP_FACTOR]
#
# Compiles bench/peers/cmancala_driver.c with CMancala's sources (its own flags: -O3
# -march=native -flto, C23; nothing downloaded, CMancala is not a dependency) into
# build-peers/cmancala-driver/, runs it on SET (bench/kalah_sets' format; CMancala plays only
# Kalah(6,s) with captures into a non-empty opposite house, so other lines are skipped) and writes
# its per-position answers to build-peers/cmancala-driver/SETNAME.peer, then runs
# `kalah_sets --matrix --peer ... --cap-factor CAP_FACTOR` (default 10): each of our searches is
# stopped at 2 x CAP_FACTOR x CMancala's time (at least 20 ms). Both sides time the solve alone in
# thread CPU time, from an allocated, emptied table. Our side needs
# `cmake --build build --target kalah_sets`. EGDB=N gives both sides their endgame database to N
# seeds (CMancala's in build-peers/cmancala-driver/EGDB, ours in $GTS_CACHE_DIR), made before
# the clocks start.
set -euo pipefail
if [[ $# -lt 2 || ! -f "$1/CMakeLists.txt" ]]; then
  sed -n '2,19p' "$0" >&2
  exit 2
fi
peer_src=$(cd "$1" && pwd)
set_file=$(realpath "$2")
factor=${3:-10}
repo=$(cd "$(dirname "$0")/../.." && pwd)
ours=${KALAH_SETS:-$repo/build/bench/kalah_sets}
[[ -x $ours ]] || { echo "build $ours first (cmake --build build --target kalah_sets)" >&2; exit 2; }
out=$repo/build-peers/cmancala-driver
mkdir -p "$out"
sources=()
for f in src/logic/utility.c src/logic/board.c src/logic/solver/algo.c src/logic/solver/cache.c \
  src/logic/solver/opening_book.c src/user/render.c src/user/handleConfig.c \
  src/user/handleGame.c src/user/handlePlaying.c src/logic/solver/egdb/core.c \
  src/user/runBenchmark.c src/user/interface.c src/logic/solver/egdb/memory/direct.c; do
  sources+=("$peer_src/$f")
done
gcc -std=c2x -O3 -march=native -fno-stack-protector -flto=auto -w \
  -DMANCALA_VERSION=\"driver\" -DEGDB_BACKEND_NAME=\"RAM\" -I"$peer_src/include" \
  -o "$out/cmancala_driver" "$repo/bench/peers/cmancala_driver.c" "${sources[@]}" -lm
peer_file=$out/$(basename "$set_file").peer
(cd "$out" && ./cmancala_driver ${EGDB:+--egdb "$EGDB"} < "$set_file") > "$peer_file"
echo "CMancala: $(grep -vc skip "$peer_file") positions solved, $(awk '$2 != "skip" {s += $5} END {printf "%.0f", s}' "$peer_file") CPU ms in all ($peer_file)"
"$ours" --matrix --peer "$peer_file" --cap-factor "$factor" ${EGDB:+--endgame "$EGDB"} "$set_file"
