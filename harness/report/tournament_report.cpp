// The tournament report: standings with Elo intervals, the crosstable as a heat map, and the work
// each player does per move (nodes, CPU time), from a `harness run` folder.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "harness/config/config_error.h"
#include "harness/report/report_common.h"

namespace gts::report {

namespace {

// Background colour of a score in [0, 1]: red for 0, near-white for 1/2, green for 1.
std::string score_colour(double s) {
  struct Rgb {
    double r, g, b;
  };
  const Rgb lo{215, 48, 39}, mid{247, 247, 247}, hi{26, 152, 80};
  s = std::clamp(s, 0.0, 1.0);
  const Rgb& a = s < 0.5 ? lo : mid;
  const Rgb& b = s < 0.5 ? mid : hi;
  const double t = s < 0.5 ? s / 0.5 : (s - 0.5) / 0.5;
  char buf[16];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", static_cast<int>(a.r + (b.r - a.r) * t),
                static_cast<int>(a.g + (b.g - a.g) * t), static_cast<int>(a.b + (b.b - a.b) * t));
  return buf;
}

// "6/8" -> 0.75; NaN when empty or no games.
double cell_score(const std::string& cell) {
  const auto slash = cell.find('/');
  if (slash == std::string::npos) return std::nan("");
  const double points = parse_number(cell.substr(0, slash));
  const double games = parse_number(cell.substr(slash + 1));
  return games > 0 ? points / games : std::nan("");
}

// --- standings ---------------------------------------------------------------------------------

std::string elo_plot(const Context& ctx, const Table& st) {
  const std::size_t n = st.rows.size();
  double lo = 0, hi = 0;
  for (std::size_t i = 0; i < n; ++i) {
    for (const char* c : {"elo", "elo_lo", "elo_hi"}) {
      const double v = st.number(i, c);
      if (std::isfinite(v)) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
    }
  }
  const double pad = std::max(40.0, (hi - lo) * 0.08);
  lo -= pad;
  hi += pad;
  std::string data = "# row player elo lo hi (unbounded ends clipped to the plot)\n";
  std::vector<std::string> labels;
  int plotted = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double elo = st.number(i, "elo");
    std::string label = st.at(i, "player");
    const std::string status = st.has("rating_status") ? st.at(i, "rating_status") : "ok";
    if (status != "ok" && !status.empty()) label += cat(" (", status, ")");
    labels.push_back(label);
    const double low = st.number(i, "elo_lo");
    const double high = st.number(i, "elo_hi");
    // No rating but a one-sided bound: drawn from the bound to the plot's edge, marked at it.
    double mark = elo;
    if (!std::isfinite(mark)) mark = std::isfinite(high) ? high : low;
    if (!std::isfinite(mark)) continue;
    const double a = std::isfinite(low) ? low : lo;
    const double b = std::isfinite(high) ? high : hi;
    data += std::to_string(i) + " " + gp_field(label) + " " + gp_number(mark) + " " +
            gp_number(a) + " " + gp_number(b) + "\n";
    ++plotted;
  }
  if (plotted == 0) return "<p class=\"note\">No finite rating to plot.</p>\n";
  std::size_t label_chars = 8;
  for (const auto& l : labels) label_chars = std::max(label_chars, l.size());
  PlotSpec p;
  p.name = "elo";
  p.data = data;
  p.width = 900;
  p.height = std::max(320, 110 + 34 * static_cast<int>(n));
  p.body = plot_style() +
           "set title 'Elo ratings with 95% intervals (maximum likelihood, mean 0)'\n"
           "set xlabel 'Elo'\n"
           "set ytics " + tics(labels) + "\n"
           "set yrange [" + std::to_string(n) + "-0.4:-0.6]\n"
           "set xrange [" + gp_number(lo) + ":" + gp_number(hi) + "]\n"
           "set grid noytics\n"
           "set arrow 1 from 0, graph 0 to 0, graph 1 nohead dt 2 lc rgb '#888888'\n"
           "set lmargin " + std::to_string(label_chars + 3) + "\n"
           "plot 'elo.dat' using 3:1:4:5 with xerrorbars pt 7 ps 1.3 lw 2 lc rgb '#1f77b4', \\\n"
           "     '' using 3:1:(sprintf('%.0f', $3)) with labels offset 0,0.9 font ',9' "
           "tc rgb '#1f77b4'\n";
  ctx.gnuplot->render(p);
  return Context::figure("elo", "Elo rating of each player with its 95% interval; an interval "
                                "running off the plot is unbounded on that side. A player with no "
                                "finite rating is marked at the one-sided bound its games "
                                "support.");
}

std::string standings_table(const Table& st) {
  std::string out =
      "<table>\n<tr><th>rank</th><th>player</th><th>games</th><th>wins</th><th>draws</th>"
      "<th>losses</th><th>score</th><th>Elo</th><th>95% interval</th><th>status</th>"
      "<th>nodes/move</th><th>ms/move</th><th>forfeits</th></tr>\n";
  for (std::size_t i = 0; i < st.rows.size(); ++i) {
    const double games = st.number(i, "games");
    const double score = st.number(i, "score");
    out += cat("<tr><td class=\"num\">", std::to_string(i + 1), "</td><td>",
               html_escape(st.at(i, "player")), "</td>");
    for (const char* c : {"games", "wins", "draws", "losses"}) {
      out += cat("<td class=\"num\">", html_escape(st.at(i, c)), "</td>");
    }
    out += cat("<td class=\"num\">", games > 0 ? cat(fixed(100.0 * score / games, 1), "%") : "–",
               "</td>");
    const std::string status = st.has("rating_status") ? st.at(i, "rating_status") : "";
    const double elo = st.number(i, "elo");
    out += cat("<td class=\"num\">", std::isnan(elo) && status != "ok" ? "none" : fixed(elo, 1),
               "</td>");
    out += status == "reference"
               ? std::string("<td>(reference)</td>")
               : cat("<td class=\"num\">[", fixed(st.number(i, "elo_lo"), 0), ", ",
                     fixed(st.number(i, "elo_hi"), 0), "]</td>");
    out += cat("<td>", html_escape(st.has("rating_status") ? st.at(i, "rating_status") : ""),
               "</td>");
    for (const char* c : {"nodes_per_move", "cpu_ms_per_move", "forfeits"}) {
      out += cat("<td class=\"num\">", html_escape(st.has(c) ? st.at(i, c) : ""), "</td>");
    }
    out += "</tr>\n";
  }
  out += "</table>\n";
  return out;
}

// --- crosstable --------------------------------------------------------------------------------

std::string crosstable_plot(const Context& ctx, const Table& ct) {
  std::vector<std::string> rows, cols(ct.header.begin() + 1, ct.header.end());
  for (const auto& r : ct.rows) rows.push_back(r[0]);
  std::string data = "# column row score label\n";
  std::string diagonal = "\n\n# a player against himself\n";
  int cells = 0, self = 0;
  for (std::size_t r = 0; r < ct.rows.size(); ++r) {
    for (std::size_t c = 1; c < ct.header.size(); ++c) {
      const std::string& cell = ct.rows[r][c];
      const double s = cell_score(cell);
      if (ct.header[c] == rows[r]) {
        diagonal += std::to_string(c - 1) + " " + std::to_string(r) + "\n";
        ++self;
      }
      if (std::isnan(s)) continue;
      data += std::to_string(c - 1) + " " + std::to_string(r) + " " + gp_number(s) + " " +
              gp_field(cell) + "\n";
      ++cells;
    }
  }
  if (cells == 0) return "<p class=\"note\">No finished game yet: nothing to plot.</p>\n";
  if (self > 0) data += diagonal;
  const int n = static_cast<int>(std::max(rows.size(), cols.size()));
  const int cell = n <= 6 ? 90 : n <= 12 ? 60 : 40;
  PlotSpec p;
  p.name = "crosstable";
  p.data = data;
  p.width = 300 + cell * static_cast<int>(cols.size());
  p.height = 190 + cell * static_cast<int>(rows.size());
  p.body = std::string("set title 'Crosstable: points/games of the row player against the column "
                       "player' font ',12'\n") +
           "set xtics " + tics(cols) + " rotate by 30 right nomirror\n"
           "set ytics " + tics(rows) + " nomirror\n"
           "set xrange [-0.5:" + std::to_string(cols.size()) + "-0.5]\n"
           "set yrange [" + std::to_string(rows.size()) + "-0.5:-0.5]\n"
           "set xlabel 'opponent'\nset ylabel 'player'\n"
           "set palette defined (0 '#d73027', 0.5 '#f7f7f7', 1 '#1a9850')\n"
           "set cbrange [0:1]\nset cblabel 'score'\nset cbtics 0.25\n"
           "set border 15 lc rgb '#555555'\nunset grid\nset key noautotitle\n"
           "set style fill solid 1.0 noborder\n"
           "plot 'crosstable.dat' index 0 using 1:2:(0.5):(0.5):3 with boxxyerror fc palette, \\\n"
           "     '' index 0 using 1:2:4 with labels font '," + std::to_string(cell >= 60 ? 11 : 9) +
           "'" + (self > 0 ? ", \\\n     '' index 1 using 1:2:(0.5):(0.5) with boxxyerror "
                             "fc rgb '#e4e4e4'\n"
                           : "\n");
  ctx.gnuplot->render(p);
  return Context::figure("crosstable",
                         "Score of each row player against each column player (red: lost "
                         "everything, white: even, green: won everything).");
}

std::string crosstable_html(const Table& ct) {
  std::string out = "<table>\n<tr>";
  for (const auto& h : ct.header) out += cat("<th>", html_escape(h), "</th>");
  out += "</tr>\n";
  for (const auto& row : ct.rows) {
    out += cat("<tr><th>", html_escape(row[0]), "</th>");
    for (std::size_t c = 1; c < row.size(); ++c) {
      const double s = cell_score(row[c]);
      const bool self = c < ct.header.size() && ct.header[c] == row[0];
      out += self ? std::string("<td class=\"num\" style=\"background:#e4e4e4\">")
             : std::isnan(s) ? std::string("<td class=\"num\">")
                           : cat("<td class=\"num\" style=\"background:", score_colour(s), "\">");
      out += cat(html_escape(row[c]), "</td>");
    }
    out += "</tr>\n";
  }
  out += "</table>\n";
  return out;
}

// --- work per move -----------------------------------------------------------------------------

// Bars of the standings' per-move means, when the run kept no moves.csv.
std::string work_bars(const Context& ctx, const std::string& name, const std::string& title,
                      const std::string& ylabel, const Table& st, const char* column, double floor) {
  std::string data;
  std::vector<std::string> players;
  std::vector<double> all;
  for (std::size_t i = 0; i < st.rows.size(); ++i) {
    players.push_back(st.at(i, "player"));
    const double v = st.number(i, column);
    if (std::isfinite(v)) all.push_back(std::max(v, floor));
    data += std::to_string(i) + " " + gp_number(std::max(v, floor)) + " " + gp_number(v) + "\n";
  }
  if (all.empty()) return cat("<p class=\"note\">", html_escape(title), ": no data.</p>\n");
  const int n = static_cast<int>(players.size());
  PlotSpec p;
  p.name = name;
  p.data = data;
  p.width = std::max(640, 160 + 80 * n);
  p.height = 480;
  p.body = plot_style() + "set title " + gp_quote(title) + "\n" + "set ylabel " + gp_quote(ylabel) +
           "\nset logscale y\nset format y '%g'\n"
           "set yrange [" + gp_number(log_axis_floor(all)) + ":*]\n"
           "set xtics " + tics(players) + " rotate by 30 right\n"
           "set xrange [-0.6:" + std::to_string(n) + "-0.4]\n"
           "set grid noxtics ytics\nset boxwidth 0.6\nset style fill solid 0.6 noborder\n"
           "plot '" + name + ".dat' using 1:2 with boxes lc rgb '#1f77b4', \\\n"
           "     '' using 1:2:(sprintf('%g', $3)) with labels offset 0,0.8 font ',9'\n";
  ctx.gnuplot->render(p);
  return Context::figure(name, title + " (mean per move, from standings.csv: this run kept no "
                                       "moves.csv).");
}

std::string work_section(const Context& ctx, const Table& st) {
  std::vector<std::string> players;
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < st.rows.size(); ++i) {
    index[st.at(i, "player")] = i;
    players.push_back(st.at(i, "player"));
  }
  const auto moves = read_table_if(ctx.run_dir / "moves.csv");
  std::string out = "<div class=\"grid\">\n";
  if (moves && !moves->rows.empty()) {
    std::vector<std::vector<double>> nodes(players.size()), ms(players.size());
    const std::size_t cp = moves->col("player"), cn = moves->col("nodes"), ct = moves->col("cpu_us");
    for (const auto& row : moves->rows) {
      auto it = index.find(row[cp]);
      if (it == index.end()) continue;
      const double n = parse_number(row[cn]);
      const double t = parse_number(row[ct]);
      if (std::isfinite(n)) nodes[it->second].push_back(n);
      if (std::isfinite(t)) ms[it->second].push_back(t / 1000.0);
    }
    out += box_plot(ctx, "nodes_per_move", "Nodes searched per move", "nodes (log scale)", players,
                     nodes, 1.0);
    out += box_plot(ctx, "time_per_move", "CPU time per move", "milliseconds (log scale)", players,
                     ms, 1e-4);
  } else {
    out += work_bars(ctx, "nodes_per_move", "Nodes searched per move", "nodes (log scale)", st,
                     "nodes_per_move", 1.0);
    out += work_bars(ctx, "time_per_move", "CPU time per move", "milliseconds (log scale)", st,
                     "cpu_ms_per_move", 1e-4);
  }
  out += "</div>\n";
  return out;
}

// --- games -------------------------------------------------------------------------------------

std::string games_summary(const Context& ctx, const Table& games) {
  std::map<std::string, int> results, terminations;
  std::vector<std::size_t> forfeits;
  for (std::size_t i = 0; i < games.rows.size(); ++i) {
    ++results[games.at(i, "result")];
    ++terminations[games.at(i, "termination")];
    if (games.has("forfeit") && !games.at(i, "forfeit").empty()) forfeits.push_back(i);
  }
  const double n = static_cast<double>(games.rows.size());
  auto pct = [&](int k) { return n > 0 ? cat(fixed(100.0 * k / n, 1), "%") : std::string("–"); };
  std::string out = "<table>\n<tr><th>games</th><th>first player wins</th><th>draws</th>"
                    "<th>second player wins</th><th>terminations</th></tr>\n<tr>";
  out += cat("<td class=\"num\">", std::to_string(games.rows.size()), "</td>");
  for (const char* r : {"1-0", "1/2-1/2", "0-1"}) {
    out += cat("<td class=\"num\">", std::to_string(results[r]), " (", pct(results[r]), ")</td>");
  }
  out += "<td>";
  bool first = true;
  for (const auto& [t, k] : terminations) {
    out += cat(first ? "" : ", ", html_escape(t), " ", std::to_string(k));
    first = false;
  }
  out += "</td></tr>\n</table>\n";
  if (!forfeits.empty()) {
    out += "<p>Forfeits:</p>\n<table>\n<tr><th>game</th><th>first</th><th>second</th>"
           "<th>forfeit</th><th>termination</th><th>reason</th></tr>\n";
    for (std::size_t i : forfeits) {
      out += cat("<tr><td class=\"num\">", html_escape(games.at(i, "game")), "</td><td>",
                 html_escape(games.at(i, "first")), "</td><td>", html_escape(games.at(i, "second")),
                 "</td><td>", html_escape(games.at(i, "forfeit")), "</td><td>",
                 html_escape(games.at(i, "termination")), "</td><td>",
                 html_escape(games.at(i, "reason")), "</td></tr>\n");
    }
    out += "</table>\n";
  }
  out += cat("<p class=\"note\">Every game: <a href=\"", ctx.link("games.csv"), "\">games.csv</a>");
  std::error_code ec;
  if (std::filesystem::exists(ctx.run_dir / "moves.csv", ec)) {
    out += cat("; every move: <a href=\"", ctx.link("moves.csv"), "\">moves.csv</a>");
  }
  out += ".</p>\n";
  return out;
}

}  // namespace

std::vector<Section> tournament_sections(const Context& ctx) {
  const Table st = read_table(ctx.run_dir / "standings.csv");
  const Table ct = read_table(ctx.run_dir / "crosstable.csv");
  for (const char* c : {"player", "games", "score", "elo", "elo_lo", "elo_hi"}) {
    (void)st.col(c);  // throws naming the file when a column is missing
  }
  if (st.rows.empty()) {
    throw ConfigError((ctx.run_dir / "standings.csv").string(),
                      "holds no player: a tournament's standings list every player");
  }
  std::vector<Section> out;
  out.push_back({"Standings", cat(elo_plot(ctx, st), standings_table(st),
                                  "<p class=\"note\">From <a href=\"", ctx.link("standings.csv"),
                                  "\">standings.csv</a>.</p>\n")});
  out.push_back({"Crosstable", crosstable_plot(ctx, ct) + crosstable_html(ct)});
  if (const auto pairs = read_table_if(ctx.run_dir / "pairs.csv")) {
    out.push_back({"Pairings",
                   cat("<p class=\"note\">W/D/L of player A against player B, the pentanomial "
                       "counts over game pairs, Elo difference ± 95% and the likelihood of "
                       "superiority (LOS, %).</p>\n",
                       html_table(*pairs))});
  }
  out.push_back({"Work per move", work_section(ctx, st)});
  if (const auto games = read_table_if(ctx.run_dir / "games.csv")) {
    out.push_back({"Games", games_summary(ctx, *games)});
  }
  return out;
}

}  // namespace gts::report
