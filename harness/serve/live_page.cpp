// The live page of a tournament's run folder: the report module's tables over the games finished so
// far, with what only a running run has (its pace, an ETA, the SPRT's course so far).
#include "harness/serve/live_page.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "common/input_error.h"
#include "harness/pipeline/run_folder.h"
#include "harness/report/html_table.h"
#include "harness/report/report.h"
#include "harness/strf.h"
#include "harness/tournament/journal.h"
#include "harness/tournament/report.h"

namespace gts::serve {

namespace fs = std::filesystem;
using report::cat;
using report::html_escape;

RunFacts read_run_facts(const fs::path& run_dir) {
  const std::string dir = run_dir.string();
  std::error_code ec;
  if (!fs::is_directory(run_dir, ec)) throw ParamError(cat(dir, ": no such folder"));
  if (!fs::exists(run_dir / "run.yaml", ec)) {
    throw ParamError(cat(dir, ": not a run folder (it has no run.yaml)"));
  }
  YAML::Node run_yaml;
  try {
    run_yaml = YAML::LoadFile((run_dir / "run.yaml").string());
  } catch (const std::exception& e) {
    throw ParamError(cat(dir, "/run.yaml: does not read as YAML: ", e.what()));
  }
  const YAML::Node program = run_yaml["run"]["program"];
  const std::string p = program && program.IsScalar() ? program.Scalar() : "";
  if (p != "harness run" && p != "harness match") {
    throw ParamError(cat(dir, ": not a tournament's run folder (run.yaml: program '", p,
                         "'); harness serve shows a folder of harness run or harness match"));
  }
  RunFacts facts;
  try {
    const YAML::Node config = run_yaml["config"];
    if (config["name"]) facts.name = config["name"].as<std::string>();
    for (const auto& player : config["players"]) {
      facts.players.push_back(player["name"].as<std::string>());
    }
    if (const YAML::Node total = run_yaml["run"]["games_total"]) {
      facts.games_total = total.as<long>();
    }
    if (const YAML::Node s = config["tournament"]["sprt"]) {
      SprtConfig sprt;
      if (s["elo0"]) sprt.elo0 = s["elo0"].as<double>();
      if (s["elo1"]) sprt.elo1 = s["elo1"].as<double>();
      if (s["alpha"]) sprt.alpha = s["alpha"].as<double>();
      if (s["beta"]) sprt.beta = s["beta"].as<double>();
      if (s["model"]) sprt.model = parse_sprt_model(s["model"].as<std::string>());
      validate_sprt(sprt);
      facts.sprt = sprt;
    }
  } catch (const InputError&) {
    throw;
  } catch (const std::exception& e) {
    throw ParamError(cat(dir, "/run.yaml: its config does not read: ", e.what()));
  }
  if (facts.players.empty()) throw ParamError(cat(dir, "/run.yaml: its config names no player"));
  if (facts.name.empty()) facts.name = run_dir.filename().string();
  return facts;
}

std::vector<LlrPoint> llr_course(const SprtConfig& config,
                                 const std::vector<std::pair<int, double>>& scores_of_a) {
  const std::map<int, double> score_of_a(scores_of_a.begin(), scores_of_a.end());  // by game
  SprtTest test(config);
  std::vector<LlrPoint> out = {{0, 0.0}};
  for (int pair = 0;; ++pair) {
    const auto a = score_of_a.find(2 * pair), b = score_of_a.find(2 * pair + 1);
    if (a == score_of_a.end() || b == score_of_a.end()) break;
    const SprtResult d = test.add_pair(a->second, b->second);
    out.push_back({2L * (pair + 1), test.llr});
    if (d != SprtResult::kContinue) break;
  }
  return out;
}

namespace {

// The LLR against games as an inline SVG: the course, its bounds dashed, 0 dotted.
std::string llr_chart(const std::vector<LlrPoint>& course, const SprtBounds& bounds,
                      long games_total) {
  constexpr double kW = 640, kH = 220, kLeft = 48, kRight = 12, kTop = 12, kBottom = 30;
  double lo = bounds.lower, hi = bounds.upper;
  for (const auto& p : course) {
    if (std::isfinite(p.llr)) lo = std::min(lo, p.llr), hi = std::max(hi, p.llr);
  }
  const double pad = 0.08 * (hi - lo);
  lo -= pad, hi += pad;
  // The games axis runs to the schedule's end, or to four times the games so far where nearer.
  const double x_max = static_cast<double>(std::max<long>(
      {course.back().games,
       games_total > 0 ? std::min<long>(games_total, 4 * course.back().games + 8) : 0, 2}));
  const auto x = [&](double g) { return kLeft + (kW - kLeft - kRight) * g / x_max; };
  const auto y = [&](double v) { return kTop + (kH - kTop - kBottom) * (hi - v) / (hi - lo); };
  std::string svg = strf(
      "<svg class=\"llr\" viewBox=\"0 0 %g %g\" width=\"%g\" height=\"%g\" role=\"img\" "
      "aria-label=\"LLR against games\">\n<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" "
      "fill=\"#fff\" stroke=\"#bbb\"/>\n",
      kW, kH, kW, kH, kLeft, kTop, kW - kLeft - kRight, kH - kTop - kBottom);
  const auto hline = [&](double v, const char* colour, const char* dash, const std::string& label) {
    svg += strf(
        "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
        "stroke-dasharray=\"%s\"/>\n<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" "
        "text-anchor=\"end\" fill=\"%s\">%s</text>\n",
        kLeft, kW - kRight, y(v), y(v), colour, dash, kLeft - 4, y(v) + 4, colour, label.c_str());
  };
  hline(bounds.upper, "#1a9850", "6 4", strf("%.2f", bounds.upper));
  hline(bounds.lower, "#d73027", "6 4", strf("%.2f", bounds.lower));
  hline(0, "#888", "2 3", "0");
  std::string points;
  for (const auto& p : course) {
    if (std::isfinite(p.llr))
      points += strf("%.1f,%.1f ", x(static_cast<double>(p.games)), y(p.llr));
  }
  svg += cat("<polyline fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"2\" points=\"", points,
             "\"/>\n");
  svg += strf(
      "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\">0</text>\n<text x=\"%.1f\" y=\"%.1f\" "
      "font-size=\"11\" text-anchor=\"end\">%.0f games</text>\n",
      kLeft, kH - 10, kW - kRight, kH - 10, x_max);
  return svg + "</svg>\n";
}

std::string duration_text(double s) {
  if (!std::isfinite(s) || s < 0) return "—";
  if (s < 90) return strf("%.0f s", s);
  if (s < 90 * 60) return strf("%.0f min", s / 60);
  return strf("%.1f h", s / 3600);
}

// games.csv's complete lines as a table (a line the run is writing is left for the next look).
report::Table games_table(const fs::path& path) {
  std::string text = read_file_text(path);
  text.resize(text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1);
  if (text.empty()) return report::Table{{}, {}, path.string()};
  return report::parse_table(text, path);
}

std::string progress_section(const RunFacts& facts, const Pace& pace, long done, bool decided) {
  const bool running = pace.status == "running";
  std::string games = cat("<span id=\"games-done\" data-v=\"", std::to_string(done), "\">",
                          std::to_string(done), "</span>");
  if (facts.games_total > 0) {
    games += strf(" of %ld (%.0f%%)", facts.games_total,
                  100.0 * static_cast<double>(done) / static_cast<double>(facts.games_total));
  }
  std::string eta = "—";
  if (running && pace.games_per_s > 0 && facts.games_total > done) {
    eta = duration_text(static_cast<double>(facts.games_total - done) / pace.games_per_s);
    if (facts.sprt) eta += " at most (the SPRT may stop the run sooner)";
  } else if (!running) {
    eta = decided ? "the SPRT decided" : "none: the run is not running";
  }
  const auto row = [](const char* name, const std::string& html) {
    return cat("<tr><th>", name, "</th><td>", html, "</td></tr>\n");
  };
  return cat("<table class=\"facts\">\n", row("status", html_escape(pace.status)),
             row("games", games),
             row("pace", pace.games_per_s > 0 ? strf("%.2f games/s", pace.games_per_s) : "—"),
             row("ETA", html_escape(eta)), "</table>\n");
}

}  // namespace

std::string live_sections(const fs::path& run_dir, const RunFacts& facts, const Pace& pace) {
  const fs::path games_path = run_dir / "games.csv";
  std::error_code ec;
  const bool have_games = fs::exists(games_path, ec);
  const std::vector<GameRow> rows =
      have_games ? read_games_csv(games_path.string()) : std::vector<GameRow>{};
  const long done = static_cast<long>(rows.size());

  std::string sprt_html;
  bool decided = false;
  if (facts.sprt) {
    const std::string& a = facts.players.front();
    std::vector<std::pair<int, double>> scores;
    for (const auto& r : rows) {
      scores.emplace_back(r.game, r.first == a ? r.first_score() : 1.0 - r.first_score());
    }
    const std::vector<LlrPoint> course = llr_course(*facts.sprt, scores);
    const SprtBounds bounds = sprt_bounds(facts.sprt->alpha, facts.sprt->beta);
    const double llr = course.back().llr;
    const SprtResult result = sprt_decide(llr, bounds);
    decided = result != SprtResult::kContinue;
    const std::string verdict = result == SprtResult::kAcceptH1   ? "H1 accepted"
                                : result == SprtResult::kAcceptH0 ? "H0 accepted"
                                                                  : "no decision yet";
    sprt_html = cat(
        "<h2>SPRT</h2>\n<p id=\"sprt\">",
        strf("LLR <b id=\"llr\" data-v=\"%.17g\">%.2f</b> in [%.2f, %.2f] after %ld games (%s; ",
             llr, llr, bounds.lower, bounds.upper, course.back().games, verdict.c_str()),
        html_escape(strf("%s: elo0 %g, elo1 %g, alpha %g, beta %g, %s model", a.c_str(),
                         facts.sprt->elo0, facts.sprt->elo1, facts.sprt->alpha, facts.sprt->beta,
                         std::string(to_string(facts.sprt->model)).c_str())),
        ")</p>\n", llr_chart(course, bounds, facts.games_total),
        report::note("The LLR after each whole game pair, counted in schedule order as the run "
                     "counts it; the run stops when it crosses a dashed bound."));
  }

  const std::vector<Standing> standings = compute_standings(facts.players, rows);
  const report::Table st = report::parse_table(standings_csv(standings), run_dir / "standings.csv");
  const report::Table ct =
      report::parse_table(crosstable_csv(standings, rows), run_dir / "crosstable.csv");

  std::string latest = report::note("No game has finished yet.");
  if (have_games) {
    const report::Table all = games_table(games_path);
    report::Table last{{"game", "first", "second", "result", "margin", "plies", "termination"},
                       {},
                       games_path.string()};
    for (std::size_t i = all.rows.size(); i-- > 0 && last.rows.size() < 10;) {
      auto& cells = last.rows.emplace_back();
      for (const auto& c : last.header) cells.push_back(all.get(i, c));
    }
    if (!last.rows.empty()) latest = report::html_table(last);
  }

  std::string files;
  for (const char* f : {"games.csv", "moves.csv", "games.pgn", "run.yaml", "report.html"}) {
    if (fs::exists(run_dir / f, ec)) {
      files += cat(files.empty() ? "" : ", ", "<a href=\"files/", f, "\">", f, "</a>");
    }
  }
  return cat(progress_section(facts, pace, done, decided), sprt_html, "<h2>Standings</h2>\n",
             report::standings_html(st, run_dir),
             report::note("Ranked by Elo, over the games finished so far."),
             "<h2>Crosstable</h2>\n", report::crosstable_html(ct), "<h2>Latest games</h2>\n",
             latest, report::note(cat("The run folder's files: ", files, ".")));
}

std::string live_page(const fs::path& run_dir, const RunFacts& facts, const std::string& sections) {
  // The table script is run again after each update, for the tables it brings.
  std::string sort_script = report::page_script();
  sort_script.replace(0, 8, "<script id=\"gts-sort\">");
  return cat("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>",
             html_escape(facts.name), " — live</title>\n", report::page_style(),
             "<style>svg.llr { max-width: 100%; height: auto; display: block; }</style>\n",
             "</head>\n<body>\n<h1>", html_escape(facts.name), " — live</h1>\n",
             report::note(
                 cat("Run folder ", html_escape(fs::absolute(run_dir).lexically_normal().string()),
                     ", served by <code>harness serve</code>: the page follows the run as games "
                     "finish.")),
             "<div id=\"live\">\n", sections, "</div>\n", sort_script,
             R"(<script>
(function () {
  var busy = false;
  function update() {
    if (busy) return;
    busy = true;
    fetch("live", {cache: "no-store"}).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.text();
    }).then(function (html) {
      document.getElementById("live").innerHTML = html;
      var s = document.createElement("script");
      s.text = document.getElementById("gts-sort").text;
      document.body.appendChild(s).remove();
    }).catch(function () {}).then(function () { busy = false; });
  }
  window.addEventListener("load", function () {
    if (window.EventSource) new EventSource("events").onmessage = update;
    else setInterval(update, 2000);
  });
})();
</script>
</body>
</html>
)");
}

}  // namespace gts::serve
