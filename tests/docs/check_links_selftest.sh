#!/usr/bin/env bash
# check_links.sh finds what it is for: in a scratch tree, a link to a missing file and a link to
# a missing heading each fail it, named by file and line; good links and anchors (a repeated
# heading's -1, punctuation dropped, code and web links left alone) pass.
set -euo pipefail
checker=$(dirname "$0")/check_links.sh
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
mkdir -p "$tree/docs"
cat >"$tree/README.md" <<'MD'
# Top
See [the guide](docs/guide.md#running-harness-run), [again](docs/guide.md#notes-1),
[here](#top), [the web](https://example.org/x.md) and `[code](nowhere.md)`.
MD
cat >"$tree/docs/guide.md" <<'MD'
# Guide
## Running: `harness run`
## Notes
## Notes
```
[in a fence](missing.md)
```
MD
bash "$checker" "$tree" >/dev/null

echo 'A [bad file](docs/missing.md).' >>"$tree/README.md"
echo 'A [bad anchor](#no-such-heading).' >>"$tree/docs/guide.md"
if errors=$(bash "$checker" "$tree" 2>&1 >/dev/null); then
  echo "check_links.sh passed a tree with a missing file and a missing anchor" >&2
  exit 1
fi
grep -q '^README.md:4: (docs/missing.md): no file docs/missing.md$' <<<"$errors" ||
  { echo "missing file not reported: $errors" >&2; exit 1; }
grep -q "^docs/guide.md:8: (#no-such-heading): no heading '#no-such-heading' in docs/guide.md$" \
  <<<"$errors" || { echo "missing anchor not reported: $errors" >&2; exit 1; }
echo "check_links.sh: a missing file and a missing anchor are found"
