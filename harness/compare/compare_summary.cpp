#include "harness/compare/compare_summary.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>

#include "harness/config/blocks.h"
#include "harness/csv.h"

namespace gts {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double mean(const std::vector<double>& v) {
  if (v.empty()) return kNaN;
  double s = 0;
  for (double x : v) s += x;
  return s / static_cast<double>(v.size());
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
  // Keys in first-appearance order: group, then depth, then algorithm.
  struct Cell {
    std::vector<const CompareRow*> rows;
  };
  std::vector<std::pair<std::string, int>> keys;  // (group, depth)
  std::map<std::pair<std::string, int>, std::size_t> key_index;
  std::map<std::string, std::optional<std::pair<int, int>>> uniform;  // per group
  std::vector<std::vector<Cell>> cells;                               // [key][algorithm]
  for (std::size_t j = 0; j < plan.jobs.size(); ++j) {
    const CompareJob& job = plan.jobs[j];
    const CompareInput& input = plan.inputs[job.input];
    const auto key = std::make_pair(input.group, job.depth);
    auto [it, fresh] = key_index.emplace(key, keys.size());
    if (fresh) {
      keys.push_back(key);
      cells.emplace_back(num_algorithms);
      uniform[input.group] = input.uniform;
    }
    for (std::size_t a = 0; a < num_algorithms; ++a) {
      const std::size_t r = j * num_algorithms + a;
      if (r < rows.size()) cells[it->second][a].rows.push_back(&rows[r]);
    }
  }
  // Groups together, in order of their first key; depths in the order met within a group.
  std::vector<std::size_t> order(keys.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::map<std::string, std::size_t> group_rank;
  for (const auto& k : keys) group_rank.emplace(k.first, group_rank.size());
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    return group_rank[keys[x].first] < group_rank[keys[y].first];
  });

  std::vector<CompareSummaryRow> out;
  for (std::size_t k : order) {
    const auto& [group, depth] = keys[k];
    const auto shape = uniform[group];
    std::vector<CompareSummaryRow> block;
    for (std::size_t a = 0; a < num_algorithms; ++a) {
      CompareSummaryRow s;
      s.group = group;
      s.algorithm = c.algorithms[a].algorithm.name;
      s.variant = c.algorithms[a].name;
      s.depth = depth;
      s.plies = depth != kDepthMax ? depth : kNaN;
      if (shape) s.plies = std::min(depth, shape->second);
      std::vector<double> nodes, leaves, interior, cutoffs, hits, cpu;
      double total_cpu = 0, total_nodes = 0, total_leaves = 0;
      for (const CompareRow* r : cells[k][a].rows) {
        ++s.inputs;
        if (r->agrees) ++s.agree;
        nodes.push_back(static_cast<double>(r->stats.nodes));
        leaves.push_back(static_cast<double>(r->stats.leaves));
        interior.push_back(static_cast<double>(r->stats.interior));
        cutoffs.push_back(static_cast<double>(r->stats.cutoffs));
        hits.push_back(static_cast<double>(r->stats.tt_hits));
        cpu.push_back(r->stats.cpu_ms * 1e3);
        s.peak_bytes_max = std::max(s.peak_bytes_max, static_cast<double>(r->stats.peak_bytes));
        total_cpu += r->stats.cpu_ms * 1e6;
        total_nodes += static_cast<double>(r->stats.nodes);
        total_leaves += static_cast<double>(r->stats.leaves);
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
      s.ns_per_node = ratio(total_cpu, total_nodes);
      s.ns_per_leaf = ratio(total_cpu, total_leaves);
      s.leaves_vs_minimal = kNaN;
      if (shape && depth >= shape->second) {
        s.leaves_vs_minimal = s.leaves_mean / minimal_tree_leaves(shape->first, shape->second);
      }
      block.push_back(s);
    }
    for (auto& s : block) {
      s.nodes_vs_ab = s.leaves_vs_ab = s.cpu_vs_ab = kNaN;
      if (!c.baseline) continue;
      const CompareSummaryRow& b = block[*c.baseline];
      s.nodes_vs_ab = ratio(s.nodes_mean, b.nodes_mean);
      s.leaves_vs_ab = ratio(s.leaves_mean, b.leaves_mean);
      s.cpu_vs_ab = ratio(s.cpu_us_mean, b.cpu_us_mean);
    }
    out.insert(out.end(), block.begin(), block.end());
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
    out += csv::line({s.group,
                      s.algorithm,
                      s.variant,
                      depth_text(s.depth),
                      opt(s.plies, 0),
                      std::to_string(s.inputs),
                      std::to_string(s.agree),
                      csv::number(s.nodes_mean),
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
                      opt(s.ns_per_leaf, 1)});
  }
  return out;
}

std::string compare_summary_table(const std::vector<CompareSummaryRow>& summary) {
  const std::vector<std::string> header = {
      "group",    "variant",   "depth",      "n",        "agree",   "nodes", "leaves",
      "nodes/ab", "leaves/ab", "leaves/min", "peak_KiB", "ns/leaf", "cpu/ab"};
  auto fmt = [](double v, int digits) {
    return std::isnan(v) ? std::string("-") : csv::number(v, digits);
  };
  std::vector<std::vector<std::string>> cells;
  for (const auto& s : summary) {
    cells.push_back({s.group, s.variant, depth_text(s.depth), std::to_string(s.inputs),
                     std::to_string(s.agree), fmt(s.nodes_mean, 1), fmt(s.leaves_mean, 1),
                     fmt(s.nodes_vs_ab, 3), fmt(s.leaves_vs_ab, 3), fmt(s.leaves_vs_minimal, 3),
                     fmt(s.peak_bytes_max / 1024.0, 1), fmt(s.ns_per_leaf, 1),
                     fmt(s.cpu_vs_ab, 2)});
  }
  std::vector<std::size_t> width(header.size());
  for (std::size_t i = 0; i < header.size(); ++i) width[i] = header[i].size();
  for (const auto& row : cells) {
    for (std::size_t i = 0; i < row.size(); ++i) width[i] = std::max(width[i], row[i].size());
  }
  auto line = [&](const std::vector<std::string>& row) {
    std::string out;
    for (std::size_t i = 0; i < row.size(); ++i) {
      const std::string pad(width[i] - row[i].size(), ' ');
      if (i > 0) out += "  ";
      // Names left-aligned, numbers right-aligned.
      out += i < 2 ? row[i] + pad : pad + row[i];
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out + "\n";
  };
  std::string out = line(header);
  std::string prev_group;
  for (std::size_t r = 0; r < cells.size(); ++r) {
    if (r > 0 && summary[r].group != prev_group) out += "\n";
    prev_group = summary[r].group;
    out += line(cells[r]);
  }
  return out;
}

}  // namespace gts
