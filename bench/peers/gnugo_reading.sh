#!/bin/bash
# GNU Go's reading regression as a benchmark for `harness solve`: every attack/defend test of
# regression/reading.tst, whole board, GNU Go's own answer next to ours.
#
#   bench/peers/gnugo_reading.sh PATH_TO_GNUGO_SOURCE_CHECKOUT [options]
#
#   --algorithm NAME   our solver (default dfpn+); --option KEY=VALUE (repeatable) sets its options
#   --param KEY=VALUE  a go-capture parameter (repeatable; see `harness games`), e.g. max_plies=20;
#                      superko=off always (GNU Go reads with simple ko)
#   --time-ms N        per problem (default 3000); --nodes N (default 0: no node limit)
#   --threads N        problems solved at once (default 1: times are per core)
#   --tests LIST       only these test numbers, e.g. 1,5,20-30 (default all)
#   --gnugo PATH       the GNU Go to ask (default: gnugo on PATH, else /usr/games/gnugo)
#   --out DIR          work folder (default build-peers/gnugo-reading, which git ignores)
#   --skip-solve       convert and ask GNU Go only
#
# PATH_TO_GNUGO_SOURCE_CHECKOUT: GNU Go's sources (not a dependency; e.g. a clone of a mirror
# such as github.com/runningskull/gnugo); regression/reading.tst and regression/games/ are read.
# The installed gnugo is fed the test file's own commands (loadsgf, trymove, popgo, play,
# increase_depths, ...) in one process for its answers, as GNU Go's regress.sh does; a second
# process replays them with trymove as play and popgo as undo (GNU Go asserts on list_stones
# and all_legal inside a trymove) and asks each test's stones and legal moves (for the ko point).
# Each position becomes
# OUT/problems/reading-N.sgf: the stones, PL (attack X: the opponent of X's owner moves; defend X:
# X's owner), MA[X], KO (a point the side to move may not play: a ko just taken), XE with GNU Go's
# reading depths at that test (past fourlib_depth, 7, four liberties are alive, past depth, 16,
# three; counted from the test's trymoves, raised by increase_depths: so both answer the same
# question; --param escape_after=none asks ours the stricter one, five liberties throughout),
# XR from GNU Go's answer (0 disproved, 1 proved, 2 or 3 proved by ko), no region. Then
# `build/harness solve` runs them (OUT/solve/) and OUT/results.csv gets one row per test; a table
# per board size is printed and written to OUT/table.md. Positions that cannot be converted are
# listed with the reason.
# Needs bash, awk (mawk will do), sed, tr, cut and `cmake --build build --target harness`.
set -euo pipefail
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 2; }
[ $# -ge 1 ] || usage
case $1 in -h | --help) usage ;; esac
src=$(cd "$1" && pwd)
shift
root=$(cd "$(dirname "$0")/../.." && pwd)
algorithm=dfpn+
options=()
params=()
time_ms=3000
nodes=0
threads=1
tests=""
gnugo=""
out=$root/build-peers/gnugo-reading
skip_solve=0
while [ $# -gt 0 ]; do
  case $1 in
    --algorithm) algorithm=$2; shift 2 ;;
    --option | --param)
      [[ ${2-} == ?*=* ]] || { echo "gnugo_reading: $1 wants KEY=VALUE, got '${2-}'" >&2; exit 2; }
      if [ "$1" = --option ]; then options+=("$2"); else params+=("$2"); fi
      shift 2 ;;
    --time-ms) time_ms=$2; shift 2 ;;
    --nodes) nodes=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --tests) tests=$2; shift 2 ;;
    --gnugo) gnugo=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --skip-solve) skip_solve=1; shift ;;
    *) echo "gnugo_reading: unknown option '$1'" >&2; usage ;;
  esac
done
tst=$src/regression/reading.tst
[ -f "$tst" ] || { echo "gnugo_reading: no $tst" >&2; exit 2; }
if [ -z "$gnugo" ]; then
  gnugo=$(command -v gnugo || true)
  [ -n "$gnugo" ] || gnugo=/usr/games/gnugo
fi
[ -x "$gnugo" ] || { echo "gnugo_reading: no GNU Go at '$gnugo' (apt-get install gnugo)" >&2; exit 2; }
harness=$root/build/harness
if [ "$skip_solve" = 0 ] && [ ! -x "$harness" ]; then
  echo "gnugo_reading: build $harness first (cmake --build build --target harness)" >&2
  exit 2
fi
# The solver, its options and the game parameters, checked before GNU Go is asked anything: one
# search of the built-in problem (a ladder, proved at once) names a bad one.
if [ "$skip_solve" = 0 ]; then
  check=("$harness" search --game go-capture --param superko=off --algorithm "$algorithm"
         --depth max --max-nodes 1)
  for p in "${params[@]}"; do check+=(--param "$p"); done
  for o in "${options[@]}"; do check+=(--option "$o"); done
  if ! why=$("${check[@]}" 2>&1 >/dev/null); then
    echo "gnugo_reading: ${why#error: }" >&2
    exit 2
  fi
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -rf "$out/problems" "$out/solve"
mkdir -p "$out/problems"

# 1. The tests, and two GTP command files. answers.gtp is reading.tst's own commands with a
#    cputime before and after each test: GNU Go answers as in its regression. GNU Go asserts when
#    asked for stones or legal moves inside a trymove, so positions.gtp plays the same moves
#    (trymove -> play, popgo -> undo) and asks, before each test, the board size, the stones and
#    the legal moves of both colours. Test N's commands have ids 1000000 + 10 N + k; every other
#    command gets 9000000 + its line number, so a failure can be traced to its line.
awk -v only="$tests" -v meta="$out/tests.tsv" -v answers="$out/answers.gtp" \
    -v positions="$out/positions.gtp" '
  function wanted(n,   parts, k, r) {
    if (only == "") return 1
    split(only, parts, ",")
    for (k in parts) {
      if (split(parts[k], r, "-") == 2) { if (n >= r[1] + 0 && n <= r[2] + 0) return 1 }
      else if (n == parts[k] + 0) return 1
    }
    return 0
  }
  function flush() {
    if (pending != "") print pending "\t\t\t\t" reading > meta
    pending = ""
  }
  BEGIN { OFS = "\t"; setup_line = 0; file = ""; movenum = ""; nmoves = 0; depthmod = 0 }
  { sub(/\r$/, "") }
  /^#\?/ {
    if (pending != "") {
      answer = $0
      sub(/^#\? *\[/, "", answer)
      star = (answer ~ /\][ \t]*\*/) ? "yes" : "no"
      sub(/\].*$/, "", answer)
      codes = answer
      sub(/[ \t].*$/, "", codes)
      gsub(/[^0-9]/, "", codes)
      print pending, answer, codes, star, reading > meta
      pending = ""
    }
    next
  }
  /^[ \t]*#/ || /^[ \t]*$/ { next }
  {
    line = $0
    sub(/[ \t]*#.*$/, "", line)
    sub(/^[ \t]+/, "", line)
    n = split(line, w, /[ \t]+/)
    id = ""
    if (w[1] ~ /^[0-9]+$/) { id = w[1]; cmd = w[2]; first = 2 } else { cmd = w[1]; first = 1 }
    args = ""
    for (k = first + 1; k <= n; ++k) args = args " " w[k]
    if (id == "") id = 9000000 + NR
    if (cmd == "loadsgf") {
      flush()
      setup_line = NR; file = w[first + 1]; movenum = (n > first + 1) ? w[first + 2] : ""
      nmoves = 0
    } else if (cmd == "trymove" || cmd == "tryko" || cmd == "play") {
      moves[++nmoves] = cmd " " w[first + 1] " " w[first + 2]
    } else if (cmd == "popgo") {
      for (k = nmoves; k >= 1; --k) if (moves[k] != "" && moves[k] !~ /^play/) { moves[k] = ""; break }
    }
    if (cmd == "increase_depths") ++depthmod
    if (cmd == "decrease_depths") --depthmod
    if ((cmd == "attack" || cmd == "defend") && id < 9000000) {
      flush()
      if (!wanted(id + 0)) next
      base = 1000000 + 10 * id
      extra = ""
      stackp = 0
      for (k = 1; k <= nmoves; ++k) if (moves[k] != "") {
        extra = extra (extra == "" ? "" : "; ") moves[k]
        if (moves[k] !~ /^play/) ++stackp
      }
      reading = stackp ":" depthmod
      print base + 1 " query_boardsize" > positions
      print base + 2 " list_stones black" > positions
      print base + 3 " list_stones white" > positions
      print base + 6 " all_legal black" > positions
      print base + 7 " all_legal white" > positions
      print base + 4 " cputime" > answers
      print id " " cmd args > answers
      print base + 5 " cputime" > answers
      pending = id "\t" cmd "\t" toupper(w[first + 1]) "\t" file "\t" movenum "\t" extra "\t" \
                setup_line "\t" NR
      next
    }
    print id " " cmd args > answers
    if (cmd == "trymove" || cmd == "tryko") print id " play" args > positions
    else if (cmd == "popgo") print id " undo" > positions
    else print id " " cmd args > positions
  }
  END { flush(); print "quit" > answers; print "quit" > positions }
' "$tst"
[ -s "$out/tests.tsv" ] || { echo "gnugo_reading: no attack/defend tests selected" >&2; exit 2; }

# 2. GNU Go, in the regression folder (the test file's paths are relative to it).
echo "asking $gnugo ($(wc -l < "$out/tests.tsv") tests) ..." >&2
for pass in answers positions; do
  (cd "$src/regression" && "$gnugo" --quiet --mode gtp < "$out/$pass.gtp" > "$out/$pass.out" \
     2> "$out/$pass.err") || echo "gnugo_reading: gnugo exited with an error (see $out/$pass.err)" >&2
done
# One line per response: pass, id, = or ?, text (its first line).
for pass in answers positions; do
  awk -v pass="$pass" '/^[=?][0-9]+/ {
      s = substr($0, 1, 1); id = substr($0, 2); sub(/[ \t].*$/, "", id)
      t = $0; sub(/^[=?][0-9]+[ \t]?/, "", t); print pass "\t" id "\t" s "\t" t }' "$out/$pass.out"
done > "$out/responses.tsv"

# 3. Each position as a problem file, or a line in convert.tsv saying why it cannot be one.
#    convert.tsv: id, command, target, size, why not (empty when converted), GNU Go's code, its
#    answer, the expected codes, GNU Go's cpu seconds, expected to fail, side to move, ko point,
#    the expected answer, whether GNU Go passes the test as its regress.awk judges (the whole
#    answer, move included, matches the expected pattern).
awk -F'\t' -v dir="$out/problems" '
  function gtp_xy(v, size,   c, r) {  # "G1" -> "x y" from the top-left, or "" when off the board
    c = index("ABCDEFGHJKLMNOPQRSTUVWXYZ", toupper(substr(v, 1, 1))) - 1
    r = substr(v, 2) + 0
    if (c < 0 || c >= size || r < 1 || r > size || substr(v, 2) !~ /^[0-9]+$/) return ""
    return c " " (size - r)
  }
  function sgf(x, y) { return substr(letters, x + 1, 1) substr(letters, y + 1, 1) }
  function fail(why,   ok) {  # the answer GNU Go gave, if any, still counts
    ok = (code ~ /^[0-3]$/) ? code : ""
    print id, cmd, target, size, why, ok, gnugo, codes, "", star, "", "", answer,
          (ok != "" && gnugo ~ ("^" answer "$")) ? "yes" : "no"
  }
  BEGIN { OFS = "\t"; letters = "abcdefghijklmnopqrstuvwxyz" }
  FILENAME ~ /responses.tsv$/ {
    key = $1 SUBSEP $2
    status[key] = $3; text[key] = $4
    if ($2 + 0 >= 9000000 && $3 == "?") refused[$2 - 9000000] = $1 ": " $4
    next
  }
  {
    id = $1; cmd = $2; target = $3; file = $4; movenum = $5; extra = $6; setup_line = $7
    line = $8; answer = $9; codes = $10; star = $11
    # GNU Go reads a string with 4 liberties as alive past stackp fourlib_depth (7), with 3 past
    # depth (16), both raised by increase_depths; stackp counts the trymoves before the test.
    split($12, rd, ":")
    four = 7 + rd[2] - rd[1]; three = 16 + rd[2] - rd[1]
    base = 1000000 + 10 * id
    size = text["positions", base + 1] + 0
    gnugo = (status["answers", id] == "=") ? text["answers", id] : ""
    code = gnugo; sub(/[ \t].*$/, "", code)
    why = ""
    for (l = setup_line; l < line; ++l) if (l in refused) why = "GNU Go refused line " l " of reading.tst (" refused[l] ")"
    if (why != "") { fail(why); next }
    if (status["answers", id] != "=") { fail("GNU Go gave no answer (" status["answers", id] " " text["answers", id] ")"); next }
    if (code !~ /^[0-3]$/) { fail("GNU Go answered \"" gnugo "\""); next }
    if (status["positions", base + 1] != "=" || status["positions", base + 2] != "=" ||
        status["positions", base + 3] != "=") { fail("GNU Go did not give the position"); next }
    if (size < 5 || size > 19) { fail("board size " size " (the go-capture game takes 5 to 19)"); next }
    for (x = 0; x < size; ++x) for (y = 0; y < size; ++y) board[x, y] = 0
    for (c = 1; c <= 2; ++c) {
      stones[c] = ""
      m = split(text["positions", base + 1 + c], pts, " ")
      for (k = 1; k <= m; ++k) {
        xy = gtp_xy(pts[k], size); split(xy, p, " ")
        board[p[1], p[2]] = c
        stones[c] = stones[c] "[" sgf(p[1], p[2]) "]"
      }
    }
    xy = gtp_xy(target, size)
    if (xy == "") { fail("the target " target " is off the board"); next }
    split(xy, t, " ")
    owner = board[t[1], t[2]]
    if (owner == 0) { fail("no stone at the target " target); next }
    mover = (cmd == "attack") ? 3 - owner : owner
    # The ko point: an empty point the mover may not play although it would capture a single
    # stone with no other liberty (so it is not a suicide).
    for (k in is_legal) delete is_legal[k]
    m = split(text["positions", base + 5 + mover], lv, " ")
    for (k = 1; k <= m; ++k) { xy = gtp_xy(lv[k], size); if (xy != "") is_legal[xy] = 1 }
    ko = ""
    for (x = 0; x < size; ++x) for (y = 0; y < size; ++y) {
      if (board[x, y] != 0 || ((x " " y) in is_legal)) continue
      for (d = 0; d < 4; ++d) {
        qx = x + (d == 0) - (d == 1); qy = y + (d == 2) - (d == 3)
        if (qx < 0 || qy < 0 || qx >= size || qy >= size || board[qx, qy] != 3 - mover) continue
        single = 1
        for (e = 0; e < 4; ++e) {
          rx = qx + (e == 0) - (e == 1); ry = qy + (e == 2) - (e == 3)
          if (rx < 0 || ry < 0 || rx >= size || ry >= size || (rx == x && ry == y)) continue
          if (board[rx, ry] == 0 || board[rx, ry] == 3 - mover) single = 0
        }
        if (single) ko = sgf(x, y)
      }
    }
    xr = (code == "0") ? "disproved" : (code == "1") ? "proved" : "proved by ko"
    where = file (movenum != "" ? " at move " movenum : "") (extra != "" ? ", then " extra : "")
    comment = "reading.tst " id " (line " line "): " cmd " " target ", " where "; expected [" \
              answer "]" (star == "yes" ? "*" : "") "; GNU Go: " gnugo
    gsub(/\]/, "\\]", comment)
    problem = dir "/reading-" id ".sgf"
    printf "(;FF[4]GM[1]SZ[%d]GN[reading-%d]\nC[%s]\n", size, id, comment > problem
    if (stones[1] != "") printf "AB%s\n", stones[1] > problem
    if (stones[2] != "") printf "AW%s\n", stones[2] > problem
    printf "PL[%s]MA[%s]", (mover == 1 ? "B" : "W"), sgf(t[1], t[2]) > problem
    if (ko != "") printf "KO[%s]", ko > problem
    if (four >= 0) printf "XE[%d:4][%d:3]", four, three > problem
    else if (three >= 0) printf "XL[4]XE[%d:3]", three > problem
    else printf "XL[3]" > problem
    printf "XR[%s])\n", xr > problem
    close(problem)
    t0 = text["answers", base + 4]; t1 = text["answers", base + 5]
    print id, cmd, target, size, "", code, gnugo, codes, sprintf("%.3f", t1 - t0), star,
          (mover == 1 ? "B" : "W"), ko, answer, (gnugo ~ ("^" answer "$")) ? "yes" : "no"
  }
' "$out/responses.tsv" "$out/tests.tsv" > "$out/convert.tsv"

# Our own parser has the last word on what converts.
if [ -x "$harness" ]; then
  for p in "$out"/problems/*.sgf; do
    [ -f "$p" ] || continue
    if ! msg=$("$harness" search --game go-capture --param "file=$p" --algorithm alphabeta \
                 --depth 1 2>&1 >/dev/null < /dev/null); then
      id=${p##*/reading-}; id=${id%.sgf}
      msg=$(printf '%s' "$msg" | tr '\n\t' '  ' | cut -c1-200)
      rm -f "$p"
      awk -F'\t' -v OFS='\t' -v id="$id" -v why="our parser refused it: $msg" \
        '$1 == id { $5 = why } { print }' "$out/convert.tsv" > "$out/convert.tmp"
      mv "$out/convert.tmp" "$out/convert.tsv"
    fi
  done
fi

unconverted=$(awk -F'\t' '$5 != ""' "$out/convert.tsv" | wc -l)
echo "converted $(ls "$out/problems" | wc -l) positions, $unconverted not" >&2

# The question asked: GNU Go's reading depths (the problems' XE) unless a parameter overrides them.
depths="GNU Go's depths"
for p in "${params[@]}"; do case $p in escape_after=*) depths="" ;; esac; done
# 4. Our solver on every converted problem.
# KEY=VALUE arguments as the entries of a YAML flow map: KEY: "VALUE", ...
yaml_pairs() { printf '"%s", ' "$@" | sed 's/"\([^"=]*\)=\([^"]*\)"/\1: "\2"/g; s/, $//'; }
if [ "$skip_solve" = 0 ] && [ -n "$(ls "$out/problems")" ]; then
  {
    echo "name: gnugo-reading"
    game_params='superko: "off"'
    if [ ${#params[@]} -gt 0 ]; then
      game_params+=", $(yaml_pairs "${params[@]}")"
    fi
    echo "game: {name: go-capture, params: {$game_params}}"
    echo "problems:"
    echo "  - files: problems/*.sgf"
    echo "algorithms:"
    if [ ${#options[@]} -gt 0 ]; then
      echo "  - {name: \"$algorithm\", algorithm: \"$algorithm\", options: {$(yaml_pairs "${options[@]}")}}"
    else
      echo "  - {name: \"$algorithm\", algorithm: \"$algorithm\"}"
    fi
    echo "limits: {nodes: $nodes, time_ms: $time_ms}"
    echo "threads: $threads"
  } > "$out/solve.yaml"
  echo "solving with $algorithm, $time_ms ms per problem ..." >&2
  "$harness" solve "$out/solve.yaml" --out "$out/solve" --quiet > "$out/solve.log" 2>&1 ||
    echo "gnugo_reading: harness solve exited non-zero: an answer differs from GNU Go's (XR) or an error (see $out/solve.log)" >&2
fi

# 5. The per-problem CSV and the table per board size.
solvecsv=$out/solve/solve.csv
[ -f "$solvecsv" ] || solvecsv=/dev/null
awk -F'\t' -v OFS=, -v solvecsv="$solvecsv" -v csv="$out/results.csv" -v table="$out/table.md" \
    -v algorithm="$algorithm${depths:+, $depths}${params[*]:+, ${params[*]}}" -v time_ms="$time_ms" '
  function word(c) { return c == "0" ? "disproved" : c == "1" ? "proved" : c == "" ? "" : "proved by ko" }
  function median(list, n,   a, i, j, t) {
    if (n == 0) return ""
    split(list, a, " ")
    for (i = 2; i <= n; ++i) { t = a[i] + 0; for (j = i - 1; j >= 1 && a[j] + 0 > t; --j) a[j + 1] = a[j]; a[j + 1] = t }
    return (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  function expected_ok(code, codes) { return code != "" && index(codes, code) > 0 }
  BEGIN {
    # solve.csv: problem,algorithm,result,expected,correct,best_move,nodes,time_ms,depth,peak_bytes
    while ((getline l < solvecsv) > 0) {
      if (l ~ /^problem,/) continue
      split(l, f, ",")
      p = f[1]; sub(/^reading-/, "", p)
      result[p] = f[3]; move[p] = f[6]; nodes[p] = f[7]; ms[p] = f[8]
    }
    print "test,command,target,size,gnugo,gnugo_answer,gnugo_cpu_s,expected,expected_to_fail," \
          "gnugo_correct,ours,best_move,nodes,time_ms,agrees_with_gnugo,agrees_with_expected," \
          "to_move,ko,gnugo_passes_regression,not_converted" > csv
  }
  {
    id = $1; size = $4
    cls = (size == 9 || size == 13 || size == 19) ? size "x" size : (size == "" ? "not converted" : "other")
    if ($5 != "") cls = "not converted"
    seen[cls] = 1; tests[cls]++
    star = $10 == "yes"
    gnugo_ok = expected_ok($6, $8)
    ours = result[id]
    settled = ours != "" && ours != "unknown"
    agree = settled ? (ours == word($6) ? "yes" : "no") : ""
    agree_exp = ""
    if (settled) agree_exp = (ours == "disproved" && index($8, "0")) || (ours == "proved" && index($8, "1")) ||
                             (ours == "proved by ko" && ($8 ~ /[23]/)) ? "yes" : "no"
    if ($5 == "") { converted[cls]++ }
    if (gnugo_ok) gok[cls]++
    if (star) stars[cls]++
    if (star && gnugo_ok) stars_ok[cls]++
    if ($14 == "yes") gpass[cls]++
    if ($14 == "yes" && star) gpass_star[cls]++
    if (settled) {
      solved[cls]++; times[cls] = times[cls] " " ms[id]; nn[cls] = nn[cls] " " nodes[id]
      if (ms[id] + 0 > maxms[cls] + 0) maxms[cls] = ms[id]
      if (agree == "yes") agr[cls]++; else dis[cls]++
      if (agree_exp == "yes") agr_e[cls]++; else dis_e[cls]++
      if (gnugo_ok) solved_ok[cls]++
    }
    if (gnugo_ok && $5 == "") {
      conv_ok[cls]++
      okms[cls] = okms[cls] " " (settled ? ms[id] : 1e12)  # unsettled: past any budget
    }
    q = $13; gsub(/"/, "", q)
    r = $5; gsub(/"/, "\"\"", r)
    print id, $2, $3, size, $6, "\"" $7 "\"", $9, "\"" q "\"", $10, gnugo_ok ? "yes" : "no", ours,
          move[id], nodes[id], ms[id], agree, agree_exp, $11, $12, $14, "\"" r "\"" > csv
    all_tests++
  }
  END {
    order[1] = "9x9"; order[2] = "13x13"; order[3] = "19x19"; order[4] = "other"
    order[5] = "not converted"
    print "| board | tests | GNU Go correct | settled in " time_ms / 1000 " s (" algorithm ") | " \
          "of the GNU Go correct | agree with GNU Go | disagree | agree with reading.tst | " \
          "disagree | median ms | max ms | median nodes | median ms of the GNU Go correct |" > table
    print "|---|---|---|---|---|---|---|---|---|---|---|---|---|" > table
    for (i = 1; i <= 6; ++i) {
      c = (i <= 5) ? order[i] : "all"
      if (i <= 5 && !(c in seen)) continue
      if (i <= 5) {
        T[c] = tests[c]; G[c] = gok[c] + 0; C[c] = converted[c] + 0; V[c] = solved[c] + 0
        VO[c] = solved_ok[c] + 0; CO[c] = conv_ok[c] + 0; A[c] = agr[c] + 0; D[c] = dis[c] + 0
        AE[c] = agr_e[c] + 0; DE[c] = dis_e[c] + 0; S[c] = stars[c] + 0; SO[c] = stars_ok[c] + 0
        P[c] = gpass[c] + 0; PS[c] = gpass_star[c] + 0; TL[c] = times[c]; NL[c] = nn[c]
        MX[c] = maxms[c] + 0; OL[c] = okms[c]
        T["all"] += T[c]; G["all"] += G[c]; C["all"] += C[c]; V["all"] += V[c]
        VO["all"] += VO[c]; CO["all"] += CO[c]; A["all"] += A[c]; D["all"] += D[c]
        AE["all"] += AE[c]; DE["all"] += DE[c]; S["all"] += S[c]; SO["all"] += SO[c]
        P["all"] += P[c]; PS["all"] += PS[c]
        TL["all"] = TL["all"] TL[c]; NL["all"] = NL["all"] NL[c]; OL["all"] = OL["all"] OL[c]
        if (MX[c] > MX["all"] + 0) MX["all"] = MX[c]
      }
      med = median(TL[c], V[c]); mn = median(NL[c], V[c]); mo = median(OL[c], CO[c])
      printf "| %s | %d | %d | %d | %d of %d | %d | %d | %d | %d | %s | %s | %s | %s |\n", c,
             T[c], G[c], V[c], VO[c], CO[c], A[c], D[c], AE[c], DE[c],
             med == "" ? "-" : sprintf("%.1f", med), V[c] ? sprintf("%.1f", MX[c]) : "-",
             mn == "" ? "-" : sprintf("%.0f", mn),
             (mo == "" ? "-" : (mo >= 1e12 ? "over " time_ms / 1000 " s" : sprintf("%.1f", mo))) > table
      line2[i] = sprintf("| %s | %d | %d | %d | %d | %d | %d | %d |", c, T[c], G[c], S[c], SO[c],
                         P[c], PS[c], T[c] - C[c])
    }
    print "" > table
    print "| board | tests | GNU Go correct (result code) | marked to fail (*) | of them GNU Go " \
          "correct | GNU Go passes (regress.awk: move too) | of them marked * | not converted |" > table
    print "|---|---|---|---|---|---|---|---|" > table
    for (i = 1; i <= 6; ++i) if (i in line2) print line2[i] > table
  }
' "$out/convert.tsv"
sed 's/^$//' "$out/table.md"
echo
echo "median and max ms, median nodes: over the settled problems; the last median: over the converted"
echo "tests GNU Go answers correctly, an unsettled one counted as over the budget. \"of them GNU Go"
echo "correct\": settled among the converted tests GNU Go answers as reading.tst expects (its result code)."
echo "per test: $out/results.csv; problems: $out/problems/; our run: $out/solve/"
if [ "$unconverted" -gt 0 ]; then
  echo "not converted:"
  awk -F'\t' '$5 != "" { print "  test " $1 " (" $2 " " $3 "): " $5 }' "$out/convert.tsv"
fi
dis=$(awk -F, 'NR > 1 && $15 == "no"' "$out/results.csv" | wc -l)
if [ "$dis" -gt 0 ]; then
  echo "disagreements with GNU Go (test, command, target, GNU Go, ours, our move, expected):"
  awk -F, 'NR > 1 && $15 == "no" { print "  " $1 " " $2 " " $3 " (" $4 "x" $4 "): GNU Go " $6 ", ours " $11 " " $12 ", expected " $8 ($9 == "yes" ? "*" : "") }' \
    "$out/results.csv"
fi
