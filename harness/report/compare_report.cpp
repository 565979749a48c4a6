// The compare report: mean nodes and leaves against depth per algorithm (log scale) and CPU time
// per leaf, one set of plots per input set, with the summary table, from a `harness compare`
// folder.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <sstream>

#include "harness/report/html_table.h"
#include "harness/report/report.h"

namespace gts::report {

namespace {

// A line of one plot: a variant on the inputs of one group (less its depth, which is the x axis).
struct Series {
  std::string title;
  std::size_t variant = 0;  // colour and marker
  std::size_t rest = 0;     // dash pattern: the group's other swept parameters
  std::vector<std::pair<double, std::size_t>> points;  // (plies, summary row)
};

struct InputSetPlots {
  std::string set;
  std::vector<Series> series;
  std::size_t without_plies = 0;  // rows searched to `max` of a game without a fixed depth
};

// "uniform:branching=4,depth=5" -> set "uniform", rest "branching=4" (the tree's depth dropped:
// it is the x axis).
std::pair<std::string, std::string> split_group(const std::string& group) {
  const auto colon = group.find(':');
  if (colon == std::string::npos) return {group, ""};
  std::string rest;
  std::istringstream parts(group.substr(colon + 1));
  for (std::string part; std::getline(parts, part, ',');) {
    if (!part.starts_with("depth=")) rest += cat(rest.empty() ? "" : ",", part);
  }
  return {group.substr(0, colon), rest};
}

std::vector<InputSetPlots> collect(const Table& summary) {
  std::vector<InputSetPlots> out;
  std::map<std::string, std::size_t> set_index;
  std::map<std::pair<std::size_t, std::string>, std::size_t> series_index;
  std::map<std::string, std::size_t> variants, rests;
  for (std::size_t r = 0; r < summary.rows.size(); ++r) {
    const auto [set, rest] = split_group(summary.at(r, "group"));
    auto [sit, fresh] = set_index.emplace(set, out.size());
    if (fresh) out.push_back({set, {}, 0});
    InputSetPlots& plots = out[sit->second];
    const double plies = summary.number(r, "depth");
    if (!std::isfinite(plies)) {
      ++plots.without_plies;
      continue;
    }
    const std::string title =
        rest.empty() ? summary.at(r, "variant") : cat(summary.at(r, "variant"), " (", rest, ")");
    auto [it, new_series] =
        series_index.emplace(std::make_pair(sit->second, title), plots.series.size());
    if (new_series) {
      const std::size_t v =
          variants.emplace(summary.at(r, "variant"), variants.size()).first->second;
      const std::size_t g = rests.emplace(rest, rests.size()).first->second;
      plots.series.push_back({title, v, g, {}});
    }
    plots.series[it->second].points.emplace_back(plies, r);
  }
  for (auto& plots : out) {
    for (auto& s : plots.series) std::sort(s.points.begin(), s.points.end());
  }
  return out;
}

std::string line_plot(const Context& ctx, const Table& summary, const InputSetPlots& plots,
                      const std::string& name, const std::string& column, const std::string& title,
                      const std::string& ylabel) {
  std::string data = cat("# one block per series: plies then ", column, "\n");
  std::vector<double> values;
  double xmin = std::numeric_limits<double>::infinity(), xmax = -xmin;
  for (const auto& s : plots.series) {
    data += cat("# ", s.title, "\n");
    for (const auto& [plies, row] : s.points) {
      const double v = summary.number(row, column);
      data += gp_row(plies, v > 0 ? v : std::nan(""));
      if (v > 0 && std::isfinite(v)) values.push_back(v);
      xmin = std::min(xmin, plies);
      xmax = std::max(xmax, plies);
    }
    data += "\n\n";
  }
  if (values.empty()) return note(cat("No positive ", column, " to plot."));
  // Colour and marker by algorithm, dash pattern by the group's other parameters.
  const char* markers[] = {"7", "5", "9", "11", "13", "4", "6", "8", "10", "12", "14", "1"};
  const char* colours[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
                           "#e377c2", "#7f7f7f", "#bcbd22", "#17becf", "#000000", "#aec7e8"};
  std::vector<std::string> curves;
  for (std::size_t i = 0; i < plots.series.size(); ++i) {
    const Series& s = plots.series[i];
    curves.push_back(cat("'", name, ".dat' index ", std::to_string(i),
                         " using 1:2 with linespoints lw 2 lc rgb '", colours[s.variant % 12],
                         "' pt ", markers[s.variant % 12], " dt ", std::to_string(s.rest % 5 + 1),
                         " ps 1.1 title ", gp_quote(s.title)));
  }
  return ctx.plot(
      {name, data,
       cat(plot_style(), "set title ", gp_quote(title), "\nset xlabel 'depth (plies)'\nset ylabel ",
           gp_quote(ylabel), "\nset logscale y\nset format y '%g'\nset yrange [",
           gp_number(log_axis_floor(values)), ":*]\nset xrange [", gp_number(xmin - 0.5), ":",
           gp_number(xmax + 0.5), "]\nset xtics 1\nset key outside right top box\n",
           plot_command(curves))},
      title);
}

}  // namespace

std::vector<Section> compare_sections(const Context& ctx) {
  std::error_code ec;
  if (std::filesystem::exists(ctx.run_dir / "accuracy.csv", ec)) return accuracy_sections(ctx);
  const Table summary = read_table(ctx.run_dir / "summary.csv");
  const Table rows = read_table(ctx.run_dir / "compare.csv");
  for (const char* c : {"group", "variant", "depth", "inputs", "agree", "nodes_mean", "leaves_mean",
                        "ns_per_leaf"}) {
    (void)summary.col(c);  // throws naming the file and the missing column
  }
  const std::size_t agrees = rows.col("agrees");
  const auto disagreements = std::count_if(rows.rows.begin(), rows.rows.end(),
                                           [&](const auto& row) { return row[agrees] != "true"; });

  std::vector<Section> out;
  const std::string verdict =
      disagreements == 0 ? cat("<p>Every algorithm returned the reference's value on all ",
                               std::to_string(rows.rows.size()), " searches.</p>\n")
                         : cat("<p><strong>", std::to_string(disagreements), " of ",
                               std::to_string(rows.rows.size()),
                               " searches disagree with the reference</strong> (agrees = false in ",
                               ctx.link("compare.csv"), ").</p>\n");
  for (const InputSetPlots& plots : collect(summary)) {
    std::string html;
    if (plots.series.empty()) {
      html += note(
          "Searched to the end only, in a game without a fixed depth: no depth axis to plot; see "
          "the summary table.");
    } else {
      html += cat("<div class=\"grid\">\n",
                  line_plot(ctx, summary, plots, cat("nodes_", plots.set), "nodes_mean",
                            cat(plots.set, ": nodes per search (mean)"), "nodes (log scale)"),
                  line_plot(ctx, summary, plots, cat("leaves_", plots.set), "leaves_mean",
                            cat(plots.set, ": leaves per search (mean)"), "leaves (log scale)"),
                  line_plot(ctx, summary, plots, cat("time_per_leaf_", plots.set), "ns_per_leaf",
                            cat(plots.set, ": CPU time per leaf"), "ns per leaf (log scale)"),
                  "</div>\n");
      if (plots.without_plies > 0) {
        html += note(cat(std::to_string(plots.without_plies),
                         " rows searched to the end (depth max) are in the table only."));
      }
    }
    out.push_back({cat("Input set ", plots.set), html});
  }
  out.push_back(
      {"Summary", cat(verdict,
                      note(cat("Per group of inputs, depth and algorithm: means and medians; "
                               "ratios of means to the alpha-beta baseline (_vs_ab) and, for "
                               "uniform trees searched to their leaves, of leaves to the minimal "
                               "tree b^⌈d/2⌉ + b^⌊d/2⌋ − 1. Every input: ",
                               ctx.link("compare.csv"), ".")),
                      html_table(summary))});
  return out;
}

}  // namespace gts::report
