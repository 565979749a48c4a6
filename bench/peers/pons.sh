#!/bin/sh
# Times Pascal Pons' Connect Four solver and ours on the same set, on this machine, one after the
# other, and prints both means and their ratio.
#
#   bench/peers/pons.sh PATH_TO_PONS_CHECKOUT SET_FILE [ALGORITHM] [-w]
#
# PATH_TO_PONS_CHECKOUT: a checkout of github.com/PascalPons/connect4 (AGPL; not a dependency:
# it is compiled here with our driver bench/peers/pons_driver.cpp into build-peers/pons/, which
# git ignores). SET_FILE: a set in his format, e.g. Test_L1_R2 (in jonathan-laurent/AlphaZero.jl,
# games/connect-four/benchmark/) or our seeded bench/connect_four_positions/early_12_18.txt.
# ALGORITHM: our solver's algorithm spec (default: the exact solver's alphabeta with table and
# history, see bench/connect_four_sets --help). -w: weak solve
# (win/draw/loss) for both. Our side needs `cmake --build build --target connect_four_sets`.
# THREADS=N (default 1; without ALGORITHM): our bisection's threads, each probe a parallel
# search (SMP=abdada, the default, or SMP=lazy) over a shared table of TT_MB MiB (64); Pons'
# solver runs on one. POSITIONS=N: only the first N positions of the set. The first line printed
# is the host's (bench/peers/host_line.sh: CPU model, random-access latency).
set -eu
[ $# -ge 2 ] || { sed -n '2,17p' "$0"; exit 2; }
threads=${THREADS:-1}
par=""
if [ "$threads" != 1 ]; then
  par="--threads $threads --smp ${SMP:-abdada} --option tt=on --option etc=on --option tt_mb=${TT_MB:-64}"
fi
pons=$(cd "$1" && pwd)
set_file=$2
algo=${3:-}
weak=${4:-}
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$root/build-peers/pons
mkdir -p "$out"
g++ -std=c++17 -O3 -DNDEBUG -w -I"$pons" -o "$out/pons_driver" \
  "$root/bench/peers/pons_driver.cpp" "$pons/Solver.cpp"
if [ -n "${POSITIONS:-}" ]; then
  head -n "$POSITIONS" "$set_file" > "$out/$(basename "$set_file")"
  set_file=$out/$(basename "$set_file")
fi
ours=$root/build/bench/connect_four_sets
[ -x "$ours" ] || { echo "build $ours first (cmake --build build --target connect_four_sets)"; exit 2; }

"$out/pons_driver" $weak < "$set_file" > "$out/pons.txt" || echo "pons: some answers differ"
if [ -n "$algo" ]; then
  "$ours" $weak --algorithm "$algo" "$set_file" > "$out/ours.txt" || echo "ours: some answers differ"
else
  "$ours" $weak $par "$set_file" > "$out/ours.txt" || echo "ours: some answers differ"
fi
p=$(grep '^# positions' "$out/pons.txt")
o=$(grep "^# set" "$out/ours.txt")
"$root/bench/peers/host_line.sh"
echo "set $(basename "$set_file")"
echo "pons: $p"
echo "ours: $o"
echo "$p" "$o" | awk '{ printf "ratio ours/pons: time %.2fx, nodes %.2fx, cpu time %.2fx\n", $20 / $7, $22 / $9, $24 / $11 }'
