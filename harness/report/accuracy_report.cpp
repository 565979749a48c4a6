// The report of a compare run in accuracy mode: per group of inputs, the share of optimal moves
// (with its Wilson interval) and the mean loss (with its interval) against the budget, one line
// per algorithm, and accuracy.csv as a table.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "harness/report/html_table.h"
#include "harness/report/report.h"

namespace gts::report {

namespace {

struct Line {
  std::string variant;
  std::vector<std::size_t> rows;  // accuracy.csv rows, budgets ascending
};

struct Group {
  std::string name;
  std::vector<Line> lines;
};

std::vector<Group> collect(const Table& t) {
  std::vector<Group> out;
  std::map<std::string, std::size_t> group_index;
  std::map<std::pair<std::size_t, std::string>, std::size_t> line_index;
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    const auto [g, fresh] = group_index.emplace(t.at(r, "group"), out.size());
    if (fresh) out.push_back({t.at(r, "group"), {}});
    Group& group = out[g->second];
    const auto [l, new_line] =
        line_index.emplace(std::make_pair(g->second, t.at(r, "variant")), group.lines.size());
    if (new_line) group.lines.push_back({t.at(r, "variant"), {}});
    group.lines[l->second].rows.push_back(r);
  }
  for (auto& g : out) {
    for (auto& l : g.lines) {
      std::ranges::sort(l.rows, {}, [&](std::size_t r) { return t.number(r, "budget"); });
    }
  }
  return out;
}

// A value against the budget (log x) with its interval as error bars, a line per algorithm.
std::string budget_plot(const Context& ctx, const Table& t, const Group& group,
                        const std::string& name, const std::string& column, const std::string& low,
                        const std::string& high, double scale, const std::string& title,
                        const std::string& ylabel, bool unit_range) {
  std::string data = "# one block per algorithm: budget, value, low, high\n";
  double xmin = std::numeric_limits<double>::infinity(), xmax = -xmin;
  bool any = false;
  for (std::size_t i = 0; i < group.lines.size(); ++i) {
    const Line& l = group.lines[i];
    data += cat("# ", l.variant, "\n");
    // Each line a little apart along the (log) budget axis, so that equal points and their
    // intervals stay visible side by side.
    const double shift =
        std::pow(1.08, static_cast<double>(i) - static_cast<double>(group.lines.size() - 1) / 2);
    for (const std::size_t r : l.rows) {
      const double b = t.number(r, "budget") * shift;
      const double v = t.number(r, column) * scale;
      // An interval that does not exist (one position) is drawn as the point alone.
      const double lo = std::isnan(t.number(r, low)) ? v : t.number(r, low) * scale;
      const double hi = std::isnan(t.number(r, high)) ? v : t.number(r, high) * scale;
      data += gp_row(b, v, lo, hi);
      any = any || std::isfinite(v);
      xmin = std::min(xmin, b);
      xmax = std::max(xmax, b);
    }
    data += "\n\n";
  }
  if (!any) return note(cat("No ", column, " to plot."));
  const char* colours[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
                           "#e377c2", "#7f7f7f", "#bcbd22", "#17becf", "#000000", "#aec7e8"};
  const char* markers[] = {"7", "5", "9", "11", "13", "4", "6", "8", "10", "12", "14", "1"};
  std::vector<std::string> curves;
  for (std::size_t i = 0; i < group.lines.size(); ++i) {
    curves.push_back(cat("'", name, ".dat' index ", std::to_string(i),
                         " using 1:2:3:4 with yerrorlines lw 2 lc rgb '", colours[i % 12], "' pt ",
                         markers[i % 12], " ps 1.1 title ", gp_quote(group.lines[i].variant)));
  }
  const std::string unit = t.rows.empty() ? "" : t.at(group.lines[0].rows[0], "budget_unit");
  return ctx.plot({name, data,
                   cat(plot_style(), "set title ", gp_quote(title), "\nset xlabel ",
                       gp_quote(cat("budget (", unit, " per search, log scale)")), "\nset ylabel ",
                       gp_quote(ylabel), "\nset logscale x\nset format x '%g'\nset xrange [",
                       gp_number(xmin / 1.5), ":", gp_number(xmax * 1.5), "]\n",
                       unit_range ? "set yrange [0:105]\n" : "set yrange [0:*]\n",
                       "set key outside right top box\n", plot_command(curves))},
                  title);
}

}  // namespace

std::vector<Section> accuracy_sections(const Context& ctx) {
  const Table t = read_table(ctx.run_dir / "accuracy.csv");
  for (const char* c : {"group", "variant", "budget", "budget_unit", "positions", "optimal_share",
                        "optimal_low", "optimal_high", "loss_mean", "loss_low", "loss_high"}) {
    (void)t.col(c);  // throws naming the file and the missing column
  }
  std::vector<Section> out;
  for (const Group& g : collect(t)) {
    const std::string stem = cat("accuracy_", std::to_string(out.size() + 1));
    out.push_back(
        {cat("Move accuracy: ", g.name),
         cat("<div class=\"grid\">\n",
             budget_plot(ctx, t, g, cat(stem, "_optimal"), "optimal_share", "optimal_low",
                         "optimal_high", 100, cat(g.name, ": optimal moves"),
                         "optimal moves (%, Wilson 95% interval)", true),
             budget_plot(ctx, t, g, cat(stem, "_loss"), "loss_mean", "loss_low", "loss_high", 1,
                         cat(g.name, ": mean loss"), "mean loss (game units, 95% interval)", false),
             "</div>\n")});
  }
  out.push_back(
      {"Accuracy", cat(note(cat("Per group of positions, algorithm and budget: the share of "
                                "searches whose move has the best exact value, and the mean loss "
                                "(the best move's exact value less the chosen one's). Every "
                                "search: ",
                                ctx.link("searches.csv"),
                                "; every move's exact value: ", ctx.link("exact.csv"), ".")),
                       html_table(t))});
  return out;
}

}  // namespace gts::report
