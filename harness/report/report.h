// `harness report RUN_DIR`: plots (PNG and SVG, through gnuplot) and one report.html that shows
// them beside the tables, from the CSVs a run folder holds.
//
// The kind of run is recognised by its files: kRunKinds in report.cpp is the one place to add a
// kind, with the files that mark it and a function that draws its plots and returns the HTML.
#pragma once

#include <cmath>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/report/gnuplot.h"
#include "harness/strf.h"

namespace gts::report {

// The whole-folder check of a run kind: a line per disagreement, or nullopt for a kind it does not
// check (then the files the kind always writes are looked for).
using FolderCheck = std::function<std::optional<std::vector<std::string>>(const std::string& kind)>;

struct ReportOptions {
  std::filesystem::path run_dir;
  std::filesystem::path out_dir;  // empty: the run folder itself
  // The plots inlined into report.html (as SVG data URIs), so that the one file can be mailed.
  bool self_contained = false;
  std::string kind;               // the kind run.yaml names; empty: known by the files
  FolderCheck check;  // run on a folder of this version (one with run.yaml or a journal)
  // A run in progress: the line that says how far it has gone, and the tables as they stand (its
  // journal so far and the tables rebuilt from it), by file name, read instead of the files.
  std::string progress;
  std::map<std::string, std::string> so_far;
};

struct ReportResult {
  std::string kind;                           // "tournament", "solve"
  std::filesystem::path html;                 // OUT/report.html; empty when none was written
  std::vector<std::filesystem::path> images;  // OUT/plots/*.png and *.svg
  // A line for each disagreement the folder check found, or each file the run kind writes that
  // the folder lacks ("DIR/solve.csv: missing ..."), and for each games.csv row a tournament's
  // standings do not count.
  std::vector<std::string> problems = {};
};

// Throws ParamError for a folder that is missing or holds no known CSVs, std::runtime_error when
// gnuplot is missing or fails. A damaged folder whose files cannot be drawn gets no report.html:
// its problems say why.
ReportResult write_report(const ReportOptions& options);

// Pieces shared by the report kinds: CSV tables, HTML building, plots.

struct Table {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::string file;  // the path it was read from

  // Index of a column; throws ConfigError naming the file when it is missing.
  [[nodiscard]] std::size_t col(std::string_view name) const;
  [[nodiscard]] bool has(std::string_view name) const;
  [[nodiscard]] const std::string& at(std::size_t row, std::string_view column) const;
  // Like at(), but "" where the file has no such column (an optional one).
  [[nodiscard]] std::string get(std::size_t row, std::string_view column) const;
  [[nodiscard]] double number(std::size_t row, std::string_view column) const;  // NaN if not one
};

// Reads a CSV written by the harness; throws ConfigError (file:line:col) for a malformed file.
Table read_table(const std::filesystem::path& path);
// The same from the text of the CSV at `path`.
Table parse_table(const std::string& text, const std::filesystem::path& path);
std::optional<Table> read_table_if(const std::filesystem::path& path);
// The same from the CSV's text, `path` naming it (in errors, and for the columns' descriptions).
Table parse_table(const std::string& text, const std::filesystem::path& path);

// Parses a number as the harness writes them ("12.5", "inf", "-inf", "nan"); NaN when it is not.
inline double parse_number(std::string_view text) {
  return parse_whole<double>(text).value_or(std::nan(""));
}

std::string html_escape(std::string_view text);
// <p class="note">html</p>
std::string note(const std::string& html);

// What a report kind hands back: its HTML (sections) and the plots it drew.
struct Section {
  std::string title;
  std::string html;
};

struct Context {
  std::filesystem::path run_dir;
  std::filesystem::path out_dir;
  std::string gnuplot;                         // the executable
  std::vector<std::filesystem::path>* images;  // drawn so far
  bool self_contained = false;                 // plots inlined, not linked
  const std::map<std::string, std::string>* so_far = nullptr;  // ReportOptions::so_far
  // A table of the run folder (what so_far holds of it, else the file).
  [[nodiscard]] Table table(const std::string& file) const;
  [[nodiscard]] std::optional<Table> table_if(const std::string& file) const;
  // A link to a file of the run folder (its href relative to the report), named by the file.
  [[nodiscard]] std::string link(const std::string& file) const;
  // Renders the plot into plots/ and returns its figure: the PNG shown, linked to its SVG, with a
  // caption; self-contained, the SVG itself inlined.
  [[nodiscard]] std::string plot(const PlotSpec& spec, const std::string& caption) const;
};

std::vector<Section> tournament_sections(const Context& ctx);
// The standings (standings.csv's table, ranked by Elo, a gauntlet's players under test marked by
// run_dir's run.yaml) and the crosstable (crosstable.csv's, each score coloured) as report.html
// shows them.
std::string standings_html(const Table& standings, const std::filesystem::path& run_dir);
std::string crosstable_html(const Table& crosstable);
// A line for each row of a tournament's games.csv the standings cannot count: a game number
// outside run.yaml's games_total or recorded twice, and a count of games other than theirs.
std::vector<std::string> tournament_checks(const std::filesystem::path& run_dir);
std::vector<Section> solve_sections(const Context& ctx);
// A compare folder; one of an accuracy run (accuracy.csv) gets accuracy_sections.
std::vector<Section> compare_sections(const Context& ctx);
std::vector<Section> accuracy_sections(const Context& ctx);
std::vector<Section> tune_sections(const Context& ctx);

// Lines of gnuplot that every plot shares (grid, border, key style).
std::string plot_style();

// "12.3" with `decimals` decimals; "–" for NaN, "+∞"/"−∞" for infinities (for HTML).
std::string fixed(double v, int decimals);
// A number for a gnuplot data file ("nan" when not finite).
std::string gp_number(double v);
inline const std::string& gp_cell(const std::string& text) { return text; }
inline std::string gp_cell(double v) { return gp_number(v); }
// One line of a gnuplot data file: the cells (strings as they are, numbers by gp_number) joined
// by spaces.
template <class... Cells>
std::string gp_row(const Cells&... cells) {
  std::string out;
  ((out += cat(gp_cell(cells), " ")), ...);
  out.back() = '\n';
  return out;
}
// A gnuplot tic list placing `names` at 0, 1, 2, ...
std::string tics(const std::vector<std::string>& names);
// "plot A, \ B, \ C" with one curve a line; empty curves are left out.
std::string plot_command(const std::vector<std::string>& curves);

// The lower end of a log axis that shows `values` (a decade below the smallest positive one).
double log_axis_floor(const std::vector<double>& values);

// A plot of one column per label on a log y axis that shows `values`: `body` styles and draws it
// after the axes are set. A note saying there is no data when `values` is empty.
std::string category_plot(const Context& ctx, const PlotSpec& spec, const std::string& title,
                          const std::string& ylabel, const std::vector<std::string>& labels,
                          const std::vector<double>& values, const std::string& caption);

// Box plots (quartiles, median, whiskers to the minimum and maximum) of `values[i]` above
// `labels[i]` on a log axis, with each mean as a triangle; values below `floor` are drawn at it.
// Renders plots/NAME.* and returns its HTML figure.
std::string box_plot(const Context& ctx, const std::string& name, const std::string& title,
                     const std::string& ylabel, const std::vector<std::string>& labels,
                     const std::vector<std::vector<double>>& values, double floor);

// One horizontal error bar per label on an Elo axis padded by at least `min_pad`: a row's mark with
// its interval, NaN ends running to the plot's edge; a row whose mark is NaN is left out.
// `zero_and_values`: a dashed line at 0 and each mark's value above it.
struct Interval {
  double mark, low, high;
};
std::string interval_plot(const Context& ctx, const std::string& name, const std::string& title,
                          const std::vector<std::string>& labels, const std::vector<Interval>& rows,
                          double min_pad, bool zero_and_values, const std::string& caption);

}  // namespace gts::report
