#include "harness/report/report.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "games/params.h"
#include "harness/config/config_error.h"
#include "harness/csv.h"
#include "harness/report/report_common.h"

namespace gts::report {

namespace fs = std::filesystem;

// ---------------------------------------------------------------------------------------------
// Tables and HTML helpers

std::size_t Table::col(std::string_view name) const {
  for (std::size_t i = 0; i < header.size(); ++i) {
    if (header[i] == name) return i;
  }
  throw ConfigError(file, 1, 1, cat("no column '", std::string(name), "' in the header"));
}

bool Table::has(std::string_view name) const {
  for (const auto& h : header) {
    if (h == name) return true;
  }
  return false;
}

const std::string& Table::at(std::size_t row, std::string_view column) const {
  static const std::string empty;
  const std::size_t c = col(column);
  return c < rows[row].size() ? rows[row][c] : empty;
}

double Table::number(std::size_t row, std::string_view column) const {
  return parse_number(at(row, column));
}

double parse_number(std::string_view text) {
  if (text == "inf" || text == "+inf") return std::numeric_limits<double>::infinity();
  if (text == "-inf") return -std::numeric_limits<double>::infinity();
  if (text.empty()) return std::numeric_limits<double>::quiet_NaN();
  const std::string s(text);
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size()) return std::numeric_limits<double>::quiet_NaN();
  return v;
}

Table read_table(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError(path.string(), "cannot read the file");
  std::stringstream content;
  content << in.rdbuf();
  const std::string text = content.str();
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
    } else {
      if (fields.size() != t.header.size()) {
        throw bad(line_no, cat(std::to_string(fields.size()), " fields where the header has ",
                               std::to_string(t.header.size())));
      }
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

std::string html_escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string html_table(const Table& table, std::size_t max_rows) {
  std::vector<bool> numeric(table.header.size(), true);
  for (const auto& row : table.rows) {
    for (std::size_t c = 0; c < row.size(); ++c) {
      if (!row[c].empty() && std::isnan(parse_number(row[c])) && row[c] != "nan") {
        numeric[c] = false;
      }
    }
  }
  std::string out = "<table>\n<tr>";
  for (const auto& h : table.header) out += cat("<th>", html_escape(h), "</th>");
  out += "</tr>\n";
  const std::size_t n = std::min(max_rows, table.rows.size());
  for (std::size_t r = 0; r < n; ++r) {
    out += "<tr>";
    for (std::size_t c = 0; c < table.rows[r].size(); ++c) {
      out += numeric[c] ? "<td class=\"num\">" : "<td>";
      out += html_escape(table.rows[r][c]);
      out += "</td>";
    }
    out += "</tr>\n";
  }
  out += "</table>\n";
  if (n < table.rows.size()) {
    out += cat("<p class=\"note\">First ", std::to_string(n), " of ",
               std::to_string(table.rows.size()), " rows; the rest are in ",
               html_escape(fs::path(table.file).filename().string()), ".</p>\n");
  }
  return out;
}

std::string Context::link(const std::string& file) const {
  std::error_code ec;
  fs::path rel = fs::relative(run_dir / file, out_dir, ec);
  if (ec || rel.empty()) rel = fs::absolute(run_dir / file);
  return html_escape(rel.generic_string());
}

std::string Context::figure(const std::string& name, const std::string& caption) {
  const std::string png = cat("plots/", name, ".png");
  const std::string svg = cat("plots/", name, ".svg");
  return cat("<figure><a href=\"", svg, "\"><img src=\"", png, "\" alt=\"", html_escape(caption),
             "\"></a><figcaption>", caption, " <span class=\"note\">(<a href=\"", svg,
             "\">SVG</a>, <a href=\"plots/", name,
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

// ---------------------------------------------------------------------------------------------
// Plot helpers

std::string fixed(double v, int decimals) {
  if (std::isnan(v)) return "–";
  if (std::isinf(v)) return v > 0 ? "+∞" : "−∞";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string gp_number(double v) {
  if (!std::isfinite(v)) return "nan";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

std::string tics(const std::vector<std::string>& names) {
  std::string out = "(";
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += ", ";
    out += gp_quote(names[i]);
    out += " ";
    out += std::to_string(i);
  }
  out += ")";
  return out;
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

std::string box_plot(const Context& ctx, const std::string& name, const std::string& title,
                     const std::string& ylabel, const std::vector<std::string>& players,
                     const std::vector<std::vector<double>>& values, double floor) {
  std::vector<double> all;
  for (const auto& v : values) {
    for (double x : v) all.push_back(std::max(x, floor));
  }
  if (all.empty()) return cat("<p class=\"note\">", html_escape(title), ": no data.</p>\n");
  std::string data;
  std::string means = "# player mean\n";
  for (std::size_t i = 0; i < players.size(); ++i) {
    data += cat("# ", players[i], "\n");
    double sum = 0;
    for (double v : values[i]) {
      data += gp_number(std::max(v, floor)) + "\n";
      sum += v;
    }
    if (values[i].empty()) data += "nan\n";
    data += "\n\n";
    means += std::to_string(i) + " " +
             (values[i].empty() ? "nan" : gp_number(std::max(sum / values[i].size(), floor))) +
             "\n";
  }
  data += means;
  const int n = static_cast<int>(players.size());
  PlotSpec p;
  p.name = name;
  p.data = data;
  p.width = std::max(640, 160 + 80 * n);
  p.height = 480;
  p.body =
      plot_style() + "set title " + gp_quote(title) +
      "\nset label 99 'boxes: quartiles and median; whiskers: min and max; ▲ mean' at graph 0.5, "
      "graph 1.03 center font ',9' tc rgb '#555555'\n" +
      "set ylabel " + gp_quote(ylabel) +
      "\n"
      "set logscale y\nset format y '%g'\n"
      "set yrange [" +
      gp_number(log_axis_floor(all)) +
      ":*]\n"
      "set xtics " +
      tics(players) +
      " rotate by 30 right\n"
      "set xrange [-0.6:" +
      std::to_string(n) +
      "-0.4]\n"
      "set grid noxtics ytics mytics\n"
      "set style fill solid 0.35 border lc rgb '#1f4e79'\n"
      "set style boxplot fraction 1.0 nooutliers\nset boxwidth 0.55\n"

      "plot for [i=0:" +
      std::to_string(n - 1) + "] '" + name +
      ".dat' index i using (i):1 with boxplot lc rgb '#1f77b4' notitle, \\\n"
      "     '' index " +
      std::to_string(n) + " using 1:2 with points pt 9 ps 1.6 lc rgb '#d62728' notitle\n";
  ctx.gnuplot->render(p);
  return Context::figure(
      name, title +
                ": box from the first to the third quartile, line at the "
                "median, whiskers to the minimum and maximum; the triangle is the mean.");
}

// ---------------------------------------------------------------------------------------------
// The run kinds

namespace {

struct RunKind {
  std::string name;
  std::vector<std::string> required;  // files that mark the kind
  std::function<std::vector<Section>(const Context&)> sections;
};

// The one place that knows the kinds of run folders. A new kind (compare, tune) adds a line here
// and a function like tournament_sections().
const std::vector<RunKind>& run_kinds() {
  static const std::vector<RunKind> kinds = {
      {"tournament", {"standings.csv", "crosstable.csv"}, tournament_sections},
      {"solve", {"solved_within.csv", "summary.csv"}, solve_sections},
      {"compare", {"compare.csv", "summary.csv"}, compare_sections},
      {"tune", {"tune.csv", "run.yaml"}, tune_sections},
  };
  return kinds;
}

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
    return cat("<p class=\"note\">", path.filename().string(),
               " could not be read: ", html_escape(e.what()), "</p>\n");
  }
  std::vector<std::pair<std::string, std::string>> facts;
  auto add = [&](const std::string& label, const YAML::Node& node) {
    const std::string v = yaml_text(node);
    if (!v.empty()) facts.emplace_back(label, v);
  };
  // run.yaml holds the resolved config under `config`; a solve folder's config.yaml is the config.
  const YAML::Node config = root["config"] ? root["config"] : root;
  const YAML::Node run = root["run"];
  if (config && config["name"]) title = yaml_text(config["name"]);
  if (config && config["game"] && config["game"].IsScalar()) {
    facts.emplace_back("game", yaml_text(config["game"]));
  } else if (config && config["game"] && config["game"].IsMap()) {
    std::string game = yaml_text(config["game"]["name"]);
    if (config["game"]["params"]) game += cat(" ", yaml_text(config["game"]["params"]));
    if (!game.empty()) facts.emplace_back("game", game);
  }
  if (config && config["problems"] && config["problems"].IsSequence()) {
    facts.emplace_back("problems", std::to_string(config["problems"].size()));
  }
  if (config && config["limits"]) add("limits", config["limits"]);
  if (run) {
    add("status", run["status"]);
    for (const char* unit : {"games", "jobs", "runs"}) add(unit, run[std::string(unit) + "_done"]);
    add("seed", run["seed"]);
    add("threads", run["threads"]);
    add("started", run["started"]);
    add("finished", run["finished"]);
    add("command", run["command"]);
    add("version", run["version"]);
    add("config hash", run["config_hash"]);
    if (run["machine"]) add("machine", run["machine"]["cpu"]);
  }
  std::string out = "<table class=\"facts\">\n";
  for (const auto& [k, v] : facts) {
    out += cat("<tr><th>", html_escape(k), "</th><td>", html_escape(v), "</td></tr>\n");
  }
  out += "</table>\n";
  return out;
}

const char* kStyle = R"(<style>
body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; margin: 2em auto; max-width: 1200px;
       color: #222; padding: 0 1em; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { font-size: 1.25em; border-bottom: 1px solid #ccc; padding-bottom: 0.2em; margin-top: 2em; }
table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; }
th { background: #f2f2f2; text-align: left; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
table.facts th { width: 9em; }
figure { margin: 1em 0; }
figure img { max-width: 100%; border: 1px solid #eee; }
figcaption { font-size: 0.9em; color: #444; }
.note { color: #666; font-size: 0.9em; }
.grid { display: flex; flex-wrap: wrap; gap: 1em; }
.grid figure { flex: 1 1 520px; }
</style>
)";

}  // namespace

ReportResult write_report(const ReportOptions& options) {
  std::error_code ec;
  if (!fs::is_directory(options.run_dir, ec)) {
    throw ParamError(cat("report: '", options.run_dir.string(), "' is not a folder"));
  }
  const RunKind* kind = nullptr;
  std::string known;
  for (const auto& k : run_kinds()) {
    bool all = true;
    for (const auto& f : k.required) all = all && fs::exists(options.run_dir / f, ec);
    if (all && kind == nullptr) kind = &k;
    std::string files;
    for (const auto& f : k.required) files += cat(files.empty() ? "" : " + ", f);
    known += cat(known.empty() ? "" : "; ", k.name, ": ", files);
  }
  if (kind == nullptr) {
    throw ParamError(cat("report: '", options.run_dir.string(),
                         "' holds no run this command knows (", known, ")"));
  }
  const std::string gnuplot_exe = options.gnuplot.empty() ? find_gnuplot() : options.gnuplot;

  ReportResult result;
  result.kind = kind->name;
  const fs::path out_dir = options.out_dir.empty() ? options.run_dir : options.out_dir;
  fs::create_directories(out_dir / "plots");
  Gnuplot gnuplot(gnuplot_exe, out_dir / "plots");
  Context ctx{options.run_dir, out_dir, &gnuplot};

  std::string title = options.run_dir.filename().string();
  if (title.empty() || title == ".") title = fs::absolute(options.run_dir).filename().string();
  const std::string facts = run_facts(options.run_dir, title);
  const std::vector<Section> sections = kind->sections(ctx);

  std::string html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  html += cat("<title>", html_escape(title), " — ", kind->name, " report</title>\n");
  html += kStyle;
  html += "</head>\n<body>\n";
  html += cat("<h1>", html_escape(title), "</h1>\n");
  html += cat("<p class=\"note\">", kind->name, " report of ",
              html_escape(fs::absolute(options.run_dir).lexically_normal().string()),
              ", written by <code>harness report</code>.</p>\n");
  html += facts;
  for (const auto& s : sections) {
    html += cat("<h2>", html_escape(s.title), "</h2>\n", s.html);
  }
  html += "</body>\n</html>\n";
  result.html = out_dir / "report.html";
  std::ofstream out(result.html, std::ios::binary);
  out << html;
  if (!out) throw std::runtime_error(cat("cannot write ", result.html.string()));
  result.images = gnuplot.images();
  return result;
}

}  // namespace gts::report
