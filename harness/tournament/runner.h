// `harness run`: plays the tournament a YAML config describes, in parallel on oneTBB, journaling
// every finished game, and writes the run folder's reports.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "harness/mpi/work_distributor.h"
#include "harness/pipeline/run_pipeline.h"
#include "harness/tournament/report.h"

namespace gts {

// The pipeline's request (config, --threads, --out, --resume, --quiet: no progress; the
// standings are still printed), --seed and what is shown while it plays.
struct RunOptions : RunRequest {
  std::optional<std::uint64_t> seed;  // overrides the config's `seed`
  bool debug = false;  // engines' whole protocol exchange into DIR/engines/<player>.log
  bool live = false;   // after each game cutechess's "Score of A vs B" line on stderr
  std::optional<int> rating_interval;  // overrides the config's tournament.rating_interval
  bool json = false;   // the final standings as one JSON object (RunReport), not as text
  // Written at the end where not empty: a copy of games.pgn, the final positions (one a line),
  // every engine's log gathered into one file.
  std::string pgn_out, epd_out, log_out;
};

struct RunReport {
  int exit_code = 0;  // 0 when every game was played; 130 when stopped by a signal, 1 by an error
  std::string dir;    // the run folder
  int games_played = 0;     // by this invocation
  double wall_s = 0;        // of the parallel part
  double cpu_s = 0;         // process CPU during it, all threads
  double search_cpu_s = 0;  // of which inside searches
  std::vector<Standing> standings;  // at the end
  std::vector<PairingStats> pairings;
  std::string sprt;  // the SPRT's summary where one ran
  int games = 0;     // recorded in the folder
};

// Plays the run; when stopped by a signal every finished game is kept and the resume command is
// printed. Bad configs throw ConfigError, bad options ParamError. Under mpirun, rank 0 runs this
// and hands the games out to the other ranks (harness/mpi/work_distributor.h); it alone writes.
RunReport run_tournament(const RunOptions& options);

// `run --check`: everything the run would refuse before its first game, with nothing started or
// written but the engines' handshake: the config, its openings and tables, each engine that
// must start (check_engines_start) and the run folder (check_run).
void check_tournament(const RunOptions& options);

// The runner a worker rank plays its share of `harness run` with (the "tournament" JobKinds
// entry); `context` comes from rank 0. Throws ConfigError when the config differs from rank 0's.
std::unique_ptr<JobRunner> make_tournament_jobs(const std::string& context);

}  // namespace gts
