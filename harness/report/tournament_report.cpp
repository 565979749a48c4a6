// The tournament report: standings with Elo intervals, the crosstable as a heat map, and the work
// each player does per move (nodes, CPU time), from a `harness run` folder.
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "harness/config/config_error.h"
#include "harness/report/html_table.h"
#include "harness/report/report.h"
#include "harness/strf.h"

namespace gts::report {

namespace {

// Background colour of a score in [0, 1]: red for 0, near-white for 1/2, green for 1.
std::string score_colour(double s) {
  const double lo[] = {215, 48, 39}, mid[] = {247, 247, 247}, hi[] = {26, 152, 80};
  s = std::clamp(s, 0.0, 1.0);
  const double* a = s < 0.5 ? lo : mid;
  const double* b = s < 0.5 ? mid : hi;
  const double t = s < 0.5 ? s / 0.5 : (s - 0.5) / 0.5;
  return strf("#%02x%02x%02x", static_cast<int>(a[0] + (b[0] - a[0]) * t),
              static_cast<int>(a[1] + (b[1] - a[1]) * t),
              static_cast<int>(a[2] + (b[2] - a[2]) * t));
}

// "6/8" -> 0.75; NaN when empty or no games.
double cell_score(const std::string& cell) {
  const auto slash = cell.find('/');
  if (slash == std::string::npos) return std::nan("");
  const double points = parse_number(cell.substr(0, slash));
  const double games = parse_number(cell.substr(slash + 1));
  return games > 0 ? points / games : std::nan("");
}

// A player's Elo interval end (`elo_lo`, `elo_hi`): the unbounded end of a player unbounded that
// way is an empty cell, here the infinity `missing` (-inf low, +inf high).
double interval_end(const Table& st, std::size_t i, const char* column, double missing) {
  const double v = st.number(i, column);
  const std::string status = st.get(i, "rating_status");
  const bool unbounded =
      status == "unbounded" || status == (missing > 0 ? "unbounded-above" : "unbounded-below");
  return std::isnan(v) && unbounded ? missing : v;
}
constexpr double kInf = std::numeric_limits<double>::infinity();

// The standings' rows best first: by Elo, a player with no finite rating by the bound its games
// support (above every rated player when unbounded above, below when unbounded below), then by
// score. The standings.csv order follows points, which puts a gauntlet's player under test, who
// plays every game, first whatever its rating.
std::vector<std::size_t> rating_order(const Table& st) {
  struct Key {
    int tier;  // 2: unbounded above, 1: rated, 0: unbounded below
    double value, score;
  };
  std::vector<Key> keys;
  for (std::size_t i = 0; i < st.rows.size(); ++i) {
    const std::string status = st.get(i, "rating_status");
    const double elo = st.number(i, "elo"), games = st.number(i, "games");
    const double score = games > 0 ? st.number(i, "score") / games : -1;
    if (status == "unbounded-above" || std::isinf(interval_end(st, i, "elo_hi", kInf))) {
      keys.push_back({2, st.number(i, "elo_lo"), score});
    } else if (std::isfinite(elo) || status == "reference") {
      keys.push_back({1, std::isfinite(elo) ? elo : 0.0, score});
    } else {
      keys.push_back({0, st.number(i, "elo_hi"), score});
    }
  }
  std::vector<std::size_t> order(st.rows.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  const auto above = [](double a, double b) {  // NaN last
    return !std::isnan(a) && (std::isnan(b) || a > b);
  };
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const Key &x = keys[a], &y = keys[b];
    if (x.tier != y.tier) return x.tier > y.tier;
    if (x.value != y.value) return above(x.value, y.value);
    return x.score > y.score;
  });
  return order;
}

// The players a gauntlet tests (run.yaml's tournament.gauntlet); none for a round robin.
std::set<std::string> players_under_test(const std::filesystem::path& run_dir) {
  std::set<std::string> out;
  try {
    const YAML::Node t = YAML::LoadFile((run_dir / "run.yaml").string())["config"]["tournament"];
    if (t && t["format"] && t["format"].as<std::string>() == "gauntlet" && t["gauntlet"]) {
      for (const auto& name : t["gauntlet"]) out.insert(name.as<std::string>());
    }
  } catch (const std::exception&) {
    // No run.yaml (an older folder) or one that does not say: nobody is marked.
  }
  return out;
}

std::string elo_plot(const Context& ctx, const Table& st, const std::vector<std::size_t>& order) {
  std::vector<std::string> labels;
  std::vector<Interval> rows;
  for (const std::size_t i : order) {
    const std::string status = st.get(i, "rating_status");
    labels.push_back(
        cat(st.at(i, "player"), status != "ok" && !status.empty() ? cat(" (", status, ")") : ""));
    const double elo = st.number(i, "elo"), low = interval_end(st, i, "elo_lo", -kInf),
                 high = interval_end(st, i, "elo_hi", kInf);
    // No rating but a one-sided bound: drawn from the bound to the plot's edge, marked at it.
    rows.push_back({std::isfinite(elo) ? elo : std::isfinite(high) ? high : low, low, high});
  }
  return interval_plot(ctx, "elo", "Elo ratings with 95% intervals (maximum likelihood, mean 0)",
                       labels, rows, 40.0, true,
                       "Elo rating of each player with its 95% interval; an interval running off "
                       "the plot is unbounded on that side. A player with no finite rating is "
                       "marked at the one-sided bound its games support.");
}

std::string standings_table(const Table& st, const std::vector<std::size_t>& order,
                            const std::set<std::string>& under_test) {
  // Each header's tooltip ends with the standings.csv columns it shows.
  const auto column = [&](std::string_view name) {
    ColumnInfo info = *find_column("standings.csv", name);
    info.tip += cat(" (standings.csv: ", name, ")");
    return info;
  };
  Grid grid;
  grid.columns = {
      {"rank",
       "by Elo; a player without a finite rating by the bound its games support (standings.csv: "
       "elo, elo_lo, elo_hi)",
       Format::kCount},
      column("player"),
      column("games"),
      column("wins"),
      column("draws"),
      column("losses"),
      {"score", "points per game: a win 1, a draw 1/2 (standings.csv: points / games)",
       Format::kPercent},
      {"Elo", "maximum-likelihood rating, mean 0 (— where none is finite) (standings.csv: elo)",
       Format::kElo},
      {"95% interval",
       "the Elo's 95% interval; one-sided where a player won or lost every game (standings.csv: "
       "elo_lo, elo_hi)",
       Format::kText},
      column("rating_status"),
      column("nodes_per_move"),
      column("cpu_us_per_move"),
      column("forfeits")};
  for (std::size_t rank = 0; rank < order.size(); ++rank) {
    const std::size_t i = order[rank];
    const double games = st.number(i, "games"), elo = st.number(i, "elo"),
                 lo = st.number(i, "elo_lo"), hi = st.number(i, "elo_hi");
    const std::string status = st.get(i, "rating_status");
    const std::string& player = st.at(i, "player");
    const bool tested = under_test.contains(player);
    Cell elo_cell = format_cell(Format::kElo, st.at(i, "elo"));
    std::string interval;
    if (status == "reference") {
      interval = "(reference)";
    } else if (std::isfinite(lo) && std::isfinite(hi)) {
      interval = cat(format_number(Format::kElo, lo), " … ", format_number(Format::kElo, hi));
    } else if (std::isfinite(lo)) {
      interval = cat("≥ ", format_number(Format::kElo, lo));
    } else if (std::isfinite(hi)) {
      interval = cat("≤ ", format_number(Format::kElo, hi));
    } else {
      interval = "—";
    }
    if (!std::isfinite(elo) && status != "reference") {
      elo_cell = {"—", strf("%.17g", std::isfinite(lo) ? lo : hi),
                  cat("no finite rating (", status, "): see the interval")};
    }
    grid.rows.push_back(
        {{std::to_string(rank + 1), std::to_string(rank + 1)},
         {cat(html_escape(player), tested ? " <span class=\"tag\">(under test)</span>" : "")},
         format_cell(Format::kCount, st.at(i, "games")),
         format_cell(Format::kCount, st.at(i, "wins")),
         format_cell(Format::kCount, st.at(i, "draws")),
         format_cell(Format::kCount, st.at(i, "losses")),
         games > 0 ? format_cell(Format::kFraction, strf("%.17g", st.number(i, "score") / games))
                   : Cell{"—"},
         elo_cell,
         {html_escape(interval), std::isfinite(lo) ? strf("%.17g", lo) : ""},
         {html_escape(status)},
         format_cell(Format::kNumber, st.get(i, "nodes_per_move")),
         format_cell(Format::kUs, st.get(i, "cpu_us_per_move")),
         format_cell(Format::kCount, st.get(i, "forfeits"))});
    grid.marked.push_back(tested);
  }
  return html_grid(grid);
}

std::string crosstable_plot(const Context& ctx, const Table& ct) {
  std::vector<std::string> rows, cols(ct.header.begin() + 1, ct.header.end());
  for (const auto& r : ct.rows) rows.push_back(r[0]);
  std::string data = "# column row score label\n";
  std::string diagonal = "\n\n# a player against himself\n";
  int cells = 0, self = 0;
  for (std::size_t r = 0; r < ct.rows.size(); ++r) {
    for (std::size_t c = 1; c < ct.header.size(); ++c) {
      const double s = cell_score(ct.rows[r][c]);
      if (ct.header[c] == rows[r]) {
        diagonal += gp_row(c - 1.0, static_cast<double>(r));
        ++self;
      }
      if (std::isnan(s)) continue;
      data += gp_row(c - 1.0, static_cast<double>(r), s, gp_field(ct.rows[r][c]));
      ++cells;
    }
  }
  if (cells == 0) return note("No finished game yet: nothing to plot.");
  if (self > 0) data += diagonal;
  const int n = static_cast<int>(std::max(rows.size(), cols.size()));
  const int cell = n <= 6 ? 90 : n <= 12 ? 60 : 40;
  const std::string body = cat(
      "set title 'Crosstable: points/games of the row player against the column player' font "
      "',12'\nset xtics ",
      tics(cols), " rotate by 30 right nomirror\nset ytics ", tics(rows),
      " nomirror\nset xrange [-0.5:", std::to_string(cols.size()), "-0.5]\nset yrange [",
      std::to_string(rows.size()),
      "-0.5:-0.5]\n"
      "set xlabel 'opponent'\nset ylabel 'player'\n"
      "set palette defined (0 '#d73027', 0.5 '#f7f7f7', 1 '#1a9850')\n"
      "set cbrange [0:1]\nset cblabel 'score'\nset cbtics 0.25\n"
      "set border 15 lc rgb '#555555'\nunset grid\nset key noautotitle\n"
      "set style fill solid 1.0 noborder\n",
      plot_command(
          {"'crosstable.dat' index 0 using 1:2:(0.5):(0.5):3 with boxxyerror fc palette",
           cat("'' index 0 using 1:2:4 with labels font ',", std::to_string(cell >= 60 ? 11 : 9),
               "'"),
           self > 0 ? "'' index 1 using 1:2:(0.5):(0.5) with boxxyerror fc rgb '#e4e4e4'" : ""}));
  return ctx.plot({"crosstable", data, body, 300 + cell * static_cast<int>(cols.size()),
                   190 + cell * static_cast<int>(rows.size())},
                  "Score of each row player against each column player (red: lost everything, "
                  "white: even, green: won everything).");
}

// The crosstable with each score's colour, a player's own cell grey; sorted by score.
std::string crosstable_grid(const Table& ct) {
  Grid grid;
  grid.columns.push_back(*find_column("crosstable.csv", "player"));
  grid.columns.back().tip += " (crosstable.csv: player)";
  for (std::size_t c = 1; c < ct.header.size(); ++c) {
    grid.columns.push_back({ct.header[c],
                            cat("points/games of the row player against ", ct.header[c],
                                " (crosstable.csv: ", ct.header[c], ")"),
                            Format::kNumber});
  }
  for (const auto& row : ct.rows) {
    auto& cells = grid.rows.emplace_back();
    cells.push_back({html_escape(row[0])});
    for (std::size_t c = 1; c < row.size(); ++c) {
      const double s = cell_score(row[c]);  // NaN where they did not meet
      cells.push_back({row[c].empty() ? "" : html_escape(row[c]),
                       std::isnan(s) ? "" : strf("%.17g", s), "",
                       ct.header[c] == row[0] ? "#e4e4e4"
                       : std::isnan(s)        ? ""
                                              : score_colour(s)});
    }
  }
  return html_grid(grid);
}

struct Work {
  const char* name;
  const char* title;
  const char* ylabel;
  const char* mean_column;  // standings.csv's mean per move, divided by `divisor`
  const char* column;       // moves.csv's value, divided by `divisor`
  double divisor, floor;
};
const Work kWork[] = {{"nodes_per_move", "Nodes searched per move", "nodes (log scale)",
                       "nodes_per_move", "nodes", 1.0, 1.0},
                      {"time_per_move", "CPU time per move", "milliseconds (log scale)",
                       "cpu_us_per_move", "cpu_us", 1000.0, 1e-4}};

// Bars of the standings' per-move means, when the run kept no moves.csv.
std::string work_bars(const Context& ctx, const Work& w, const Table& st,
                      const std::vector<std::string>& players) {
  std::string data;
  std::vector<double> all;
  for (std::size_t i = 0; i < st.rows.size(); ++i) {
    const double v = st.number(i, w.mean_column) / w.divisor;
    if (std::isfinite(v)) all.push_back(std::max(v, w.floor));
    data += gp_row(static_cast<double>(i), std::max(v, w.floor), v);
  }
  return category_plot(
      ctx,
      {w.name, data,
       cat("set grid noxtics ytics\nset boxwidth 0.6\nset style fill solid 0.6 noborder\nplot '",
           w.name,
           ".dat' using 1:2 with boxes lc rgb '#1f77b4', \\\n     '' using 1:2:(sprintf('%g', $3)) "
           "with labels offset 0,0.8 font ',9'\n")},
      w.title, w.ylabel, players, all,
      cat(w.title, " (mean per move, from standings.csv: this run kept no moves.csv)."));
}

std::string work_section(const Context& ctx, const Table& st) {
  std::vector<std::string> players;
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < st.rows.size(); ++i) {
    index[st.at(i, "player")] = i;
    players.push_back(st.at(i, "player"));
  }
  const auto moves = ctx.table_if("moves.csv");
  std::string out = "<div class=\"grid\">\n";
  for (const Work& w : kWork) {
    if (!moves || moves->rows.empty()) {
      out += work_bars(ctx, w, st, players);
      continue;
    }
    std::vector<std::vector<double>> values(players.size());
    const std::size_t cp = moves->col("player"), cv = moves->col(w.column);
    for (const auto& row : moves->rows) {
      const auto it = index.find(row[cp]);
      const double v = parse_number(row[cv]);
      if (it != index.end() && std::isfinite(v)) values[it->second].push_back(v / w.divisor);
    }
    out += box_plot(ctx, w.name, w.title, w.ylabel, players, values, w.floor);
  }
  return out + "</div>\n";
}

std::string games_summary(const Context& ctx, const Table& games) {
  std::map<std::string, int> results, terminations;
  Table forfeits{{"game", "first", "second", "forfeit", "termination", "reason"}, {}, games.file};
  for (std::size_t i = 0; i < games.rows.size(); ++i) {
    ++results[games.at(i, "result")];
    ++terminations[games.at(i, "termination")];
    if (games.get(i, "forfeit").empty()) continue;
    forfeits.rows.emplace_back();
    for (const auto& c : forfeits.header) forfeits.rows.back().push_back(games.at(i, c));
  }
  const double n = static_cast<double>(games.rows.size());
  Grid summary{
      {{"games", "games finished (games.csv: its rows)", Format::kCount},
       {"first player wins", "games the first player won (share of all) (games.csv: result 1-0)",
        Format::kCount},
       {"draws", "games drawn (share of all) (games.csv: result 1/2-1/2)", Format::kCount},
       {"second player wins", "games the second player won (share of all) (games.csv: result 0-1)",
        Format::kCount},
       {"terminations", "how the games ended, with their counts (games.csv: termination)",
        Format::kText}},
      {{format_cell(Format::kCount, std::to_string(games.rows.size()))}}};
  for (const char* r : {"1-0", "1/2-1/2", "0-1"}) {
    summary.rows[0].push_back(
        {cat(format_number(Format::kCount, results[r]), " (",
             n > 0 ? format_number(Format::kPercent, 100.0 * results[r] / n) : "—", ")"),
         std::to_string(results[r])});
  }
  std::string ends;
  for (const auto& [t, k] : terminations) {
    ends += cat(ends.empty() ? "" : ", ", t, " ", std::to_string(k));
  }
  summary.rows[0].push_back({html_escape(ends)});
  std::string out = html_grid(summary);
  if (!forfeits.rows.empty()) out += cat("<p>Forfeits:</p>\n", html_table(forfeits));
  std::error_code ec;
  const bool moves = std::filesystem::exists(ctx.run_dir / "moves.csv", ec);
  return out + note(cat("Every game: ", ctx.link("games.csv"),
                        moves ? cat("; every move: ", ctx.link("moves.csv")) : "", "."));
}

}  // namespace

std::string standings_html(const Table& standings, const std::filesystem::path& run_dir) {
  return standings_table(standings, rating_order(standings), players_under_test(run_dir));
}

std::string crosstable_html(const Table& crosstable) { return crosstable_grid(crosstable); }

std::vector<Section> tournament_sections(const Context& ctx) {
  const Table st = ctx.table("standings.csv");
  const Table ct = ctx.table("crosstable.csv");
  for (const char* c : {"player", "games", "score", "elo", "elo_lo", "elo_hi"}) {
    (void)st.col(c);  // throws naming the file when a column is missing
  }
  if (st.rows.empty()) {
    throw ConfigError((ctx.run_dir / "standings.csv").string(),
                      "holds no player: a tournament's standings list every player");
  }
  // Moves played without a completed search (a 0.1 run folder has no such column).
  std::string unsearched;
  for (std::size_t i = 0; i < st.rows.size(); ++i) {
    const std::string n = st.get(i, "unsearched");
    if (!n.empty() && n != "0") {
      unsearched += note(cat("Warning: ", html_escape(st.at(i, "player")), " played ", n,
                             " moves without a completed search (depth 0 in moves.csv): its "
                             "result does not measure its search."));
    }
  }
  const std::vector<std::size_t> order = rating_order(st);
  const std::set<std::string> under_test = players_under_test(ctx.run_dir);
  std::vector<Section> out;
  out.push_back({"Standings",
                 cat(unsearched, elo_plot(ctx, st, order), standings_table(st, order, under_test),
                     note(cat("Ranked by Elo",
                              under_test.empty() ? "" : "; the gauntlet's player under test marked",
                              ". From ", ctx.link("standings.csv"), ".")))});
  out.push_back({"Crosstable", crosstable_plot(ctx, ct) + crosstable_grid(ct)});
  if (const auto pairs = ctx.table_if("pairs.csv")) {
    out.push_back({"Pairings",
                   cat(note("W/D/L of player A against player B, the pentanomial counts over game "
                            "pairs, Elo difference ± 95% and the likelihood of superiority "
                            "(LOS, %)."),
                       html_table(*pairs))});
  }
  out.push_back({"Work per move", work_section(ctx, st)});
  if (const auto games = ctx.table_if("games.csv")) {
    out.push_back({"Games", games_summary(ctx, *games)});
  }
  return out;
}

std::vector<std::string> tournament_checks(const std::filesystem::path& run_dir) {
  std::vector<std::string> out;
  const auto games = read_table_if(run_dir / "games.csv");
  const auto standings = read_table_if(run_dir / "standings.csv");
  if (!games || !standings || !games->has("game") || !standings->has("games")) return out;
  std::optional<long> total;  // run.yaml's games_total, where it says
  try {
    const YAML::Node run = YAML::LoadFile((run_dir / "run.yaml").string())["run"];
    if (run && run["games_total"]) total = run["games_total"].as<long>();
  } catch (const std::exception&) {
    // No run.yaml (an older folder) or one that does not say: game numbers are not bounded.
  }
  std::map<std::string, std::size_t> line_of;  // game -> its first line
  for (std::size_t i = 0; i < games->rows.size(); ++i) {
    const std::string& g = games->at(i, "game");
    const std::string at = cat(games->file, ":", std::to_string(i + 2), ": game ", g, ": ");
    const double n = parse_number(g);
    if (total && !(n >= 0 && n < static_cast<double>(*total) && n == std::floor(n))) {
      out.push_back(cat(at, "not a game of this run (run.yaml: games_total ",
                        std::to_string(*total), ", numbered from 0)"));
    } else if (const auto [it, fresh] = line_of.emplace(g, i + 2); !fresh) {
      out.push_back(cat(at, "recorded again (first at line ", std::to_string(it->second), ")"));
    }
  }
  double counted = 0;  // each game counts for both its players
  for (std::size_t i = 0; i < standings->rows.size(); ++i) counted += standings->number(i, "games");
  if (out.empty() && counted != 2.0 * static_cast<double>(games->rows.size())) {
    out.push_back(cat(games->file, ": ", std::to_string(games->rows.size()),
                      " games, where standings.csv counts ",
                      fixed(counted / 2, std::fmod(counted, 2.0) == 0 ? 0 : 1)));
  }
  return out;
}

}  // namespace gts::report
