#include "harness/engine/ugi_engine.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>
#include <thread>

#include "games/text.h"
#include "harness/strf.h"

namespace gts {

namespace {

std::string ms_text(double ms) { return std::to_string(static_cast<long long>(ms + 0.5)); }

// "position startpos moves a b" or "position fen NOTATION moves a b".
std::string ugi_position_command(const MoveRequest& r) {
  std::string out = r.opening_is_start ? "position startpos" : "position fen " + r.opening;
  if (!r.moves.empty()) {
    out += " moves";
    for (const auto& m : r.moves) out += " " + m;
  }
  return out;
}

// "go depth 4 nodes 1000 movetime 100 p1time 9000 p2time 8000 p1inc 100 p2inc 100 movestogo 12".
std::string ugi_go_command(const MoveBudget& r) {
  std::string out = "go";
  if (r.depth > 0) out += " depth " + std::to_string(r.depth);
  if (r.nodes > 0) out += " nodes " + std::to_string(r.nodes);
  if (r.movetime_ms > 0) out += " movetime " + ms_text(r.movetime_ms);
  if (r.clock) {
    out += " p1time " + ms_text(r.time_ms[0]) + " p2time " + ms_text(r.time_ms[1]) + " p1inc " +
           ms_text(r.inc_ms[0]) + " p2inc " + ms_text(r.inc_ms[1]);
    if (r.moves_to_go > 0) out += " movestogo " + std::to_string(r.moves_to_go);
  }
  return out;
}

}  // namespace

void read_ugi_info(const std::vector<std::string>& w, PlayerMove& m) {
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string& k = w[i];
    // The next word as a whole number in [lo, hi]; else it stays unread (and the key ignored).
    auto next = [&](long long lo, long long hi, long long& v) {
      if (i + 1 >= w.size()) return false;
      std::string_view text = w[i + 1];
      if (text.size() > 1 && text[0] == '+' && text[1] != '-') text.remove_prefix(1);
      const std::optional<long long> n = parse_whole<long long>(text);
      if (!n || *n < lo || *n > hi) return false;
      v = *n;
      ++i;
      return true;
    };
    long long v = 0;
    if (k == "depth" && next(0, std::numeric_limits<int>::max(), v)) {
      m.depth = static_cast<int>(v);
    } else if (k == "nodes" && next(0, std::numeric_limits<long long>::max(), v)) {
      m.nodes = static_cast<std::uint64_t>(v);
    } else if (k == "score") {
      // `score cp N`, `score mate N` or a bare `score N`: a value the game's scale holds.
      if (i + 1 < w.size() && (w[i + 1] == "cp" || w[i + 1] == "mate")) ++i;
      if (next(-kInfinity, kInfinity, v)) m.value = static_cast<Value>(v), m.scored = true;
    } else if (k == "pv") {
      m.pv.clear();
      for (++i; i < w.size(); ++i) m.pv += (m.pv.empty() ? "" : " ") + w[i];
    } else if (k == "string") {
      return;  // free text to the end of the line
    }
  }
}

EngineLog::EngineLog(const std::string& path, bool debug) : debug_(debug) {
  if (!path.empty()) file_ = std::fopen(path.c_str(), "ae");
}

EngineLog::~EngineLog() {
  if (file_ != nullptr) std::fclose(file_);
}

void EngineLog::line(pid_t pid, const char* tag, const std::string& text) {
  if (file_ == nullptr) return;
  std::lock_guard lock(mutex_);
  std::fprintf(file_, "%d %s %s\n", static_cast<int>(pid), tag, text.c_str());
  std::fflush(file_);
}

UgiEngine::UgiEngine(const EngineSpec& spec, EngineLog* log, const std::atomic<bool>* stop)
    : spec_(spec), log_(log), stop_(stop) {
  try {
    process_ = std::make_unique<ChildProcess>(spec, [this](const std::string& l) {
      if (log_ != nullptr) log_->line(process_ ? process_->pid() : 0, "stderr|", l);
    });
  } catch (const std::exception& e) {
    failure_ = std::string("the engine did not start: ") + e.what();
    return;
  }
  if (!send("ugi") || !handshake("ugiok")) return;
  for (const auto& [name, value] : spec_.options) {
    if (!send("setoption name " + name + " value " + value)) return;
  }
  if (!send("isready")) return;
  (void)handshake("readyok");
}

UgiEngine::~UgiEngine() {
  if (process_ == nullptr) return;
  if (ok()) (void)send("quit");
  process_->terminate(ok() ? 500 : 0);
}

bool UgiEngine::send(const std::string& line) {
  log(">", line);
  return process_->write_line(line) ||
         fail("the engine stopped reading its input (at '" + line + "')");
}

ChildProcess::Read UgiEngine::expect(const std::string& word, double timeout_ms, const char* limit,
                                     const std::atomic<bool>* stop, PlayerMove* m) {
  const double deadline = wall_ms() + timeout_ms;
  for (std::string line;;) {
    const auto read = process_->read_line(line, std::max(0.0, deadline - wall_ms()), stop);
    if (read == ChildProcess::Read::kTimeout) {
      fail("no '" + word + "' within " + ms_text(timeout_ms) + " ms" +
           (limit != nullptr ? std::string(" (the engine's ") + limit + ")" : ""));
    } else if (read == ChildProcess::Read::kEof) {
      fail("the engine closed its output before '" + word + "'");
    } else if (read == ChildProcess::Read::kStopped) {
      failure_ = "stopped";
    }
    if (read != ChildProcess::Read::kLine) return read;
    log("<", line);
    const auto w = words(line);
    if (w.empty()) continue;
    if (w[0] == word) {
      if (m != nullptr) m->text = w.size() > 1 ? w[1] : "";
      return read;
    }
    if (w[0] == "option" && w.size() > 2 && w[1] == "name") declared_.push_back(w[2]);
    if (m != nullptr && w[0] == "info") read_ugi_info(w, *m);
  }
}

bool UgiEngine::new_game(std::uint64_t seed) {
  // The game's seed reaches an engine that declares a `seed` option the config does not set.
  const bool seeded =
      std::ranges::find(declared_, "seed") != declared_.end() &&
      std::ranges::none_of(spec_.options, [](const auto& o) { return o.first == "seed"; });
  return ok() && (!seeded || send("setoption name seed value " + std::to_string(seed))) &&
         send("uginewgame") && send("isready") && handshake("readyok");
}

PlayerMove UgiEngine::go(const MoveRequest& request) {
  PlayerMove m;
  m.scored = false;
  const double cpu0 = ok() ? cpu_ms() : 0;
  if (!ok() || !send(ugi_position_command(request)) || !send(ugi_go_command(request.budget))) {
    m.reason = failure_;
    return m;
  }
  const bool stalls = request.deadline_ms <= 0;
  switch (expect("bestmove", stalls ? spec_.stall_ms : request.deadline_ms,
                 stalls ? "stall_ms" : nullptr, request.stop != nullptr ? request.stop : stop_,
                 &m)) {
    case ChildProcess::Read::kLine:
      m.status = PlayerMove::Status::kMove;
      m.cpu_ms = std::max(0.0, cpu_ms() - cpu0);
      return m;
    case ChildProcess::Read::kStopped:
      (void)process_->write_line("stop");
      m.status = PlayerMove::Status::kStopped;
      return m;
    case ChildProcess::Read::kTimeout:
      (void)process_->write_line("stop");
      m.status = PlayerMove::Status::kTimeout;
      break;
    case ChildProcess::Read::kEof:
      break;
  }
  m.reason = failure_;
  return m;
}

bool UgiEngine::fail(const std::string& what) {
  // A process that just closed its output may still be exiting: give it a moment.
  for (int i = 0; i < 50 && !process_->exited(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  failure_ = what + "; engine " + process_->exit_description();
  const auto tail = process_->last_stderr();
  if (!tail.empty()) {
    failure_ += "; its last stderr:";
    for (const auto& l : tail) failure_ += " | " + l;
  }
  return false;
}

double UgiEngine::cpu_ms() const {
  // schedstat's first field: nanoseconds on a CPU, summed over the engine's threads (the
  // ticks of /proc/PID/stat are too coarse for one move).
  const std::string base = "/proc/" + std::to_string(process_->pid());
  std::error_code ec;
  double total_ns = 0;
  bool any = false;
  for (const auto& task : std::filesystem::directory_iterator(base + "/task", ec)) {
    std::ifstream sched(task.path() / "schedstat");
    unsigned long long ns = 0;
    if (sched >> ns) total_ns += static_cast<double>(ns), any = true;
  }
  if (any) return total_ns / 1e6;
  std::ifstream in(base + "/stat");
  std::string text;
  std::getline(in, text);
  const auto close = text.rfind(')');
  if (close == std::string::npos) return 0;
  std::istringstream fields(text.substr(close + 2));
  // Fields 3.. after the command: state is 3; utime and stime are 14 and 15.
  std::string skipped;
  for (int i = 3; i < 14; ++i) fields >> skipped;
  unsigned long long utime = 0, stime = 0;
  fields >> utime >> stime;
  return static_cast<double>(utime + stime) * 1e3 / static_cast<double>(sysconf(_SC_CLK_TCK));
}

PooledEngine::~PooledEngine() {
  if (engine_ == nullptr || !engine_->ok()) return;  // destroyed: the process is ended
  std::lock_guard lock(pool_.mutex_);
  pool_.idle_.push_back(std::move(engine_));
}

std::string PooledEngine::start_game(std::uint64_t seed) {
  {
    std::lock_guard lock(pool_.mutex_);
    if (engine_ == nullptr && !pool_.idle_.empty()) {
      engine_ = std::move(pool_.idle_.back());
      pool_.idle_.pop_back();
    }
  }
  if (engine_ == nullptr) engine_ = std::make_unique<UgiEngine>(pool_.spec_, &pool_.log_, stop_);
  if (!engine_->ok() || !engine_->new_game(seed)) return engine_->failure();
  return {};
}

}  // namespace gts
