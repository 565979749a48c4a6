// `harness ugi`: any algorithm of the project as an engine speaking the Universal Game Interface
// (UGI: UCI generalised to any two-player game; kz04px/cutegames, ugi.md) on stdin and stdout, so
// that other programs (cutegames, another build of this harness) can play it.
//
// The search runs on the main thread; a reader thread takes the input, so that `stop` and
// `isready` are answered while a search runs. Replies are the exact two-token forms strict clients
// parse: `bestmove MOVE`, `response VALUE`.
#include <atomic>
#include <condition_variable>
#include <deque>
#include <iostream>
#include <mutex>
#include <thread>

#include "games/params.h"
#include "games/text.h"
#include "harness/cli/command.h"
#include "harness/cli/search_args.h"

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
    std::lock_guard lock(queue_mutex_);
    eof_ = true;
    queue_cv_.notify_one();
  }

  std::mutex out_mutex_;
  std::mutex queue_mutex_;
  std::condition_variable queue_cv_;
  std::deque<std::string> queue_;
  bool eof_ = false;
  std::atomic<bool> stop_{false};
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
        for (const ParamSpec& spec : find_algorithm_info(s_.algorithm.name).options) {
          in_->send(option_line(spec));
        }
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
      } else if (cmd == "position") {
        set_position(w);
      } else if (cmd == "go") {
        go(w);
      } else if (cmd == "query") {
        query(w);
      } else if (cmd == "quit") {
        return false;
      } else {
        in_->send("info string unknown command '" + cmd + "'");
      }
    } catch (const std::exception& e) {
      // The engine stays up: a client sees the reason and can go on.
      in_->send("info string error: " + std::string(e.what()));
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
    }
    return out;
  }

  // setoption name NAME value VALUE: an option of the algorithm, checked as --option is.
  void set_option(const std::vector<std::string>& w) {
    if (w.size() < 5 || w[1] != "name" || w[3] != "value") {
      throw ParamError("expected 'setoption name NAME value VALUE'");
    }
    std::map<std::string, std::string> options = s_.algorithm.options.values();
    options[w[2]] = w[4];
    AlgorithmSpec next = make_algorithm_spec(s_.algorithm.name, options);
    searcher_ = s_.game->make_searcher(next, s_.eval);
    s_.algorithm = std::move(next);
    if (w[2] == "seed") s_.seed = static_cast<std::uint64_t>(s_.algorithm.options.get_int("seed"));
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
    if (i < w.size()) {
      if (w[i] != "moves") throw ParseError("expected 'moves', got '" + w[i] + "'");
      for (++i; i < w.size(); ++i) position = s_.game->play_move(position, w[i]);
    }
    position_ = position;
  }

  void go(const std::vector<std::string>& w) {
    // This `go`'s number, first of all, so that the count matches the reader's whatever happens.
    const int gen = in_->search_gen_.load() + 1;
    in_->search_gen_.store(gen);
    in_->stop_.store(false);
    if (in_->stop_gen_.load() >= gen) in_->stop_.store(true);
    // Each of depth, nodes and movetime bounds the search, together as in UCI; a clock gives a
    // movetime of its own where none is given. A bare `go` searches with the engine's defaults.
    SearchLimits limits = s_.limits;
    bool bounded = false;
    double time[2] = {-1, -1}, inc[2] = {0, 0};  // p1time p2time, p1inc p2inc (-1: no clock)
    auto bound = [&] {
      if (!bounded) limits = SearchLimits{}, limits.depth = kDepthMax;
      bounded = true;
    };
    for (std::size_t i = 1; i < w.size(); ++i) {
      const std::string& key = w[i];
      if (key == "infinite") {
        bound();
        continue;
      }
      if (i + 1 >= w.size()) throw ParamError("go: '" + key + "' needs a value");
      const std::string& value = w[++i];
      const double v = std::stod(value);
      if (!(v >= 0)) throw ParamError("go: " + key + " must be >= 0, got " + value);
      if (key == "depth") {
        bound();
        limits.depth = std::max(1, static_cast<int>(v));
      } else if (key == "nodes") {
        bound();
        limits.max_nodes = static_cast<std::uint64_t>(v);
      } else if (key == "movetime") {
        bound();
        limits.max_ms = v;
      } else if (key == "p1time" || key == "p2time") {
        time[key[1] == '1' ? 0 : 1] = v;
      } else if (key == "p1inc" || key == "p2inc") {
        inc[key[1] == '1' ? 0 : 1] = v;
      } else {
        throw ParamError("go: unknown parameter '" + key + "'");
      }
    }
    const int mover = s_.game->to_move(position_) == first_player_ ? 0 : 1;
    if (time[mover] >= 0) {
      const double share = clock_allocation_ms(time[mover], inc[mover]);
      bound();
      limits.max_ms = limits.max_ms > 0 ? std::min(limits.max_ms, share) : share;
    }
    if (s_.game->is_terminal(position_)) {
      in_->send("info string the game is over");
      in_->send("bestmove 0000");
      return;
    }
    limits.stop = &in_->stop_;
    s_.game->prepare(limits);
    in_->searching_.store(true);
    const double start = wall_ms();
    SearchResult r;
    try {
      r = s_.game->search(position_, *searcher_, limits, s_.seed);
    } catch (...) {
      in_->searching_.store(false);
      throw;
    }
    in_->searching_.store(false);
    const double ms = wall_ms() - start;
    std::string info = "info depth " + std::to_string(r.depth) + " score cp " +
                       std::to_string(r.value) + " nodes " + std::to_string(r.stats.nodes) +
                       " time " + std::to_string(static_cast<long long>(ms));
    if (ms > 0) info += " nps " + std::to_string(static_cast<long long>(r.stats.nodes / ms * 1e3));
    const auto pv = s_.game->line_to_strings(position_, r.pv);
    if (!pv.empty()) info += " pv " + join_strings(pv, " ");
    in_->send(info);
    const auto best = s_.game->line_to_strings(position_, {r.best_move});
    in_->send("bestmove " + (best.empty() ? std::string("0000") : best[0]));
  }

  void query(const std::vector<std::string>& w) {
    if (w.size() != 2) throw ParamError("expected 'query gameover|p1turn|result|fen'");
    const bool over = s_.game->is_terminal(position_);
    const bool p1 = s_.game->to_move(position_) == first_player_;
    const Value mover_view = over ? s_.game->terminal_value(position_) : 0;
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
        UgiSession session(resolve_search(a));
        return session.run();
      });
  args->depth = "max";  // a bare `go` searches until `stop` (or the end), as UCI's `go infinite`
  add_game_options(cmd, *args);
  add_search_options(cmd, *args, "--max-nodes", false);
}

}  // namespace gts::cli
