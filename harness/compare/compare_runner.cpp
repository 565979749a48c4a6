#include "harness/compare/compare_runner.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <filesystem>
#include <iostream>
#include <limits>
#include <map>
#include <numeric>
#include <set>
#include <span>
#include <stdexcept>
#include <tuple>

#include "harness/compare/accuracy.h"
#include "harness/compare/compare_columns.h"
#include "harness/compare/compare_folder.h"
#include "harness/config/blocks.h"
#include "harness/config/config_error.h"
#include "harness/config/feasibility.h"
#include "harness/csv.h"
#include "harness/pipeline/progress_line.h"
#include "harness/pipeline/stats_wire.h"
#include "harness/strf.h"

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

// Every algorithm of the config on job `index`, in the config's order; a set `stop` cuts the
// searches short (their rows are then meaningless). Never throws for a search's fault: a throwing
// search becomes a row with `error` set.
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
    CompareRow row{
        .input = input.name, .algorithm = a.algorithm.name, .variant = a.name, .depth = job.depth};
    const SearchLimits limits{.depth = job.depth, .max_nodes = a.max_nodes, .stop = stop};
    const TimedSearch t =
        timed_search(game, a.algorithm, set.evaluation, input.position, limits, seed);
    row.value = t.result.value;
    row.stats = t.result.stats;
    row.complete = t.result.complete;
    row.wall_ms = t.wall_ms;
    row.alloc_ms = t.alloc_ms;
    row.best_move = t.best_move;
    row.error = t.error;
    rows.push_back(std::move(row));
  }
  const CompareRow& reference = rows[c.reference];
  for (auto& row : rows) {
    row.agrees = row.error.empty() && reference.error.empty() && row.value == reference.value;
  }
  return rows;
}

}  // namespace

// A job's rows travel as bytes (harness/mpi/wire.h: a vector of rows), every field exactly
// (timings as their 64 bits), from the rank that ran the job to rank 0; decoding throws for bytes
// that are not such rows.
namespace wire {
template <class IO, class Row>
void row_fields(IO& io, Row& r) {
  io(r.input, r.algorithm, r.variant, r.depth, r.value, r.best_move, r.stats, r.wall_ms, r.alloc_ms,
     r.complete, r.agrees, r.error);
}
void put(Writer& w, const CompareRow& row) { row_fields(w, row); }
void get(Reader& r, CompareRow& row) { row_fields(r, row); }
}  // namespace wire

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double mean(const std::vector<double>& v) {
  return v.empty() ? kNaN
                   : std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
}

double median(std::vector<double> v) {
  if (v.empty()) return kNaN;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

double ratio(double a, double b) { return b > 0 ? a / b : kNaN; }

// A depth in plies: the number, or a uniform tree's depth for max; NaN else.
double depth_plies(const GameHandle& game, int depth) {
  const auto shape = uniform_shape(game);
  return shape ? std::min(depth, shape->second) : depth != kDepthMax ? depth : kNaN;
}

std::string plies_text(double plies) { return std::isnan(plies) ? "" : csv::number(plies, 0); }

const std::vector<std::string> kRowColumns = {
    "input",      "set",       "position_number", "algorithm", "variant",  "depth",    "to_end",
    "value",      "best_move", "nodes",           "leaves",    "interior", "cutoffs",  "tt_hits",
    "peak_bytes", "cpu_us",    "wall_us",         "alloc_us",  "agrees",   "complete", "error"};
constexpr std::size_t kRowParamsAt = 3;  // the param_ columns go after position_number

// Rows in the plan's order: jobs by index, algorithms in the config's order within each.
std::string compare_csv(const ComparePlan& plan, const std::vector<CompareRow>& rows) {
  const auto params = swept_params(plan.config, true);
  std::string out = csv::line(with(kRowColumns, kRowParamsAt, param_columns(params)));
  const std::size_t per_job = plan.config.algorithms.size();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const CompareRow& r = rows[i];
    const CompareJob& job = plan.jobs[i / per_job];
    const CompareInput& in = plan.inputs[job.input];
    const GameHandle& game = *plan.config.sets[in.set].variants[in.variant].game;
    const bool ok = r.error.empty();
    out += csv::line(with({r.input,
                           plan.config.sets[in.set].name,
                           in.number > 0 ? std::to_string(in.number) : "",
                           r.algorithm,
                           r.variant,
                           plies_text(depth_plies(game, r.depth)),
                           flag(r.depth == kDepthMax),
                           ok ? std::to_string(r.value) : "",
                           r.best_move,
                           std::to_string(r.stats.nodes),
                           std::to_string(r.stats.leaves),
                           std::to_string(r.stats.interior),
                           std::to_string(r.stats.cutoffs),
                           std::to_string(r.stats.tt_hits),
                           std::to_string(r.stats.peak_bytes),
                           csv::number(r.stats.cpu_ms * 1e3, 1),
                           csv::number(r.wall_ms * 1e3, 1),
                           csv::number(r.alloc_ms * 1e3, 1),
                           flag(r.agrees),
                           flag(r.complete),
                           r.error},
                          kRowParamsAt, param_values(plan, in, params)));
  }
  return out;
}

const std::vector<std::string> kInputColumns = {"input", "set",  "position_number",
                                                "group", "game", "position"};
constexpr std::size_t kInputParamsAt = 3;

}  // namespace

std::string inputs_csv(const ComparePlan& plan) {
  const auto params = swept_params(plan.config, true);
  std::string out = csv::line(with(kInputColumns, kInputParamsAt, param_columns(params)));
  for (const auto& in : plan.inputs) {
    const CompareInputSet& set = plan.config.sets[in.set];
    out += csv::line(with({in.name, set.name, in.number > 0 ? std::to_string(in.number) : "",
                           in.group, set.variants[in.variant].game->label(), in.position},
                          kInputParamsAt, param_values(plan, in, params)));
  }
  return out;
}

namespace {

// An entry's `threads` option (1 for an algorithm without one).
int threads_of(const CompareAlgorithm& a) {
  return a.algorithm.options.values().count("threads") != 0
             ? static_cast<int>(a.algorithm.options.get_int("threads"))
             : 1;
}

// For each entry, the entry of the same algorithm with the same options on one thread (itself
// when it runs on one), or none: what its speedup is taken against.
std::vector<std::optional<std::size_t>> one_thread_entries(const CompareConfig& c) {
  std::vector<std::optional<std::size_t>> out(c.algorithms.size());
  for (std::size_t a = 0; a < c.algorithms.size(); ++a) {
    auto options = c.algorithms[a].algorithm.options.values();
    if (options.count("threads") == 0) continue;
    options["threads"] = "1";
    for (std::size_t b = 0; b < c.algorithms.size(); ++b) {
      if (c.algorithms[b].algorithm.name == c.algorithms[a].algorithm.name &&
          c.algorithms[b].algorithm.options.values() == options) {
        out[a] = b;
        break;
      }
    }
  }
  return out;
}

// `rows` as run_compare_job returned them, concatenated in job order (every job's).
std::vector<CompareSummaryRow> summarize_compare(const ComparePlan& plan,
                                                 const std::vector<CompareRow>& rows) {
  const CompareConfig& c = plan.config;
  const std::size_t num_algorithms = c.algorithms.size();
  const std::vector<std::optional<std::size_t>> one_thread = one_thread_entries(c);
  // The (group, depth) cells in the order met (group by group, since a group's first input brings
  // all its depths), each with its jobs.
  std::vector<std::vector<std::size_t>> cells;
  std::map<std::pair<std::string, int>, std::size_t> cell_of;
  for (std::size_t j = 0; j < plan.jobs.size(); ++j) {
    const auto key = std::make_pair(plan.inputs[plan.jobs[j].input].group, plan.jobs[j].depth);
    const auto [it, fresh] = cell_of.try_emplace(key, cells.size());
    if (fresh) cells.emplace_back();
    cells[it->second].push_back(j);
  }

  std::vector<CompareSummaryRow> out;
  for (const auto& jobs : cells) {
    const CompareInput& input = plan.inputs[plan.jobs[jobs[0]].input];
    const int depth = plan.jobs[jobs[0]].depth;
    const auto shape = uniform_shape(*c.sets[input.set].variants[input.variant].game);
    const std::size_t first = out.size();
    for (std::size_t a = 0; a < num_algorithms; ++a) {
      // One statistic of this algorithm's searches in the cell.
      const auto values = [&](auto field) {
        std::vector<double> v;
        for (std::size_t j : jobs)
          v.push_back(static_cast<double>(rows[j * num_algorithms + a].stats.*field));
        return v;
      };
      CompareSummaryRow s;
      s.group = input.group;
      s.algorithm = c.algorithms[a].algorithm.name;
      s.variant = c.algorithms[a].name;
      s.depth = depth;
      s.plies = depth_plies(*c.sets[input.set].variants[input.variant].game, depth);
      s.inputs = jobs.size();
      s.agree = static_cast<std::size_t>(std::ranges::count_if(
          jobs, [&](std::size_t j) { return rows[j * num_algorithms + a].agrees; }));
      const std::vector<double> nodes = values(&SearchStats::nodes);
      const std::vector<double> leaves = values(&SearchStats::leaves);
      std::vector<double> cpu = values(&SearchStats::cpu_ms);
      for (double& x : cpu) x *= 1e3;
      std::vector<double> wall;
      for (std::size_t j : jobs) wall.push_back(rows[j * num_algorithms + a].wall_ms * 1e3);
      s.threads = threads_of(c.algorithms[a]);
      s.wall_us_mean = mean(wall);
      s.nodes_mean = mean(nodes);
      s.nodes_median = median(nodes);
      s.leaves_mean = mean(leaves);
      s.leaves_median = median(leaves);
      s.interior_mean = mean(values(&SearchStats::interior));
      s.cutoffs_mean = mean(values(&SearchStats::cutoffs));
      s.tt_hits_mean = mean(values(&SearchStats::tt_hits));
      s.peak_bytes_max = std::ranges::max(values(&SearchStats::peak_bytes));
      s.cpu_us_mean = mean(cpu);
      s.cpu_us_median = median(cpu);
      // Total CPU over total nodes (leaves): the means' ratio, in ns.
      s.ns_per_node = ratio(1e3 * s.cpu_us_mean, s.nodes_mean);
      s.ns_per_leaf = ratio(1e3 * s.cpu_us_mean, s.leaves_mean);
      s.leaves_vs_minimal = shape && depth >= shape->second
                                ? s.leaves_mean / minimal_tree_leaves(shape->first, shape->second)
                                : kNaN;
      out.push_back(s);
    }
    for (std::size_t a = first; a < out.size(); ++a) {
      CompareSummaryRow& s = out[a];
      const CompareSummaryRow* b = c.baseline ? &out[first + *c.baseline] : nullptr;
      s.nodes_vs_ab = b ? ratio(s.nodes_mean, b->nodes_mean) : kNaN;
      s.leaves_vs_ab = b ? ratio(s.leaves_mean, b->leaves_mean) : kNaN;
      s.cpu_vs_ab = b ? ratio(s.cpu_us_mean, b->cpu_us_mean) : kNaN;
      const std::size_t k = a - first;
      const CompareSummaryRow* one = one_thread[k] ? &out[first + *one_thread[k]] : nullptr;
      s.speedup = one ? ratio(one->wall_us_mean, s.wall_us_mean) : kNaN;
      s.search_overhead = one ? ratio(s.nodes_mean, one->nodes_mean) - 1.0 : kNaN;
      s.efficiency = s.speedup / s.threads;
    }
  }
  return out;
}

const std::vector<std::string> kSummaryColumns = {
    "group",          "set",           "algorithm",       "variant",           "depth",
    "to_end",         "inputs",        "agree",           "nodes_mean",        "nodes_median",
    "leaves_mean",    "leaves_median", "interior_mean",   "cutoffs_mean",      "tt_hits_mean",
    "peak_bytes_max", "nodes_vs_ab",   "leaves_vs_ab",    "leaves_vs_minimal", "cpu_us_mean",
    "cpu_us_median",  "cpu_vs_ab",     "ns_per_node",     "ns_per_leaf",       "threads",
    "wall_us_mean",   "speedup",       "search_overhead", "efficiency"};
constexpr std::size_t kSummaryParamsAt = 2;

std::string compare_summary_csv(const ComparePlan& plan,
                                const std::vector<CompareSummaryRow>& summary) {
  const auto params = swept_params(plan.config, false);
  std::string out = csv::line(with(kSummaryColumns, kSummaryParamsAt, param_columns(params)));
  auto opt = [](double v, int digits) {
    return std::isnan(v) ? std::string() : csv::number(v, digits);
  };
  for (const auto& s : summary) {
    // The group's first input stands for its set and parameters (a group shares them, seed aside).
    const auto in = std::ranges::find(plan.inputs, s.group, &CompareInput::group);
    // The names and counts, then the measures.
    std::vector<std::string> fields = {s.group,
                                       plan.config.sets[in->set].name,
                                       s.algorithm,
                                       s.variant,
                                       plies_text(s.plies),
                                       flag(s.depth == kDepthMax),
                                       std::to_string(s.inputs),
                                       std::to_string(s.agree)};
    fields.insert(fields.end(), {csv::number(s.nodes_mean),
                                 csv::number(s.nodes_median),
                                 csv::number(s.leaves_mean),
                                 csv::number(s.leaves_median),
                                 csv::number(s.interior_mean),
                                 csv::number(s.cutoffs_mean),
                                 csv::number(s.tt_hits_mean),
                                 csv::number(s.peak_bytes_max, 0),
                                 opt(s.nodes_vs_ab, 4),
                                 opt(s.leaves_vs_ab, 4),
                                 opt(s.leaves_vs_minimal, 4),
                                 csv::number(s.cpu_us_mean, 1),
                                 csv::number(s.cpu_us_median, 1),
                                 opt(s.cpu_vs_ab, 3),
                                 opt(s.ns_per_node, 1),
                                 opt(s.ns_per_leaf, 1),
                                 std::to_string(s.threads),
                                 csv::number(s.wall_us_mean, 1),
                                 opt(s.speedup, 3),
                                 opt(s.search_overhead, 4),
                                 opt(s.efficiency, 3)});
    out += csv::line(with(fields, kSummaryParamsAt, param_values(plan, *in, params)));
  }
  return out;
}

// What decides the jobs: the resolved config but for the settings that only rank 0 uses (threads,
// output folder), and every input's position. Its hash is the run's config hash, which a worker
// rank also compares with rank 0's to know that it will run the same jobs.
std::string decisive_text(const ComparePlan& plan) {
  CompareConfig config = plan.config;
  config.threads = 0;
  config.output_dir.clear();
  return compare_resolved_yaml(config) + inputs_csv(plan);
}

ComparePlan load_checked_plan(const std::string& path) {
  ComparePlan plan = make_compare_plan(load_compare_config(path));
  const CompareConfig& c = plan.config;
  if (plan.inputs.size() > kMaxCompareInputs) {
    throw ConfigError(path, "the inputs expand into " + std::to_string(plan.inputs.size()) +
                                " positions, more than " + std::to_string(kMaxCompareInputs));
  }
  // Every table the algorithms take at the depths the sets search to fits, before the first job.
  std::vector<TableUse> uses;
  if (c.accuracy) {
    // Budgeted searches deepen towards the end; the exact solver solves to it.
    for (const CompareAlgorithm& a : c.algorithms) {
      if (const auto size = table_sizes(a.budgeted, kDepthMax)) {
        uses.push_back({"algorithm '" + a.name + "'", *size, &a.option_at});
      }
    }
    if (const auto size = table_sizes(exact_solver_spec(), kDepthMax)) {
      uses.push_back({"the exact solver (solve)", *size, nullptr});
    }
    check_tables(c.source_path, uses);
    return plan;
  }
  for (const CompareAlgorithm& a : c.algorithms) {
    for (const CompareInputSet& set : c.sets) {
      for (const int depth : set.depths) {
        if (const auto size = table_sizes(a.algorithm, depth)) {
          uses.push_back({"algorithm '" + a.name + "'", *size, &a.option_at});
        }
      }
    }
  }
  check_tables(c.source_path, uses);
  return plan;
}

// An algorithm without a node budget whose depth cannot finish in any reasonable time from the
// first position of a set's game is warned of, once per set, depth and algorithm.
void warn_of_hopeless_depths(const ComparePlan& plan) {
  const CompareConfig& c = plan.config;
  std::set<std::pair<std::size_t, std::size_t>> seen;                  // (set, variant)
  std::set<std::tuple<std::size_t, std::size_t, std::size_t>> warned;  // (set, depth, algorithm)
  for (const CompareInput& input : plan.inputs) {
    if (!seen.emplace(input.set, input.variant).second) continue;
    const CompareInputSet& set = c.sets[input.set];
    for (std::size_t d = 0; d < set.depths.size(); ++d) {
      for (std::size_t a = 0; a < c.algorithms.size(); ++a) {
        const CompareAlgorithm& algorithm = c.algorithms[a];
        if (algorithm.max_nodes != 0 || warned.contains({input.set, d, a})) continue;
        if (warn_if_hopeless({c.source_path, set.depth_at[d]},
                             "input set '" + set.name + "', algorithm '" + algorithm.name + "'",
                             *set.variants[input.variant].game, input.position, algorithm.algorithm,
                             set.depths[d])) {
          warned.insert({input.set, d, a});
        }
      }
    }
  }
}

// Job i of the plan, on whichever thread or rank runs it; its rows travel as bytes.
class CompareJobs final : public JobRunner {
 public:
  explicit CompareJobs(ComparePlan plan) : plan_(std::move(plan)) {}
  [[nodiscard]] const ComparePlan& plan() const { return plan_; }
  std::optional<std::string> run(std::size_t index, const std::atomic<bool>& stop) override {
    if (index >= plan_.jobs.size()) throw std::runtime_error("compare job out of range");
    if (stop.load(std::memory_order_relaxed)) return std::nullopt;
    if (plan_.config.accuracy) {
      std::string bytes = run_accuracy_job(plan_, index, &stop);
      if (stop.load(std::memory_order_relaxed)) return std::nullopt;
      return bytes;
    }
    const std::vector<CompareRow> rows = run_compare_job(plan_, index, &stop);
    // Searches cut short by Ctrl-C have no result: a resumed run does the job again.
    if (stop.load(std::memory_order_relaxed)) return std::nullopt;
    return wire::Writer()(rows).take();
  }

 private:
  ComparePlan plan_;
};

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
        const int number = numbered ? static_cast<int>(i) + 1 : 0;
        plan.inputs.push_back({numbered ? base + "#" + std::to_string(number) : base, group, s, v,
                               positions[i], number});
        const std::size_t input = plan.inputs.size() - 1;
        if (c.accuracy) {
          plan.jobs.push_back({input, kDepthMax, true, std::nullopt});
          for (std::size_t b = 0; b < c.accuracy->budgets.size(); ++b)
            plan.jobs.push_back({input, kDepthMax, false, b});
          continue;
        }
        for (int depth : set.depths) plan.jobs.push_back({input, depth, false, std::nullopt});
      }
    }
  }
  return plan;
}

namespace {
// A CSV's first line without its newline.
std::string header_of(const std::string& text) { return text.substr(0, text.find('\n')); }
}  // namespace

std::string compare_csv_header(const std::vector<std::string>& params) {
  return header_of(csv::line(with(kRowColumns, kRowParamsAt, param_columns(params))));
}
std::string compare_inputs_header(const std::vector<std::string>& params) {
  return header_of(csv::line(with(kInputColumns, kInputParamsAt, param_columns(params))));
}
std::string compare_summary_header(const std::vector<std::string>& params) {
  return header_of(csv::line(with(kSummaryColumns, kSummaryParamsAt, param_columns(params))));
}
std::vector<std::string> compare_header_params(const std::vector<std::string>& header) {
  std::vector<std::string> out;
  for (const auto& name : header) {
    if (name.starts_with("param_")) out.push_back(name.substr(6));
  }
  return out;
}

bool is_timing_column(std::string_view name) {
  return name.starts_with("cpu_") || name.starts_with("ns_") || name.starts_with("wall_") ||
         name.starts_with("alloc_") || name == "speedup" || name == "efficiency";
}

double minimal_tree_leaves(int branching, int depth) {
  const double b = branching;
  return std::pow(b, (depth + 1) / 2) + std::pow(b, depth / 2) - 1.0;
}

std::string compare_summary_table(const std::vector<CompareSummaryRow>& summary) {
  auto fmt = [](double v, int digits) {
    return std::isnan(v) ? std::string("-") : csv::number(v, digits);
  };
  std::vector<std::vector<std::string>> cells = {{"group", "variant", "depth", "n", "agree",
                                                  "nodes", "leaves", "nodes/ab", "leaves/ab",
                                                  "leaves/min", "peak_KiB", "ns/leaf", "cpu/ab"}};
  for (const auto& s : summary) {
    cells.push_back({s.group, s.variant, depth_text(s.depth), std::to_string(s.inputs),
                     std::to_string(s.agree), fmt(s.nodes_mean, 1), fmt(s.leaves_mean, 1),
                     fmt(s.nodes_vs_ab, 3), fmt(s.leaves_vs_ab, 3), fmt(s.leaves_vs_minimal, 3),
                     fmt(s.peak_bytes_max / 1024.0, 1), fmt(s.ns_per_leaf, 1),
                     fmt(s.cpu_vs_ab, 2)});
  }
  // A blank line between groups.
  return aligned_table(cells, 2,
                       [&](std::size_t r) { return summary[r - 1].group != summary[r - 2].group; });
}

std::unique_ptr<JobRunner> make_compare_jobs(const std::string& context) {
  const auto [path, hash] = decode_config_context(context);
  ComparePlan plan = load_checked_plan(path);
  check_same_config(path, "the config and its inputs", config_hash_of(decisive_text(plan)), hash);
  return std::make_unique<CompareJobs>(std::move(plan));
}

std::vector<CompareRow> compare_job_rows(const ComparePlan& plan, std::size_t index,
                                         const std::string& bytes) {
  std::vector<CompareRow> rows;
  wire::Reader{bytes}(rows).expect_end();
  // (A config has at least one algorithm.)
  if (index >= plan.jobs.size() || rows.size() != plan.config.algorithms.size() ||
      rows.front().input != plan.inputs[plan.jobs[index].input].name) {
    throw std::runtime_error("compare: a result does not match job " + std::to_string(index));
  }
  return rows;
}

std::map<std::string, std::string> compare_tables(const ComparePlan& plan,
                                                  const std::vector<std::string>& results) {
  std::map<std::string, std::string> files;
  files["inputs.csv"] = inputs_csv(plan);
  if (plan.config.accuracy) {
    AccuracyResults accuracy(plan);
    for (std::size_t i = 0; i < results.size(); ++i) accuracy.take(i, results[i]);
    files.merge(accuracy.tables(accuracy.summary()));
    return files;
  }
  std::vector<CompareRow> rows;
  for (std::size_t i = 0; i < results.size(); ++i) {
    for (CompareRow& r : compare_job_rows(plan, i, results[i])) rows.push_back(std::move(r));
  }
  files["compare.csv"] = compare_csv(plan, rows);
  files["summary.csv"] = compare_summary_csv(plan, summarize_compare(plan, rows));
  return files;
}

namespace {

// The run `plan` is, as the pipeline takes it.
RunDescription describe_compare(const ComparePlan& plan) {
  RunDescription description = describe_run(compare_kind(), "compare", plan.config);
  for (const CompareAlgorithm& a : plan.config.algorithms) {
    description.search_threads = std::max(description.search_threads, search_threads(a.algorithm));
  }
  description.decisive_text = decisive_text(plan);
  description.resolved_config = compare_resolved_yaml(plan.config);
  description.run_files = {"results.log",
                           plan.config.accuracy.has_value() ? "accuracy.csv" : "compare.csv"};
  return description;
}

}  // namespace

void check_compare(const RunRequest& request) {
  const ComparePlan plan = load_checked_plan(request.config_path);
  if (!plan.config.accuracy.has_value()) warn_of_hopeless_depths(plan);
  check_run(request, describe_compare(plan));
}

CompareRunResult run_compare(const RunRequest& request) {
  CompareJobs jobs(load_checked_plan(request.config_path));
  const ComparePlan& plan = jobs.plan();
  const bool accuracy = plan.config.accuracy.has_value();
  if (!accuracy) warn_of_hopeless_depths(plan);
  RunPipeline pipeline(request, describe_compare(plan));

  CompareRunResult result;
  result.out_dir = pipeline.dir();
  const std::filesystem::path dir(result.out_dir);
  write_file(dir / "config.yaml", compare_resolved_yaml(plan.config));
  if (!request.quiet) {
    std::cerr << "compare: " << plan.inputs.size() << " inputs, " << plan.jobs.size()
              << (accuracy ? " jobs (exact move values, then each budget)" : " (input, depth) jobs")
              << " x " << plan.config.algorithms.size() << " algorithms on " << pipeline.threads()
              << " threads -> " << result.out_dir << "\n";
  }
  const double start = wall_ms();
  const auto said_time = [&](const DistributeOutcome& outcome) {
    if (request.quiet) return;
    std::cerr << "compare: " << plan.jobs.size() << " jobs in "
              << csv::number((wall_ms() - start) / 1e3, 2) << " s";
    if (outcome.ranks > 1) std::cerr << " on " << outcome.ranks << " ranks";
    std::cerr << "\n";
  };
  std::vector<std::string> bytes_of(plan.jobs.size());  // each job's result, for the tables
  if (accuracy) {
    AccuracyResults results(plan);
    ProgressLine progress("jobs", static_cast<int>(plan.jobs.size()), 0, !request.quiet);
    auto record = [&](std::size_t index, const std::string& bytes) {
      results.take(index, bytes);
      bytes_of[index] = bytes;
      const CompareJob& job = plan.jobs[index];
      progress.advance("last: " + plan.inputs[job.input].name +
                       (job.exact ? std::string(" exact")
                                  : " budget " + std::to_string(plan.config.accuracy->budgets.at(
                                                     job.budget.value()))));
    };
    const DistributeOutcome outcome = pipeline.run_all("compare", plan.jobs.size(), jobs, record);
    progress.finish();
    result.exit_code = pipeline.finish(pipeline.all_done(), outcome.error);
    if (result.exit_code != 0) return result;
    result.accuracy = results.summary();
    for (const auto& [file, text] : compare_tables(plan, bytes_of)) write_file(dir / file, text);
    said_time(outcome);
    return result;
  }
  // Each job's rows into its slot, as they arrive from this process's threads, other ranks or the
  // journal of an interrupted run: the rows stay in job order whoever ran them.
  const std::size_t per_job = plan.config.algorithms.size();
  result.rows.resize(plan.jobs.size() * per_job);
  ProgressLine progress("jobs", static_cast<int>(plan.jobs.size()), 0, !request.quiet);
  auto record = [&](std::size_t index, const std::string& bytes) {
    std::vector<CompareRow> rows = compare_job_rows(plan, index, bytes);
    bytes_of[index] = bytes;
    progress.advance("last: " + rows.front().input + " depth " +
                     depth_text(plan.jobs[index].depth));
    std::move(rows.begin(), rows.end(),
              result.rows.begin() + static_cast<std::ptrdiff_t>(index * per_job));
  };
  const DistributeOutcome outcome = pipeline.run_all("compare", plan.jobs.size(), jobs, record);
  progress.finish();
  result.exit_code = pipeline.finish(pipeline.all_done(), outcome.error);
  if (result.exit_code != 0) return result;
  result.summary = summarize_compare(plan, result.rows);

  for (const auto& [file, text] : compare_tables(plan, bytes_of)) write_file(dir / file, text);

  const auto value = [](const CompareRow& r) {
    return r.error.empty() ? strf("=%d", r.value) : std::string(" failed");
  };
  for (std::size_t j = 0; j < plan.jobs.size(); ++j) {
    const std::span<const CompareRow> job_rows(result.rows.data() + j * per_job, per_job);
    std::string wrong;
    for (const CompareRow& r : job_rows) {
      if (!r.agrees)
        wrong += " " + r.variant + value(r) + (r.error.empty() ? "" : " (" + r.error + ")");
    }
    if (wrong.empty()) continue;
    const CompareRow& ref = job_rows[plan.config.reference];
    result.disagreements.push_back(job_rows[0].input + " (depth " + depth_text(plan.jobs[j].depth) +
                                   "): " + ref.variant + value(ref) + " (reference), but" + wrong);
  }
  result.exit_code = result.disagreements.empty() ? 0 : 1;
  if (!request.quiet) {
    std::cerr << "compare: " << result.rows.size() << " searches in "
              << csv::number((wall_ms() - start) / 1e3, 2) << " s";
    if (outcome.ranks > 1) std::cerr << " on " << outcome.ranks << " ranks";
    std::cerr << "\n";
  }
  return result;
}

}  // namespace gts
