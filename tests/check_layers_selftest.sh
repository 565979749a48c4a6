#!/usr/bin/env bash
# check_layers.sh finds a wrong door: on a copy of the tree with one include planted against each
# rule in turn, it must fail and name the file; on the untouched copy it must pass.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$root/common" "$root/games" "$root/algorithms" "$root/harness" "$tmp/"
bash "$here/check_layers.sh" "$tmp" >/dev/null

plant() {  # FILE INCLUDE: the check must fail, naming FILE
  local file=$1 include=$2 out
  cp "$tmp/$file" "$tmp/$file.orig"
  printf '#include "%s"\n' "$include" >>"$tmp/$file"
  if out=$(bash "$here/check_layers.sh" "$tmp" 2>&1); then
    echo "check_layers.sh missed $file including $include" >&2
    exit 1
  fi
  grep -q "^$file:" <<<"$out" || { echo "not named: $file in: $out" >&2; exit 1; }
  mv "$tmp/$file.orig" "$tmp/$file"
}
plant common/input_error.h games/game.h
plant games/kalah/kalah.h algorithms/search.h
plant games/game.h harness/registry.h
plant algorithms/search.h harness/registry.h
plant harness/stats/elo.h games/params.h
plant harness/stats/elo.h harness/registry.h
plant harness/mpi/wire.h algorithms/search.h
plant harness/registry.h harness/tree/tree_format.h
plant harness/games/kalah.cpp harness/pipeline/run_folder.h
plant harness/solve/solve_runner.cpp harness/cli/command.h
plant harness/tournament/runner.cpp games/kalah/kalah.h
plant harness/pipeline/run_pipeline.cpp harness/tournament/journal.h
echo "layers self-test: every planted wrong door was found"
