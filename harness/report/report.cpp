#include "harness/report/report.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <sstream>

#include "harness/config/config_error.h"
#include "harness/csv.h"
#include "harness/pipeline/run_folder.h"
#include "harness/report/html_table.h"
#include "harness/strf.h"

namespace gts::report {

namespace fs = std::filesystem;

std::size_t Table::col(std::string_view name) const {
  const auto it = std::find(header.begin(), header.end(), name);
  if (it == header.end()) {
    throw ConfigError(file, 1, 1, cat("no column '", std::string(name), "' in the header"));
  }
  return static_cast<std::size_t>(it - header.begin());
}

bool Table::has(std::string_view name) const {
  return std::find(header.begin(), header.end(), name) != header.end();
}

const std::string& Table::at(std::size_t row, std::string_view column) const {
  return rows[row][col(column)];
}

std::string Table::get(std::size_t row, std::string_view column) const {
  return has(column) ? at(row, column) : "";
}

double Table::number(std::size_t row, std::string_view column) const {
  return parse_number(at(row, column));
}

Table read_table(const fs::path& path) {
  if (!std::ifstream(path)) throw ConfigError(path.string(), "cannot read the file");
  return parse_table(read_file_text(path), path);
}

Table parse_table(const std::string& text, const fs::path& path) {
  Table t;
  t.file = path.string();
  const auto bad = [&](std::size_t line_no, const std::string& message) {
    return ConfigError(path.string(), static_cast<int>(line_no), 1, message);
  };
  // The harness ends every line it writes: a last line without its newline was cut short.
  if (!text.empty() && text.back() != '\n') {
    throw bad(static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1,
              "the file ends in the middle of a line: it was truncated; write it again (run the "
              "command that made it)");
  }
  std::istringstream lines(text);
  std::size_t line_no = 0;
  for (std::string line; std::getline(lines, line);) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    std::vector<std::string> fields;
    try {
      fields = csv::split(line);
    } catch (const std::exception& e) {
      throw bad(line_no, e.what());
    }
    if (t.header.empty()) {
      t.header = std::move(fields);
    } else if (fields.size() != t.header.size()) {
      throw bad(line_no, cat(std::to_string(fields.size()), " fields where the header has ",
                             std::to_string(t.header.size())));
    } else {
      t.rows.push_back(std::move(fields));
    }
  }
  if (t.header.empty()) throw ConfigError(path.string(), "the file is empty");
  return t;
}

std::optional<Table> read_table_if(const fs::path& path) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return std::nullopt;
  return read_table(path);
}

Table Context::table(const std::string& file) const {
  if (so_far != nullptr && so_far->contains(file)) return parse_table(so_far->at(file), run_dir / file);
  return read_table(run_dir / file);
}

std::optional<Table> Context::table_if(const std::string& file) const {
  if (so_far != nullptr && so_far->contains(file)) return table(file);
  return read_table_if(run_dir / file);
}

std::string html_escape(std::string_view text) {
  static const char* const kEntities[] = {"&amp;", "&lt;", "&gt;", "&quot;"};
  std::string out;
  for (char c : text) {
    const std::size_t k = std::string_view("&<>\"").find(c);
    out += k == std::string_view::npos ? std::string(1, c) : kEntities[k];
  }
  return out;
}

std::string note(const std::string& html) { return cat("<p class=\"note\">", html, "</p>\n"); }

std::string Context::link(const std::string& file) const {
  // A page mailed alone cannot reach the run folder: the file is named, not linked.
  if (self_contained) return cat("<code>", html_escape(file), "</code> (in the run folder)");
  std::error_code ec;
  fs::path rel = fs::relative(run_dir / file, out_dir, ec);
  if (ec || rel.empty()) rel = fs::absolute(run_dir / file);
  return cat("<a href=\"", html_escape(rel.generic_string()), "\">", html_escape(file), "</a>");
}

std::string Context::plot(const PlotSpec& spec, const std::string& caption) const {
  for (const auto& image : render(gnuplot, out_dir / "plots", spec)) images->push_back(image);
  const std::string svg = cat("plots/", spec.name, ".svg");
  if (self_contained) {
    return cat("<figure><img src=\"", data_uri(out_dir / svg, "image/svg+xml"), "\" alt=\"",
               html_escape(caption), "\"><figcaption>", caption, "</figcaption></figure>\n");
  }
  return cat("<figure><a href=\"", svg, "\"><img src=\"plots/", spec.name, ".png\" alt=\"",
             html_escape(caption), "\"></a><figcaption>", caption,
             " <span class=\"note\">(<a href=\"", svg, "\">SVG</a>, <a href=\"plots/", spec.name,
             ".gp\">gnuplot script</a>)</span></figcaption></figure>\n");
}

std::string plot_style() {
  return "set border 3 lc rgb '#555555'\n"
         "set tics nomirror textcolor rgb '#333333'\n"
         "set grid lc rgb '#dddddd' lw 1\n"
         "set key noautotitle\n"
         "set datafile missing 'nan'\n"
         "set title font ',13' offset 0,0.6\n"
         // A palette that stays distinct on white: the Tableau 10 colours.
         "set linetype 1 lc rgb '#1f77b4'\nset linetype 2 lc rgb '#d62728'\n"
         "set linetype 3 lc rgb '#2ca02c'\nset linetype 4 lc rgb '#ff7f0e'\n"
         "set linetype 5 lc rgb '#9467bd'\nset linetype 6 lc rgb '#8c564b'\n"
         "set linetype 7 lc rgb '#e377c2'\nset linetype 8 lc rgb '#17becf'\n"
         "set linetype cycle 8\n";
}

std::string fixed(double v, int decimals) {
  if (std::isnan(v)) return "–";
  if (std::isinf(v)) return v > 0 ? "+∞" : "−∞";
  return strf("%.*f", decimals, v);
}

std::string gp_number(double v) {
  if (!std::isfinite(v)) return "nan";
  return strf("%.6g", v);
}

std::string tics(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    out += cat(i > 0 ? ", " : "", gp_quote(names[i]), " ", std::to_string(i));
  }
  return cat("(", out, ")");
}

std::string plot_command(const std::vector<std::string>& curves) {
  std::string out;
  for (const auto& c : curves) {
    if (!c.empty()) out += cat(out.empty() ? "plot " : ", \\\n     ", c);
  }
  return out + "\n";
}

double log_axis_floor(const std::vector<double>& values) {
  double low = std::numeric_limits<double>::infinity();
  for (double v : values) {
    if (std::isfinite(v) && v > 0) low = std::min(low, v);
  }
  if (!std::isfinite(low)) return 0.1;
  // A decade below the smallest value, so that a bar or box at the minimum stays visible.
  return std::pow(10.0, std::floor(std::log10(low / 1.5)));
}

std::string category_plot(const Context& ctx, const PlotSpec& spec, const std::string& title,
                          const std::string& ylabel, const std::vector<std::string>& labels,
                          const std::vector<double>& values, const std::string& caption) {
  if (values.empty()) return note(cat(html_escape(title), ": no data."));
  const int n = static_cast<int>(labels.size());
  return ctx.plot(
      {spec.name, spec.data,
       cat(plot_style(), "set title ", gp_quote(title), "\nset ylabel ", gp_quote(ylabel),
           "\nset logscale y\nset format y '%g'\nset yrange [", gp_number(log_axis_floor(values)),
           ":*]\nset xtics ", tics(labels),
           " rotate by 30 right\nset xrange [-0.6:", std::to_string(n), "-0.4]\n", spec.body),
       std::max(640, 160 + 80 * n), 480},
      caption);
}

std::string box_plot(const Context& ctx, const std::string& name, const std::string& title,
                     const std::string& ylabel, const std::vector<std::string>& labels,
                     const std::vector<std::vector<double>>& values, double floor) {
  std::vector<double> all;
  std::string data, means = "# player mean\n";
  for (std::size_t i = 0; i < labels.size(); ++i) {
    data += cat("# ", labels[i], "\n");
    double sum = 0;
    for (double v : values[i]) {
      all.push_back(std::max(v, floor));
      data += gp_row(all.back());
      sum += v;
    }
    data += values[i].empty() ? "nan\n\n\n" : "\n\n";
    means += gp_row(static_cast<double>(i),
                    values[i].empty() ? std::nan("") : std::max(sum / values[i].size(), floor));
  }
  const std::string n = std::to_string(labels.size());
  return category_plot(
      ctx,
      {name, data + means,
       cat("set label 99 'boxes: quartiles and median; whiskers: min and max; ▲ mean' at graph "
           "0.5, graph 1.03 center font ',9' tc rgb '#555555'\n"
           "set grid noxtics ytics mytics\n"
           "set style fill solid 0.35 border lc rgb '#1f4e79'\n"
           "set style boxplot fraction 1.0 nooutliers\nset boxwidth 0.55\n"
           "plot for [i=0:",
           n, "-1] '", name,
           ".dat' index i using (i):1 with boxplot lc rgb '#1f77b4' notitle, \\\n     '' index ", n,
           " using 1:2 with points pt 9 ps 1.6 lc rgb '#d62728' notitle\n")},
      title, ylabel, labels, all,
      cat(title,
          ": box from the first to the third quartile, line at the median, whiskers to the "
          "minimum and maximum; the triangle is the mean."));
}

std::string interval_plot(const Context& ctx, const std::string& name, const std::string& title,
                          const std::vector<std::string>& labels, const std::vector<Interval>& rows,
                          double min_pad, bool zero_and_values, const std::string& caption) {
  double lo = 0, hi = 0;
  for (const Interval& r : rows) {
    for (double v : {r.mark, r.low, r.high}) {
      if (std::isfinite(v)) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
    }
  }
  const double pad = std::max(min_pad, (hi - lo) * 0.08);
  lo -= pad;
  hi += pad;
  std::string data = "# row label mark low high (unbounded ends clipped to the plot)\n";
  std::size_t label_chars = 8;
  int plotted = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    label_chars = std::max(label_chars, labels[i].size());
    const Interval& r = rows[i];
    if (!std::isfinite(r.mark)) continue;
    data += gp_row(static_cast<double>(i), gp_field(labels[i]), r.mark,
                   std::isfinite(r.low) ? r.low : lo, std::isfinite(r.high) ? r.high : hi);
    ++plotted;
  }
  if (plotted == 0) return note("No finite rating to plot.");
  const int n = static_cast<int>(rows.size());
  return ctx.plot(
      {name, data,
       cat(plot_style(), "set title ", gp_quote(title), "\nset xlabel 'Elo'\nset ytics ",
           tics(labels), "\nset yrange [", std::to_string(n), "-0.4:-0.6]\nset xrange [",
           gp_number(lo), ":", gp_number(hi), "]\nset grid noytics\nset lmargin ",
           std::to_string(label_chars + 3), "\n",
           zero_and_values
               ? "set arrow 1 from 0, graph 0 to 0, graph 1 nohead dt 2 lc rgb '#888888'\n"
               : "",
           "plot '", name, ".dat' using 3:1:4:5 with xerrorbars pt 7 ps 1.3 lw 2 lc rgb '#1f77b4'",
           zero_and_values
               ? ", \\\n     '' using 3:1:(sprintf('%.0f', $3)) with labels offset 0,0.9 "
                 "font ',9' tc rgb '#1f77b4'"
               : "",
           "\n"),
       900, std::max(320, 110 + 34 * n)},
      caption);
}

namespace {

struct RunKind {
  std::string name;
  std::vector<std::string> required;  // files that mark the kind
  std::vector<Section> (*sections)(const Context&);
  // Files the kind always writes besides: one that is missing is named, never silently skipped.
  std::vector<std::string> expected = {};
};

// The one place that knows the kinds of run folders. A new kind adds a line here and a function
// like tournament_sections().
const RunKind kRunKinds[] = {
    {"tournament",
     {"standings.csv", "crosstable.csv"},
     tournament_sections,
     {"games.csv", "pairs.csv"}},
    {"solve", {"solved_within.csv", "summary.csv"}, solve_sections, {"solve.csv"}},
    {"compare", {"compare.csv", "summary.csv"}, compare_sections},
    {"compare", {"accuracy.csv", "exact.csv"}, compare_sections},  // an accuracy run
    {"tune", {"tune.csv"}, tune_sections},
};

std::string yaml_text(const YAML::Node& node) {
  if (!node) return "";
  if (node.IsScalar()) return node.as<std::string>();
  YAML::Emitter e;
  e << YAML::Flow << node;
  return e.c_str();
}

// Key facts of the run from run.yaml (every run command writes one; a folder from an older
// version may hold only config.yaml).
std::string run_facts(const fs::path& run_dir, std::string& title) {
  std::error_code ec;
  fs::path path = run_dir / "run.yaml";
  if (!fs::exists(path, ec)) path = run_dir / "config.yaml";
  if (!fs::exists(path, ec)) return "";
  YAML::Node root;
  try {
    root = YAML::LoadFile(path.string());
  } catch (const std::exception& e) {
    return note(cat(path.filename().string(), " could not be read: ", html_escape(e.what())));
  }
  if (!root.IsMap()) return note(cat(path.filename().string(), " holds no run's facts."));
  std::string rows;
  const auto add = [&](const std::string& label, const std::string& value) {
    if (!value.empty())
      rows += cat("<tr><th>", label, "</th><td>", html_escape(value), "</td></tr>\n");
  };
  // run.yaml holds the resolved config under `config`; a solve folder's config.yaml is the config.
  // (Not const: a missing key reads as an undefined node, never as one that throws when asked.)
  YAML::Node config = root["config"].IsDefined() && root["config"].IsMap() ? root["config"] : root;
  const YAML::Node run = root["run"];
  YAML::Node game = config["game"];
  if (config["name"]) title = yaml_text(config["name"]);
  if (game.IsScalar()) add("game", yaml_text(game));
  if (game.IsMap()) {
    const YAML::Node params = game["params"];
    add("game", cat(yaml_text(game["name"]), params ? cat(" ", yaml_text(params)) : ""));
  }
  if (config["problems"].IsSequence()) add("problems", std::to_string(config["problems"].size()));
  add("limits", yaml_text(config["limits"]));
  if (run.IsDefined() && run.IsMap()) {
    for (const std::string key :
         {"status", "games_done", "jobs_done", "runs_done", "seed", "threads", "started",
          "finished", "command", "version", "config_hash"}) {
      std::string label = key.substr(0, key.find("_done"));  // "games_done" -> "games"
      std::replace(label.begin(), label.end(), '_', ' ');    // "config_hash" -> "config hash"
      add(label, yaml_text(run[key]));
    }
    if (run["machine"]) add("machine", yaml_text(run["machine"]["cpu"]));
  }
  return cat("<table class=\"facts\">\n", rows, "</table>\n");
}

}  // namespace

ReportResult write_report(const ReportOptions& options) {
  std::error_code ec;
  if (!fs::is_directory(options.run_dir, ec)) {
    throw ParamError(cat("report: '", options.run_dir.string(), "' is not a folder"));
  }
  const RunKind* kind = nullptr;
  std::string known;
  const auto here = [&](const std::string& f) { return fs::exists(options.run_dir / f, ec); };
  for (const auto& k : kRunKinds) {
    if (kind == nullptr &&
        (options.kind.empty() ? std::ranges::all_of(k.required, here) : options.kind == k.name)) {
      kind = &k;
    }
    known += cat(known.empty() ? "" : "; ", k.name, ":");
    for (const auto& f : k.required) known += cat(f == k.required[0] ? " " : " + ", f);
  }
  if (kind == nullptr) {
    throw ParamError(cat("report: '", options.run_dir.string(),
                         "' holds no run this command knows (", known, ")"));
  }
  std::vector<fs::path> images;
  const fs::path out_dir = options.out_dir.empty() ? options.run_dir : options.out_dir;
  const Context ctx{options.run_dir, out_dir,  find_gnuplot(),
                    &images,         options.self_contained, &options.so_far};
  fs::create_directories(out_dir / "plots");

  std::string title = options.run_dir.filename().string();
  if (title.empty() || title == ".") title = fs::absolute(options.run_dir).filename().string();
  std::string facts = run_facts(options.run_dir, title);
  if (!options.progress.empty()) {
    facts += note(cat(html_escape(options.progress), ": the report of what it has written so far."));
  }
  // A folder of this version (run.yaml, or a journal left without it) is checked whole where the
  // kind has a check; an older or hand-made one only for the files its kind always writes.
  std::optional<std::vector<std::string>> checked;
  if (options.check &&
      std::ranges::any_of(std::vector<std::string>{"run.yaml", "results.log", "games.csv"}, here)) {
    checked = options.check(kind->name);
  }
  std::vector<std::string> problems = checked.value_or(std::vector<std::string>{});
  for (const auto& line : problems) facts += note(cat("Warning: ", html_escape(line), "."));
  for (const auto& f : checked ? std::vector<std::string>{} : kind->expected) {
    if (!fs::exists(options.run_dir / f, ec)) {
      problems.push_back(cat((options.run_dir / f).string(), ": missing (a ", kind->name,
                             " run writes it); the report leaves out what it holds"));
      facts += note(cat("Warning: ", html_escape(f), " is missing (a ", kind->name,
                        " run writes it): the report leaves out what it holds."));
    }
  }
  // An older or hand-made tournament folder: the standings held to games.csv.
  if (kind->name == "tournament" && !checked) {
    for (const auto& line : tournament_checks(options.run_dir)) {
      problems.push_back(line);
      facts += note(cat("Warning: ", html_escape(line), "."));
    }
  }
  std::string html =
      cat("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>",
          html_escape(title), " — ", kind->name, " report</title>\n", page_style(),
          "</head>\n<body>\n<h1>", html_escape(title), "</h1>\n",
          note(cat(kind->name, " report of ",
                   html_escape(fs::absolute(options.run_dir).lexically_normal().string()),
                   ", written by <code>harness report</code>.")),
          facts);
  try {
    for (const auto& s : kind->sections(ctx)) {
      html += cat("<h2>", html_escape(s.title), "</h2>\n", s.html);
    }
  } catch (const std::exception& e) {
    // A file the check found damaged may not be drawn: its problems are the answer, and what
    // stopped the drawing the last of them.
    if (!checked || problems.empty()) throw;
    problems.push_back(cat("no report written: ", e.what()));
    return {kind->name, {}, images, problems};
  }
  write_file(out_dir / "report.html", html + page_script() + "</body>\n</html>\n");
  return {kind->name, out_dir / "report.html", images, problems};
}

}  // namespace gts::report
