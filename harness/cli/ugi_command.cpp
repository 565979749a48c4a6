// `harness ugi`: any algorithm of the project as an engine speaking the Universal Game Interface
// (UGI: UCI generalised to any two-player game; kz04px/cutegames, ugi.md) on stdin and stdout, so
// that other programs (cutegames, another build of this harness) can play it.
//
// The search runs on the main thread; a reader thread takes the input, so that `stop` and
// `isready` are answered while a search runs. Replies are the exact two-token forms strict clients
// parse: `bestmove MOVE`, `response VALUE`.
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <iostream>
#include <mutex>
#include <new>
#include <stdexcept>
#include <thread>
#include <type_traits>

#include "games/params.h"
#include "games/text.h"
#include "harness/cli/command.h"
#include "harness/cli/search_args.h"
#include "harness/match/player.h"

namespace gts::cli {

namespace {

// The input side of a session: the queue the reader thread fills, the stop handshake and the
// output lock. Owned jointly by the session and the reader, which is detached (blocked in a read
// when the session ends on `quit`) and so must never touch a destroyed session.
class UgiInput {
 public:
  void send(const std::string& line) {
    std::lock_guard lock(out_mutex_);
    std::cout << line << '\n' << std::flush;
  }

  // Runs on its own thread: `stop` and `isready` during a search are answered at once.
  void read_input() {
    for (std::string line; std::getline(std::cin, line);) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      const auto w = words(line);
      if (w.empty()) continue;
      if (w[0] == "go") gos_read_.fetch_add(1);
      // `stop` ends the search of the last `go` read, whether or not it has started (the session
      // never sees it). `quit` and the end of the input are taken in turn, after every `go` before
      // them is answered (a client that wants a search cut short sends `stop` first).
      if (w[0] == "stop") {
        // With go() this is a handshake on sequentially consistent atomics: whichever side comes
        // second sees the other's store, so a stop is never lost between a `go` and its search.
        const int target = gos_read_.load();
        stop_gen_.store(target);
        if (search_gen_.load() == target) stop_.store(true);
        continue;
      }
      if (w[0] == "isready" && searching_.load()) {
        send("readyok");
        continue;
      }
      std::lock_guard lock(queue_mutex_);
      queue_.push_back(line);
      queue_cv_.notify_one();
    }
    {
      std::lock_guard lock(queue_mutex_);
      eof_ = true;
      queue_cv_.notify_one();
    }
    // The client is gone: what is still searching (or queued) has a moment to finish, then every
    // search is stopped, so the engine exits within a second.
    std::this_thread::sleep_for(std::chrono::milliseconds(800));
    draining_.store(true);
    stop_.store(true);
  }

  std::mutex out_mutex_;
  std::mutex queue_mutex_;
  std::condition_variable queue_cv_;
  std::deque<std::string> queue_;
  bool eof_ = false;
  std::atomic<bool> stop_{false};
  std::atomic<bool> draining_{false};  // the input ended a while ago: every search stops
  std::atomic<bool> searching_{false};
  std::atomic<int> gos_read_{0};    // `go` lines read so far
  std::atomic<int> search_gen_{0};  // the `go` being (or last) answered, counted from 1
  std::atomic<int> stop_gen_{0};    // the last `go` a stop was asked for
};

class UgiSession {
 public:
  // setup.limits bound a bare `go`.
  explicit UgiSession(SearchSetup setup)
      : s_(std::move(setup)),
        searcher_(s_.game->make_searcher(s_.algorithm, s_.eval)),
        start_(s_.game->initial_position()),
        position_(start_),
        first_player_(s_.game->to_move(start_)) {}

  int run() {
    std::thread reader([in = in_] { in->read_input(); });
    reader.detach();  // blocked in a read at exit; the process ends it
    for (;;) {
      std::string line;
      {
        std::unique_lock lock(in_->queue_mutex_);
        in_->queue_cv_.wait(lock, [this] { return !in_->queue_.empty() || in_->eof_; });
        if (in_->queue_.empty()) return 0;  // end of input: as quit
        line = std::move(in_->queue_.front());
        in_->queue_.pop_front();
      }
      if (!handle(line)) return 0;
    }
  }

 private:
  // Returns false on quit.
  bool handle(const std::string& line) {
    const auto w = words(line);
    const std::string& cmd = w[0];
    try {
      if (cmd == "ugi") {
        in_->send("id name gametree-harness " + s_.algorithm.label() + " on " + s_.game->label());
        in_->send("id author gametree-harness");
        // `seed` is the engine's: a game's random stream, set before each game by the host.
        const AlgorithmInfo& info = find_algorithm_info(s_.algorithm.name);
        for (const ParamSpec& spec : info.options) {
          if (spec.name != "seed") in_->send(option_line(spec));
        }
        if (info.facts.seeded) in_->send("option name seed type string default 0");
        in_->send("ugiok");
      } else if (cmd == "isready") {
        // What a search to the end would make on first use (an endgame database) is made before
        // the host's clock runs, as engines load their tablebases.
        s_.game->prepare({.depth = kDepthMax});
        in_->send("readyok");
      } else if (cmd == "setoption") {
        set_option(w);
      } else if (cmd == "uginewgame") {
        position_ = start_;
        plies_ = 0;
        rejected_.clear();
      } else if (cmd == "position") {
        try {
          set_position(w);
          rejected_.clear();
        } catch (const std::exception& e) {
          rejected_ = e.what();
          throw;
        }
      } else if (cmd == "go") {
        go(w);
      } else if (cmd == "query") {
        query(w);
      } else if (cmd == "quit") {
        return false;
      } else {
        in_->send("info string unknown command '" + cmd + "'");
      }
    } catch (const InputError& e) {
      // The engine stays up: a client sees the reason and can go on.
      in_->send("info string error: " + std::string(e.what()));
    } catch (const std::bad_alloc&) {
      in_->send("info string error: out of memory");
    } catch (const std::runtime_error& e) {  // a search that failed (its reason)
      in_->send("info string error: " + std::string(e.what()));
    } catch (const std::exception& e) {
      // A broken invariant, never the client's input: said as such (and stays up).
      in_->send("info string internal error: " + std::string(e.what()) +
                " (a bug of the harness; please report it with the input)");
    }
    return true;
  }

  static std::string option_line(const ParamSpec& spec) {
    std::string out = "option name " + spec.name;
    switch (spec.type) {
      case ParamSpec::Type::kInt:
        out += " type spin default " + spec.default_value + " min " + std::to_string(spec.min) +
               " max " + std::to_string(spec.max);
        break;
      case ParamSpec::Type::kChoice:
        out += " type combo default " + spec.default_value;
        for (const auto& c : spec.choices) out += " var " + c;
        break;
      case ParamSpec::Type::kText:
        out +=
            " type string default " + (spec.default_value.empty() ? "<empty>" : spec.default_value);
        break;
      case ParamSpec::Type::kReal:  // UCI has no real type: a string, checked at setoption
        out += " type string default " + spec.default_value;
        break;
    }
    return out;
  }

  // setoption name NAME value VALUE: an option of the algorithm, checked as --option is, or the
  // engine's `seed` (any unsigned 64-bit number: the search seed of each move derives from it).
  void set_option(const std::vector<std::string>& w) {
    if (w.size() < 5 || w[1] != "name" || w[3] != "value") {
      throw ParamError("expected 'setoption name NAME value VALUE'");
    }
    if (w[2] == "seed") {
      const std::optional<std::uint64_t> seed = parse_whole<std::uint64_t>(w[4]);
      if (!seed)
        throw ParamError("setoption seed: expected an unsigned 64-bit number, got '" + w[4] + "'");
      s_.seed = *seed;
      return;
    }
    std::map<std::string, std::string> options = s_.algorithm.options.values();
    options[w[2]] = w[4];
    AlgorithmSpec next = make_algorithm_spec(s_.algorithm.name, options);
    searcher_ = s_.game->make_searcher(next, s_.eval);
    s_.algorithm = std::move(next);
    budget_searcher_.reset();
    budget_refusal_.clear();
  }

  // position startpos|fen NOTATION... [moves M...]; the position stays as it was if any part fails.
  void set_position(const std::vector<std::string>& w) {
    if (w.size() < 2) throw ParseError("expected 'position startpos' or 'position fen ...'");
    std::size_t i = 2;
    std::string position;
    if (w[1] == "startpos") {
      position = start_;
    } else if (w[1] == "fen") {
      std::string text;
      for (; i < w.size() && w[i] != "moves"; ++i) text += (text.empty() ? "" : " ") + w[i];
      position = s_.game->canonical_position(text);
    } else {
      throw ParseError("expected 'startpos' or 'fen' after 'position', got '" + w[1] + "'");
    }
    std::uint64_t plies = 0;
    if (i < w.size()) {
      if (w[i] != "moves") throw ParseError("expected 'moves', got '" + w[i] + "'");
      for (++i; i < w.size(); ++i, ++plies) position = s_.game->play_move(position, w[i]);
    }
    position_ = position;
    plies_ = plies;
  }

  // A number of `go`, or an info-string error naming the token.
  template <class T>
  static T go_number(const std::string& key, const std::string& value) {
    const std::optional<T> v = parse_whole<T>(value);
    bool finite = true;
    if constexpr (std::is_floating_point_v<T>) finite = v && std::isfinite(*v);
    if (!v || !(*v >= 0) || !finite) {
      throw ParamError("go: '" + key + " " + value + "': expected a finite number >= 0, got '" +
                       value + "'");
    }
    return *v;
  }

  void go(const std::vector<std::string>& w) {
    // This `go`'s number, first of all, so that the count matches the reader's whatever happens.
    const int gen = in_->search_gen_.load() + 1;
    in_->search_gen_.store(gen);
    in_->stop_.store(false);
    if (in_->stop_gen_.load() >= gen || in_->draining_.load()) in_->stop_.store(true);
    // Each of depth, nodes, movetime and a clock bounds the search, together as in UCI. A bare
    // `go` searches with the engine's defaults; `go infinite`, to the end or until `stop`.
    MoveBudget budget{.depth = s_.limits.depth < kDepthMax ? s_.limits.depth : 0,
                      .nodes = s_.limits.max_nodes,
                      .movetime_ms = s_.limits.max_ms};
    bool bounded = false;
    std::array<bool, 2> timed{};
    std::array<double, 2> time{}, inc{};  // p1time p2time, p1inc p2inc
    int moves_to_go = 0;                  // the mover's, to its clock's next period
    auto bound = [&] {
      if (!bounded) budget = MoveBudget{};
      bounded = true;
    };
    for (std::size_t i = 1; i < w.size(); ++i) {
      const std::string& key = w[i];
      if (key == "infinite") {
        bound();
        continue;
      }
      if (key != "depth" && key != "nodes" && key != "movetime" && key != "p1time" &&
          key != "p2time" && key != "p1inc" && key != "p2inc" && key != "movestogo") {
        throw ParamError("go: unknown parameter '" + key + "'");
      }
      if (i + 1 >= w.size()) throw ParamError("go: '" + key + "' needs a value");
      const std::string& value = w[++i];
      if (key == "depth") {
        bound();
        budget.depth = std::max(1, go_number<int>(key, value));
      } else if (key == "nodes") {
        bound();
        budget.nodes = go_number<std::uint64_t>(key, value);
      } else if (key == "movetime") {
        bound();
        budget.movetime_ms = go_number<double>(key, value);
      } else if (key == "movestogo") {
        moves_to_go = go_number<int>(key, value);
      } else {
        const auto p = static_cast<std::size_t>(key[1] == '1' ? 0 : 1);
        (key.ends_with("time") ? time[p] : inc[p]) = go_number<double>(key, value);
        if (key.ends_with("time")) timed[p] = true;
      }
    }
    // The position the client meant is unknown: searching the one before would answer for a
    // position it did not ask about. A null move a strict client refuses at once, not a stall.
    if (!rejected_.empty()) {
      in_->send("info string error: go: " + stale_position());
      in_->send("bestmove 0000");
      return;
    }
    const Position p = s_.game->position(position_);
    const int own = s_.game->mover(p) == first_player_ ? 0 : 1;
    if (timed[static_cast<std::size_t>(own)]) {
      bound();
      budget.clock = true;
      budget.time_ms = time;
      budget.inc_ms = inc;
      budget.moves_to_go = moves_to_go;
    }
    budget.own = own;
    // Without a node or time budget, an algorithm that would never end there (mcts without its
    // solver) is refused in one line, before anything searches, as `harness search` refuses it.
    if (!budget.timed_or_counted()) {
      try {
        check_ends_unbudgeted(s_.algorithm);
      } catch (const ParamError& e) {
        throw ParamError("go: " + std::string(e.what()));
      }
    }
    if (s_.game->finished(p)) {
      in_->send("info string the game is over");
      in_->send("bestmove 0000");
      return;
    }
    // Under a node or time budget, or searching until `stop`, an anytime algorithm deepens
    // iteratively; one that cannot says so and plays an unsearched move.
    Searcher* searcher = searcher_.get();
    if (budget.timed_or_counted() || budget.depth == 0) {
      if (!budget_searcher_ && budget_refusal_.empty()) {
        try {
          budget_searcher_ =
              s_.game->make_searcher(spec_under_budget(s_.algorithm, "a budget"), s_.eval);
        } catch (const ParamError& e) {
          budget_refusal_ = e.what();
        }
      }
      if (budget_searcher_) {
        searcher = budget_searcher_.get();
      } else if (budget.timed_or_counted()) {
        const auto moves = s_.game->legal_moves(p);
        in_->send("info string " + budget_refusal_ + "; this move is unsearched");
        in_->send("info depth 0 nodes 0");
        in_->send("bestmove " + moves.at(0));
        return;
      }
    }
    const std::vector<std::string> none;
    SearcherPlayer player(*s_.game, *searcher, budget.depth > 0 ? budget.depth : kDepthMax);
    (void)player.start_game(s_.seed);
    in_->searching_.store(true);
    const double start = wall_ms();
    const PlayerMove r = player.play({.position = p,
                                      .opening = position_,
                                      .moves = none,
                                      .budget = budget,
                                      .seed = mix_seed(s_.seed, plies_),
                                      .stop = &in_->stop_});
    in_->searching_.store(false);
    if (r.status == PlayerMove::Status::kFailed) throw std::runtime_error(r.reason);
    const double ms = wall_ms() - start;
    std::string info = "info depth " + std::to_string(r.depth) + " score cp " +
                       std::to_string(r.value) + " nodes " + std::to_string(r.nodes) + " time " +
                       std::to_string(static_cast<long long>(ms));
    if (ms > 0) info += " nps " + std::to_string(static_cast<long long>(r.nodes / ms * 1e3));
    if (!r.pv.empty()) info += " pv " + r.pv;
    in_->send(info);
    const auto best = s_.game->line_text(p, {r.move});
    in_->send("bestmove " + (best.empty() ? std::string("0000") : best[0]));
  }

  // Why no answer is given for the current position after a rejected `position`.
  std::string stale_position() const {
    return "the last 'position' was rejected (" + rejected_ + "); send a valid 'position' first";
  }

  void query(const std::vector<std::string>& w) {
    if (w.size() != 2) throw ParamError("expected 'query gameover|p1turn|result|fen'");
    if (!rejected_.empty()) throw ParseError("query: " + stale_position());
    const Position p = s_.game->position(position_);
    const bool over = s_.game->finished(p);
    const bool p1 = s_.game->mover(p) == first_player_;
    const Value mover_view = over ? s_.game->final_value(p) : 0;
    const Value p1_view = p1 ? mover_view : -mover_view;
    const std::map<std::string, std::string> answers = {
        {"gameover", over ? "true" : "false"},
        {"p1turn", p1 ? "true" : "false"},
        {"result", !over         ? "none"
                   : p1_view > 0 ? "p1win"
                   : p1_view < 0 ? "p2win"
                                 : "draw"},
        // Not in ugi.md: the position in the game's notation, for clients and tests that check it.
        {"fen", position_}};
    const auto it = answers.find(w[1]);
    if (it == answers.end()) {
      throw ParamError("unknown query '" + w[1] + "' (gameover, p1turn, result or fen)");
    }
    in_->send("response " + it->second);
  }

  SearchSetup s_;
  std::unique_ptr<Searcher> searcher_;
  std::unique_ptr<Searcher> budget_searcher_;  // under a budget (spec_under_budget), made once
  std::string budget_refusal_;                 // why the algorithm cannot play under one
  std::uint64_t plies_ = 0;                    // moves of the last `position` command
  std::string rejected_;  // why the last `position` was refused; empty once one is accepted
  const std::string start_;
  std::string position_;
  const int first_player_;

  // Shared with the reader thread, which may outlive this session (blocked in a read).
  std::shared_ptr<UgiInput> in_ = std::make_shared<UgiInput>();
};

}  // namespace

void add_ugi_command(CLI::App& app, Action& action) {
  const auto [cmd, args] = add_command<SearchArgs>(
      app, action, "ugi",
      "serve an algorithm as a UGI engine on stdin/stdout (for cutegames or `harness run` "
      "engines); --depth, --max-nodes and --max-ms bound a bare `go` (default: depth max, until "
      "`stop`)",
      [](const SearchArgs& a) {
        if (!a.position.empty()) {
          throw ParamError(
              "--position: a UGI engine starts from the game's start; send "
              "'position fen ...' instead");
        }
        SearchSetup setup = resolve_search(a);
        if (setup.limits.max_nodes != 0 || setup.limits.max_ms > 0) {
          (void)spec_under_budget(setup.algorithm,
                                  setup.limits.max_ms > 0 ? "--max-ms" : "--max-nodes");
        }
        UgiSession session(std::move(setup));
        return session.run();
      });
  args->depth = "max";  // a bare `go` searches until `stop` (or the end), as UCI's `go infinite`
  add_game_options(cmd, *args);
  add_search_options(cmd, *args, "--max-nodes", false);
}

}  // namespace gts::cli
