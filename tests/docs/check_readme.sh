#!/usr/bin/env bash
# README.md stays the front door: under 15,000 bytes (the manual is docs/), and no commit hash in
# it (measurements and their commits live in docs/results/).
# Usage: check_readme.sh SOURCE_DIR
set -euo pipefail
readme=${1:?usage: $0 SOURCE_DIR}/README.md
status=0
size=$(wc -c <"$readme")
if ((size >= 15000)); then
  echo "README.md is $size bytes; keep it under 15,000 and move the detail into docs/" >&2
  status=1
fi
# A commit hash: 7 to 40 hex digits with a letter and a digit, standing alone.
if hashes=$(grep -noE '(^|[^0-9A-Za-z_])[0-9a-f]{7,40}([^0-9A-Za-z_]|$)' "$readme" |
            grep -E ':[^:]*[a-f][^:]*$' | grep -E ':[^:]*[0-9][^:]*$'); then
  echo "README.md cites commits (put them in docs/results/):" >&2
  printf '%s\n' "$hashes" | sed -E 's/^([0-9]+):[^0-9a-f]*([0-9a-f]+).*/  README.md:\1: \2/' >&2
  status=1
fi
if ((status == 0)); then echo "README.md: $size bytes, no commit hash"; fi
exit $status
