// The catalogue of the CSV columns report.html shows: for each, its header, what it is (the
// header's tooltip, as docs/reference/run-folder.md says) and how its numbers are written. A
// column that means something else in one file is listed for that file before the general entry.
#include <algorithm>

#include "harness/report/html_table.h"

namespace gts::report {

namespace {

struct Entry {
  std::string_view file;  // "" for every file
  std::string_view column;
  ColumnInfo info;
};

using F = Format;

const Entry kCatalogue[] = {
    // Players, games and their results (standings.csv, pairs.csv, games.csv).
    {"", "player", {"player", "the player's name in the config", F::kName}},
    {"pairs.csv", "player_a", {"player A", "the pairing's first player: W/D/L and Elo are its", F::kName}},
    {"pairs.csv", "player_b", {"player B", "the pairing's second player", F::kName}},
    {"", "games", {"games", "games played", F::kCount}},
    {"", "wins", {"wins", "games won", F::kCount}},
    {"", "draws", {"draws", "games drawn", F::kCount}},
    {"", "losses", {"losses", "games lost", F::kCount}},
    {"tune.csv", "score", {"score", "points per game (a win 1, a draw 1/2)", F::kFraction}},
    {"", "score", {"points", "points: a win 1, a draw 1/2", F::kNumber}},
    {"", "forfeits", {"forfeits", "games lost by forfeit (an illegal move, a crash, a timeout)", F::kCount}},
    {"", "unsearched", {"unsearched moves", "moves played without a completed search (depth 0)", F::kCount}},
    {"", "nodes_per_move", {"nodes/move", "mean nodes searched per move", F::kNumber}},
    {"", "cpu_ms_per_move", {"CPU/move", "mean search CPU time per move", F::kMs}},
    {"", "rating_status", {"rating", "ok; unbounded-above/-below: won or lost every game, so no finite rating; reference: the scale's zero", F::kText}},
    {"pairs.csv", "elo", {"Elo", "Elo difference of A over B with its 95% interval (from W/D/L)", F::kElo, "elo_error"}},
    {"verify.csv", "elo", {"Elo", "Elo of the tuned weights over the start, 95% interval (pentanomial)", F::kElo, "elo_error"}},
    {"", "elo", {"Elo", "maximum-likelihood rating, mean 0", F::kElo}},
    {"", "elo_error", {"Elo ± (95%)", "half the width of the 95% Elo interval", F::kNumber}},
    {"", "elo_lo", {"Elo low", "the 95% interval's lower end", F::kElo}},
    {"", "elo_hi", {"Elo high", "the 95% interval's upper end", F::kElo}},
    {"", "ll", {"LL", "game pairs A lost both games of", F::kCount}},
    {"", "ld", {"LD", "game pairs A lost one game and drew the other of", F::kCount}},
    {"", "wl_dd", {"WL+DD", "game pairs A won one and lost one of, or drew both", F::kCount}},
    {"", "wd", {"WD", "game pairs A won one game and drew the other of", F::kCount}},
    {"", "ww", {"WW", "game pairs A won both games of", F::kCount}},
    {"", "los", {"LOS", "likelihood of superiority: the chance that A is the stronger", F::kPercent}},
    {"", "nelo", {"nElo", "normalized Elo from the pentanomial model (fastchess), 95% interval", F::kElo, "nelo_error"}},
    {"", "nelo_error", {"nElo ±", "half the width of the nElo 95% interval", F::kNumber}},
    {"", "bayes_elo", {"BayesElo", "BayesElo of A over B from W/D/L (bayeselo's and cutechess's model); empty without a win and a loss", F::kElo}},
    {"", "drawelo", {"drawElo", "BayesElo's draw parameter fitted to the draws", F::kNumber}},
    // games.csv
    {"", "game", {"game", "the game's index in the schedule (from 0)", F::kCount}},
    {"", "first", {"first", "the player who moved first", F::kName}},
    {"", "second", {"second", "the player who moved second", F::kName}},
    {"", "result", {"result", "1-0, 0-1 or 1/2-1/2, the first player's view", F::kText}},
    {"", "termination", {"termination", "how the game ended: normal, adjudicated, max_plies, illegal_move, error, budget, timeout", F::kText}},
    {"", "forfeit", {"forfeit", "who lost by forfeit", F::kName}},
    {"", "reason", {"reason", "why the game was forfeited", F::kText}},
    // compare.csv, summary.csv (compare) and inputs.csv
    {"", "group", {"group", "the inputs a row averages: the input set and its swept parameters but the seed", F::kName}},
    {"", "input", {"input", "the input: a position or tree of an input set", F::kName}},
    {"", "algorithm", {"algorithm", "the algorithm (a solver in a solve run)", F::kName}},
    {"", "variant", {"variant", "the algorithm with its options, as the config names it", F::kName}},
    {"solve.csv", "depth", {"depth (plies)", "plies of the main line of the proof", F::kCount}},
    {"", "depth", {"depth", "the search depth in plies; max: searched to the end", F::kCount}},
    {"", "plies", {"plies", "the depth as a number of plies (the plots' x axis); in games.csv the moves played", F::kCount}},
    {"", "inputs", {"inputs", "inputs the row averages over", F::kCount}},
    {"", "agree", {"agree", "inputs whose value equals the reference's", F::kCount}},
    {"", "agrees", {"agrees", "the value equals the reference's on this input", F::kBool}},
    {"", "complete", {"complete", "no: a node budget cut the search short", F::kBool}},
    {"", "error", {"error", "why the search failed", F::kText}},
    {"", "value", {"value", "the search's value for the side to move", F::kSigned}},
    {"", "best_move", {"best move", "the move the search chose", F::kText}},
    {"", "nodes", {"nodes", "positions visited, the root included", F::kCount}},
    {"", "leaves", {"leaves", "static evaluations (horizon or terminal)", F::kCount}},
    {"", "interior", {"interior", "interior nodes", F::kCount}},
    {"", "cutoffs", {"cut-offs", "cut-offs", F::kCount}},
    {"", "tt_hits", {"TT hits", "transposition-table probes that found the position", F::kCount}},
    {"", "peak_bytes", {"peak memory", "peak memory of the search's own structures (OPEN, tables)", F::kBytes}},
    {"", "cpu_us", {"CPU", "thread CPU time of the search", F::kUs}},
    {"", "nodes_mean", {"nodes (mean)", "mean nodes per search", F::kNumber}},
    {"", "nodes_median", {"nodes (median)", "median nodes per search", F::kNumber}},
    {"", "leaves_mean", {"leaves (mean)", "mean leaves per search", F::kNumber}},
    {"", "leaves_median", {"leaves (median)", "median leaves per search", F::kNumber}},
    {"", "interior_mean", {"interior (mean)", "mean interior nodes per search", F::kNumber}},
    {"", "cutoffs_mean", {"cut-offs (mean)", "mean cut-offs per search", F::kNumber}},
    {"", "tt_hits_mean", {"TT hits (mean)", "mean transposition-table hits per search", F::kNumber}},
    {"", "peak_bytes_max", {"peak memory (max)", "the largest peak memory of the row's searches", F::kBytes}},
    {"", "nodes_vs_ab", {"nodes vs αβ", "mean nodes over the alpha-beta baseline's on the same inputs", F::kRatio}},
    {"", "leaves_vs_ab", {"leaves vs αβ", "mean leaves over the alpha-beta baseline's on the same inputs", F::kRatio}},
    {"", "leaves_vs_minimal", {"leaves vs minimal tree", "mean leaves over the minimal tree's b^⌈d/2⌉ + b^⌊d/2⌋ − 1 (uniform trees searched to their leaves)", F::kRatio}},
    {"", "cpu_us_mean", {"CPU (mean)", "mean thread CPU time per search", F::kUs}},
    {"", "cpu_us_median", {"CPU (median)", "median thread CPU time per search", F::kUs}},
    {"", "cpu_vs_ab", {"CPU vs αβ", "mean CPU time over the alpha-beta baseline's on the same inputs", F::kRatio}},
    {"", "ns_per_node", {"CPU/node", "CPU time per node", F::kNs}},
    {"", "ns_per_leaf", {"CPU/leaf", "CPU time per leaf", F::kNs}},
    // solve.csv, summary.csv (solve), solved_within.csv
    {"", "problem", {"problem", "the problem's name", F::kName}},
    {"", "expected", {"expected", "the known answer, where the problem gives one", F::kText}},
    {"", "correct", {"correct", "the result agrees with the known answer (empty: none known)", F::kBool}},
    {"", "time_ms", {"time", "wall time of the solve", F::kMs}},
    {"", "problems", {"problems", "problems attempted", F::kCount}},
    {"", "solved", {"solved", "problems proved or disproved, never contradicting the known answer", F::kCount}},
    {"", "failed", {"failed", "problems left unknown within the limits", F::kCount}},
    {"", "wrong", {"wrong", "results contradicting the known answer", F::kCount}},
    {"", "common", {"common", "problems every solver solved", F::kCount}},
    {"", "time_ms_common", {"time (common)", "mean time over the problems every solver solved", F::kMs}},
    {"", "nodes_common", {"nodes (common)", "mean nodes over the problems every solver solved", F::kNumber}},
    {"", "depth_common", {"depth (common)", "mean proof depth in plies over the problems every solver solved", F::kNumber}},
    {"", "time_ms_solved", {"time (solved)", "mean time over the problems this solver solved", F::kMs}},
    {"", "nodes_solved", {"nodes (solved)", "mean nodes over the problems this solver solved", F::kNumber}},
    {"", "depth_solved", {"depth (solved)", "mean proof depth in plies over the problems this solver solved", F::kNumber}},
    {"", "t_ms", {"within", "the time limit t", F::kMs}},
    // tune.csv and verify.csv
    {"", "iteration", {"iteration", "the SPSA iteration (0: the start)", F::kCount}},
    {"", "c_k", {"c_k", "SPSA's perturbation size this iteration", F::kNumber}},
    {"", "R_k", {"R_k", "SPSA's learning rate this iteration", F::kNumber}},
    {"", "total_wins", {"total wins", "θ+'s wins over all iterations so far", F::kCount}},
    {"", "total_draws", {"total draws", "draws over all iterations so far", F::kCount}},
    {"", "total_losses", {"total losses", "θ+'s losses over all iterations so far", F::kCount}},
    {"", "candidate", {"candidate", "a candidate weight vector", F::kName}},
    {"", "source", {"source", "where the candidate came from: start, listed or sampled", F::kText}},
    {"", "points", {"points", "points: a win 1, a draw 1/2", F::kNumber}},
    {"", "rating", {"Elo", "maximum-likelihood Elo in the round robin with its 95% interval", F::kElo, "rating_error"}},
    {"", "rating_error", {"Elo ±", "half the width of the 95% interval", F::kNumber}},
    {"", "best", {"best", "the candidate the round robin chose", F::kBool}},
    {"", "pair", {"pair", "the game pair (the same opening, sides swapped)", F::kCount}},
    {"", "tuned_first", {"tuned first", "the tuned weights' points in the game they moved first", F::kNumber}},
    {"", "tuned_second", {"tuned second", "the tuned weights' points in the game they moved second", F::kNumber}},
    {"", "llr", {"LLR", "the SPRT's log-likelihood ratio", F::kSigned}},
    {"", "lower", {"lower bound", "the SPRT accepts H0 at or below it", F::kSigned}},
    {"", "upper", {"upper bound", "the SPRT accepts H1 at or above it", F::kSigned}},
    {"", "verdict", {"verdict", "continue, then H1, H0 or inconclusive", F::kText}},
};

}  // namespace

const ColumnInfo* find_column(std::string_view file, std::string_view column) {
  const auto it = std::ranges::find_if(kCatalogue, [&](const Entry& e) {
    return e.column == column && (e.file.empty() || e.file == file);
  });
  return it == std::end(kCatalogue) ? nullptr : &it->info;
}

}  // namespace gts::report
