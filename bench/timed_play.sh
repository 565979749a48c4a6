#!/usr/bin/env bash
# Timed play, in-process against UGI (issue 44): the same algorithm and options play Kalah(6,4)
# under a time control (tc 1+0.01 unless --tc says), once inside `harness run` (player inproc) and once as a `harness ugi` child
# process (player ugi), over random openings each played twice with the colours swapped. Two
# copies of one engine should score 50%, and under a clock every move should come from a
# completed search.
#
#   bench/timed_play.sh [--games N] [--build DIR] [--out DIR] [--algorithm A] [--option K=V ...]
#                       [--threads N] [--tc TC]
#
#   --games N      games to play, rounded up to an even number (default 200)
#   --build DIR    the build folder holding `harness` (default build)
#   --out DIR      where the config and the run folder go (default: a new temporary folder)
#   --algorithm A  the algorithm both sides run (default alphabeta)
#   --option K=V   an option of the algorithm, for both sides (repeatable)
#   --threads N    games at once (default 2; each game has an in-process searcher and a child)
#   --tc TC        both sides' time control, in any form a config's `tc` takes: 10+0.1,
#                  40/60+0.6, 1:00+1, st=0.5 (docs/reference/config.md; default 1+0.01)
#
# Prints the games, inproc's score with its 95% interval (over the game pairs' scores: pairs.csv's
# pentanomial counts, else standings.csv's wins, draws and losses), and per player from moves.csv
# the moves, the moves with depth < 1 and the min/median/mean depth (a `searched` column, where the
# run writes one, counts the moves with searched 0 too). Exits 1 if a move has depth < 1 (or was
# not searched) or 50% is outside the interval, 2 on bad usage or a failed run.
# Needs bash, awk (mawk will do), sort and a built `harness` (cmake --build build --target harness).
set -euo pipefail
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
games=200
build=build
out=""
algorithm=alphabeta
options=()
threads=2
tc=1+0.01
while [ $# -gt 0 ]; do
  case $1 in
    --games) games=${2-}; shift 2 ;;
    --build) build=${2-}; shift 2 ;;
    --out) out=${2-}; shift 2 ;;
    --algorithm) algorithm=${2-}; shift 2 ;;
    --threads) threads=${2-}; shift 2 ;;
    --tc) tc=${2-}; shift 2 ;;
    --option)
      [[ ${2-} == ?*=* ]] || { echo "timed_play: --option wants K=V, got '${2-}'" >&2; exit 2; }
      options+=("$2"); shift 2 ;;
    -h | --help) usage ;;
    *) echo "timed_play: unknown argument '$1'" >&2; usage ;;
  esac
done
[[ $games =~ ^[1-9][0-9]*$ ]] || { echo "timed_play: --games wants a positive number" >&2; exit 2; }
if [[ ! $threads =~ ^[1-9][0-9]*$ ]]; then
  echo "timed_play: --threads wants a positive number" >&2
  exit 2
fi
# The harness checks the form; here only that it is one YAML-safe word.
if [[ ! $tc =~ ^[A-Za-z0-9.:/+=-]+$ ]]; then
  echo "timed_play: --tc wants a time control such as 10+0.1, 40/60+0.6, 1:00+1 or st=0.5" >&2
  exit 2
fi
case $build in /*) ;; *) build=$root/$build ;; esac
harness=$build/harness
if [ ! -x "$harness" ]; then
  echo "timed_play: no $harness (cmake --build $build --target harness)" >&2
  exit 2
fi
if [ -z "$out" ]; then out=$(mktemp -d "${TMPDIR:-/tmp}/timed_play.XXXXXX"); fi
mkdir -p "$out"
out=$(cd "$out" && pwd)

# One opening per game pair; 6 random plies give Kalah(6,4) thousands of distinct openings.
openings=$(((games + 1) / 2))
yaml_options=""
ugi_args=""
for kv in "${options[@]+"${options[@]}"}"; do
  yaml_options+="${yaml_options:+, }${kv%%=*}: \"${kv#*=}\""
  ugi_args+=", --option, \"$kv\""
done
config=$out/timed_play.yaml
cat >"$config" <<EOF
# Written by bench/timed_play.sh: $algorithm in-process against itself over UGI.
name: timed_play
game: {name: kalah, params: {pits: 6, seeds: 4}}
players:
  - name: inproc
    algorithm: $algorithm
    options: {$yaml_options}
  - name: ugi
    engine:
      command: ["$harness", ugi, --game, kalah, --param, seeds=4, --algorithm, $algorithm$ugi_args]
openings: {kind: random, count: $openings, plies: 6}
tournament:
  pairs: 1
  max_plies: 300
  limits: {tc: "$tc"}
seed: 1
threads: $threads
output: {moves: true}
EOF

run=$out/run
rm -rf "$run"
echo "timed_play: $algorithm${options[*]+ ${options[*]}}, Kalah(6,4), tc $tc," \
  "$((2 * openings)) games, threads $threads: $config"
if ! "$harness" run "$config" --out "$run" >"$out/run.log" 2>&1; then
  tail -20 "$out/run.log" >&2
  echo "timed_play: the run failed (log: $out/run.log)" >&2
  exit 2
fi

# CSV fields by header name (quoted fields may hold commas); a missing column reads as empty.
# shellcheck disable=SC2016 # an awk program: its $ are awk's
csv_awk='
function split_csv(line, f,    n, i, c, q, cur) {
  n = 0; cur = ""; q = 0
  for (i = 1; i <= length(line); i++) {
    c = substr(line, i, 1)
    if (q) {
      if (c == "\"") { if (substr(line, i + 1, 1) == "\"") { cur = cur c; i++ } else q = 0 }
      else cur = cur c
    } else if (c == "\"") q = 1
    else if (c == ",") { f[++n] = cur; cur = "" }
    else cur = cur c
  }
  f[++n] = cur
  return n
}
function col(name) { return (name in at) ? row[at[name]] : "" }
NR == 1 { n = split_csv($0, row); for (i = 1; i <= n; i++) at[row[i]] = i; next }
{ split_csv($0, row) }
'

# inproc's score and its 95% interval. Over game pairs (colours swapped within a pair) the pair
# score is the unit: its mean and standard error; without pairs, over games.
score=$(awk "$csv_awk"'
  {
    a = col("player_a"); b = col("player_b")
    if (a != "inproc" && b != "inproc") next
    ll = col("ll") + 0; ld = col("ld") + 0; dd = col("wl_dd") + 0
    wd = col("wd") + 0; ww = col("ww") + 0
    if (a != "inproc") { t = ll; ll = ww; ww = t; t = ld; ld = wd; wd = t }
    n = ll + ld + dd + wd + ww
    if (n == 0) next
    m = (0.25 * ld + 0.5 * dd + 0.75 * wd + ww) / n
    v = ll * m * m + ld * (0.25 - m) ^ 2 + dd * (0.5 - m) ^ 2
    v = (v + wd * (0.75 - m) ^ 2 + ww * (1 - m) ^ 2) / n
    printf "%.4f %.4f %d pairs\n", m, 1.96 * sqrt(v / n), n
  }' "$run/pairs.csv" 2>/dev/null || true)
if [ -z "$score" ]; then
  score=$(awk "$csv_awk"'
    col("player") == "inproc" {
      w = col("wins") + 0; d = col("draws") + 0; l = col("losses") + 0; n = w + d + l
      if (n == 0) exit
      m = (w + 0.5 * d) / n
      v = (w * (1 - m) ^ 2 + d * (0.5 - m) ^ 2 + l * m * m) / n
      printf "%.4f %.4f %d games\n", m, 1.96 * sqrt(v / n), n
    }' "$run/standings.csv")
fi
[ -n "$score" ] || { echo "timed_play: no score for inproc in $run" >&2; exit 2; }
read -r mean half count unit <<<"$score"
games_played=$(awk "$csv_awk"'col("player") == "inproc" { print col("games") + 0 }' \
  "$run/standings.csv")
echo "games: $games_played"
echo "$mean $half $count $unit" | awk '{
  lo = $1 - $2 < 0 ? 0 : $1 - $2; hi = $1 + $2 > 1 ? 1 : $1 + $2
  printf "inproc score: %.1f%% +- %.1f%% (95%%, over %d %s): [%.1f%%, %.1f%%]\n",
    100 * $1, 100 * $2, $3, $4, 100 * lo, 100 * hi }'

# Depths per player. A depth cell that is not a number (a missing column) counts as below 1.
bad=0
for player in inproc ugi; do
  line=$(awk -v who="$player" "$csv_awk"'
    col("player") == who {
      d = col("depth"); s = col("searched")
      moves++
      if (d !~ /^-?[0-9]+$/ || d + 0 < 1 || s == "0") shallow++
      if (d ~ /^-?[0-9]+$/) print d + 0 > "/dev/stderr"
    }
    END { printf "%d %d\n", moves, shallow }' "$run/moves.csv" 2>"$out/depths-$player.txt")
  read -r moves shallow <<<"$line"
  stats=$(sort -g "$out/depths-$player.txt" | awk '
    { a[NR] = $1; s += $1 }
    END {
      if (NR == 0) { print "min - median - mean -"; exit }
      med = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2
      printf "min %d median %.1f mean %.1f max %d\n", a[1], med, s / NR, a[NR]
    }')
  echo "$player: $moves moves, $shallow with depth < 1; depth $stats"
  if [ "$shallow" -gt 0 ]; then bad=1; fi
done

status=0
if [ "$bad" -ne 0 ]; then
  echo "timed_play: FAIL: moves with depth < 1 (not from a completed search)"
  status=1
fi
if ! awk -v m="$mean" -v h="$half" 'BEGIN { exit !(m - h <= 0.5 && 0.5 <= m + h) }'; then
  echo "timed_play: FAIL: 50% is outside inproc's 95% interval"
  status=1
fi
[ "$status" -eq 0 ] && echo "timed_play: ok"
echo "run folder: $run"
exit "$status"
