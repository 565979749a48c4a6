#include "harness/compare/compare_summary.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>

#include "harness/config/blocks.h"
#include "harness/csv.h"

namespace gts {

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

std::string count(std::uint64_t v) { return std::to_string(v); }

}  // namespace

bool is_timing_column(std::string_view name) {
  return name.starts_with("cpu_") || name.starts_with("ns_");
}

double minimal_tree_leaves(int branching, int depth) {
  const double b = branching;
  return std::pow(b, (depth + 1) / 2) + std::pow(b, depth / 2) - 1.0;
}

std::string compare_csv(const std::vector<CompareRow>& rows) {
  std::string out = csv::line({"input", "algorithm", "variant", "depth", "value", "best_move",
                               "nodes", "leaves", "interior", "cutoffs", "tt_hits", "peak_bytes",
                               "cpu_us", "agrees", "complete", "error"});
  for (const auto& r : rows) {
    const bool ok = r.error.empty();
    out += csv::line({r.input, r.algorithm, r.variant, depth_text(r.depth),
                      ok ? std::to_string(r.value) : "", r.best_move, count(r.stats.nodes),
                      count(r.stats.leaves), count(r.stats.interior), count(r.stats.cutoffs),
                      count(r.stats.tt_hits), count(r.stats.peak_bytes),
                      csv::number(r.stats.cpu_ms * 1e3, 1), r.agrees ? "yes" : "no",
                      r.complete ? "yes" : "no", r.error});
  }
  return out;
}

std::string inputs_csv(const ComparePlan& plan) {
  std::string out = csv::line({"input", "set", "group", "game", "position"});
  for (const auto& in : plan.inputs) {
    const CompareInputSet& set = plan.config.sets[in.set];
    out += csv::line(
        {in.name, set.name, in.group, set.variants[in.variant].game->label(), in.position});
  }
  return out;
}

std::vector<CompareSummaryRow> summarize_compare(const ComparePlan& plan,
                                                 const std::vector<CompareRow>& rows) {
  const CompareConfig& c = plan.config;
  const std::size_t num_algorithms = c.algorithms.size();
  // Groups in first-appearance order, and each group's depths in the order met.
  std::vector<std::string> groups;
  std::map<std::string, std::vector<int>> depths;
  std::map<std::string, std::optional<std::pair<int, int>>> uniform;
  std::map<std::pair<std::string, int>, std::vector<std::vector<const CompareRow*>>> cells;
  for (std::size_t j = 0; j < plan.jobs.size(); ++j) {
    const CompareInput& input = plan.inputs[plan.jobs[j].input];
    const int depth = plan.jobs[j].depth;
    auto [it, fresh] = cells.try_emplace({input.group, depth}, num_algorithms);
    if (fresh) {
      if (depths[input.group].empty()) groups.push_back(input.group);
      depths[input.group].push_back(depth);
      uniform[input.group] = input.uniform;
    }
    for (std::size_t a = 0; a < num_algorithms; ++a) {
      const std::size_t r = j * num_algorithms + a;
      if (r < rows.size()) it->second[a].push_back(&rows[r]);
    }
  }

  std::vector<CompareSummaryRow> out;
  for (const std::string& group : groups) {
    const auto shape = uniform[group];
    for (const int depth : depths[group]) {
      const std::size_t first = out.size();
      for (std::size_t a = 0; a < num_algorithms; ++a) {
        CompareSummaryRow s;
        s.group = group;
        s.algorithm = c.algorithms[a].algorithm.name;
        s.variant = c.algorithms[a].name;
        s.depth = depth;
        s.plies = shape ? std::min(depth, shape->second) : depth != kDepthMax ? depth : kNaN;
        std::vector<double> nodes, leaves, interior, cutoffs, hits, cpu;
        for (const CompareRow* r : cells[{group, depth}][a]) {
          ++s.inputs;
          if (r->agrees) ++s.agree;
          nodes.push_back(static_cast<double>(r->stats.nodes));
          leaves.push_back(static_cast<double>(r->stats.leaves));
          interior.push_back(static_cast<double>(r->stats.interior));
          cutoffs.push_back(static_cast<double>(r->stats.cutoffs));
          hits.push_back(static_cast<double>(r->stats.tt_hits));
          cpu.push_back(r->stats.cpu_ms * 1e3);
          s.peak_bytes_max = std::max(s.peak_bytes_max, static_cast<double>(r->stats.peak_bytes));
        }
        s.nodes_mean = mean(nodes);
        s.nodes_median = median(nodes);
        s.leaves_mean = mean(leaves);
        s.leaves_median = median(leaves);
        s.interior_mean = mean(interior);
        s.cutoffs_mean = mean(cutoffs);
        s.tt_hits_mean = mean(hits);
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
      }
    }
  }
  return out;
}

std::string compare_summary_csv(const std::vector<CompareSummaryRow>& summary) {
  std::string out = csv::line(
      {"group",         "algorithm",     "variant",           "depth",        "plies",
       "inputs",        "agree",         "nodes_mean",        "nodes_median", "leaves_mean",
       "leaves_median", "interior_mean", "cutoffs_mean",      "tt_hits_mean", "peak_bytes_max",
       "nodes_vs_ab",   "leaves_vs_ab",  "leaves_vs_minimal", "cpu_us_mean",  "cpu_us_median",
       "cpu_vs_ab",     "ns_per_node",   "ns_per_leaf"});
  auto opt = [](double v, int digits) {
    return std::isnan(v) ? std::string() : csv::number(v, digits);
  };
  for (const auto& s : summary) {
    // The names and counts, then the measures.
    std::vector<std::string> fields = {s.group,
                                       s.algorithm,
                                       s.variant,
                                       depth_text(s.depth),
                                       opt(s.plies, 0),
                                       std::to_string(s.inputs),
                                       std::to_string(s.agree)};
    fields.insert(
        fields.end(),
        {csv::number(s.nodes_mean), csv::number(s.nodes_median), csv::number(s.leaves_mean),
         csv::number(s.leaves_median), csv::number(s.interior_mean), csv::number(s.cutoffs_mean),
         csv::number(s.tt_hits_mean), csv::number(s.peak_bytes_max, 0), opt(s.nodes_vs_ab, 4),
         opt(s.leaves_vs_ab, 4), opt(s.leaves_vs_minimal, 4), csv::number(s.cpu_us_mean, 1),
         csv::number(s.cpu_us_median, 1), opt(s.cpu_vs_ab, 3), opt(s.ns_per_node, 1),
         opt(s.ns_per_leaf, 1)});
    out += csv::line(fields);
  }
  return out;
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
  std::vector<std::size_t> width(cells[0].size(), 0);
  for (const auto& row : cells) {
    for (std::size_t i = 0; i < row.size(); ++i) width[i] = std::max(width[i], row[i].size());
  }
  std::string out;
  for (std::size_t r = 0; r < cells.size(); ++r) {
    if (r > 1 && summary[r - 1].group != summary[r - 2].group) out += "\n";  // between groups
    std::string line;
    for (std::size_t i = 0; i < cells[r].size(); ++i) {
      const std::string pad(width[i] - cells[r][i].size(), ' ');
      // Names left-aligned, numbers right-aligned.
      if (i > 0) line += "  ";
      line += i < 2 ? cells[r][i] + pad : pad + cells[r][i];
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

}  // namespace gts
