// The match loop against scripted players: forfeits (a crash, an illegal or unreadable move, a
// broken node budget, a player that cannot start), losses on time under a clock and a movetime,
// the clocks each player is shown, adjudication, the seeds, and the count of unsearched moves.
#include "harness/match/match.h"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <chrono>
#include <functional>
#include <thread>
#include <vector>

namespace gts {
namespace {

// A player whose replies a test writes; it records what it was asked.
class ScriptedPlayer final : public Player {
 public:
  using Reply = std::function<PlayerMove(const GameHandle&, const MoveRequest&)>;
  ScriptedPlayer(const GameHandle& game, Reply reply) : game_(game), reply_(std::move(reply)) {}
  std::string start_game(std::uint64_t seed) override {
    game_seed = seed;
    return start_failure;
  }
  PlayerMove play(const MoveRequest& r) override {
    budgets.push_back(r.budget);
    seeds.push_back(r.seed);
    moves_seen.push_back(r.moves.size());
    return reply_(game_, r);
  }
  void forfeited() override { ++forfeits; }

  std::string start_failure;
  std::uint64_t game_seed = 0;
  std::vector<MoveBudget> budgets;
  std::vector<std::uint64_t> seeds;
  std::vector<std::size_t> moves_seen;
  int forfeits = 0;

 private:
  const GameHandle& game_;
  Reply reply_;
};

// The first legal move, searched to `depth`.
ScriptedPlayer::Reply first_move(int depth = 3) {
  return [depth](const GameHandle& g, const MoveRequest& r) {
    PlayerMove m{.status = PlayerMove::Status::kMove, .text = g.legal_moves(r.position).at(0)};
    m.depth = depth;
    return m;
  };
}

struct Fixture {
  std::unique_ptr<GameHandle> game;
  ScriptedPlayer a, b;
  std::array<GameSide, 2> sides;
  GameSetup setup;
  Fixture(const std::string& name, const std::map<std::string, std::string>& params,
          ScriptedPlayer::Reply ra, ScriptedPlayer::Reply rb)
      : game(make_game(name, params)), a(*game, std::move(ra)), b(*game, std::move(rb)) {
    sides[0].player = &a;
    sides[1].player = &b;
    setup.opening = game->initial_position();
    setup.max_plies = 1000;
    setup.seed = 12345;
  }
  GameOutcome play() { return play_match(*game, setup, sides); }
};

TEST(Match, PlaysAWholeGameAndRecordsEveryMove) {
  Fixture f("tictactoe", {}, first_move(), first_move(0));
  const GameOutcome out = f.play();
  EXPECT_EQ(out.termination, Termination::kNormal);
  // Each side plays its first legal move until the game ends; every move is in the log in order.
  ASSERT_EQ(static_cast<int>(out.move_log.size()), out.plies);
  EXPECT_EQ(out.moves[0] + out.moves[1], out.plies);
  EXPECT_EQ(out.unsearched[0], 0);
  EXPECT_EQ(out.unsearched[1], out.moves[1]);  // depth 0: played without a completed search
  for (std::size_t i = 0; i < out.move_log.size(); ++i) {
    EXPECT_EQ(out.move_log[i].ply, static_cast<int>(i));
    EXPECT_EQ(out.move_log[i].side, static_cast<int>(i % 2));
  }
  // The game's seed reaches both players; each move's seed is mixed from it and the ply.
  EXPECT_EQ(f.a.game_seed, 12345u);
  EXPECT_EQ(f.b.game_seed, 12345u);
  ASSERT_FALSE(f.a.seeds.empty());
  EXPECT_EQ(f.a.seeds[0], mix_seed(12345, 0));
  EXPECT_EQ(f.b.seeds[0], mix_seed(12345, 1));
  EXPECT_EQ(f.b.moves_seen[0], 1u);
}

TEST(Match, EachFaultForfeitsWithItsReason) {
  struct Case {
    const char* name;
    ScriptedPlayer::Reply reply;
    Termination termination;
    const char* reason;
  };
  const std::vector<Case> cases = {
      {"crash",
       [](const GameHandle&, const MoveRequest&) {
         return PlayerMove{.status = PlayerMove::Status::kFailed, .reason = "it crashed"};
       },
       Termination::kError, "it crashed"},
      {"illegal text",
       [](const GameHandle&, const MoveRequest&) {
         return PlayerMove{.status = PlayerMove::Status::kMove, .text = "z9"};
       },
       Termination::kIllegalMove, "bestmove 'z9'"},
      {"illegal move",
       [](const GameHandle&, const MoveRequest&) {
         return PlayerMove{.status = PlayerMove::Status::kMove, .move = 999};
       },
       Termination::kIllegalMove, "is not legal"},
      {"over budget",
       [](const GameHandle&, const MoveRequest&) {
         return PlayerMove{.status = PlayerMove::Status::kOverBudget, .reason = "searched 9 nodes"};
       },
       Termination::kBudget, "searched 9 nodes"},
      {"stall",
       [](const GameHandle&, const MoveRequest&) {
         return PlayerMove{.status = PlayerMove::Status::kTimeout, .reason = "no bestmove"};
       },
       Termination::kTimeout, "no bestmove"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    // The second player misbehaves on its first move.
    Fixture f("tictactoe", {}, first_move(), c.reply);
    const GameOutcome out = f.play();
    EXPECT_EQ(out.termination, c.termination);
    EXPECT_EQ(out.forfeit_side, 1);
    EXPECT_EQ(out.first_score, 1.0);
    EXPECT_NE(out.reason.find(c.reason), std::string::npos) << out.reason;
    EXPECT_EQ(f.b.forfeits, 1);
    EXPECT_EQ(f.a.forfeits, 0);
    EXPECT_EQ(out.move_log.size(), 1u);  // the faulty move is not recorded
  }
}

TEST(Match, APlayerThatCannotStartLosesBeforeTheFirstMove) {
  Fixture f("tictactoe", {}, first_move(), first_move());
  f.a.start_failure = "no handshake";
  const GameOutcome out = f.play();
  EXPECT_EQ(out.termination, Termination::kError);
  EXPECT_EQ(out.forfeit_side, 0);
  EXPECT_EQ(out.first_score, 0.0);
  EXPECT_EQ(out.reason, "no handshake");
  EXPECT_TRUE(f.a.budgets.empty());
  EXPECT_TRUE(out.move_log.empty());
}

ScriptedPlayer::Reply slow_first_move(int ms) {
  return [ms](const GameHandle& g, const MoveRequest& r) {
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
    return first_move()(g, r);
  };
}

TEST(Match, ClocksAreShownInTheGamesPlayerOrderAndRunOut) {
  // Kalah(4,3): the first player is p1 from the start position.
  Fixture f("kalah", {{"pits", "4"}, {"seeds", "3"}}, first_move(), slow_first_move(60));
  f.sides[0].clock = {.base_ms = 5000, .inc_ms = 100};
  f.sides[1].clock = {.base_ms = 150, .inc_ms = 0};
  f.sides[0].margin_ms = f.sides[1].margin_ms = 20;
  const GameOutcome out = f.play();
  EXPECT_EQ(out.termination, Termination::kTimeout);
  EXPECT_EQ(out.forfeit_side, 1);
  EXPECT_NE(out.reason.find("lost on time"), std::string::npos) << out.reason;
  // 150 ms at 60 ms a move: the third move of the slow side ends below -20 ms (the second, where
  // a loaded machine stretches the sleeps; never later, as sleeps only take longer).
  EXPECT_GE(out.moves[1], 2);
  EXPECT_LE(out.moves[1], 3);
  const MoveBudget& first = f.a.budgets.at(0);
  EXPECT_TRUE(first.clock);
  EXPECT_EQ(first.own, 0);
  EXPECT_DOUBLE_EQ(first.time_ms[0], 5000);
  EXPECT_DOUBLE_EQ(first.inc_ms[0], 100);
  EXPECT_DOUBLE_EQ(first.time_ms[1], 150);
  const MoveBudget& second = f.b.budgets.at(0);
  EXPECT_EQ(second.own, 1);
  // Each recorded clock is what was left after the move, the increment added.
  for (const MoveRecord& m : out.move_log) {
    if (m.side == 0) {
      EXPECT_GT(m.clock_ms, 5000.0);  // +100 a move, a fraction of a ms spent
    } else {
      EXPECT_LT(m.clock_ms, 150.0 - 50.0 * 1);
    }
  }
}

// 200 ms for every 2 moves at 60 ms a move: a whole-game clock would run out on the fourth move
// (200 - 4 * 60 < -20); the period's time comes back after each second move, so it never does.
TEST(Match, APeriodsTimeComesBackAfterItsMoves) {
  Fixture f("kalah", {}, slow_first_move(60), first_move());
  f.setup.max_plies = 16;
  f.sides[0].clock = {.base_ms = 200, .inc_ms = 0, .moves = 2};
  f.sides[1].clock = {.base_ms = 5000};
  f.sides[0].margin_ms = f.sides[1].margin_ms = 20;
  const GameOutcome out = f.play();
  EXPECT_NE(out.termination, Termination::kTimeout) << out.reason;
  ASSERT_GE(out.moves[0], 5);
  // The mover is told its moves to the period's end, and only its own: the other has none.
  for (std::size_t i = 0; i < f.a.budgets.size(); ++i) {
    EXPECT_EQ(f.a.budgets[i].moves_to_go, i % 2 == 0 ? 2 : 1) << i;
  }
  EXPECT_EQ(f.b.budgets.at(0).moves_to_go, 0);
  // After its k-th move the clock holds 200 ms per period begun, less 60 ms (or a little more) a
  // move; what it is shown before a move is what the last one left.
  int k = 0;
  double last = 200;
  for (const MoveRecord& m : out.move_log) {
    if (m.side != 0) continue;
    EXPECT_DOUBLE_EQ(f.a.budgets.at(static_cast<std::size_t>(k)).time_ms[0], last);
    ++k;
    const double expected = 200.0 * (1 + k / 2) - 60.0 * k;
    EXPECT_LE(m.clock_ms, expected) << "move " << k;
    EXPECT_GT(m.clock_ms, expected - 30.0 * k) << "move " << k;
    last = m.clock_ms;
  }
}

// 150 ms for every 3 moves at 60 ms a move: the third move ends the period below the margin, and
// the game is lost on time before the next period's time is given.
TEST(Match, RunningOutWithinAPeriodLosesOnTime) {
  Fixture f("kalah", {{"pits", "4"}, {"seeds", "3"}}, first_move(), slow_first_move(60));
  f.sides[0].clock = {.base_ms = 5000};
  f.sides[1].clock = {.base_ms = 150, .inc_ms = 0, .moves = 3};
  f.sides[0].margin_ms = f.sides[1].margin_ms = 20;
  const GameOutcome out = f.play();
  EXPECT_EQ(out.termination, Termination::kTimeout);
  EXPECT_EQ(out.forfeit_side, 1);
  EXPECT_NE(out.reason.find("lost on time"), std::string::npos) << out.reason;
  EXPECT_GE(out.moves[1], 2);  // the second where a loaded machine stretches the sleeps
  EXPECT_LE(out.moves[1], 3);
  EXPECT_EQ(f.b.budgets.at(0).moves_to_go, 3);
  EXPECT_EQ(f.b.budgets.at(1).moves_to_go, 2);
}

// In-process, a searcher's share of its clock counts the moves left to the period.
TEST(Match, TheClocksShareCountsTheMovesToGo) {
  EXPECT_DOUBLE_EQ(clock_allocation_ms(60000, 0), 2400);      // a 25th
  EXPECT_DOUBLE_EQ(clock_allocation_ms(60000, 0, 40), 2400);  // as many as a whole game
  EXPECT_DOUBLE_EQ(clock_allocation_ms(60000, 0, 9), 6000);   // a 10th
  EXPECT_DOUBLE_EQ(clock_allocation_ms(60000, 0, 1), 30000);  // never more than half
  EXPECT_DOUBLE_EQ(clock_allocation_ms(60000, 1000, 9), 6750);
  MoveBudget b{.clock = true, .time_ms = {60000, 100}, .own = 0, .moves_to_go = 9};
  EXPECT_DOUBLE_EQ(search_limits(b).max_ms, 6000);
  b.moves_to_go = 0;
  EXPECT_DOUBLE_EQ(search_limits(b).max_ms, 2400);
}

TEST(Match, AMovetimeIsAPerMoveLimit) {
  Fixture f("tictactoe", {}, first_move(), slow_first_move(80));
  f.sides[1].limits.max_ms = 30;
  f.sides[1].margin_ms = 20;
  const GameOutcome out = f.play();
  EXPECT_EQ(out.termination, Termination::kTimeout);
  EXPECT_EQ(out.forfeit_side, 1);
  EXPECT_NE(out.reason.find("movetime 30.0 ms + margin 20.0 ms"), std::string::npos) << out.reason;
  EXPECT_DOUBLE_EQ(f.b.budgets.at(0).movetime_ms, 30);
  EXPECT_FALSE(f.b.budgets.at(0).clock);
}

// A legal move that varies along the game.
PlayerMove varied_move(const GameHandle& g, const MoveRequest& r) {
  const auto moves = g.legal_moves(r.position);
  PlayerMove m{.status = PlayerMove::Status::kMove,
               .text = moves[r.moves.size() * 7 % moves.size()]};
  m.depth = 1;
  return m;
}

TEST(Match, AdjudicationEndsADecidedGame) {
  // Kalah(6,4) with adjudication: a store past half the seeds decides the game before its end.
  Fixture f("kalah", {{"seeds", "4"}}, varied_move, varied_move);
  f.setup.adjudicate = true;
  const GameOutcome played = f.play();
  Fixture g("kalah", {{"seeds", "4"}}, varied_move, varied_move);
  const GameOutcome full = g.play();
  EXPECT_EQ(played.termination, Termination::kAdjudicated);
  EXPECT_EQ(full.termination, Termination::kNormal);
  EXPECT_LT(played.plies, full.plies);
  EXPECT_EQ(played.first_score, full.first_score);  // the result playing on gives
}

TEST(Match, ExactSearchesRecordAPlyCountNotASentinel) {
  SearchResult r;
  r.depth = kDepthMax;
  r.complete = true;
  r.pv = {1, 2, 3};
  PlayerMove m;
  completed_depth(r, m);
  EXPECT_TRUE(m.exact);
  EXPECT_EQ(m.depth, 3);
  r.iteration = 11;  // proved by iterative deepening's 11th iteration
  completed_depth(r, m);
  EXPECT_TRUE(m.exact);
  EXPECT_EQ(m.depth, 11);
  r.iteration = kDepthMax;  // the last iteration searched to the end: the line's plies
  completed_depth(r, m);
  EXPECT_EQ(m.depth, 3);
  r.complete = false;
  r.depth = 7;
  completed_depth(r, m);
  EXPECT_FALSE(m.exact);
  EXPECT_EQ(m.depth, 7);
}

// A parallel search's move costs the CPU time of all its threads, not the calling thread's alone
// (which waits while root parallelisation's trees grow on threads of their own).
TEST(SearcherPlayer, AParallelSearchCostsItsThreadsCpuTime) {
  const auto game = make_game("connect-four", {});
  const auto searcher = game->make_searcher(
      make_algorithm_spec(
          "mcts",
          {{"threads", "2"}, {"parallel", "root"}, {"solver", "off"}, {"iterations", "200000"}}),
      parse_eval_spec(game->info().default_evaluation));
  SearcherPlayer player(*game, *searcher, 0);
  ASSERT_EQ(player.start_game(1), "");
  const std::string start = game->initial_position();
  const Position position = game->position(start);
  const std::vector<std::string> moves;
  const auto process_cpu_ms = [] {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e3 +
           (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e3;
  };
  const double before = process_cpu_ms();
  const PlayerMove m = player.play({.position = position,
                                    .opening = start,
                                    .opening_is_start = true,
                                    .moves = moves,
                                    .budget = {},
                                    .seed = 1});
  const double spent = process_cpu_ms() - before;
  ASSERT_EQ(m.status, PlayerMove::Status::kMove) << m.reason;
  EXPECT_GE(m.cpu_ms, 0.7 * spent) << "process CPU " << spent << " ms";
  EXPECT_LE(m.cpu_ms, 1.1 * spent + 5) << "process CPU " << spent << " ms";
}

}  // namespace
}  // namespace gts
