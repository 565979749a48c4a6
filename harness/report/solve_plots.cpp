// The solve report: problems solved within t ms per solver (the proof-number article's Fig. 3),
// the summary table (its Table 1) and the work per problem, from a `harness solve` folder.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "harness/report/html_table.h"
#include "harness/report/report.h"

namespace gts::report {

namespace {

std::string solved_within_plot(const Context& ctx, const Table& within, double problems) {
  std::string data = "# t_ms then problems solved within t ms, one column per solver\n";
  double tmin = std::numeric_limits<double>::infinity(), tmax = -tmin;
  for (std::size_t r = 0; r < within.rows.size(); ++r) {
    const double t = parse_number(within.rows[r][0]);
    if (!(t > 0) || !std::isfinite(t)) continue;  // a log axis
    tmin = std::min(tmin, t);
    tmax = std::max(tmax, t);
    data += gp_number(t);
    for (std::size_t c = 1; c < within.header.size(); ++c) {
      data += cat(" ", gp_number(parse_number(within.rows[r][c])));
    }
    data += "\n";
  }
  if (tmin > tmax) return note("solved_within.csv has no positive times to plot.");
  std::string body = cat(plot_style(),
                         "set title 'Problems solved within t ms'\n"
                         "set xlabel 't (ms, log scale)'\nset ylabel 'problems solved'\n"
                         "set logscale x\nset format x '%g'\nset xrange [",
                         gp_number(tmin), ":", gp_number(tmax),
                         "]\nset yrange [0:", gp_number(problems > 0 ? problems * 1.08 + 0.5 : 1),
                         "]\nset key outside right top box\nset grid xtics ytics mxtics\n");
  if (problems > 0) {
    const std::string n = gp_number(problems);
    body +=
        cat("set arrow 1 from graph 0, first ", n, " to graph 1, first ", n,
            " nohead dt 3 lc rgb '#888888'\n", "set label 1 'all ", n,
            " problems' at graph 0.01, first ", n, " offset 0,0.7 tc rgb '#666666' font ',9'\n");
  }
  const char* markers[] = {"7", "5", "9", "11", "13", "4", "6", "8"};
  std::vector<std::string> curves;
  for (std::size_t i = 0; i + 1 < within.header.size(); ++i) {
    curves.push_back(cat("'solved_within.dat' using 1:", std::to_string(i + 2),
                         " with linespoints lw 2 pt ", markers[i % 8], " ps 1.1 title ",
                         gp_quote(within.header[i + 1])));
  }
  return ctx.plot({"solved_within", data, body + plot_command(curves)},
                  "Problems each solver solved (proved or disproved, never contradicting the "
                  "known answer) within t milliseconds.");
}

}  // namespace

std::vector<Section> solve_sections(const Context& ctx) {
  const Table within = read_table(ctx.run_dir / "solved_within.csv");
  const Table summary = read_table(ctx.run_dir / "summary.csv");
  if (within.header.size() < 2 || within.header[0] != "t_ms") {
    throw std::runtime_error("solved_within.csv: expected columns t_ms, then one per solver");
  }
  double problems = std::nan("");
  for (std::size_t i = 0; i < summary.rows.size(); ++i) {
    const double n = parse_number(summary.get(i, "problems"));
    if (std::isfinite(n)) problems = std::fmax(problems, n);
  }
  std::vector<Section> out;
  out.push_back({"Problems solved within t ms",
                 solved_within_plot(ctx, within, problems) +
                     html_table(within, {.unknown = [](const std::string& solver) {
                                  return ColumnInfo{
                                      solver,
                                      cat("problems ", solver, " solved within the time limit"),
                                      Format::kCount};
                                }})});
  out.push_back({"Summary", cat(note("Per solver: problems solved, failed and wrong (contradicting "
                                     "the known answer); mean time, nodes and depth over the "
                                     "problems every solver solved (common) and over those this "
                                     "solver solved."),
                                html_table(summary))});
  if (const auto solve = read_table_if(ctx.run_dir / "solve.csv")) {
    std::string html;
    if (solve->has("algorithm") && solve->has("nodes") && solve->has("result") &&
        !summary.rows.empty()) {
      std::vector<std::string> solvers;
      std::map<std::string, std::size_t> index;
      for (const auto& row : summary.rows) {
        index[row[0]] = solvers.size();
        solvers.push_back(row[0]);
      }
      std::vector<std::vector<double>> nodes(solvers.size());
      for (std::size_t r = 0; r < solve->rows.size(); ++r) {
        const auto it = index.find(solve->at(r, "algorithm"));
        const std::string& result = solve->at(r, "result");
        const bool ok = (result == "proved" || result == "proved by ko" || result == "disproved") &&
                        solve->get(r, "correct") != "false";
        if (it != index.end() && ok) nodes[it->second].push_back(solve->number(r, "nodes"));
      }
      html += cat("<div class=\"grid\">\n",
                  box_plot(ctx, "nodes_per_problem", "Nodes per solved problem",
                           "nodes (log scale)", solvers, nodes, 1.0),
                  "</div>\n");
    }
    out.push_back({"Every problem and solver", html + html_table(*solve)});
  }
  return out;
}

}  // namespace gts::report
