#include "harness/compare/accuracy.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <map>
#include <stdexcept>

#include "harness/compare/compare_columns.h"
#include "harness/csv.h"
#include "harness/pipeline/run_folder.h"
#include "harness/pipeline/stats_wire.h"
#include "harness/strf.h"

namespace gts {

namespace wire {
template <class IO, class Row>
void exact_fields(IO& io, Row& r) {
  io(r.move, r.value, r.nodes);
}
void put(Writer& w, const ExactMove& m) { exact_fields(w, m); }
void get(Reader& r, ExactMove& m) { exact_fields(r, m); }
template <class IO, class Row>
void search_fields(IO& io, Row& r) {
  io(r.input, r.algorithm, r.variant, r.budget, r.best_move, r.value, r.depth, r.stats, r.wall_ms,
     r.alloc_ms, r.complete, r.error);
}
void put(Writer& w, const AccuracySearch& s) { search_fields(w, s); }
void get(Reader& r, AccuracySearch& s) { search_fields(r, s); }
}  // namespace wire

std::vector<ExactMove> exact_move_values(const GameHandle& game, const EvalSpec& eval,
                                         const std::string& position,
                                         const std::atomic<bool>* stop) {
  const Position root = game.position(position);
  const int mover = game.mover(root);
  const SearchLimits limits{.depth = kDepthMax, .stop = stop};
  game.prepare(limits);
  const std::unique_ptr<Searcher> solver = game.make_searcher(exact_solver_spec(), eval);
  std::vector<ExactMove> out;
  for (const std::string& move : game.legal_moves(root)) {
    Position child = root;
    game.play(child, game.parse_move(root, move));
    ExactMove m{move, 0, 0};
    Value value = 0;  // the child's, from its own mover's view
    if (game.finished(child)) {
      value = game.final_value(child);
    } else {
      const SearchResult r = solver->search(child, limits, 0);
      // Without a budget only a stop leaves the solve unfinished (its value then unused).
      if (!r.complete && (stop == nullptr || !stop->load(std::memory_order_relaxed))) {
        throw std::runtime_error("the exact solver did not finish " + position + " after " + move);
      }
      value = r.value;
      m.nodes = r.stats.nodes;
    }
    // A move after which the same side moves again (Kalah) keeps the sign.
    m.value = game.mover(child) == mover ? value : -value;
    out.push_back(std::move(m));
  }
  return out;
}

std::string run_accuracy_job(const ComparePlan& plan, std::size_t index,
                             const std::atomic<bool>* stop) {
  const CompareConfig& c = plan.config;
  const CompareJob& job = plan.jobs[index];
  const CompareInput& input = plan.inputs[job.input];
  const CompareInputSet& set = c.sets[input.set];
  const GameHandle& game = *set.variants[input.variant].game;
  if (job.exact) {
    return wire::Writer()(exact_move_values(game, set.evaluation, input.position, stop)).take();
  }
  const std::uint64_t budget = c.accuracy->budgets.at(job.budget.value());
  // Seeded algorithms draw from (run seed, input): the same stream at every budget.
  const std::uint64_t seed = mix_seed(c.seed, job.input);
  SearchLimits limits{.depth = kDepthMax, .stop = stop};
  if (c.accuracy->milliseconds) {
    limits.max_ms = static_cast<double>(budget);
  } else {
    limits.max_nodes = budget;
  }
  std::vector<AccuracySearch> rows;
  for (const CompareAlgorithm& a : c.algorithms) {
    AccuracySearch row{
        .input = input.name, .algorithm = a.algorithm.name, .variant = a.name, .budget = budget};
    const TimedSearch t =
        timed_search(game, a.budgeted, set.evaluation, input.position, limits, seed);
    const SearchResult& r = t.result;
    row.value = r.value;
    // To the end: the last iteration completed (0: not known).
    row.depth = r.depth == kDepthMax ? r.iteration : r.depth;
    row.stats = r.stats;
    row.complete = r.complete;
    row.wall_ms = t.wall_ms;
    row.alloc_ms = t.alloc_ms;
    row.best_move = t.best_move;
    row.error = t.error;
    rows.push_back(std::move(row));
  }
  return wire::Writer()(rows).take();
}

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// A search's score against its input's exact move values: whether its move is optimal and the loss;
// nullopt when it has no legal move to score.
struct Score {
  bool optimal = false;
  Value loss = 0;
  Value move_value = 0;
  Value best_value = 0;
};
std::optional<Score> score(const std::vector<ExactMove>& exact, const AccuracySearch& s) {
  if (!s.error.empty() || exact.empty()) return std::nullopt;
  const auto chosen = std::ranges::find(exact, s.best_move, &ExactMove::move);
  if (chosen == exact.end()) return std::nullopt;
  const Value best = std::ranges::max(exact, {}, &ExactMove::value).value;
  return Score{chosen->value == best, best - chosen->value, chosen->value, best};
}

double mean_of(const std::vector<double>& v) {
  if (v.empty()) return kNaN;
  double sum = 0;
  for (const double x : v) sum += x;
  return sum / static_cast<double>(v.size());
}

std::string opt(double v, int digits) { return std::isnan(v) ? "" : csv::number(v, digits); }

const std::vector<std::string> kExactColumns = {"input", "move", "value", "best", "nodes"};

const std::vector<std::string> kSearchColumns = {
    "input",      "set",         "position_number", "algorithm", "variant",
    "budget",     "budget_unit", "best_move",       "optimal",   "loss",
    "move_value", "best_value",  "value",           "depth",     "nodes",
    "cpu_us",     "wall_us",     "alloc_us",        "complete",  "error"};
constexpr std::size_t kSearchParamsAt = 3;

const std::vector<std::string> kAccuracyColumns = {
    "group",        "set",        "algorithm",     "variant",       "budget",
    "budget_unit",  "positions",  "optimal_moves", "optimal_share", "optimal_low",
    "optimal_high", "loss_mean",  "loss_low",      "loss_high",     "failed",
    "nodes_mean",   "depth_mean", "cpu_us_mean",   "wall_us_mean"};
constexpr std::size_t kAccuracyParamsAt = 2;

std::string header_of(const std::string& text) { return text.substr(0, text.find('\n')); }

}  // namespace

std::string exact_csv_header() { return header_of(csv::line(kExactColumns)); }
std::string searches_csv_header(const std::vector<std::string>& params) {
  return header_of(csv::line(with(kSearchColumns, kSearchParamsAt, param_columns(params))));
}
std::string accuracy_csv_header(const std::vector<std::string>& params) {
  return header_of(csv::line(with(kAccuracyColumns, kAccuracyParamsAt, param_columns(params))));
}

AccuracyResults::AccuracyResults(const ComparePlan& plan)
    : plan_(plan),
      exact_(plan.inputs.size()),
      by_(plan.inputs.size(),
          std::vector<std::vector<AccuracySearch>>(plan.config.accuracy->budgets.size())) {}

void AccuracyResults::take(std::size_t index, const std::string& bytes) {
  const auto bad = [&] {
    return std::runtime_error("compare: a result does not match job " + std::to_string(index));
  };
  if (index >= plan_.jobs.size()) throw bad();
  const CompareJob& job = plan_.jobs[index];
  wire::Reader reader{bytes};
  if (job.exact) {
    reader(exact_[job.input]).expect_end();
    return;
  }
  std::vector<AccuracySearch> rows;
  reader(rows).expect_end();
  if (rows.size() != plan_.config.algorithms.size() ||
      rows.front().input != plan_.inputs[job.input].name) {
    throw bad();
  }
  by_[job.input][job.budget.value()] = std::move(rows);
}

std::vector<AccuracySummaryRow> AccuracyResults::summary() const {
  const CompareConfig& c = plan_.config;
  // Groups in the order of their first input; per group, algorithms in the config's order, then
  // budgets ascending.
  std::vector<std::string> groups;
  std::map<std::string, std::vector<std::size_t>> inputs_of;
  for (std::size_t i = 0; i < plan_.inputs.size(); ++i) {
    const std::string& g = plan_.inputs[i].group;
    if (!inputs_of.contains(g)) groups.push_back(g);
    inputs_of[g].push_back(i);
  }
  std::vector<AccuracySummaryRow> out;
  for (const std::string& g : groups) {
    for (std::size_t a = 0; a < c.algorithms.size(); ++a) {
      for (std::size_t b = 0; b < c.accuracy->budgets.size(); ++b) {
        AccuracySummaryRow row{.group = g,
                               .algorithm = c.algorithms[a].algorithm.name,
                               .variant = c.algorithms[a].name,
                               .budget = c.accuracy->budgets[b],
                               .unit = c.accuracy->unit()};
        std::vector<double> losses, nodes, depths, cpu, wall;
        for (const std::size_t i : inputs_of[g]) {
          const AccuracySearch& s = by_[i][b].at(a);
          const auto sc = score(exact_[i], s);
          if (!sc) {
            ++row.failed;
            continue;
          }
          ++row.positions;
          row.optimal += sc->optimal ? 1 : 0;
          losses.push_back(sc->loss);
          nodes.push_back(static_cast<double>(s.stats.nodes));
          if (s.depth > 0) depths.push_back(s.depth);
          cpu.push_back(s.stats.cpu_ms * 1e3);
          wall.push_back(s.wall_ms * 1e3);
        }
        row.optimal_interval = wilson_interval(row.optimal, row.positions);
        row.loss = mean_interval(losses);
        row.nodes_mean = mean_of(nodes);
        row.depth_mean = mean_of(depths);
        row.cpu_us_mean = mean_of(cpu);
        row.wall_us_mean = mean_of(wall);
        out.push_back(std::move(row));
      }
    }
  }
  return out;
}

std::map<std::string, std::string> AccuracyResults::tables(
    const std::vector<AccuracySummaryRow>& rows) const {
  const CompareConfig& c = plan_.config;
  const std::string unit = c.accuracy->unit();
  std::string exact = csv::line(kExactColumns);
  for (std::size_t i = 0; i < plan_.inputs.size(); ++i) {
    if (exact_[i].empty()) continue;
    const Value best = std::ranges::max(exact_[i], {}, &ExactMove::value).value;
    for (const ExactMove& m : exact_[i]) {
      exact += csv::line({plan_.inputs[i].name, m.move, std::to_string(m.value),
                          flag(m.value == best), std::to_string(m.nodes)});
    }
  }

  const auto params = swept_params(c, true);
  std::string searches = csv::line(with(kSearchColumns, kSearchParamsAt, param_columns(params)));
  for (std::size_t i = 0; i < plan_.inputs.size(); ++i) {
    const CompareInput& in = plan_.inputs[i];
    for (std::size_t b = 0; b < c.accuracy->budgets.size(); ++b) {
      for (const AccuracySearch& s : by_[i][b]) {
        const auto sc = score(exact_[i], s);
        const auto value = [&](Value v) { return sc ? std::to_string(v) : std::string(); };
        searches += csv::line(with({s.input,
                                    c.sets[in.set].name,
                                    in.number > 0 ? std::to_string(in.number) : "",
                                    s.algorithm,
                                    s.variant,
                                    std::to_string(s.budget),
                                    unit,
                                    s.best_move,
                                    sc ? flag(sc->optimal) : "",
                                    sc ? std::to_string(sc->loss) : "",
                                    sc ? value(sc->move_value) : "",
                                    sc ? value(sc->best_value) : "",
                                    s.error.empty() ? std::to_string(s.value) : "",
                                    s.depth > 0 ? std::to_string(s.depth) : "",
                                    std::to_string(s.stats.nodes),
                                    csv::number(s.stats.cpu_ms * 1e3, 1),
                                    csv::number(s.wall_ms * 1e3, 1),
                                    csv::number(s.alloc_ms * 1e3, 1),
                                    flag(s.complete),
                                    s.error},
                                   kSearchParamsAt, param_values(plan_, in, params)));
      }
    }
  }

  const auto group_params = swept_params(c, false);
  std::string accuracy =
      csv::line(with(kAccuracyColumns, kAccuracyParamsAt, param_columns(group_params)));
  for (const AccuracySummaryRow& r : rows) {
    const auto in = std::ranges::find(plan_.inputs, r.group, &CompareInput::group);
    const double share =
        r.positions > 0 ? static_cast<double>(r.optimal) / static_cast<double>(r.positions) : kNaN;
    accuracy += csv::line(with(
        {r.group, c.sets[in->set].name, r.algorithm, r.variant, std::to_string(r.budget), unit,
         std::to_string(r.positions), std::to_string(r.optimal), opt(share, 4),
         opt(r.optimal_interval.low, 4), opt(r.optimal_interval.high, 4), opt(r.loss.mean, 4),
         opt(r.loss.interval.low, 4), opt(r.loss.interval.high, 4), std::to_string(r.failed),
         opt(r.nodes_mean, 1), opt(r.depth_mean, 2), opt(r.cpu_us_mean, 1), opt(r.wall_us_mean, 1)},
        kAccuracyParamsAt, param_values(plan_, *in, group_params)));
  }
  return {{"exact.csv", exact}, {"searches.csv", searches}, {"accuracy.csv", accuracy}};
}

std::string accuracy_table(const std::vector<AccuracySummaryRow>& rows) {
  const auto fmt = [](double v, int digits) {
    return std::isnan(v) ? std::string("-") : csv::number(v, digits);
  };
  std::vector<std::vector<std::string>> cells = {{"group", "variant", "budget", "n", "optimal%",
                                                  "95% interval", "loss", "+-95%", "nodes", "depth",
                                                  "wall_ms"}};
  for (const auto& r : rows) {
    const double share =
        r.positions > 0 ? 100.0 * static_cast<double>(r.optimal) / static_cast<double>(r.positions)
                        : kNaN;
    const double half = (r.loss.interval.high - r.loss.interval.low) / 2;
    cells.push_back(
        {r.group, r.variant, std::to_string(r.budget) + " " + r.unit, std::to_string(r.positions),
         fmt(share, 1),
         std::isnan(r.optimal_interval.low)
             ? "-"
             : strf("%.1f-%.1f", 100 * r.optimal_interval.low, 100 * r.optimal_interval.high),
         fmt(r.loss.mean, 3), fmt(half, 3), fmt(r.nodes_mean, 0), fmt(r.depth_mean, 1),
         fmt(r.wall_us_mean / 1e3, 2)});
  }
  // A blank line between groups and between algorithms.
  return aligned_table(cells, 2, [&](std::size_t r) {
    return rows[r - 1].group != rows[r - 2].group || rows[r - 1].variant != rows[r - 2].variant;
  });
}

}  // namespace gts
