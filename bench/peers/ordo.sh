#!/usr/bin/env bash
# Rates a tournament's games.pgn with Ordo (github.com/michiguel/Ordo, GPL-3; not a dependency)
# and compares Ordo's ranking with this project's standings.csv. Nothing is downloaded.
#
#   bench/peers/ordo.sh PATH_TO_ORDO_CHECKOUT [CONFIG] [RUN_DIR]
#
# Copies the checkout into build-peers/ordo (git-ignored) and builds it there with its Makefile;
# expects this project's harness built in build/ (or HARNESS=path). Runs `harness run CONFIG`
# (default configs/quickstart.yaml) into RUN_DIR (default build-peers/ordo-run, replaced), feeds
# RUN_DIR/games.pgn to Ordo (`-a 0`: mean rating 0, as standings.csv's; no white advantage, as
# ours) and prints both rankings side by side. A player who won or lost every game has no finite
# maximum-likelihood rating: here its `elo` is nan and it ranks above or below all, as its
# rating_status says; Ordo calls such a pool not well connected and rates it only with `-G`,
# which it is given. Exits 1 when the two rankings differ, 0 when they are the same.
set -euo pipefail

if [[ $# -lt 1 || ! -f "$1/pgnget.c" ]]; then
  echo "usage: $0 PATH_TO_ORDO_CHECKOUT [CONFIG] [RUN_DIR]" >&2
  exit 2
fi
peer_src=$(cd "$1" && pwd)
repo=$(cd "$(dirname "$0")/../.." && pwd)
config=${2:-$repo/configs/quickstart.yaml}
run=${3:-$repo/build-peers/ordo-run}
harness=${HARNESS:-$repo/build/harness}
if [[ ! -x $harness ]]; then
  echo "no harness at $harness: build the project first (cmake --build build --target harness)" >&2
  exit 2
fi

peer_build=$repo/build-peers/ordo
mkdir -p "$peer_build"
cp -r "$peer_src"/. "$peer_build"
make -C "$peer_build" -s ordo >/dev/null 2>&1 || make -C "$peer_build" ordo >&2
ordo=$peer_build/ordo

rm -rf "$run"
"$harness" run "$config" --out "$run" --quiet
"$ordo" -q -G -a 0 -p "$run/games.pgn" -c "$run/ordo.csv" >/dev/null

# Each as "player<TAB>rating", best first; ours by elo, an unbounded one at its end.
ours=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
  { e = $col["elo"]; s = $col["rating_status"]
    key = s == "unbounded-above" ? 1e9 : s == "unbounded-below" ? -1e9 : e
    printf "%s\t%s\t%s\n", $col["player"], key, e }' "$run/standings.csv" |
  sort -t$'\t' -k2,2gr | cut -f1,3)
theirs=$(awk -F, 'NR > 1 { gsub(/"/, ""); gsub(/^ +| +$/, "", $2); printf "%s\t%s\n", $2, $3 }' \
  "$run/ordo.csv" | sort -t$'\t' -k2,2gr)

echo "$(grep -c . <<<"$ours") players, $(grep -c '^\[Event ' "$run/games.pgn") games ($run)"
printf '%-4s %-16s %10s   %-16s %10s\n' rank ours elo Ordo rating
paste <(cat <<<"$ours") <(cat <<<"$theirs") |
  awk -F'\t' '{ printf "%-4d %-16s %10.1f   %-16s %10.1f\n", NR, $1, $2, $3, $4 }'
if [[ "$(cut -f1 <<<"$ours")" == "$(cut -f1 <<<"$theirs")" ]]; then
  echo "same ranking"
else
  echo "the rankings differ"
  exit 1
fi
