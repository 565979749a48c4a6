#!/usr/bin/env bash
# Every relative link and anchor in the project's Markdown resolves: a link's file (or folder)
# exists, and a link's #anchor is a heading of its target, slugged as GitHub does (lower case,
# punctuation dropped, spaces to hyphens, a repeated heading's slug numbered -1, -2, ...).
# Links to the web are not followed. Prints FILE:LINE: the link and what is missing.
# Usage: check_links.sh ROOT [FILE.md...]   (default: README.md and every .md under docs/,
# problems/ and results/)
set -euo pipefail
root=$(cd "${1:?usage: $0 ROOT [FILE.md...]}" && pwd)
shift
cd "$root"
if (($# == 0)); then
  set -- README.md $(find docs problems results -name '*.md' 2>/dev/null | sort)
fi

# Headings outside code fences, as FILE<TAB>SLUG.
anchors() {
  awk -v file="$1" '
    /^```/ {fence = !fence; next}
    fence || !/^#+ / {next}
    {
      text = $0
      sub(/^#+ +/, "", text); sub(/ +#+ *$/, "", text)
      gsub(/\[/, "", text); gsub(/\]\([^)]*\)/, "", text)   # a link in a heading: its text
      slug = tolower(text)
      gsub(/[^a-z0-9 _-]/, "", slug)
      gsub(/ /, "-", slug)
      if (slug in seen) { n = ++seen[slug]; slug = slug "-" n } else seen[slug] = 0
      print file "\t" slug
    }' "$1"
}

# Links outside code fences and inline code, as LINE<TAB>TARGET.
links() {
  awk '
    /^```/ {fence = !fence; next}
    fence {next}
    {
      line = $0
      gsub(/`[^`]*`/, "", line)
      while (match(line, /\]\([^) ]+\)/)) {
        print NR "\t" substr(line, RSTART + 2, RLENGTH - 3)
        line = substr(line, RSTART + RLENGTH)
      }
    }' "$1"
}

status=0
checked=0
for f in "$@"; do
  while IFS=$'\t' read -r line target; do
    case $target in http://* | https://* | mailto:*) continue ;; esac
    checked=$((checked + 1))
    path=${target%%#*}
    anchor=
    [[ $target == *'#'* ]] && anchor=${target#*#}
    if [[ -z $path ]]; then
      resolved=$f
    else
      resolved=$(realpath -m --relative-to="$root" "$(dirname "$f")/$path")
    fi
    if [[ ! -e $resolved ]]; then
      echo "$f:$line: ($target): no file $resolved" >&2
      status=1
      continue
    fi
    if [[ -n $anchor ]]; then
      if [[ $resolved != *.md ]]; then
        echo "$f:$line: ($target): an anchor into $resolved, which is not Markdown" >&2
        status=1
      elif ! anchors "$resolved" | grep -qxF "$resolved"$'\t'"$anchor"; then
        echo "$f:$line: ($target): no heading '#$anchor' in $resolved" >&2
        status=1
      fi
    fi
  done < <(links "$f")
done
if ((status == 0)); then echo "links: $checked relative links in $# files resolve"; fi
exit $status
