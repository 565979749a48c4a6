// The tune report: the weights' trajectories over the SPSA iterations (or the candidates' ratings
// in a round robin), the verification's LLR and Elo against games played, and its verdict, from a
// `harness tune` folder (tune.csv, verify.csv, tuned.yaml).
#include <algorithm>
#include <cmath>

#include "harness/pipeline/run_folder.h"
#include "harness/report/html_table.h"
#include "harness/report/report.h"

namespace gts::report {

namespace {

// tune.csv's columns the catalogue does not know: the weights w1, w2, ... and the per-weight
// SPSA gains c_k_wI, R_k_wI.
ColumnInfo tune_column(const std::string& name) {
  if (name.starts_with("c_k_"))
    return {name, cat("SPSA's perturbation size for ", name.substr(4)), Format::kNumber};
  if (name.starts_with("R_k_"))
    return {name, cat("SPSA's learning rate for ", name.substr(4)), Format::kNumber};
  return {name, cat("the evaluation's weight ", name), Format::kNumber};
}

// The weight columns w1, w2, ... of tune.csv, in order.
std::vector<std::string> weight_columns(const Table& t) {
  std::vector<std::string> out;
  for (const auto& h : t.header) {
    if (h.size() >= 2 && h[0] == 'w' &&
        std::all_of(h.begin() + 1, h.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      out.push_back(h);
    }
  }
  return out;
}

std::string trajectory_plot(const Context& ctx, const Table& t) {
  const auto weights = weight_columns(t);
  if (weights.empty() || t.rows.empty()) return note("tune.csv has no weights.");
  // Weights that never move (fixed) are drawn dashed and grey, so that the tuned ones stand out.
  std::vector<bool> moves(weights.size(), false);
  std::string data = "# iteration then one column per weight\n";
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    data += gp_number(t.number(r, "iteration"));
    for (std::size_t w = 0; w < weights.size(); ++w) {
      const double v = t.number(r, weights[w]);
      if (v != t.number(0, weights[w])) moves[w] = true;
      data += cat(" ", gp_number(v));
    }
    data += "\n";
  }
  std::vector<std::string> curves;
  for (std::size_t w = 0; w < weights.size(); ++w) {
    curves.push_back(
        cat("'weights.dat' using 1:", std::to_string(w + 2), " with lines ",
            // Eight colours; past them the dash pattern tells the lines apart.
            moves[w] ? cat("lw 2 lt ", std::to_string(w % 8 + 1), " dt ", std::to_string(w / 8 + 1))
                     : "lw 1 dt 2 lc rgb '#999999'",
            " title ", gp_quote(moves[w] ? weights[w] : cat(weights[w], " (fixed)"))));
  }
  return ctx.plot({"weights", data,
                   cat(plot_style(),
                       "set title 'Weights over the SPSA iterations'\n"
                       "set xlabel 'iteration'\nset ylabel 'weight'\n"
                       "set key outside right top box\n",
                       plot_command(curves)),
                   1000, 560},
                  "Each weight θ after every SPSA iteration (iteration 0: the start). Dashed grey: "
                  "weights that never moved (fixed).");
}

std::string candidates_plot(const Context& ctx, const Table& t) {
  std::vector<std::string> labels;
  std::vector<Interval> rows;
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    labels.push_back(cat(t.at(r, "candidate"), t.at(r, "best") == "true" ? " (best)" : ""));
    const double rating = t.number(r, "rating"), err = t.number(r, "rating_error");
    const double e = std::isfinite(err) ? err : 0.0;
    rows.push_back({rating, rating - e, rating + e});
  }
  return interval_plot(ctx, "candidates", "Candidates: maximum-likelihood Elo with 95% intervals",
                       labels, rows, 20.0, false,
                       "Rating of each candidate weight vector in the round robin (the start, "
                       "where included, is rated 0).");
}

std::string llr_plot(const Context& ctx, const Table& v) {
  std::string data = "# games llr lower upper elo lo hi\n";
  for (std::size_t r = 0; r < v.rows.size(); ++r) {
    const double elo = v.number(r, "elo"), err = v.number(r, "elo_error");
    data += gp_row(v.number(r, "games"), v.number(r, "llr"), v.number(r, "lower"),
                   v.number(r, "upper"), elo, elo - err, elo + err);
  }
  const std::string key = "set xlabel 'games'\nset key outside right top box\n";
  return cat(
      "<div class=\"grid\">\n",
      ctx.plot({"verify_llr", data,
                cat(plot_style(), key,
                    "set title 'Verification: SPRT log-likelihood ratio (tuned against start)'\n"
                    "set ylabel 'LLR'\n"
                    "plot 'verify_llr.dat' using 1:2 with lines lw 2 lt 1 title 'LLR', \\\n"
                    "     '' using 1:4 with lines dt 2 lw 1.5 lt 3 title 'accept H1', \\\n"
                    "     '' using 1:3 with lines dt 2 lw 1.5 lt 2 title 'accept H0'\n"),
                900, 480},
               "The SPRT's log-likelihood ratio after each game pair, with Wald's bounds: the "
               "test stops where it leaves the band."),
      ctx.plot({"verify_elo", data,
                cat(plot_style(), key,
                    "set title 'Verification: Elo of the tuned weights against the start, 95% "
                    "interval'\nset ylabel 'Elo'\n"
                    "set style fill transparent solid 0.25 noborder\n"
                    "plot 'verify_elo.dat' using 1:6:7 with filledcurves lc rgb '#1f77b4' title "
                    "'95% interval', \\\n"
                    "     '' using 1:5 with lines lw 2 lt 1 title 'Elo', \\\n"
                    "     0 with lines dt 2 lc rgb '#888888' notitle\n"),
                900, 480},
               "Elo of the tuned weights against the start weights (pentanomial, game pairs) "
               "with its 95% interval, after each game pair."),
      "</div>\n");
}

// The verdict, then the LLR and Elo plots.
std::string verification_html(const Context& ctx, const Table& v) {
  if (v.rows.empty()) return "<p>The verification played no games (verify.max_games is 0).</p>\n";
  const std::size_t last = v.rows.size() - 1;
  const std::string verdict = v.at(last, "verdict");
  std::string what = verdict == "H1"   ? "H1 accepted: the tuned weights are stronger"
                     : verdict == "H0" ? "H0 accepted: no gain of elo1 shown"
                     : verdict == "inconclusive"
                         ? "inconclusive: the game cap was reached before the SPRT decided"
                         : "still running (no verdict yet)";
  return cat("<p><strong>", html_escape(what), "</strong> after ", html_escape(v.at(last, "games")),
             " games (W-D-L ", html_escape(v.at(last, "wins")), "-",
             html_escape(v.at(last, "draws")), "-", html_escape(v.at(last, "losses")),
             " from the tuned weights' view): Elo ", fixed(v.number(last, "elo"), 1), " ± ",
             fixed(v.number(last, "elo_error"), 1), " (95%), LLR ", fixed(v.number(last, "llr"), 2),
             " (bounds ", fixed(v.number(last, "lower"), 2), ", ",
             fixed(v.number(last, "upper"), 2), ").</p>\n", llr_plot(ctx, v));
}

}  // namespace

std::vector<Section> tune_sections(const Context& ctx) {
  const Table tune = read_table(ctx.run_dir / "tune.csv");
  std::vector<Section> out;
  if (tune.has("iteration")) {
    Table last = tune;  // the last 20 iterations
    last.rows.erase(last.rows.begin(), last.rows.end() - std::min<long>(20, std::ssize(last.rows)));
    out.push_back(
        {"Weight trajectories",
         cat(trajectory_plot(ctx, tune), note("The last iterations (all of them in tune.csv):"),
             html_table(last, {.unknown = tune_column}))});
  } else if (tune.has("candidate")) {
    out.push_back({"Candidates",
                   cat(candidates_plot(ctx, tune), html_table(tune, {.unknown = tune_column}))});
  } else {
    throw std::runtime_error("tune.csv: expected an 'iteration' (SPSA) or 'candidate' column");
  }
  const auto verify = read_table_if(ctx.run_dir / "verify.csv");
  out.push_back(
      {"Verification", !verify ? note("No verify.csv: the run stopped before its verification.")
                               : verification_html(ctx, *verify)});
  std::error_code ec;
  if (std::filesystem::exists(ctx.run_dir / "tuned.yaml", ec)) {
    out.push_back(
        {"Tuned weights",
         cat(note(cat(ctx.link("tuned.yaml"), ", ready to paste into a tournament config:")),
             "<pre>", html_escape(read_file_text(ctx.run_dir / "tuned.yaml")), "</pre>\n")});
  }
  return out;
}

}  // namespace gts::report
