#!/usr/bin/env bash
# The doors run one way. Each rule names the product files it governs (tests aside) and either
# the project includes they may not have, or the only ones they may; a violation prints
# FILE:LINE: the include and the rule, and the check fails.
#
#   common/            the input-error type and the interrupt flag: include nothing of the project
#   games/             include nothing of algorithms or the harness
#   algorithms/        include nothing of the harness
#   harness/stats/     pure statistics: only harness/stats/ (and common/)
#   harness/mpi/       job distribution: only harness/mpi/ (and common/)
#   the registry       (harness/registry.*, harness/games/, harness/algorithms/, harness/trace/,
#                      the game adapters and goal problems) knows no command
#   the commands       (pipeline, tournament, compare, solve, tune, play, report, tree, config,
#                      engine, serve)
#                      include no CLI and no concrete game (games/<game>/)
#   the pipeline       knows no command
#   the match loop     (harness/match/) knows no command, no CLI and no engine: players come to
#                      it through the Player interface
set -euo pipefail
cd "${1:-$(dirname "$0")/..}"

status=0
project='common/|games/|algorithms/|harness/'

# The product's includes of the files matching $1, as FILE:LINE:#include "PATH".
includes() {
  find common games algorithms harness \( -name '*.h' -o -name '*.cpp' \) 2>/dev/null |
    grep -E "$1" | grep -vE '_test\.cpp$' | sort |
    xargs -r grep -nHE "^#include \"($project)" || true
}

report() {
  if [[ -n $1 ]]; then
    printf '%s\n' "$1" | sed "s|\$|   <- $2|" >&2
    status=1
  fi
}

# forbid FILES INCLUDES RULE: no file of FILES includes a path matching INCLUDES.
forbid() { report "$(includes "$1" | grep -E "#include \"($2)" || true)" "$3"; }
# only FILES INCLUDES RULE: every project include of FILES matches INCLUDES.
only() { report "$(includes "$1" | grep -vE "#include \"($2)" || true)" "$3"; }

forbid '^common/' "$project" 'common/ includes nothing of the project'
forbid '^games/' 'algorithms/|harness/' 'games include nothing of algorithms or the harness'
forbid '^algorithms/' 'harness/' 'algorithms include nothing of the harness'
only '^harness/stats/' 'common/|harness/stats/' 'statistics include only harness/stats/ and common/'
only '^harness/mpi/' 'common/|harness/mpi/' 'mpi includes only harness/mpi/ and common/'
forbid '^harness/(registry\.|goal_problem|game_adapter|game_record|games/|algorithms/|trace/)' \
  'harness/(cli|pipeline|tournament|compare|solve|tune|play|report|tree|mpi|stats|config|serve)/' \
  'the registry knows no command'
forbid '^harness/(pipeline|tournament|compare|solve|tune|play|report|tree|config|engine|serve)/' \
  'harness/cli/|games/[a-z_]+/' 'a command includes no CLI and no concrete game'
forbid '^harness/pipeline/' 'harness/(tournament|compare|solve|tune|play|report|tree|engine|serve)/' \
  'the pipeline knows no command'
forbid '^harness/match/' \
  'harness/(cli|pipeline|tournament|compare|solve|tune|play|report|tree|config|engine)/|games/[a-z_]+/' \
  'the match loop knows only the registry and its Players'

if ((status == 0)); then echo "layers: every include runs one way"; fi
exit $status
