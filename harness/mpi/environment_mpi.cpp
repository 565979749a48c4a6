// The environment of a build with MPI, and the protocol between rank 0 and its workers.
//
// Rank 0 -> worker (tag kToWorker)        worker -> rank 0 (tag kToRoot)
//   context: kind, context, threads         work: want, cpu_ms, results (index, status, bytes)
//   jobs: more, stop, indices               setup_failed: message
//   stop
//   quit
//
// A round: rank 0 sends the context to every worker; each builds its runner and asks for work;
// every `work` message gets exactly one `jobs` reply (so a worker has at most one message
// outstanding), carrying up to `want` job indices; `more` = 0 closes the worker's round, and it
// ends the round once its last job's result is sent. `stop` (or a stop flag in a reply) makes the
// worker's jobs in flight return unfinished. Only the main thread of a rank calls MPI (FUNNELED);
// waiting is polling with short sleeps, because Open MPI's blocking calls spin on a core that the
// rank's searches need.
#include <mpi.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "harness/mpi/environment.h"
#include "harness/mpi/local_pool.h"
#include "harness/mpi/wire.h"

namespace gts::mpi {

namespace {

Environment* g_current = nullptr;

constexpr int kToWorker = 1;
constexpr int kToRoot = 2;
enum : std::uint64_t { kContext = 1, kJobs = 2, kStop = 3, kQuit = 4 };
enum : std::uint64_t { kWork = 1, kSetupFailed = 2 };
// After a stop, how long rank 0 waits for the workers' last answers before it gives them up.
constexpr double kStopGraceS = 10;

// A job's result as a worker reports it (its exception stays on the worker; the message goes).
template <class IO, class Result>
void result_fields(IO& io, Result& r) {
  io(r.index, wire::upto(r.status, LocalPool::Status::kFailed), r.payload);
}

// A failed MPI call or a message that does not parse: the connection cannot be trusted.
class MpiError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

void check(int rc, const char* what) {
  if (rc == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING] = {};
  int len = 0;
  MPI_Error_string(rc, text, &len);
  throw MpiError(std::string("MPI_") + what +
                 " failed: " + std::string(text, static_cast<std::size_t>(len)));
}

// Runs `read` over a message from `rank`: a message that does not parse breaks the connection.
template <class Read>
auto read_from(int rank, Read read) {
  try {
    return read();
  } catch (const MpiError&) {
    throw;
  } catch (const std::exception& e) {
    throw MpiError("from rank " + std::to_string(rank) + ": " + e.what());
  }
}

void send(const std::string& bytes, int dest, int tag) {
  if (bytes.size() > static_cast<std::size_t>(INT_MAX)) {
    throw MpiError("a message of " + std::to_string(bytes.size()) + " bytes is too large");
  }
  check(MPI_Send(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, dest, tag, MPI_COMM_WORLD),
        "Send");
}

struct Message {
  int source = 0;
  std::string bytes;
};

std::optional<Message> try_receive(int source, int tag) {
  int flag = 0;
  MPI_Status status{};
  check(MPI_Iprobe(source, tag, MPI_COMM_WORLD, &flag, &status), "Iprobe");
  if (flag == 0) return std::nullopt;
  int count = 0;
  check(MPI_Get_count(&status, MPI_BYTE, &count), "Get_count");
  Message m{status.MPI_SOURCE, std::string(static_cast<std::size_t>(count), '\0')};
  check(MPI_Recv(m.bytes.data(), count, MPI_BYTE, m.source, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE),
        "Recv");
  return m;
}

// Sleeps that grow while nothing happens, so that an idle rank costs no core and a busy one
// answers within microseconds.
struct Backoff {
  static constexpr int kMinUs = 20;
  int max_us;
  int us = kMinUs;
  int next() { return std::exchange(us, std::min(us * 2, max_us)); }
  void sleep() { std::this_thread::sleep_for(std::chrono::microseconds(next())); }
  void reset() { us = kMinUs; }
};

bool launched_by_mpirun() {
  const auto vars = {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"};
  return std::ranges::any_of(vars, [](const char* v) { return std::getenv(v) != nullptr; });
}

// Test hooks, read on rank 1 only (0 or unset: never). GTS_MPI_TEST_DIE_AFTER=k: the rank kills
// itself (SIGKILL, as a crashed node) right after it sent its k-th result.
// GTS_MPI_TEST_FAIL_AFTER=k: every job after its first k throws, as a failing job would.
std::uint64_t test_hook(int rank, const char* name) {
  const char* v = std::getenv(name);
  if (rank != 1 || v == nullptr) return 0;
  return std::strtoull(v, nullptr, 10);
}

class FailingRunner final : public JobRunner {
 public:
  FailingRunner(std::unique_ptr<JobRunner> inner, std::uint64_t after)
      : inner_(std::move(inner)), after_(after) {}
  std::optional<std::string> run(std::size_t index, const std::atomic<bool>& stop) override {
    if (started_.fetch_add(1) >= after_) {
      throw std::runtime_error("GTS_MPI_TEST_FAIL_AFTER: this job fails on purpose");
    }
    return inner_->run(index, stop);
  }

 private:
  std::unique_ptr<JobRunner> inner_;
  std::uint64_t after_;
  std::atomic<std::uint64_t> started_{0};
};

// Sets the flag when it goes out of scope, so that jobs in flight stop before their pool waits
// for them (an exception leaving the loop included).
struct HaltOnExit {
  std::atomic<bool>& halt;
  ~HaltOnExit() { halt = true; }
};

// One round on a worker: runs the jobs rank 0 hands out until it closes the round. Returns true
// when rank 0 said quit instead.
bool serve_round(JobRunner& runner, int threads, std::uint64_t die_after_results,
                 std::uint64_t& results_sent) {
  std::atomic<bool> halt{false};
  LocalPool pool(threads, runner, halt);
  HaltOnExit halt_on_exit{halt};
  // Jobs held: those running and as many queued behind them, so that no thread waits for a reply.
  const int target = 2 * threads;
  const double cpu_start = process_cpu_ms();
  bool closed = false;
  bool awaiting_reply = false;
  std::vector<LocalPool::Result> ready;
  auto send_work = [&] {
    wire::Writer w;
    w.u64(kWork)(closed ? 0 : std::max(0, target - pool.in_flight()), process_cpu_ms() - cpu_start)
        .u64(ready.size());
    for (const auto& r : ready) {
      result_fields(w, r);
      if (r.status == LocalPool::Status::kDone) ++results_sent;
    }
    send(w.bytes(), 0, kToRoot);
    ready.clear();
    awaiting_reply = true;
    if (die_after_results != 0 && results_sent >= die_after_results) raise(SIGKILL);
  };
  send_work();
  Backoff backoff{1000};
  while (true) {
    // Checked before the next receive: once rank 0 has closed this round and every result is sent,
    // its next message may already be the next round's context, which serve() must read.
    if (closed && !awaiting_reply && pool.in_flight() == 0) return false;
    if (auto m = try_receive(0, kToWorker)) {
      backoff.reset();
      wire::Reader r(m->bytes);
      const std::uint64_t type = read_from(0, [&] { return r.u64(); });
      if (type == kQuit) return true;
      if (type == kStop) {
        halt = true;
      } else if (type == kJobs) {
        read_from(0, [&] {
          bool more = false, stop = false;
          std::vector<std::size_t> jobs;
          r(more, stop, jobs).expect_end();
          if (stop) halt = true;
          for (const std::size_t j : jobs) pool.submit(j);
          if (!more) closed = true;
        });
        awaiting_reply = false;
      } else {
        throw MpiError("unexpected message type " + std::to_string(type) + " in a round");
      }
      continue;
    }
    if (awaiting_reply) {
      backoff.sleep();
      continue;
    }
    if (pool.in_flight() == 0) {  // the round is open and nothing runs: ask again
      send_work();
      continue;
    }
    for (auto& r : pool.take(backoff.next())) ready.push_back(std::move(r));
    if (!ready.empty()) {
      backoff.reset();
      send_work();
    }
  }
}

}  // namespace

Environment::Environment(int& argc, char**& argv) {
  g_current = this;
  if (!launched_by_mpirun()) return;
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  active_ = true;
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

Environment::~Environment() {
  g_current = nullptr;
  if (!active_) return;
  for (int w = 1; !broken_ && rank_ == 0 && w < size_; ++w) {
    try {
      send(wire::Writer().u64(kQuit).bytes(), w, kToWorker);
    } catch (const MpiError&) {
      broken_ = true;
    }
  }
  if (broken_) {
    MPI_Abort(MPI_COMM_WORLD, 1);
    return;
  }
  MPI_Finalize();
}

Environment* current() { return g_current; }

int Environment::serve(const JobKinds& kinds) {
  try {
    const std::uint64_t die_after_results = test_hook(rank_, "GTS_MPI_TEST_DIE_AFTER");
    const std::uint64_t fail_after = test_hook(rank_, "GTS_MPI_TEST_FAIL_AFTER");
    std::uint64_t results_sent = 0;
    Backoff idle{2000};
    while (true) {
      auto m = try_receive(0, kToWorker);
      if (!m) {
        idle.sleep();
        continue;
      }
      idle.reset();
      wire::Reader r(m->bytes);
      const std::uint64_t type = read_from(0, [&] { return r.u64(); });
      if (type == kQuit) return 0;
      if (type != kContext) continue;  // a stop that crossed the end of a round
      std::string kind, context;
      std::uint64_t threads = 0;
      read_from(0, [&] { r(kind, context, threads).expect_end(); });
      std::unique_ptr<JobRunner> runner;
      try {
        auto it = kinds.find(kind);
        if (it == kinds.end()) {
          throw std::runtime_error("this rank's harness cannot run '" + kind +
                                   "' work (ranks running different builds?)");
        }
        runner = it->second(context);
      } catch (const std::exception& e) {
        send(wire::Writer().u64(kSetupFailed).str(e.what()).bytes(), 0, kToRoot);
        continue;
      }
      if (fail_after != 0) runner = std::make_unique<FailingRunner>(std::move(runner), fail_after);
      if (serve_round(*runner, resolve_thread_count(static_cast<long long>(threads)),
                      die_after_results, results_sent)) {
        return 0;
      }
    }
  } catch (const MpiError& e) {
    std::fprintf(stderr, "error: rank %d: %s\n", rank_, e.what());
    set_broken();
    return 1;
  }
}

DistributeOutcome distribute_over_ranks(Environment& env, const DistributedWork& work,
                                        JobRunner& local, const ResultHandler& on_result,
                                        const std::atomic<bool>& stop) {
  DistributeOutcome outcome;
  outcome.ranks = env.size();
  struct Peer {
    std::size_t outstanding = 0;  // jobs handed out, results not yet received
    bool closed = false;          // told that no more jobs come
    double cpu_ms = 0;
  };
  std::vector<Peer> peers(static_cast<std::size_t>(env.size()));
  try {
    wire::Writer context;
    context.u64(kContext)(work.kind, work.context, std::uint64_t(std::max(0, work.threads)));
    for (int w = 1; w < env.size(); ++w) send(context.bytes(), w, kToWorker);

    const int threads = resolve_thread_count(work.threads);
    std::deque<std::size_t> queue(work.jobs.begin(), work.jobs.end());
    std::atomic<bool> halt{false};
    LocalPool pool(threads, local, halt);
    HaltOnExit halt_on_exit{halt};
    bool stopping = false;
    double stop_s = 0;  // MPI_Wtime of the stop
    auto begin_stop = [&] {
      if (stopping) return;
      stopping = true;
      stop_s = MPI_Wtime();
      halt = true;
      for (int w = 1; w < env.size(); ++w) {
        if (!peers[static_cast<std::size_t>(w)].closed) {
          send(wire::Writer().u64(kStop).bytes(), w, kToWorker);
        }
      }
    };
    auto fail = [&](int rank, const std::string& what) {
      if (outcome.error.empty()) outcome.error = "rank " + std::to_string(rank) + ": " + what;
      begin_stop();
    };
    auto deliver = [&](int rank, const LocalPool::Result& r) {
      if (r.status == LocalPool::Status::kDone) {
        on_result(r.index, r.payload);
        ++outcome.finished;
      } else if (r.status == LocalPool::Status::kFailed) {
        fail(rank, "job " + std::to_string(r.index) + ": " + r.payload);
      }
    };
    // A worker's message: its results, then the reply with its next jobs.
    auto handle = [&](const Message& m) {
      Peer& peer = peers[static_cast<std::size_t>(m.source)];
      wire::Reader r(m.bytes);
      const std::uint64_t type = read_from(m.source, [&] { return r.u64(); });
      if (type == kSetupFailed) {
        peer.closed = true;
        fail(m.source, read_from(m.source, [&] { return r.str(); }));
        return;
      }
      std::vector<LocalPool::Result> items;
      std::uint64_t want = 0;
      read_from(m.source, [&] {
        if (type != kWork) throw std::runtime_error("unexpected message type");
        r(want, peer.cpu_ms);
        for (std::uint64_t n = r.u64(); items.size() < n;) result_fields(r, items.emplace_back());
        r.expect_end();
      });
      for (const auto& item : items) {
        --peer.outstanding;
        deliver(m.source, item);
      }
      std::vector<std::size_t> give;
      while (!stopping && give.size() < want && !queue.empty()) {
        give.push_back(queue.front());
        queue.pop_front();
      }
      const bool more = !stopping && !queue.empty();
      wire::Writer reply;
      reply.u64(kJobs)(more, stopping, give);
      peer.outstanding += give.size();
      if (!more) peer.closed = true;
      send(reply.bytes(), m.source, kToWorker);
    };

    Backoff backoff{1000};
    while (true) {
      if (!stopping && stop.load(std::memory_order_relaxed)) begin_stop();
      bool active = false;
      while (!stopping && pool.in_flight() < threads && !queue.empty()) {
        pool.submit(queue.front());
        queue.pop_front();
      }
      for (const auto& r : pool.take(0)) {
        active = true;
        deliver(0, r);
      }
      while (auto m = try_receive(MPI_ANY_SOURCE, kToRoot)) {
        active = true;
        handle(*m);
      }
      const auto waiting = std::find_if(peers.begin() + 1, peers.end(), [](const Peer& p) {
        return !p.closed || p.outstanding != 0;
      });
      if (pool.in_flight() == 0 && (queue.empty() || stopping) && waiting == peers.end()) break;
      if (stopping && pool.in_flight() == 0 && MPI_Wtime() - stop_s > kStopGraceS) {
        if (waiting != peers.end()) {
          fail(static_cast<int>(waiting - peers.begin()), "no answer within 10 s of the stop");
        }
        env.set_broken();  // its messages may still come: the job cannot end cleanly
        break;
      }
      if (active) {
        backoff.reset();
        continue;
      }
      for (const auto& r : pool.take(backoff.next())) {
        deliver(0, r);
        backoff.reset();
      }
    }
  } catch (const MpiError& e) {
    env.set_broken();
    if (outcome.error.empty()) outcome.error = std::string("rank 0: ") + e.what();
  }
  for (std::size_t w = 1; w < peers.size(); ++w) outcome.other_ranks_cpu_ms += peers[w].cpu_ms;
  return outcome;
}

}  // namespace gts::mpi
