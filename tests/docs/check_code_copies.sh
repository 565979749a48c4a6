#!/usr/bin/env bash
# A code block that copies a file of the repository says so on the line before it,
# `<!-- copy of: PATH -->`, and must equal that file, so that the docs show the code the tests
# build. Usage: check_code_copies.sh SOURCE_DIR
set -uo pipefail
cd "${1:?usage: $0 SOURCE_DIR}"
failures=0
checked=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for f in README.md $(find docs -name '*.md' | sort); do
  # Each marked block into scratch/N with its path in scratch/N.path.
  rm -f "$scratch"/*
  awk -v dir="$scratch" '
    /^<!-- copy of: .* -->$/ { path = $4; want = 1; next }
    want && /^```/ && !inside { inside = 1; n++; out = dir "/" n; printf "" > out;
                                print path > (out ".path"); close(out ".path"); next }
    inside && /^```$/ { inside = 0; want = 0; close(out); next }
    inside { print > out; next }
    { want = 0 }' "$f"
  for block in "$scratch"/*.path; do
    [[ -e $block ]] || continue
    path=$(cat "$block")
    checked=$((checked + 1))
    if ! diff -q "${block%.path}" "$path" >/dev/null 2>&1; then
      echo "$f: the block marked as a copy of $path differs from it (or it does not exist)" >&2
      failures=$((failures + 1))
    fi
  done
done
echo "code copies: $checked checked, $failures differ"
((failures == 0 && checked > 0))
