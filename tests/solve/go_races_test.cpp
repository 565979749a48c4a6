// The static race reader (GoCapture::race_captures, the game parameter races=on) claims only the
// truth: on generated capturing races (dense random boards of 5x5 to 7x7 and playouts from them,
// the target of two stones or more with no eye or one, either side to move, some with a ko ban,
// escape steps or a near ply limit), wherever it says the attacker captures, df-pn+ on the game
// without it never disproves it (and proves most); and races=on never
// changes a whole problem's answer, with relevance zones on and off.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/dfpn.h"
#include "games/go_capture/go_capture.h"
#include "tests/solve/go_heuristic.h"
#include "tests/solve/test_rng.h"

namespace gts {
namespace {

using gts::testing::GoHeuristic;
using ParamMap = std::map<std::string, std::string>;

using gts::testing::Rng;

SearchLimits nodes(std::uint64_t n) {
  SearchLimits l;
  l.max_nodes = n;
  return l;
}

// A generated capturing race (the text form), or "" when the drawn one is no problem: a target
// block (two to eight stones, a third of them around an eye at the edge or in the corner) whose
// liberties are walled in by attacker stones (some points of the wall left empty, some liberties
// filled), the defender's stones pressing on the walls' outside liberties at a random density,
// so that the race is sometimes won, sometimes lost and sometimes close.
std::string random_race_problem(Rng& rng) {
  const int size = 5 + rng.below(4);
  std::vector<char> board(static_cast<std::size_t>(size * size), '.');
  auto at = [&](int r, int c) -> char& { return board[static_cast<std::size_t>(r * size + c)]; };
  auto inside = [&](int r, int c) { return r >= 0 && r < size && c >= 0 && c < size; };
  constexpr int kDr[4] = {-1, 1, 0, 0};
  constexpr int kDc[4] = {0, 0, -1, 1};
  const bool black_target = rng.below(2) == 0;
  const char own = black_target ? 'X' : 'O';
  const char enemy = black_target ? 'O' : 'X';
  std::vector<std::pair<int, int>> stones;
  int eye_r = -1;
  int eye_c = -1;
  if (rng.below(3) == 0) {  // an eye at the edge or in the corner, the target around it
    eye_r = 0;
    eye_c = rng.below(2) == 0 ? 0 : 1 + rng.below(size - 2);
    for (int dr = 0; dr <= 1; ++dr) {
      for (int dc = -1; dc <= 1; ++dc) {
        if ((dr != 0 || dc != 0) && inside(eye_r + dr, eye_c + dc)) stones.push_back({dr, eye_c + dc});
      }
    }
  } else {
    stones.push_back({rng.below(size), rng.below(size)});
  }
  for (const auto& [r, c] : stones) at(r, c) = own;
  for (int grow = 2 + rng.below(5); grow > 0; --grow) {
    const auto [r, c] = stones[static_cast<std::size_t>(rng.below(static_cast<int>(stones.size())))];
    const int d = rng.below(4);
    const int nr = r + kDr[d];
    const int nc = c + kDc[d];
    if (inside(nr, nc) && at(nr, nc) == '.' && (nr != eye_r || nc != eye_c)) {
      at(nr, nc) = own;
      stones.push_back({nr, nc});
    }
  }
  // The liberties, some filled by the attacker; then the wall around them.
  std::vector<std::pair<int, int>> libs;
  for (const auto& [r, c] : stones) {
    for (int d = 0; d < 4; ++d) {
      const int nr = r + kDr[d];
      const int nc = c + kDc[d];
      if (inside(nr, nc) && at(nr, nc) == '.') {
        at(nr, nc) = 'L';
        libs.push_back({nr, nc});
      }
    }
  }
  for (const auto& [r, c] : libs) {
    if ((r != eye_r || c != eye_c) && rng.below(100) < 35) at(r, c) = enemy;
  }
  const int gap = rng.below(2) == 0 ? 5 + rng.below(30) : 0;  // percent of wall points left empty
  for (const auto& [r, c] : libs) {
    if (at(r, c) != 'L') continue;
    for (int d = 0; d < 4; ++d) {
      const int nr = r + kDr[d];
      const int nc = c + kDc[d];
      if (inside(nr, nc) && at(nr, nc) == '.' && rng.below(100) >= gap) at(nr, nc) = enemy;
    }
  }
  for (char& v : board) v = v == 'L' ? '.' : v;
  // The defender presses on the walls from outside.
  const int press = rng.below(70);
  for (int r = 0; r < size; ++r) {
    for (int c = 0; c < size; ++c) {
      if (at(r, c) != enemy) continue;
      for (int d = 0; d < 4; ++d) {
        const int nr = r + kDr[d];
        const int nc = c + kDc[d];
        if (!inside(nr, nc) || at(nr, nc) != '.') continue;
        bool beside_target = false;
        for (int e = 0; e < 4; ++e) {
          beside_target |= inside(nr + kDr[e], nc + kDc[e]) && at(nr + kDr[e], nc + kDc[e]) == own;
        }
        if (!beside_target && rng.below(100) < press) at(nr, nc) = own == 'X' ? 'x' : 'o';
      }
    }
  }
  for (char& v : board) v = v == 'x' ? 'X' : v == 'o' ? 'O' : v;
  std::string rows;
  for (int r = 0; r < size; ++r) {
    if (r > 0) rows += '/';
    rows.append(&board[static_cast<std::size_t>(r * size)], static_cast<std::size_t>(size));
  }
  const auto [tr, tc] = stones.front();
  const int escape = 3 + rng.below(5);
  const int plies = 6 + rng.below(20);
  std::string text = rows + (rng.below(2) == 0 ? " turn=B" : " turn=W") +
                     " target=" + go_point_name(size, tr * size + tc) +
                     " escape=" + std::to_string(escape) + " plies=" + std::to_string(plies);
  if (rng.below(3) == 0) {
    text += " escape_after=" + std::to_string(1 + rng.below(plies)) + ":" +
            std::to_string(escape - 1);
  }
  if (rng.below(4) == 0) {
    const int ko = rng.below(size * size);
    if (board[static_cast<std::size_t>(ko)] == '.') text += " ko=" + go_point_name(size, ko);
  }
  return text;
}

// The game of `params`, or none when they do not make a problem (stones without liberties, ...).
std::optional<GoCapture> make_game(const ParamMap& params) {
  try {
    return GoCapture(Params(params));
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// Calls visit(off, on, state, params) on every ongoing position of short random playouts of
// random race problems: `off` with races=off, `on` with races=on (the other readers, exact and
// tested against the plain game in go_problems_test, on in both); the
// state is off's (on's position is the same board, ply and ko). Returns how many.
template <class Visit>
int for_each_position(std::uint64_t seed, int problems, Visit visit) {
  Rng rng(seed);
  int count = 0;
  for (int made = 0, draw = 0; made < problems && draw < 100'000; ++draw) {
    const std::string text = random_race_problem(rng);
    if (text.empty()) continue;
    ParamMap params{{"problem", text}};
    if (rng.below(4) == 0) params["ko_threats"] = rng.below(2) == 0 ? "black" : "white";
    const ParamMap& off_params = params;
    ParamMap on_params = params;
    on_params["races"] = "on";
    const std::optional<GoCapture> off = make_game(off_params);
    const std::optional<GoCapture> on = make_game(on_params);
    if (!off || !on) continue;
    ++made;
    GoCapture::State s = off->initial_state();
    for (int ply = 0; ply < 4 && !off->is_terminal(s); ++ply) {
      visit(*off, *on, s, params);
      ++count;
      MovesOf<GoCapture> moves;
      off->legal_moves(s, moves);
      if (moves.size() <= 1) break;
      off->play(s, moves[static_cast<std::size_t>(rng.below(static_cast<int>(moves.size()) - 1))]);
    }
  }
  return count;
}

// Whether the race read at `s` needed its eye (a liberty with no attacker stone beside it).
bool has_eye(const GoCapture& g, const GoCapture::State& s) {
  const std::string drawn = g.to_string(s);
  const int n = g.size();
  auto at = [&](int r, int c) {
    return r < 0 || r >= n || c < 0 || c >= n ? '#' : drawn[static_cast<std::size_t>(r * (n + 1) + c)];
  };
  const char attacker = g.attacker() == 0 ? 'X' : 'O';
  const int t = g.problem().target_point();
  const char own = at(t / n, t % n);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      if (at(r, c) != '.') continue;
      bool beside_target = false;
      bool beside_attacker = false;
      for (auto [dr, dc] : {std::pair{-1, 0}, {1, 0}, {0, -1}, {0, 1}}) {
        beside_target |= at(r + dr, c + dc) == own;
        beside_attacker |= at(r + dr, c + dc) == attacker;
      }
      if (beside_target && !beside_attacker) return true;
    }
  }
  return false;
}

TEST(GoRaces, TheRaceReaderClaimsOnlyWhatTheSearchProves) {
  int claims = 0;
  int attacker_to_move = 0;
  int with_eye = 0;
  int long_races = 0;
  int proved = 0;
  const int positions = for_each_position(
      20261201, 20000,
      [&](const GoCapture& off, const GoCapture&, const GoCapture::State& s, const ParamMap& p) {
        if (!off.race_captures(s)) return;
        ++claims;
        attacker_to_move += s.side == off.attacker();
        with_eye += has_eye(off, s);
        long_races += off.target_liberties(s) >= 3;
        const SolverGoal goal{off.attacker(), 1};
        const GoHeuristic h{&off, true};
        DfpnOptions o;
        o.heuristic = true;
        o.tt_mb = 4;
        const SolveResult r = dfpn(off, goal, s, nodes(200'000), h, o);
        proved += r.status == ProofStatus::kProved;
        EXPECT_NE(r.status, ProofStatus::kDisproved)
            << off.to_string(s) << " (" << p.at("problem")
            << (p.count("ko_threats") ? " ko_threats=" + p.at("ko_threats") : "") << ")";
      });
  std::printf("%d positions, %d claims: %d with the attacker to move, %d with an eye, %d of three "
              "liberties or more; %d proved\n",
              positions, claims, attacker_to_move, with_eye, long_races, proved);
  EXPECT_GT(positions, 5000);
  EXPECT_GT(proved, claims * 9 / 10) << "the searches should settle most claims";
  EXPECT_GT(claims, 200);
  EXPECT_GT(attacker_to_move, 50);
  EXPECT_GT(claims - attacker_to_move, 50);
  EXPECT_GT(with_eye, 20);
  EXPECT_GT(long_races, 20);
}

TEST(GoRaces, TheRaceReaderNeverChangesAnAnswer) {
  int changed_nodes = 0;
  int settled = 0;
  for_each_position(
      20261202, 150,
      [&](const GoCapture&, const GoCapture& on, const GoCapture::State& s, const ParamMap& p) {
        if (s.ply != 0) return;  // the problem itself
        const GoCapture off{Params(p)};
        const SolverGoal goal{s.side, 1};
        for (const bool zones : {false, true}) {
          DfpnOptions o;
          o.heuristic = true;
          o.tt_mb = 4;
          o.zones = zones;
          const SolveResult a = dfpn(off, goal, off.initial_state(), nodes(20'000),
                                     GoHeuristic{&off, goal.prover == off.attacker()}, o);
          const SolveResult b = dfpn(on, goal, on.initial_state(), nodes(20'000),
                                     GoHeuristic{&on, goal.prover == on.attacker()}, o);
          if (a.status != ProofStatus::kUnknown && b.status != ProofStatus::kUnknown) {
            ++settled;
            EXPECT_EQ(a.status, b.status) << p.at("problem") << (zones ? " zones" : "");
          }
          changed_nodes += a.stats.nodes != b.stats.nodes;
        }
      });
  std::printf("%d settled, %d searches changed\n", settled, changed_nodes);
  EXPECT_GT(settled, 200);
  EXPECT_GT(changed_nodes, 20) << "races=on should cut some searches";
}

// df-pn+'s answer to "the attacker captures" at the problem's own position.
ProofStatus capture_at_start(const GoCapture& g) {
  DfpnOptions o;
  o.heuristic = true;
  return dfpn(g, SolverGoal{g.attacker(), 1}, g.initial_state(), nodes(200'000),
              GoHeuristic{&g, true}, o)
      .status;
}

// Hand-made races with their answers: a 2x2 target with two liberties against walls of three or
// more outside liberties; one wall cut to two outside liberties loses it with the defender to move.
TEST(GoRaces, TheReaderCountsTheOutsideLibertiesOfEachWall) {
  // White C5 D5 C4 D4 (liberties E5 E4), Black around. Black's wall B5 B4 has A5 A4 B6 B3.
  const std::string rows = "........./........./........./..XXXX.../.XOO.X.../.XOO.X.../"
                           "..XXX..../........./.........";
  for (const char* turn : {"B", "W"}) {
    const GoCapture g(Params(ParamMap{{"problem", rows + " turn=" + turn + " target=C5"}}));
    EXPECT_TRUE(g.race_captures(g.initial_state())) << turn;
    // With races=on it ends the problem, except with the attacker to move at its own position.
    const GoCapture on(Params(ParamMap{{"problem", rows + " turn=" + turn + " target=C5"},
                                       {"races", "on"}}));
    EXPECT_EQ(on.initial_state().status, *turn == 'W' ? GoCapture::kRace : GoCapture::kOngoing);
    EXPECT_EQ(on.is_terminal(on.initial_state()) ? on.terminal_value(on.initial_state()) : 0,
              *turn == 'W' ? -GoCapture::kWin : 0);
  }
  // White stones at A5 and B6 leave B5 B4 with A4 and B3 outside (and White A5 B6 are a block
  // beside nothing of the race): White to move takes A4, then B3 after Black's first fill.
  const std::string cut = "........./........./........./.OXXXX.../OXOO.X.../.XOO.X.../"
                          "..XXX..../........./.........";
  const GoCapture w(Params(ParamMap{{"problem", cut + " turn=W target=C5"}}));
  EXPECT_FALSE(w.race_captures(w.initial_state()));
  const GoCapture b(Params(ParamMap{{"problem", cut + " turn=B target=C5"}}));
  EXPECT_TRUE(b.race_captures(b.initial_state()));
  // An outside empty point beside a liberty (E5's F5 freed) gives the target room: no claim.
  const std::string open = "........./........./........./..XXXX.../.XOO..X../.XOO.X.../"
                           "..XXX..../........./.........";
  const GoCapture o(Params(ParamMap{{"problem", open + " turn=B target=C5"}}));
  EXPECT_FALSE(o.race_captures(o.initial_state()));
}

// A wall short of outside liberties is joined to a strong one by the attacker's first fill: with
// White C2 D2 E2 under it, Black C3 D3 E3 keeps B3 and F3 outside, too few for White's two moves
// before the capture, but Black's E4 joins it to the wall at F4 first. Black B3 besides leaves
// one, too few even for that.
TEST(GoRaces, AShortWallJoinedByTheFirstFillIsEnough) {
  const std::string rows = "........./........./........./..XXXX.../.XOO.X.../.XOO.X.../"
                           "..XXX..../..OOO..../.........";
  const GoCapture g(Params(ParamMap{{"problem", rows + " turn=W target=C5 plies=12"}}));
  EXPECT_TRUE(g.race_captures(g.initial_state()));
  EXPECT_EQ(capture_at_start(g), ProofStatus::kProved);
  const std::string shorter = "........./........./........./..XXXX.../.XOO.X.../.XOO.X.../"
                              ".OXXX..../..OOO..../.........";
  const GoCapture h(Params(ParamMap{{"problem", shorter + " turn=W target=C5"}}));
  EXPECT_FALSE(h.race_captures(h.initial_state()));
}

// The attacker must be able to play every liberty: a region without E5 and E4 leaves the target
// standing (the search disproves the capture), and a ko ban on the last liberty (a position given
// by hand: in play the ko point would be beside another defender stone) is no claim.
TEST(GoRaces, TheReaderNeedsEveryLibertyPlayable) {
  const std::string rows = "........./........./........./..XXXX.../.XOO.X.../.XOO.X.../"
                           "..XXX..../........./.........";
  const GoCapture g(Params(ParamMap{{"problem", rows + " turn=W target=C5 plies=6 region=A4-B6"}}));
  EXPECT_FALSE(g.race_captures(g.initial_state()));
  EXPECT_EQ(capture_at_start(g), ProofStatus::kDisproved);
  const GoCapture whole(Params(ParamMap{{"problem", rows + " turn=W target=C5 plies=6"}}));
  EXPECT_TRUE(whole.race_captures(whole.initial_state()));
  // E4 filled: E5 is the last liberty; Black to move at ply 1, banned from E5 or not.
  const std::string atari = "........./........./........./..XXXX.../.XOO.X.../.XOOXX.../"
                            "..XXX..../........./.........";
  // (ladders=off: the ladder reader takes a target in atari at once.)
  const GoCapture k(Params(ParamMap{{"problem", atari + " turn=B target=C5"}, {"ladders", "off"}}));
  EXPECT_TRUE(k.race_captures(k.parse(atari + ":B ply=1")));
  EXPECT_FALSE(k.race_captures(k.parse(atari + ":B ko=E5 ply=1")));
}

}  // namespace
}  // namespace gts
