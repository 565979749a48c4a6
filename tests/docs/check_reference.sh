#!/usr/bin/env bash
# The generated reference pages (docs/reference/cli.md, registry.md) say what the program says:
# regenerated from HARNESS's --help, `games` and `algorithms`, they equal the committed ones.
# Usage: check_reference.sh HARNESS SOURCE_DIR
set -euo pipefail
bin=${1:?usage: $0 HARNESS SOURCE_DIR}
src=${2:?usage: $0 HARNESS SOURCE_DIR}
fresh=$(mktemp -d)
trap 'rm -rf "$fresh"' EXIT
bash "$src/scripts/gen_reference.sh" "$bin" "$fresh"
status=0
for page in cli.md registry.md; do
  if ! diff -u "$src/docs/reference/$page" "$fresh/$page" >&2; then
    echo "docs/reference/$page differs from what the program prints (above: - committed, + now);" \
         "run: bash scripts/gen_reference.sh build/harness docs/reference" >&2
    status=1
  fi
done
if ((status == 0)); then echo "reference: cli.md and registry.md match the program"; fi
exit $status
