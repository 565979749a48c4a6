// A search's statistics as they travel between MPI ranks: every field, in declaration order, the
// CPU time bit for bit, so that a row built on a worker rank equals the one a local run builds.
#pragma once

#include "algorithms/search.h"
#include "harness/mpi/wire.h"

namespace gts::wire {

inline void put_stats(Writer& w, const SearchStats& s) {
  w.u64(s.nodes).u64(s.leaves).u64(s.ordering_evals).u64(s.interior).u64(s.cutoffs);
  w.u64(s.tt_probes).u64(s.tt_hits).u64(s.peak_open).u64(s.peak_bytes).f64(s.cpu_ms);
}

inline SearchStats get_stats(Reader& r) {
  SearchStats s;
  s.nodes = r.u64();
  s.leaves = r.u64();
  s.ordering_evals = r.u64();
  s.interior = r.u64();
  s.cutoffs = r.u64();
  s.tt_probes = r.u64();
  s.tt_hits = r.u64();
  s.peak_open = r.u64();
  s.peak_bytes = r.u64();
  s.cpu_ms = r.f64();
  return s;
}

}  // namespace gts::wire
