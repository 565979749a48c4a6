#include "harness/compare/compare_jobs.h"

#include <exception>
#include <stdexcept>

#include "harness/pipeline/stats_wire.h"

namespace gts {

namespace {

// Sampled positions draw from streams apart from the tie-break seeds.
constexpr std::uint64_t kPositionStream = 0x706f736974696f6eULL;  // "position"

// The set's name, then ":k=v,..." of the combination's swept parameters when it has any (the
// seed only `with_seed`).
std::string joined(const std::string& set, const CompareVariant& v, bool with_seed) {
  std::string swept;
  for (const auto& [k, value] : v.swept) {
    if (with_seed || k != "seed") swept += (swept.empty() ? "" : ",") + k + "=" + value;
  }
  return swept.empty() ? set : set + ":" + swept;
}

// A uniform tree (a game fact) has a minimal tree to compare against, from its parameters.
std::optional<std::pair<int, int>> uniform_shape(const GameHandle& game) {
  if (!game.info().uniform_tree) return std::nullopt;
  return std::make_pair(static_cast<int>(game.params().get_int("branching")),
                        static_cast<int>(game.params().get_int("depth")));
}

}  // namespace

ComparePlan make_compare_plan(CompareConfig config) {
  ComparePlan plan;
  plan.config = std::move(config);
  const CompareConfig& c = plan.config;
  for (std::size_t s = 0; s < c.sets.size(); ++s) {
    const CompareInputSet& set = c.sets[s];
    for (std::size_t v = 0; v < set.variants.size(); ++v) {
      const CompareVariant& variant = set.variants[v];
      const GameHandle& game = *variant.game;
      const std::string base = joined(set.name, variant, true);
      const std::string group = joined(set.name, variant, false);
      std::vector<std::string> positions;
      switch (set.positions.kind) {
        case ComparePositions::Kind::kStart:
          positions.push_back(game.initial_position());
          break;
        case ComparePositions::Kind::kList:
          // Canonical for this combination's game (the config checked that every one reads them).
          for (const auto& p : set.positions.positions)
            positions.push_back(game.canonical_position(p));
          break;
        case ComparePositions::Kind::kSample: {
          const std::uint64_t stream =
              mix_seed(mix_seed(c.seed ^ kPositionStream, s), static_cast<std::uint64_t>(v));
          const auto span =
              static_cast<std::uint64_t>(set.positions.max_plies - set.positions.min_plies + 1);
          for (int i = 0; i < set.positions.count; ++i) {
            const std::uint64_t seed = mix_seed(stream, static_cast<std::uint64_t>(i));
            const int plies = set.positions.min_plies + static_cast<int>(seed % span);
            positions.push_back(game.random_opening(mix_seed(seed, 1), plies));
          }
          break;
        }
      }
      for (std::size_t i = 0; i < positions.size(); ++i) {
        const bool numbered = set.positions.kind != ComparePositions::Kind::kStart;
        plan.inputs.push_back({numbered ? base + "#" + std::to_string(i + 1) : base, group, s, v,
                               positions[i], uniform_shape(game)});
        for (int depth : set.depths) plan.jobs.push_back({plan.inputs.size() - 1, depth});
      }
    }
  }
  return plan;
}

std::vector<CompareRow> run_compare_job(const ComparePlan& plan, std::size_t index,
                                        const std::atomic<bool>* stop) {
  const CompareConfig& c = plan.config;
  const CompareJob& job = plan.jobs[index];
  const CompareInput& input = plan.inputs[job.input];
  const CompareInputSet& set = c.sets[input.set];
  const GameHandle& game = *set.variants[input.variant].game;
  // Random tie-breaks (random_ties=on) draw from (run seed, job): the same on any thread.
  const std::uint64_t seed = mix_seed(c.seed, index);

  std::vector<CompareRow> rows;
  rows.reserve(c.algorithms.size());
  for (const CompareAlgorithm& a : c.algorithms) {
    CompareRow row;
    row.input = input.name;
    row.algorithm = a.algorithm.name;
    row.variant = a.name;
    row.depth = job.depth;
    const SearchLimits limits{.depth = job.depth, .max_nodes = a.max_nodes, .stop = stop};
    try {
      // A fresh searcher per search: no state carries over from another job.
      const std::unique_ptr<Searcher> searcher = game.make_searcher(a.algorithm, set.evaluation);
      game.prepare(limits);
      const double cpu0 = thread_cpu_ms();
      SearchResult r = game.search(input.position, *searcher, limits, seed);
      r.stats.cpu_ms = thread_cpu_ms() - cpu0;
      row.value = r.value;
      row.stats = r.stats;
      row.complete = r.complete;
      const auto moves = game.line_to_strings(input.position, {r.best_move});
      if (!moves.empty()) row.best_move = moves.front();
    } catch (const std::exception& e) {
      row.error = e.what();
    }
    rows.push_back(std::move(row));
  }
  const CompareRow& reference = rows[c.reference];
  for (auto& row : rows) {
    row.agrees = row.error.empty() && reference.error.empty() && row.value == reference.value;
  }
  return rows;
}

std::string encode_compare_rows(const std::vector<CompareRow>& rows) {
  wire::Writer w;
  w.u64(rows.size());
  for (const CompareRow& r : rows) {
    w.str(r.input).str(r.algorithm).str(r.variant).i64(r.depth).i64(r.value).str(r.best_move);
    wire::put_stats(w, r.stats);
    w.u64(r.complete ? 1 : 0).u64(r.agrees ? 1 : 0).str(r.error);
  }
  return w.take();
}

std::vector<CompareRow> decode_compare_rows(const std::string& bytes) {
  wire::Reader r(bytes);
  const std::uint64_t n = r.u64();
  std::vector<CompareRow> rows;
  for (std::uint64_t i = 0; i < n; ++i) {
    CompareRow row;
    row.input = r.str();
    row.algorithm = r.str();
    row.variant = r.str();
    row.depth = r.i32();
    row.value = static_cast<Value>(r.i64());
    row.best_move = r.str();
    row.stats = wire::get_stats(r);
    const std::uint64_t complete = r.u64();
    const std::uint64_t agrees = r.u64();
    if (complete > 1 || agrees > 1) throw std::runtime_error("malformed compare result");
    row.complete = complete == 1;
    row.agrees = agrees == 1;
    row.error = r.str();
    rows.push_back(std::move(row));
  }
  r.expect_end();
  return rows;
}

}  // namespace gts
