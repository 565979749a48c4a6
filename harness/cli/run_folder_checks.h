// The whole-folder checks of a compare, solve or tune run, which `harness replay` and `harness
// report` make before trusting one: every file the kind writes present (or its absence explained
// by run.yaml's status), complete and with its header, each row's key once and known to the other
// files, and the counts the files share in agreement. Of a tournament, replay checks its games
// itself and its run.yaml and tables here.
#pragma once

#include <map>
#include <string>

#include "harness/pipeline/folder_check.h"
#include "harness/tournament/journal.h"

namespace gts::cli {

// The kind of run DIR holds by its run.yaml's program: "tournament", "compare", "solve", "tune";
// "" when it has no run.yaml that says.
std::string run_kind(const std::string& dir);

// run.yaml whole: present, complete, YAML, no key given twice, nothing but its `run` and `config`
// maps, and counts that are counts.
void check_run_yaml(const std::string& dir, Findings& findings);

// Checks a tournament run folder whole and plays its games back from games.txt (`game` >= 0: that
// game only, drawn move by move); each disagreement is a finding; `say`: replay's summary lines
// on stdout. Throws ParamError for a run without output.moves (no games.txt) or a --game it lacks.
void check_tournament_folder(const std::string& dir, int game, bool say, Findings& findings);

// Checks a compare, solve or tune run folder whole; each disagreement is a finding.
void check_run_folder(const std::string& kind, const std::string& dir, Findings& findings);

// A tournament's tables (standings.csv, crosstable.csv, pairs.csv): present (written at the run's
// end: `status` says why they may not be), complete, each player or pairing once; with `games`
// (games.csv's rows) sound, each count what they give.
void check_tournament_tables(const std::string& dir, const std::string& status,
                             const std::map<int, GameRow>& games, bool games_sound,
                             Findings& findings);

}  // namespace gts::cli
