// The tournament's reports, computed from games.csv alone (so a resumed run reports exactly what
// an uninterrupted one does): standings.csv, crosstable.csv (and its long form) and pairs.csv.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "harness/stats/elo.h"
#include "harness/tournament/journal.h"

namespace gts {

struct Standing {
  std::string player;
  WdlCounts wdl;  // its points: wdl.points()
  // Maximum-likelihood rating, mean 0 over the reference group (the players whose ratings exist
  // together), with its 95% interval. A player outside that group (who won or lost every game
  // against it) has no finite rating: elo is NaN and [elo_lo, elo_hi] is the one-sided 95% bound
  // the games support (see bound_unrated_players in report.cpp). A reference group of one player
  // is rated 0 by definition, with no interval (NaN).
  double elo = 0, elo_lo = 0, elo_hi = 0;
  std::string rating_status;  // "ok", "reference", or why the rating does not exist
  double nodes_per_move = 0, cpu_us_per_move = 0;
  int forfeits = 0;
  int unsearched = 0;  // moves played without a completed depth
};

// The counts ll ... ww: the pentanomial over complete game pairs, A's view.
struct PairingStats : PentanomialCounts {
  std::string a, b;  // A is the player who moved first in the pair's first game
  WdlCounts wdl;     // A's view
  EloEstimate elo;   // from the pentanomial, A's view
  BayesElo bayes;    // from W/D/L (NaN without a win and a loss)
};

// Standings sorted by score (then rating, then name).
std::vector<Standing> compute_standings(const std::vector<std::string>& players,
                                        const std::vector<GameRow>& rows);
std::vector<PairingStats> compute_pairings(const std::vector<GameRow>& rows);

// The crosstable's cells: the row player's points against the column player, "points/games", for
// each pair of players that met.
std::map<std::pair<std::string, std::string>, std::string> crosstable_cells(
    const std::vector<GameRow>& rows);

// The header lines of standings.csv, pairs.csv and crosstable_long.csv, without their newline.
std::string standings_csv_header();
std::string pairs_csv_header();
std::string crosstable_long_csv_header();
// crosstable_long.csv: the crosstable's long form, a row per (player, opponent) that met, in the
// standings' order both ways: games, wins, draws, losses, points and score of `player`.
std::string crosstable_long_csv(const std::vector<Standing>& standings,
                                const std::vector<GameRow>& rows);

// The standings as a printable table: each player's games, W/D/L, score and Elo with its 95%
// interval, and the warnings they call for.
std::string standings_table(const std::vector<Standing>& standings);

// standings.csv's and crosstable.csv's text (the crosstable's rows and columns in the standings'
// order; a cell "points/games", empty where the pair did not meet or on the diagonal).
std::string standings_csv(const std::vector<Standing>& standings);
std::string crosstable_csv(const std::vector<Standing>& standings,
                           const std::vector<GameRow>& rows);

// The tables by file name: standings.csv, crosstable.csv, crosstable_long.csv and pairs.csv, as
// the run's end writes them from games.csv's rows (what `replay` holds the files to).
std::map<std::string, std::string> tournament_tables(const std::vector<std::string>& players,
                                                     const std::vector<GameRow>& rows);
// Writes those tables into `dir`; returns the standings as a printable table.
std::string write_tournament_reports(const std::string& dir,
                                     const std::vector<std::string>& players,
                                     const std::vector<GameRow>& rows);

}  // namespace gts
