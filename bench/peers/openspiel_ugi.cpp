// A UGI engine around OpenSpiel's MCTSBot (github google-deepmind/open_spiel, Apache-2.0:
// algorithms/mcts.cc with its RandomRolloutEvaluator, on its connect_four, tic_tac_toe and mancala
// games),
// compiled by bench/peers/openspiel.sh against a checkout the user supplies; none of OpenSpiel's
// code is in this project. It speaks the dialect `harness ugi` speaks (docs/guide/engines.md), in
// this project's notation: Connect Four columns 1..width and Pons' digit sequences, tic-tac-toe
// cells "b2" (column letter, row from the top) and boards ".X./.../...:O", Kalah houses 1..6 of
// the mover and boards "4,4,...,0:S" (OpenSpiel's mancala is Kalah(6,4) with capture=nonempty).
//
//   openspiel_ugi --game connect-four|tictactoe|kalah [--param K=V]... [--OPTION VALUE]...
//   openspiel_ugi --game G --speed ITERATIONS [--OPTION VALUE]...
//
// OPTIONs (also `setoption name OPTION value VALUE`): iterations (MCTSBot's max_simulations when
// `go` gives no budget), uct_c, rollouts (random playouts an iteration), seed, solve (on/off:
// MCTS-Solver), max_memory_mb. A move's search is MCTSBot::MCTSearch on the position, bounded by
// `go nodes N` (N simulations) or by `movetime`/the clock (MCTSBot's wall-clock bound); `info`
// reports the simulations as nodes, the deepest ply of the tree as depth, and the most visited
// line as pv. --speed runs one search from the start and prints its simulations per second.
#include <time.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <exception>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "open_spiel/algorithms/mcts.h"
#include "open_spiel/games/mancala/mancala.h"
#include "open_spiel/spiel.h"

#ifndef OPENSPIEL_COMMIT
#define OPENSPIEL_COMMIT "unknown"
#endif

namespace {

namespace os = open_spiel;
namespace mcts = open_spiel::algorithms;

// A line the engine answers with `info string error: ...` and goes on; at start-up, exit 2.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> w;
  for (std::string s; in >> s;) w.push_back(s);
  return w;
}

std::optional<long long> whole(const std::string& text, long long lo, long long hi) {
  if (text.empty() || text.size() > 19) return std::nullopt;
  long long v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  if (v < lo || v > hi) return std::nullopt;
  return v;
}

std::optional<double> real(const std::string& text) {
  try {
    std::size_t used = 0;
    const double v = std::stod(text, &used);
    if (used != text.size() || !std::isfinite(v)) return std::nullopt;
    return v;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

struct Options {
  long long iterations = 10000;  // mcts_example's max_simulations
  double uct_c = 2;              // mcts_example's uct_c (rewards in [-1, 1])
  long long rollouts = 1;        // one random playout an iteration (mcts_example: 10)
  std::uint64_t seed = 0;
  bool solve = true;  // mcts_example's default
  long long max_memory_mb = 1000;

  void set(const std::string& name, const std::string& value) {
    auto bad = [&](const std::string& want) {
      return InputError("option " + name + ": expected " + want + ", got '" + value + "'");
    };
    if (name == "iterations") {
      const auto v = whole(value, 1, 1'000'000'000);
      if (!v) throw bad("a whole number in [1, 1000000000]");
      iterations = *v;
    } else if (name == "uct_c") {
      const auto v = real(value);
      if (!v || *v < 0) throw bad("a number >= 0");
      uct_c = *v;
    } else if (name == "rollouts") {
      const auto v = whole(value, 1, 1'000'000);
      if (!v) throw bad("a whole number in [1, 1000000]");
      rollouts = *v;
    } else if (name == "seed") {
      std::uint64_t v = 0;
      bool ok = !value.empty() && value.size() <= 20;
      for (char c : value) {
        const std::uint64_t d = static_cast<std::uint64_t>(c - '0');
        if (c < '0' || c > '9' || v > (UINT64_MAX - d) / 10) ok = false;
        if (ok) v = v * 10 + d;
      }
      if (!ok) throw bad("an unsigned 64-bit number");
      seed = v;
    } else if (name == "solve") {
      if (value != "on" && value != "off") throw bad("on or off");
      solve = value == "on";
    } else if (name == "max_memory_mb") {
      const auto v = whole(value, 1, 1'000'000);
      if (!v) throw bad("a whole number in [1, 1000000]");
      max_memory_mb = *v;
    } else {
      throw InputError("unknown option '" + name +
                       "' (iterations, uct_c, rollouts, seed, solve, max_memory_mb)");
    }
  }

  void declare() const {
    std::cout << "option name iterations type spin default " << iterations
              << " min 1 max 1000000000\n"
              << "option name uct_c type string default " << uct_c << "\n"
              << "option name rollouts type spin default " << rollouts << " min 1 max 1000000\n"
              << "option name seed type string default " << seed << "\n"
              << "option name solve type combo default " << (solve ? "on" : "off")
              << " var off var on\n"
              << "option name max_memory_mb type spin default " << max_memory_mb
              << " min 1 max 1000000\n";
  }
};

// splitmix64's finaliser: a move's seed from the engine's seed and the plies before it.
std::uint64_t mix_seed(std::uint64_t seed, std::uint64_t plies) {
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ULL * (plies + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// Our game's notation over OpenSpiel's game: moves to action ids and back, positions replayed.
class Notation {
 public:
  Notation(const std::string& game, const std::map<std::string, std::string>& params)
      : connect_four_(game == "connect-four"), kalah_(game == "kalah") {
    if (game != "connect-four" && game != "tictactoe" && game != "kalah") {
      throw InputError("--game: expected connect-four, tictactoe or kalah, got '" + game + "'");
    }
    auto param = [&](const std::string& name, int fallback, int lo, int hi) {
      const auto it = params.find(name);
      if (it == params.end()) return fallback;
      const auto v = whole(it->second, lo, hi);
      if (!v) {
        throw InputError("--param " + name + ": expected a whole number in [" +
                         std::to_string(lo) + ", " + std::to_string(hi) + "], got '" +
                         it->second + "'");
      }
      return static_cast<int>(*v);
    };
    for (const auto& [name, value] : params) {
      const bool known = connect_four_ ? name == "width" || name == "height" || name == "k"
                         : kalah_      ? name == "pits" || name == "seeds" || name == "capture"
                                       : name == "rows" || name == "cols" || name == "k";
      if (!known) throw InputError("--param " + name + ": not a parameter of " + game);
    }
    if (kalah_) {  // OpenSpiel's mancala has no parameters: only the game it plays
      (void)param("pits", 6, 6, 6);
      (void)param("seeds", 4, 4, 4);
      const auto capture = params.find("capture");
      if (capture != params.end() && capture->second != "nonempty") {
        throw InputError("--param capture: OpenSpiel's mancala captures only when the opposite "
                         "house holds seeds (nonempty), got '" + capture->second + "'");
      }
      width_ = 6;
      game_ = os::LoadGame("mancala");
      label_ = "kalah(capture=nonempty,pits=6,seeds=4)";
    } else if (connect_four_) {
      width_ = param("width", 7, 1, 9);
      rows_ = param("height", 6, 1, 31);
      const int k = param("k", 4, 2, 32);
      game_ = os::LoadGame("connect_four", {{"columns", os::GameParameter(width_)},
                                            {"rows", os::GameParameter(rows_)},
                                            {"x_in_row", os::GameParameter(k)}});
      label_ = "connect-four(height=" + std::to_string(rows_) + ",k=" + std::to_string(k) +
               ",width=" + std::to_string(width_) + ")";
    } else {
      width_ = param("cols", 3, 3, 3);
      rows_ = param("rows", 3, 3, 3);
      (void)param("k", 3, 3, 3);
      game_ = os::LoadGame("tic_tac_toe");
      label_ = "tictactoe(cols=3,k=3,rows=3)";
    }
  }

  const os::Game& game() const { return *game_; }
  const std::string& label() const { return label_; }

  std::unique_ptr<os::State> start() const { return game_->NewInitialState(); }

  // "position startpos|fen TEXT [moves M...]" (words after "position"); the plies after the fen.
  std::unique_ptr<os::State> position(const std::vector<std::string>& w,
                                      std::uint64_t& plies) const {
    if (w.size() < 2) throw InputError("expected 'position startpos' or 'position fen ...'");
    std::size_t i = 2;
    std::unique_ptr<os::State> s;
    if (w[1] == "startpos") {
      s = start();
    } else if (w[1] == "fen") {
      std::string text;
      for (; i < w.size() && w[i] != "moves"; ++i) text += w[i];
      s = fen(text);
    } else {
      throw InputError("expected 'startpos' or 'fen' after 'position', got '" + w[1] + "'");
    }
    plies = 0;
    if (i < w.size()) {
      if (w[i] != "moves") throw InputError("expected 'moves', got '" + w[i] + "'");
      for (++i; i < w.size(); ++i, ++plies) s->ApplyAction(action(*s, w[i]));
    }
    return s;
  }

  // A legal move's action id; else InputError listing the legal moves.
  os::Action action(const os::State& s, const std::string& text) const {
    if (s.IsTerminal()) throw InputError("move '" + text + "': the game is over");
    std::optional<os::Action> a;
    if (kalah_) {  // the mover's house h: pit h (player 0) or 7 + h (player 1)
      if (const auto h = whole(text, 1, width_)) a = *h + (s.CurrentPlayer() == 0 ? 0 : 7);
    } else if (connect_four_) {
      if (const auto c = whole(text, 1, width_)) a = *c - 1;
    } else if (text.size() == 2 && text[0] >= 'a' && text[0] < 'a' + width_ && text[1] >= '1' &&
               text[1] < '1' + rows_) {
      a = (text[1] - '1') * width_ + (text[0] - 'a');
    } else if (const auto cell = whole(text, 1, width_ * rows_)) {
      a = *cell - 1;
    }
    const std::vector<os::Action> legal = s.LegalActions();
    if (!a || std::find(legal.begin(), legal.end(), *a) == legal.end()) {
      std::string list;
      for (os::Action l : legal) list.append(list.empty() ? "" : " ").append(move(l));
      throw InputError("move '" + text + "' is not legal here (legal: " + list + ")");
    }
    return *a;
  }

  std::string move(os::Action a) const {
    if (kalah_) return std::to_string(a > 7 ? a - 7 : a);
    if (connect_four_) return std::to_string(a + 1);
    return std::string(1, static_cast<char>('a' + a % width_)) +
           std::string(1, static_cast<char>('1' + a / width_));
  }

 private:
  // Connect Four: Pons' sequence of columns; tic-tac-toe: rows top to bottom and the mover. The
  // board's stones are placed X, O, X, ... (any order reaches the board; a finished board may end
  // the replay early, as the game ended).
  std::unique_ptr<os::State> fen(const std::string& text) const {
    auto s = start();
    if (kalah_) return kalah_fen(text, std::move(s));
    if (connect_four_) {
      for (char c : text) s->ApplyAction(action(*s, std::string(1, c)));
      return s;
    }
    const std::string bad = "fen '" + text + "': expected 3 rows of X, O or '.' and the mover, " +
                            "as '.X./.../...:O'";
    if (text.size() != 13 || text[3] != '/' || text[7] != '/' || text[11] != ':') {
      throw InputError(bad);
    }
    std::vector<os::Action> stones[2];
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 3; ++c) {
        const char ch = text[static_cast<std::size_t>(r * 4 + c)];
        if (ch == 'X' || ch == 'O') stones[ch == 'X' ? 0 : 1].push_back(r * 3 + c);
        if (ch != 'X' && ch != 'O' && ch != '.') throw InputError(bad);
      }
    }
    const char mover = text[12];
    const std::size_t x = stones[0].size(), o = stones[1].size();
    if ((mover != 'X' && mover != 'O') || !(mover == 'X' ? x == o : x == o + 1)) {
      throw InputError("fen '" + text + "': " + std::to_string(x) + " X and " +
                       std::to_string(o) + " O stones cannot have " + std::string(1, mover) +
                       " to move (X moves first)");
    }
    for (std::size_t i = 0; i < x + o && !s->IsTerminal(); ++i) {
      s->ApplyAction(stones[i % 2][i / 2]);
    }
    return s;
  }

  // Kalah: our cells (South's houses, its store, North's houses, its store) are OpenSpiel's pits
  // shifted by one (its pit 0 is North's store). OpenSpiel's state cannot be given a mover, so
  // only positions with South (its player 0) to move are taken.
  std::unique_ptr<os::State> kalah_fen(const std::string& text, std::unique_ptr<os::State> s) const {
    std::array<int, os::mancala::kTotalPits> board{};
    std::size_t at = 0;
    int cell = 0;
    for (; cell < os::mancala::kTotalPits && at < text.size(); ++cell) {
      const std::size_t end = std::min(text.find_first_of(",:", at), text.size());
      const auto v = whole(text.substr(at, end - at), 0, 255);
      if (!v) break;
      board[static_cast<std::size_t>((cell + 1) % os::mancala::kTotalPits)] = static_cast<int>(*v);
      at = end + 1;
    }
    if (cell != os::mancala::kTotalPits || text.substr(std::min(at, text.size())) != "S" ||
        text[at - 1] != ':') {
      throw InputError("fen '" + text + "': expected 14 counts and ':S' (OpenSpiel's mancala " +
                       "cannot be given North to move)");
    }
    static_cast<os::mancala::MancalaState&>(*s).SetBoard(board);
    return s;
  }

  bool connect_four_;
  bool kalah_;
  int width_ = 0;
  int rows_ = 0;
  std::shared_ptr<const os::Game> game_;
  std::string label_;
};

double now_ms() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

double thread_cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) * 1e-6;
}

// The deepest ply below `node` holding a visited node.
int tree_depth(const mcts::SearchNode& node) {
  int deepest = 0;
  for (const mcts::SearchNode& c : node.children) {
    if (c.explore_count > 0) deepest = std::max(deepest, 1 + tree_depth(c));
  }
  return deepest;
}

struct Search {
  std::unique_ptr<mcts::SearchNode> root;
  double wall_ms = 0;
  double cpu_ms = 0;
};

// MCTSBot's search on `s`: `simulations` of them, or for `seconds` when that is above 0.
Search run_search(const Notation& n, const Options& o, const os::State& s, long long simulations,
                  double seconds, std::uint64_t seed) {
  const int bot_seed = static_cast<int>(seed & 0x7FFFFFFF);
  auto evaluator =
      std::make_shared<mcts::RandomRolloutEvaluator>(static_cast<int>(o.rollouts), bot_seed);
  mcts::MCTSBot bot(n.game(), evaluator, o.uct_c, static_cast<int>(simulations), o.max_memory_mb,
                    o.solve, bot_seed, /*verbose=*/false, mcts::ChildSelectionPolicy::UCT, 0, 0,
                    false, seconds);
  Search r;
  const double w0 = now_ms(), c0 = thread_cpu_ms();
  r.root = bot.MCTSearch(s);
  r.wall_ms = now_ms() - w0;
  r.cpu_ms = thread_cpu_ms() - c0;
  return r;
}

class Engine {
 public:
  Engine(Notation notation, Options options)
      : n_(std::move(notation)), o_(options), state_(n_.start()) {}

  // False on `quit`.
  bool handle(const std::string& line) {
    const auto w = words(line);
    if (w.empty()) return true;
    try {
      if (w[0] == "ugi") {
        std::cout << "id name OpenSpiel MCTSBot (" << OPENSPIEL_COMMIT << ") on " << n_.label()
                  << "\nid author OpenSpiel authors; UGI adapter: gametree-harness\n";
        o_.declare();
        std::cout << "ugiok" << std::endl;
      } else if (w[0] == "isready") {
        std::cout << "readyok" << std::endl;
      } else if (w[0] == "setoption") {
        if (w.size() != 5 || w[1] != "name" || w[3] != "value") {
          throw InputError("expected 'setoption name NAME value VALUE'");
        }
        o_.set(w[2], w[4]);
      } else if (w[0] == "uginewgame") {
        state_ = n_.start();
        plies_ = 0;
        rejected_.clear();
      } else if (w[0] == "position") {
        try {
          std::uint64_t plies = 0;
          state_ = n_.position(w, plies);
          plies_ = plies;
          rejected_.clear();
        } catch (const InputError& e) {
          rejected_ = e.what();
          throw;
        }
      } else if (w[0] == "go") {
        go(w);
      } else if (w[0] == "query") {
        query(w);
      } else if (w[0] == "stop") {
        // Searches run to their budget: MCTSBot has no stop; a late stop has nothing to end.
      } else if (w[0] == "quit") {
        return false;
      } else {
        std::cout << "info string unknown command '" << w[0] << "'" << std::endl;
      }
    } catch (const InputError& e) {
      std::cout << "info string error: " << e.what() << std::endl;
    }
    return true;
  }

 private:
  void go(const std::vector<std::string>& w) {
    long long nodes = 0;
    double movetime = 0, time[2] = {0, 0}, inc[2] = {0, 0};
    bool timed[2] = {false, false};
    int moves_to_go = 0;
    std::vector<std::string> ignored;
    for (std::size_t i = 1; i < w.size(); ++i) {
      const std::string& key = w[i];
      if (key == "infinite") {
        ignored.push_back("infinite (no stop in MCTSBot: the iterations option bounds it)");
        continue;
      }
      if (key != "depth" && key != "nodes" && key != "movetime" && key != "p1time" &&
          key != "p2time" && key != "p1inc" && key != "p2inc" && key != "movestogo") {
        throw InputError("go: unknown parameter '" + key + "'");
      }
      if (i + 1 >= w.size()) throw InputError("go: '" + key + "' needs a value");
      const std::string& value = w[++i];
      const auto v = real(value);
      if (!v || *v < 0) {
        throw InputError("go: '" + key + " " + value + "': expected a number >= 0, got '" +
                         value + "'");
      }
      if (key == "depth") {
        ignored.push_back("depth (MCTS has no depth bound)");
      } else if (key == "nodes") {
        nodes = static_cast<long long>(std::min(*v, 2e9));
      } else if (key == "movetime") {
        movetime = *v;
      } else if (key == "movestogo") {
        moves_to_go = static_cast<int>(std::min(*v, 1e6));
      } else {
        const int p = key[1] == '1' ? 0 : 1;
        (key.ends_with("time") ? time[p] : inc[p]) = *v;
        if (key.ends_with("time")) timed[p] = true;
      }
    }
    if (!rejected_.empty()) {
      std::cout << "info string error: go: the last 'position' was rejected (" << rejected_
                << ")\nbestmove 0000" << std::endl;
      return;
    }
    if (state_->IsTerminal()) {
      std::cout << "info string the game is over\nbestmove 0000" << std::endl;
      return;
    }
    const int own = state_->CurrentPlayer();
    double ms = movetime;
    if (timed[own]) {  // the harness's share of a clock (harness/match/player.cpp)
      const double shares = moves_to_go > 0 ? std::min(25.0, moves_to_go + 1.0) : 25.0;
      const double share =
          std::max(1.0, std::min(time[own] / shares + inc[own] * 0.75, time[own] / 2.0));
      ms = ms > 0 ? std::min(ms, share) : share;
    }
    if (ms > 0 && nodes > 0) ignored.push_back("nodes (MCTSBot bounds by time or by simulations)");
    for (const std::string& what : ignored) std::cout << "info string ignored: " << what << "\n";
    const long long simulations = nodes > 0 ? nodes : o_.iterations;
    const Search r = run_search(n_, o_, *state_, simulations, ms / 1e3, mix_seed(o_.seed, plies_));
    const mcts::SearchNode& best = r.root->BestChild();
    std::string pv;
    for (const mcts::SearchNode* node = r.root.get();
         !node->children.empty() && node->BestChild().explore_count > 0;) {
      node = &node->BestChild();
      pv.append(pv.empty() ? "" : " ").append(n_.move(node->action));
    }
    const long long sims = r.root->explore_count;
    std::cout << "info depth " << std::max(1, tree_depth(*r.root)) << " nodes " << sims << " time "
              << static_cast<long long>(r.wall_ms);
    if (r.wall_ms > 0) std::cout << " nps " << static_cast<long long>(sims / r.wall_ms * 1e3);
    std::cout << " pv " << pv << "\n";
    const double value = best.explore_count > 0 ? best.total_reward / best.explore_count : 0;
    std::cout << "info string value " << value << " visits " << best.explore_count;
    if (!r.root->outcome.empty()) std::cout << " proven " << r.root->outcome[own];
    std::cout << "\nbestmove " << n_.move(best.action) << std::endl;
  }

  void query(const std::vector<std::string>& w) {
    const std::string what = w.size() > 1 ? w[1] : "";
    if (!rejected_.empty()) {
      throw InputError("query: the last 'position' was rejected (" + rejected_ + ")");
    }
    if (what == "gameover") {
      std::cout << "response " << (state_->IsTerminal() ? "true" : "false") << std::endl;
    } else if (what == "p1turn") {
      std::cout << "response " << (state_->CurrentPlayer() == 0 ? "true" : "false") << std::endl;
    } else if (what == "result") {
      const char* result = "none";
      if (state_->IsTerminal()) {
        const std::vector<double> r = state_->Returns();
        result = r[0] > r[1] ? "p1win" : r[0] < r[1] ? "p2win" : "draw";
      }
      std::cout << "response " << result << std::endl;
    } else {
      throw InputError("query: expected gameover, p1turn or result, got '" + what + "'");
    }
  }

  Notation n_;
  Options o_;
  std::unique_ptr<os::State> state_;
  std::uint64_t plies_ = 0;
  std::string rejected_;
};

// Bad command-line input: one line naming it, exit 2.
int usage(const std::string& why) {
  std::cerr << "openspiel_ugi: " << why << "\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string game;
  std::map<std::string, std::string> params;
  Options options;
  long long speed = 0;
  try {
    for (int i = 1; i < argc; ++i) {
      const std::string k = argv[i];
      if (k.size() < 3 || k.rfind("--", 0) != 0 || i + 1 >= argc) {
        return usage("expected --NAME VALUE, got '" + k + "'");
      }
      const std::string v = argv[++i];
      if (k == "--game") {
        game = v;
      } else if (k == "--param") {
        const auto eq = v.find('=');
        if (eq == std::string::npos) return usage("--param: expected K=V, got '" + v + "'");
        params[v.substr(0, eq)] = v.substr(eq + 1);
      } else if (k == "--speed") {
        const auto n = whole(v, 1, 1'000'000'000);
        if (!n) return usage("--speed: expected a whole number in [1, 1000000000], got '" + v + "'");
        speed = *n;
      } else {
        options.set(k.substr(2), v);
      }
    }
    if (game.empty()) {
      return usage("--game is required (usage: openspiel_ugi --game connect-four|tictactoe|kalah "
                   "[--param K=V]... [--speed ITERATIONS] [--iterations N] [--uct_c X] "
                   "[--rollouts N] [--seed S] [--solve on|off] [--max_memory_mb N])");
    }
    Notation notation(game, params);
    if (speed > 0) {
      const Search r = run_search(notation, options, *notation.start(), speed, 0, options.seed);
      const long long sims = r.root->explore_count;
      std::cout << "openspiel " << notation.label() << " iterations " << sims << " wall_ms "
                << static_cast<long long>(r.wall_ms) << " cpu_ms "
                << static_cast<long long>(r.cpu_ms) << " per_cpu_s "
                << static_cast<long long>(sims / std::max(r.cpu_ms, 1e-3) * 1e3) << " move "
                << notation.move(r.root->BestChild().action) << std::endl;
      return 0;
    }
    Engine engine(std::move(notation), options);
    for (std::string line; std::getline(std::cin, line);) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (!engine.handle(line)) break;
    }
  } catch (const InputError& e) {
    return usage(e.what());
  }
  return 0;
}
