// A search's statistics as they travel between MPI ranks: every field, in declaration order, the
// CPU time bit for bit, so that a row built on a worker rank equals the one a local run builds.
#pragma once

#include "algorithms/search.h"
#include "harness/mpi/wire.h"

namespace gts::wire {

// The counters, in declaration order; cpu_ms follows them.
inline constexpr std::uint64_t SearchStats::*kStatsCounters[] = {
    &SearchStats::nodes,      &SearchStats::leaves,        &SearchStats::ordering_evals,
    &SearchStats::interior,   &SearchStats::cutoffs,       &SearchStats::tt_probes,
    &SearchStats::tt_hits,    &SearchStats::peak_open,     &SearchStats::peak_bytes,
    &SearchStats::iterations, &SearchStats::playout_plies, &SearchStats::capped_iterations};

// A field of wire messages (w(stats), r(stats)).
inline void put(Writer& w, const SearchStats& s) {
  for (const auto counter : kStatsCounters) w.u64(s.*counter);
  w.f64(s.cpu_ms);
}

inline void get(Reader& r, SearchStats& s) {
  for (const auto counter : kStatsCounters) s.*counter = r.u64();
  s.cpu_ms = r.f64();
}

}  // namespace gts::wire
