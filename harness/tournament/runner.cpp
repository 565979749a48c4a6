#include "harness/tournament/runner.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>

#include "harness/config/config_error.h"
#include "harness/config/feasibility.h"
#include "harness/config/tournament_config.h"
#include "harness/engine/ugi_engine.h"
#include "harness/match/match.h"
#include "harness/mpi/wire.h"
#include "harness/mpi/work_distributor.h"
#include "harness/pipeline/progress_line.h"
#include "harness/pipeline/run_folder.h"
#include "harness/pipeline/run_pipeline.h"
#include "harness/registry.h"
#include "harness/stats/sprt.h"
#include "harness/strf.h"
#include "harness/tournament/engine_preflight.h"
#include "harness/tournament/folder.h"
#include "harness/tournament/game_records.h"
#include "harness/tournament/journal.h"
#include "harness/tournament/live_lines.h"
#include "harness/tournament/report.h"

namespace gts {

namespace {

// A game of the schedule: a deterministic list of games, made before anything is played. Games 2k
// and 2k+1 are pair k: the same opening with the sides swapped.
struct ScheduledGame {
  int index = 0;    // position in the schedule: the game's identity in every output
  int pairing = 0;  // which pairing (unordered pair of players)
  int opening = 0;  // which opening
  int first = 0;    // player index moving first
  int second = 0;
};

// Pairings in order (i < j for round robin, every pair; with a gauntlet, each gauntlet player
// first against all the others), then games ordered by repetition (`pairs` game pairs per pairing
// per opening), opening and pairing, so that a run stopped early is still balanced. Without
// `swap` both games of a pair have the same first player; `reverse` swaps every game's sides.
std::vector<ScheduledGame> make_schedule(int players, const std::vector<int>& gauntlet,
                                         int openings, int pairs, bool swap, bool reverse) {
  std::vector<std::pair<int, int>> pairings;
  if (gauntlet.empty()) {
    for (int i = 0; i < players; ++i) {
      for (int j = i + 1; j < players; ++j) pairings.emplace_back(i, j);
    }
  } else {
    for (int g : gauntlet) {
      for (int j = 0; j < players; ++j) {
        if (std::find(gauntlet.begin(), gauntlet.end(), j) == gauntlet.end()) {
          pairings.emplace_back(g, j);
        }
      }
    }
  }
  std::vector<ScheduledGame> games;
  for (int rep = 0; rep < pairs; ++rep) {
    for (int o = 0; o < openings; ++o) {
      for (int p = 0; p < static_cast<int>(pairings.size()); ++p) {
        const auto [a, b] = pairings[static_cast<std::size_t>(p)];
        for (int g = 0; g < 2; ++g) {
          const int index = static_cast<int>(games.size());
          const bool turned = (g == 1 && swap) != reverse;
          games.push_back({index, p, o, turned ? b : a, turned ? a : b});
        }
      }
    }
  }
  return games;
}

// Everything a rank derives from the config and the overriding options: the same players,
// openings and schedule on every rank, so that a game index means the same game everywhere.
struct TournamentPlan {
  TournamentConfig config;
  std::unique_ptr<GameHandle> game;
  std::vector<AlgorithmSpec> specs;  // in-process players (an engine's is empty)
  std::vector<GameSide> sides;       // each player's limits and clock, the tournament's filled in
  std::vector<std::string> names;
  std::vector<std::string> openings;
  std::vector<ScheduledGame> schedule;
  std::string hash;
};

// `count` distinct random openings of `plies` plies, drawn in a fixed order from the run's seed
// (a repeat is skipped, not played twice). Refused with the reason when the game ends before
// `plies` (every opening would be decided in one move) or too few distinct positions turn up.
std::vector<std::string> distinct_random_openings(const GameHandle& game,
                                                  const TournamentConfig& config) {
  const int count = config.openings.count;
  const int plies = config.openings.plies;
  const std::int64_t draws = std::max<std::int64_t>(10'000, std::int64_t{50} * count);
  std::vector<std::string> openings;
  std::set<std::string> seen;
  for (std::int64_t o = 0; o < draws && static_cast<int>(openings.size()) < count; ++o) {
    std::string position = game.random_opening(
        mix_seed(config.seed ^ 0x6f70656e696e6773ULL, static_cast<std::uint64_t>(o)), plies);
    if (seen.insert(position).second) openings.push_back(std::move(position));
  }
  // random_opening stops where every move would end the game: such an opening is no game.
  for (const std::string& position : openings) {
    if (std::ranges::all_of(game.legal_moves(position), [&](const std::string& move) {
          return game.is_terminal(game.play_move(position, move));
        })) {
      throw ConfigError(config.source_path,
                        "openings.plies " + std::to_string(plies) + ": " + game.info().name +
                            " games end before that ply (opening " + position +
                            " is decided by its next move); ask for fewer plies");
    }
  }
  if (static_cast<int>(openings.size()) < count) {
    throw ConfigError(config.source_path,
                      "openings: asked for " + std::to_string(count) +
                          " distinct random openings of " + std::to_string(plies) + " plies, but " +
                          std::to_string(draws) + " draws found only " +
                          std::to_string(openings.size()) +
                          " (there may be no more at that ply); ask for at most that many, or "
                          "more plies");
  }
  return openings;
}

// A list's openings as played: `count` of them (all when 0) from the start-th, in the list's
// order or shuffled (Fisher-Yates) by the run seed; a count past the list's end cycles through
// the positions taken again in the same order (fastchess's short book).
std::vector<std::string> book_openings(const OpeningsConfig& o, std::uint64_t seed) {
  const auto first = o.positions.begin() + (o.start - 1);
  const auto left = o.positions.end() - first;
  const auto n = o.count > 0 ? static_cast<std::ptrdiff_t>(o.count) : left;
  std::vector<std::string> out(first, first + std::min(n, left));
  if (o.order == "random") {
    for (std::size_t i = out.size(); i > 1; --i) {
      const std::uint64_t r = mix_seed(seed ^ 0x626f6f6bULL, i);  // "book"
      std::swap(out[i - 1], out[static_cast<std::size_t>(r % i)]);
    }
  }
  const std::size_t taken = out.size();
  for (std::size_t i = taken; i < static_cast<std::size_t>(n); ++i) out.push_back(out[i % taken]);
  return out;
}

// Each distinct table the players' searches take is mapped once, all at once, before the first
// game: a table the machine cannot give is the config's error (exit 2), not a forfeit in every
// game.
void check_player_tables(const TournamentPlan& plan) {
  const TournamentConfig& config = plan.config;
  std::vector<TableUse> uses;
  for (std::size_t p = 0; p < config.players.size(); ++p) {
    if (config.players[p].engine) continue;
    if (const auto size = table_sizes(plan.specs[p], plan.sides[p].limits.depth)) {
      uses.push_back(
          {"player '" + config.players[p].name + "'", *size, &config.players[p].option_at});
    }
  }
  check_tables(config.source_path, uses);
}

// A player with neither a budget nor a clock whose depth cannot finish in any reasonable time from
// the first opening is warned of, once, before the first game.
void warn_of_hopeless_depths(const TournamentPlan& plan) {
  const TournamentConfig& config = plan.config;
  for (std::size_t p = 0; p < config.players.size(); ++p) {
    const PlayerConfig& player = config.players[p];
    const SearchLimits& limits = plan.sides[p].limits;
    if (player.engine || limits.max_nodes != 0 || limits.max_ms > 0 ||
        plan.sides[p].clock.enabled()) {
      continue;
    }
    // (Where the tournament's depth limit lowered it, the player's own depth is not the one.)
    const std::pair<int, int> at = limits.depth == player.depth ? player.depth_at : std::pair{0, 0};
    (void)warn_if_hopeless({config.source_path, at}, "player '" + player.name + "'", *plan.game,
                           plan.openings.front(), plan.specs[p], limits.depth);
  }
}

TournamentPlan make_plan(const std::string& config_path, std::optional<std::uint64_t> seed_option) {
  TournamentPlan plan;
  plan.config = load_tournament_config(config_path);
  TournamentConfig& config = plan.config;
  if (seed_option) config.seed = *seed_option;

  plan.game = make_game(config.game, config.game_params);
  const GameHandle& game = *plan.game;

  // Players: under a node or time budget an anytime algorithm deepens iteratively (its
  // iterative-deepening option is turned on), so that it always has a finished iteration's move
  // to play; one that cannot honour a budget is refused.
  for (const auto& p : config.players) {
    PlayerLimits limits = p.limits;
    if (limits.nodes == 0) limits.nodes = config.limits.nodes;
    if (limits.time_ms == 0) limits.time_ms = config.limits.time_ms;
    if (!limits.tc.given()) limits.tc = config.limits.tc;
    GameSide& side = plan.sides.emplace_back();
    side.limits.depth = config.limits.depth > 0 ? std::min(p.depth, config.limits.depth) : p.depth;
    side.limits.max_nodes = limits.nodes;
    // `st=` is a movetime: with time_ms too, the smaller bounds the move.
    side.limits.max_ms =
        limits.tc.move_ms > 0 && (limits.time_ms == 0 || limits.tc.move_ms < limits.time_ms)
            ? limits.tc.move_ms
            : limits.time_ms;
    side.clock = limits.tc;
    side.margin_ms = config.limits.margin_ms;
    plan.names.push_back(p.name);
    if (p.engine) {
      plan.specs.emplace_back();
      continue;
    }
    AlgorithmSpec spec = p.algorithm;
    if (limits.nodes != 0 || limits.time_ms > 0 || limits.tc.timed()) {
      const std::string budget =
          limits.tc.timed() ? (p.limits.tc.timed() ? "its tc" : "tournament.limits.tc")
          : limits.nodes != 0
              ? (p.limits.nodes != 0 ? "its nodes" : "tournament.limits.nodes")
              : (p.limits.time_ms > 0 ? "its time_ms" : "tournament.limits.time_ms");
      try {
        spec = spec_under_budget(spec, budget);
      } catch (const ParamError& e) {
        throw ConfigError(config.source_path, p.algorithm_at.first, p.algorithm_at.second,
                          "player '" + p.name + "': " + e.what());
      }
    } else {
      try {
        check_ends_unbudgeted(spec);
      } catch (const ParamError& e) {
        throw ConfigError(config.source_path, p.algorithm_at.first, p.algorithm_at.second,
                          "player '" + p.name + "': " + e.what());
      }
    }
    plan.specs.push_back(spec);
  }

  // Openings, each checked to leave a game to play.
  auto& openings = plan.openings;
  switch (config.openings.kind) {
    case OpeningsConfig::Kind::kStart:
      openings.push_back(game.initial_position());
      break;
    case OpeningsConfig::Kind::kRandom:
      openings = distinct_random_openings(game, config);
      break;
    case OpeningsConfig::Kind::kList:
      openings = book_openings(config.openings, config.seed);
      break;
  }
  for (std::size_t o = 0; o < openings.size(); ++o) {
    if (game.is_terminal(openings[o])) {
      throw ConfigError(config.source_path, "opening " + std::to_string(o + 1) + " (" +
                                                openings[o] + ") is a finished game");
    }
  }

  check_player_tables(plan);

  std::vector<int> gauntlet;  // the config checked that each names a player
  for (const auto& g : config.gauntlet) {
    gauntlet.push_back(static_cast<int>(std::ranges::find(plan.names, g) - plan.names.begin()));
  }
  plan.schedule =
      make_schedule(static_cast<int>(config.players.size()), gauntlet,
                    static_cast<int>(openings.size()), config.pairs, config.swap, config.reverse);
  if (config.games > 0 && static_cast<std::size_t>(config.games) < plan.schedule.size()) {
    plan.schedule.resize(static_cast<std::size_t>(config.games));
  }
  plan.hash = config_hash(config);
  return plan;
}

// Plays scheduled games: the same object on rank 0 and on every worker rank.
class TournamentJobs final : public JobRunner {
 public:
  explicit TournamentJobs(TournamentPlan plan) : plan_(std::move(plan)) {}

  [[nodiscard]] const TournamentPlan& plan() const { return plan_; }
  // Every search's thread CPU time on this rank, finished games or not.
  [[nodiscard]] double search_cpu_ms() const { return search_cpu_ms_; }

  // The engine players' process pools, logging to DIR/engines/<player>.log (the protocol too
  // with `debug`); before the first game.
  void open_engines(const std::string& dir, bool debug) {
    const auto& players = plan_.config.players;
    pools_.resize(players.size());
    for (std::size_t p = 0; p < players.size(); ++p) {
      if (!players[p].engine) continue;
      std::filesystem::create_directories(dir + "/engines");
      pools_[p] = std::make_unique<EnginePool>(*players[p].engine,
                                               dir + "/engines/" + players[p].name + ".log", debug);
    }
  }

  std::optional<std::string> run(std::size_t index, const std::atomic<bool>& stop) override;

 private:
  TournamentPlan plan_;
  std::vector<std::unique_ptr<EnginePool>> pools_;
  std::atomic<double> search_cpu_ms_{0};
};

std::optional<std::string> TournamentJobs::run(std::size_t index, const std::atomic<bool>& stop) {
  if (stop.load(std::memory_order_relaxed)) return std::nullopt;
  const TournamentConfig& config = plan_.config;
  const ScheduledGame& g = plan_.schedule.at(index);
  const std::array<std::size_t, 2> player = {static_cast<std::size_t>(g.first),
                                             static_cast<std::size_t>(g.second)};
  std::array<GameSide, 2> sides;
  std::array<std::unique_ptr<Searcher>, 2> searchers;
  std::array<std::unique_ptr<Player>, 2> players;
  for (std::size_t s = 0; s < 2; ++s) {
    const std::size_t p = player[s];
    sides[s] = plan_.sides[p];
    if (config.players[p].engine) {
      players[s] = std::make_unique<PooledEngine>(*pools_.at(p), &stop);
    } else {
      searchers[s] = plan_.game->make_searcher(plan_.specs[p], config.players[p].evaluation);
      players[s] =
          std::make_unique<SearcherPlayer>(*plan_.game, *searchers[s], sides[s].limits.depth,
                                           find_algorithm_info(plan_.specs[p].name).facts.searches);
    }
    sides[s].player = players[s].get();
  }
  const GameSetup setup{.opening = plan_.openings[static_cast<std::size_t>(g.opening)],
                        .max_plies = config.max_plies,
                        .adjudicate = config.adjudicate,
                        .by_score = config.by_score,
                        .seed = mix_seed(config.seed, static_cast<std::uint64_t>(g.index)),
                        .stop = &stop};
  const double start = wall_ms();
  GameOutcome out = play_match(*plan_.game, setup, sides);
  search_cpu_ms_.fetch_add(out.stats[0].cpu_ms + out.stats[1].cpu_ms);
  if (out.termination == Termination::kStopped) return std::nullopt;  // played again on resume

  const auto& names = plan_.names;
  GameRow row;
  row.game = g.index;
  row.pair = g.index / 2;
  row.pairing = g.pairing;
  row.opening = g.opening;
  row.first = names[player[0]];
  row.second = names[player[1]];
  row.opening_position = setup.opening;
  set_outcome(row, out);
  row.wall_ms = wall_ms() - start;
  std::vector<MoveRow> moves;
  if (config.output_moves) {
    moves.reserve(out.move_log.size());
    for (const auto& m : out.move_log) {
      moves.push_back(MoveRow{g.index, m.ply, m.side == 0 ? row.first : row.second, m.move, m.value,
                              m.depth, m.exact, m.searched, m.nodes, m.leaves, m.cpu_us, m.wall_ms,
                              m.clock_ms, m.pv});
    }
  }
  return encode_game(row, moves);
}

// The SPRT that stops a two-player run (tournament.sprt). It counts game pairs in schedule order:
// pair k counts once both its games are recorded and every earlier pair has counted, and the test
// is decided at the first pair whose count crosses a bound. So the decision, and the games it
// rests on, are the same whatever order threads or ranks finish games in, and a resumed run
// continues the same test from its journal.
class SprtWatch {
 public:
  // `pairs`: the schedule's game pairs (games 2k and 2k+1 are pair k).
  SprtWatch(const SprtConfig& config, std::size_t pairs) : test_(config), scores_(2 * pairs) {}

  // Game `index` finished with `score` for the config's first player (player A, whichever side
  // it had). True when this game decided the test (once; after that every game is ignored).
  bool record(std::size_t index, double score) {
    if (decided() || index >= scores_.size()) return false;
    scores_[index] = score;
    while (2 * counted_ + 1 < scores_.size() && scores_[2 * counted_] &&
           scores_[2 * counted_ + 1]) {
      const SprtResult d = test_.add_pair(*scores_[2 * counted_], *scores_[2 * counted_ + 1]);
      ++counted_;
      if (d != SprtResult::kContinue) return true;
    }
    return false;
  }

  [[nodiscard]] bool decided() const { return test_.result != SprtResult::kContinue; }
  // Games the test counted: every game of the pairs counted so far (at the decision, its games).
  [[nodiscard]] std::size_t games_counted() const { return 2 * counted_; }
  [[nodiscard]] double llr() const { return test_.llr; }

  // "LLR 1.23 [-2.94, 2.94]".
  [[nodiscard]] std::string llr_text() const {
    return strf("LLR %.2f [%.2f, %.2f]", test_.llr, test_.bounds.lower, test_.bounds.upper);
  }

  // "H1 accepted (LLR 2.97 >= 2.94) after 212 games: W/D/L ..., pentanomial ..." or, undecided,
  // "no decision (LLR ...)".
  [[nodiscard]] std::string summary() const {
    const auto& [config, bounds, wdl, p, llr, result] = test_;
    const bool h1 = result == SprtResult::kAcceptH1;
    const auto n = games_counted();
    return (decided() ? strf("%s accepted (LLR %.3f %s %.3f) after %zu games", h1 ? "H1" : "H0",
                             llr, h1 ? ">=" : "<=", h1 ? bounds.upper : bounds.lower, n)
                      : strf("no decision (LLR %.3f, bounds [%.3f, %.3f]) after %zu games", llr,
                             bounds.lower, bounds.upper, n)) +
           strf(": W/D/L %" PRId64 "/%" PRId64 "/%" PRId64 ", pentanomial LL %" PRId64
                " LD %" PRId64 " WL+DD %" PRId64 " WD %" PRId64 " WW %" PRId64,
                wdl.wins, wdl.draws, wdl.losses, p.ll, p.ld, p.wl_dd, p.wd, p.ww);
  }

 private:
  SprtTest test_;
  std::vector<std::optional<double>> scores_;  // by game: the first player of pair k's score
  std::size_t counted_ = 0;                    // pairs counted, in order
};

// The interim results every `rating_interval` games: for a match, the first player's Elo, nElo
// and LOS against the second (and the SPRT's LLR); for more players, each one's score and rating.
std::string interim_ratings(const std::vector<std::string>& names, const std::vector<GameRow>& rows,
                            const SprtWatch* sprt, bool colour) {
  std::string out = "interim after " + std::to_string(rows.size()) + " games:";
  if (names.size() == 2) {
    // The match's one pairing, in the first player's view whoever moved first in it.
    for (const PairingStats& p : compute_pairings(rows)) {
      const bool a = p.a == names[0];
      const double sign = a ? 1.0 : -1.0;
      const EloEstimate& e = p.elo;
      // A rating that games all one way (or too few) leave without a finite value says so.
      const auto rating = [&](const char* what, double value, double error) {
        if (!std::isfinite(value)) return strf(", %s none", what);
        if (!std::isfinite(error)) return strf(", %s %+.1f (no interval yet)", what, sign * value);
        return strf(", %s %+.1f +- %.1f", what, sign * value, error);
      };
      const double los = a ? e.los : 1.0 - e.los;
      out += strf(" %s vs %s W/D/L %" PRId64 "/%" PRId64 "/%" PRId64, names[0].c_str(),
                  names[1].c_str(), a ? p.wdl.wins : p.wdl.losses, p.wdl.draws,
                  a ? p.wdl.losses : p.wdl.wins) +
             rating("Elo", e.elo, e.error) + rating("nElo", e.nelo, e.nelo_error) +
             (std::isfinite(los) ? strf(", LOS %.1f%%", 100.0 * los) : std::string(", LOS none"));
      if (!std::isfinite(e.elo)) out += " (no finite Elo: one side won every game)";
    }
    if (sprt != nullptr) {
      out += ", " +
             (sprt->llr() == 0
                  ? sprt->llr_text()
                  : paint(sprt->llr_text(), sprt->llr() > 0 ? Paint::kGood : Paint::kBad, colour));
    }
    return out;
  }
  for (const Standing& s : compute_standings(names, rows)) {
    out += strf(" %s %.1f/%" PRId64, s.player.c_str(), s.wdl.points(), s.wdl.games());
    if (std::isfinite(s.elo)) out += strf(" (%+.0f)", s.elo);
  }
  return out;
}

// The progress line's detail: the player with the best score so far, e.g. "leader ab (75.0%)".
std::string leader_text(const std::vector<std::string>& names, const std::vector<double>& points,
                        const std::vector<int>& played) {
  const auto pct = [&](std::size_t i) { return played[i] ? 100.0 * points[i] / played[i] : 0.0; };
  std::size_t leader = 0;
  for (std::size_t i = 1; i < names.size(); ++i) {
    if (pct(i) > pct(leader)) leader = i;
  }
  return "leader " + names[leader] + strf(" (%.1f%%)", pct(leader));
}

// fastchess's -pgnout, -epdout and -log: the run folder's games, final positions and engine logs
// written where the command line asked.
void write_extra_outputs(const RunOptions& o, const std::string& dir,
                         const std::vector<GameRow>& rows, bool moves) {
  if (!o.pgn_out.empty()) {
    if (!moves) throw ConfigError(o.config_path, "--pgnout needs output.moves (the PGN's moves)");
    write_file(o.pgn_out, read_file_text(dir + "/games.pgn"));
  }
  if (!o.epd_out.empty()) {
    std::string text;
    for (const GameRow& r : rows) text += r.final_position + "\n";
    write_file(o.epd_out, text);
  }
  if (!o.log_out.empty()) {
    std::string text;
    std::vector<std::filesystem::path> logs;
    if (std::filesystem::is_directory(dir + "/engines")) {
      for (const auto& e : std::filesystem::directory_iterator(dir + "/engines")) {
        logs.push_back(e.path());
      }
    }
    std::ranges::sort(logs);
    for (const auto& log : logs) {
      text += "== " + log.stem().string() + "\n" + read_file_text(log.string());
    }
    write_file(o.log_out, text);
  }
}

}  // namespace

std::unique_ptr<JobRunner> make_tournament_jobs(const std::string& context) {
  std::string path, hash, dir;
  std::optional<std::uint64_t> seed;
  bool debug = false;
  wire::Reader{context}(path, seed, hash, dir, debug).expect_end();
  TournamentPlan plan = make_plan(path, seed);
  check_same_config(path, "the config", plan.hash, hash);
  auto jobs = std::make_unique<TournamentJobs>(std::move(plan));
  jobs->open_engines(dir, debug);
  return jobs;
}

namespace {

// The run `plan` is, as the pipeline takes it.
RunDescription describe_tournament(const TournamentPlan& plan, const RunOptions& options) {
  const TournamentConfig& config = plan.config;
  RunDescription description = describe_run(tournament_kind(), "run", config);
  for (const PlayerConfig& p : config.players) {
    if (!p.engine)
      description.search_threads =
          std::max(description.search_threads, search_threads(p.algorithm));
  }
  description.decisive_text = decisive_text(config);
  description.resolved_config = resolved_yaml(config);
  description.seed = config.seed;
  description.run_files = {"games.csv"};
  if (options.seed) description.resume_flags = " --seed " + std::to_string(*options.seed);
  return description;
}

}  // namespace

void check_tournament(const RunOptions& options) {
  const TournamentPlan plan = make_plan(options.config_path, options.seed);
  warn_of_hopeless_depths(plan);
  check_engines_start(plan.config);
  check_run(options, describe_tournament(plan, options));
}

RunReport run_tournament(const RunOptions& options) {
  TournamentJobs jobs(make_plan(options.config_path, options.seed));
  const TournamentPlan& plan = jobs.plan();
  warn_of_hopeless_depths(plan);
  const TournamentConfig& config = plan.config;
  const auto& names = plan.names;
  const std::vector<ScheduledGame>& schedule = plan.schedule;

  RunDescription description = describe_tournament(plan, options);
  if (!options.resume) check_run(options, description);  // before an engine starts
  check_engines_start(config);
  RunPipeline pipeline(options, std::move(description));
  const std::string& dir = pipeline.dir();
  jobs.open_engines(dir, options.debug);

  // A recorded game must be the schedule's game of that index, between the players it names.
  auto check = [&](const GameRow& r) {
    if (r.game < 0 || r.game >= static_cast<int>(schedule.size())) {
      throw std::runtime_error("game " + std::to_string(r.game) +
                               " is not in this run's schedule (" +
                               std::to_string(schedule.size()) + " games, numbered from 0)");
    }
    const ScheduledGame& g = schedule[static_cast<std::size_t>(r.game)];
    const std::string& first = names[static_cast<std::size_t>(g.first)];
    const std::string& second = names[static_cast<std::size_t>(g.second)];
    if (r.first != first || r.second != second || r.pair != g.index / 2 || r.pairing != g.pairing ||
        r.opening != g.opening ||
        r.opening_position != plan.openings[static_cast<std::size_t>(g.opening)]) {
      throw std::runtime_error("game " + std::to_string(r.game) + " is recorded as " + r.first +
                               " vs " + r.second + " (pair " + std::to_string(r.pair) +
                               ", opening " + std::to_string(r.opening) + "); the schedule has " +
                               first + " vs " + second + " (pair " + std::to_string(g.index / 2) +
                               ", opening " + std::to_string(g.opening) + ")");
    }
    // Its result must be the one its termination and final position give (a flipped one is not).
    if (const std::string why = result_contradiction(*plan.game, r); !why.empty()) {
      throw std::runtime_error("game " + std::to_string(r.game) + ": " + why);
    }
  };
  Journal journal(dir, config.output_moves, options.resume, check);
  const std::vector<GameRow>& resumed = journal.resumed_rows();  // in game order
  pipeline.set_total(schedule.size());
  pipeline.set_done(resumed.size());

  // Each player's points and games for the progress line's leader, the resumed games included
  // (each checked to be its schedule's game).
  std::vector<double> points(names.size(), 0.0);
  std::vector<int> played(names.size(), 0);
  auto tally = [&](const GameRow& r) {
    const ScheduledGame& g = schedule.at(static_cast<std::size_t>(r.game));
    points[static_cast<std::size_t>(g.first)] += r.first_score();
    points[static_cast<std::size_t>(g.second)] += 1.0 - r.first_score();
    ++played[static_cast<std::size_t>(g.first)];
    ++played[static_cast<std::size_t>(g.second)];
  };
  // An SPRT match counts the games in schedule order, each scored for the config's first player
  // whatever its side; a resumed one continues the same test.
  auto score_of_a = [&](const GameRow& r) {
    return schedule.at(static_cast<std::size_t>(r.game)).first == 0 ? r.first_score()
                                                                    : 1.0 - r.first_score();
  };
  std::optional<SprtWatch> sprt;
  if (config.sprt) sprt.emplace(*config.sprt, schedule.size() / 2);
  for (const auto& r : resumed) {
    tally(r);
    if (sprt) (void)sprt->record(static_cast<std::size_t>(r.game), score_of_a(r));
  }
  std::vector<std::size_t> todo;
  for (const auto& g : schedule) {
    if (sprt && sprt->decided()) break;
    if (!std::ranges::binary_search(resumed, g.index, {}, &GameRow::game)) {
      todo.push_back(static_cast<std::size_t>(g.index));
    }
  }
  ProgressLine progress("games", static_cast<int>(schedule.size()),
                        static_cast<int>(resumed.size()), !options.quiet);
  std::string sprt_note;  // the SPRT's running LLR, after the leader

  // Each pairing's players in the view its score line takes: the first game's first player
  // (before --reverse turned the sides).
  std::vector<std::pair<std::string, std::string>> pairing_names;
  for (const ScheduledGame& g : schedule) {
    if (g.pairing < static_cast<int>(pairing_names.size())) continue;
    const auto& a = names[static_cast<std::size_t>(config.reverse ? g.second : g.first)];
    const auto& b = names[static_cast<std::size_t>(config.reverse ? g.first : g.second)];
    pairing_names.resize(static_cast<std::size_t>(g.pairing) + 1);
    pairing_names.back() = {a, b};
  }
  const bool colour = colour_wanted(STDERR_FILENO);
  const bool live = options.live && !options.quiet;
  ScoreLines scores(colour);
  auto count_score = [&](const GameRow& r) {
    const auto& [a, b] = pairing_names.at(static_cast<std::size_t>(r.pairing));
    scores.add(r, a, b);
    return scores.line(a, b);
  };
  if (live) {
    for (const auto& r : resumed) (void)count_score(r);
  }

  // Each finished game, from this process's threads or from another rank, one at a time.
  std::vector<GameRow> finished = resumed;  // for the interim ratings
  const int interval = options.quiet ? 0 : options.rating_interval.value_or(config.rating_interval);
  auto record = [&](std::size_t index, const std::string& result) {
    GameRow row;
    std::vector<MoveRow> moves;
    decode_game(result, row, moves);
    journal.record(row, moves);
    if (live) progress.message(count_score(row));
    if (interval > 0) {
      finished.push_back(row);
      if (finished.size() % static_cast<std::size_t>(interval) == 0) {
        progress.message(interim_ratings(names, finished, sprt ? &*sprt : nullptr, colour) + "\n" +
                         standings_table(compute_standings(names, finished)));
      }
    }
    if (sprt) {
      if (sprt->record(index, score_of_a(row))) pipeline.conclude();
      sprt_note = strf("  %s after %zu games", sprt->llr_text().c_str(), sprt->games_counted());
    }
    tally(row);
    progress.advance(leader_text(names, points, played) + sprt_note);
  };
  // What a worker rank needs to build the same plan: the config path, the --seed override, the
  // config hash to check that it read the same config, and where its engines log.
  const std::string context =
      wire::Writer()(options.config_path, options.seed, pipeline.hash(), dir, options.debug).take();
  // An SPRT decides in schedule order: games start close to it (DistributedWork).
  const DistributeOutcome outcome =
      pipeline.execute("tournament", context, std::move(todo), jobs, record, sprt.has_value());
  progress.finish();
  pipeline.add_search_cpu_ms(jobs.search_cpu_ms());

  // A decided test keeps exactly the games it counted (others may have finished meanwhile).
  const bool decided = sprt && sprt->decided();
  const std::vector<GameRow> rows =
      journal.finish(decided ? static_cast<int>(sprt->games_counted()) : -1);
  pipeline.set_done(rows.size());
  if (config.output_moves) {
    PgnEvent event{
        config.name, pipeline.started().substr(0, 10), plan.game->label(), {}, config.site};
    std::ranges::replace(event.date, '-', '.');
    for (std::size_t p = 0; p < names.size(); ++p) {
      event.time_control[names[p]] =
          pgn_time_control(plan.sides[p].clock, plan.sides[p].limits.max_ms);
    }
    write_game_records(dir, rows, *plan.game, event);
  }
  const std::string standings = write_tournament_reports(dir, names, rows);
  if (sprt) {
    pipeline.set_field("sprt_result", sprt->summary());
    pipeline.set_field("sprt_llr", format_number(sprt->llr()));
  }
  write_extra_outputs(options, dir, rows, config.output_moves);
  if (!options.json) {
    std::printf("%s\n", standings.c_str());
    if (sprt) {
      std::printf("sprt %s: %s: %s\n", names[0].c_str(), sprt_flow(*config.sprt).c_str(),
                  sprt->summary().c_str());
    }
    std::printf("run folder: %s\nplots and report.html: harness report %s\n", dir.c_str(),
                shell_quote(dir).c_str());
    std::fflush(stdout);
  }
  return {.exit_code = pipeline.finish(decided || rows.size() == schedule.size(), outcome.error),
          .dir = dir,
          .games_played = static_cast<int>(outcome.finished),
          .wall_s = pipeline.execute_wall_ms() / 1e3,
          .cpu_s = pipeline.execute_cpu_ms() / 1e3,
          .search_cpu_s = jobs.search_cpu_ms() / 1e3,
          .standings = compute_standings(names, rows),
          .pairings = compute_pairings(rows),
          .sprt = sprt ? sprt->summary() : "",
          .games = static_cast<int>(rows.size())};
}

}  // namespace gts
