#include "harness/match/player.h"

#include <algorithm>
#include <exception>

#include "common/interrupt.h"
#include "harness/strf.h"

namespace gts {

double clock_allocation_ms(double remaining_ms, double inc_ms, int moves_to_go) {
  const double shares = moves_to_go > 0 ? std::min(25.0, moves_to_go + 1.0) : 25.0;
  return std::max(1.0, std::min(remaining_ms / shares + inc_ms * 0.75, remaining_ms / 2.0));
}

SearchLimits search_limits(const MoveBudget& b) {
  SearchLimits limits{.depth = b.depth > 0 ? b.depth : kDepthMax, .max_nodes = b.nodes};
  limits.max_ms = b.movetime_ms;
  if (b.clock) {
    const auto own = static_cast<std::size_t>(b.own);
    const double share = clock_allocation_ms(b.time_ms[own], b.inc_ms[own], b.moves_to_go);
    limits.max_ms = limits.max_ms > 0 ? std::min(limits.max_ms, share) : share;
  }
  return limits;
}

int completed_plies(const SearchResult& r) {
  if (r.depth < kDepthMax) return r.depth;
  if (r.iteration > 0 && r.iteration < kDepthMax) return r.iteration;
  return r.pv.empty() ? 1 : static_cast<int>(r.pv.size());
}

void completed_depth(const SearchResult& r, PlayerMove& out) {
  out.exact = r.complete && r.depth == kDepthMax;
  // Cut short at depth max without a finished iteration: no depth completed.
  out.depth = out.exact || r.depth < kDepthMax ? completed_plies(r) : 0;
}

std::string SearcherPlayer::start_game(std::uint64_t) {
  game_.prepare({.depth = depth_});
  return {};
}

PlayerMove SearcherPlayer::play(const MoveRequest& request) {
  PlayerMove out;
  SearchLimits limits = search_limits(request.budget);
  limits.stop = request.stop;
  const double cpu_start = thread_cpu_ms();
  SearchResult r;
  try {
    r = searcher_.search(request.position, limits, request.seed);
  } catch (const Interrupted&) {
    out.status = PlayerMove::Status::kStopped;  // Ctrl-C reached work below the search
    return out;
  } catch (const std::exception& e) {
    out.reason = e.what();
    return out;
  } catch (...) {
    out.reason = "unknown exception";
    return out;
  }
  // The whole call, the algorithm's set-up (tables, buffers) included, is the search's cost; a
  // parallel search's is its threads' CPU time summed, which it reports (this thread may wait).
  out.cpu_ms = std::max(thread_cpu_ms() - cpu_start, r.stats.cpu_ms);
  out.nodes = r.stats.nodes;
  out.leaves = r.stats.leaves;
  out.status = PlayerMove::Status::kMove;
  out.move = r.best_move;
  out.value = r.value;
  completed_depth(r, out);
  out.pv = join_strings(game_.line_text(request.position, r.pv), " ");
  if (limits.max_nodes != 0 && r.stats.nodes > limits.max_nodes) {
    out.status = PlayerMove::Status::kOverBudget;
    out.reason = "searched " + std::to_string(r.stats.nodes) + " nodes, budget " +
                 std::to_string(limits.max_nodes);
  }
  return out;
}

}  // namespace gts
