#!/usr/bin/env bash
# Every example in the docs runs: each command of a ```console block (the lines after `$ `) and
# each line of a ```sh block in README.md and docs/ runs from a fresh folder and must exit 0, each
# ```python block runs as a script with the build's gametree module (PYTHONPATH=BUILD_DIR/python,
# the interpreter $GTS_PYTHON3, else python3) and must exit 0, and each ```yaml block is a whole
# config that `harness run --check` (or the command a `<!-- config: compare|solve|tune -->` line
# before it names) must accept.
# A block is left out by a line `<!-- examples: skip REASON -->` right before it (long solves,
# peers such as CMancala, GNU Go or Pons' solver, MPI, interactive sessions, fragments).
# Commands run in a scratch folder holding `build` (the build under test) and links to the
# sources' configs/, problems/, bench/ and docs/, so that run folders land in the scratch folder;
# the commands of one file share it, in order (a `report` after its `run`).
# Usage: run_examples.sh BUILD_DIR SOURCE_DIR [FILE.md...]
set -uo pipefail
build=$(cd "${1:?usage: $0 BUILD_DIR SOURCE_DIR [FILE.md...]}" && pwd)
src=$(cd "${2:?usage: $0 BUILD_DIR SOURCE_DIR [FILE.md...]}" && pwd)
shift 2
cd "$src"
if (($# == 0)); then
  set -- README.md $(find docs -name '*.md' | sort)
fi
per_command_s=${GTS_EXAMPLE_TIMEOUT:-120}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The examples of a file as records KIND<TAB>LINE<TAB>TEXT (a yaml block's TEXT is its lines
# joined by \n; a python block's is the file its lines were written to, under $2); KIND is cmd,
# python, or config-COMMAND.
examples() {
  awk -v pydir="$2" '
    function flush() {
      if (kind == "config") { gsub(/\t/, " ", yaml); printf "config-%s\t%d\t%s\n", command, start, yaml }
      if (kind == "python") { close(script); printf "python\t%d\t%s\n", start, script }
    }
    /^```/ {
      if (!fence) {
        fence = 1; info = substr($0, 4); kind = ""; yaml = ""; pending = ""
        if (skip) { skip = 0; command = "run"; next }
        if (info == "console" || info == "sh") kind = info
        else if (info == "yaml") { kind = "config"; start = NR + 1 }
        else if (info == "python") {
          kind = "python"; start = NR + 1; script = pydir "/block-" start ".py"
          printf "" > script
        }
        if (kind != "config") command = "run"
        next
      }
      flush(); fence = 0; kind = ""; next
    }
    !fence {
      if ($0 ~ /^<!-- examples: skip/) skip = 1
      else if ($0 ~ /^<!-- config: [a-z]+ -->/) { split($0, w, " "); command = w[3] }
      else if ($0 !~ /^[ \t]*$/) { skip = 0; command = "run" }
      next
    }
    kind == "config" { yaml = yaml (yaml == "" ? "" : "\\n") $0; next }
    kind == "python" { print > script; next }
    kind == "console" || kind == "sh" {
      line = $0
      if (pending == "") {
        if (kind == "console") { if (line !~ /^\$ /) next; line = substr(line, 3) }
        else if (line ~ /^[ \t]*(#|$)/) next
        first = NR
      }
      if (line ~ /\\$/) { pending = pending substr(line, 1, length(line) - 1) " "; next }
      printf "cmd\t%d\t%s\n", first, pending line
      pending = ""
    }' "$1"
}

failures=0
ran=0
for f in "$@"; do
  work=$scratch/$(echo "$f" | tr / _)
  mkdir -p "$work"
  ln -s "$build" "$work/build"
  for d in configs problems bench docs games; do ln -s "$src/$d" "$work/$d"; done
  while IFS=$'\t' read -r kind line text; do
    ran=$((ran + 1))
    if [[ $kind == cmd ]]; then
      what="\$ $text"
      out=$(cd "$work" && PATH="$build:$PATH" timeout "$per_command_s" \
            bash -o pipefail -c "$text" </dev/null 2>&1)
    elif [[ $kind == python ]]; then
      if [[ ! -d $build/python/gametree ]]; then  # a build without the module (GTS_PYTHON off)
        ran=$((ran - 1))
        continue
      fi
      what="the python block at line $line"
      out=$(cd "$work" && PYTHONPATH="$build/python" PYTHONDONTWRITEBYTECODE=1 \
            MPLBACKEND=Agg MPLCONFIGDIR="$work/.mpl" timeout "$per_command_s" \
            "${GTS_PYTHON3:-python3}" "$text" </dev/null 2>&1)
    else
      command=${kind#config-}
      config=$work/example-$line.yaml
      printf '%b\n' "$text" >"$config"
      what="harness $command --check (the config at line $line)"
      out=$(cd "$work" && timeout "$per_command_s" "$build/harness" "$command" --check "$config" 2>&1)
    fi
    code=$?
    if ((code != 0)); then
      failures=$((failures + 1))
      echo "$f:$line: exit $code: $what" >&2
      printf '%s\n' "$out" | tail -n 15 | sed 's/^/    /' >&2
    fi
  done < <(examples "$f" "$work")
done
echo "examples: $ran run, $failures failed"
((failures == 0))
