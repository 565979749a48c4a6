// Pieces shared by the report kinds: CSV tables, HTML building, number formatting.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/report/cat.h"
#include "harness/report/gnuplot.h"

namespace gts::report {

struct Table {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;

  // Index of a column; throws std::runtime_error naming the file when it is missing.
  [[nodiscard]] std::size_t col(std::string_view name) const;
  [[nodiscard]] bool has(std::string_view name) const;
  [[nodiscard]] const std::string& at(std::size_t row, std::string_view column) const;
  [[nodiscard]] double number(std::size_t row, std::string_view column) const;  // NaN if not one
  std::string file;  // the path it was read from
};

// Reads a CSV written by the harness; throws std::runtime_error for a malformed file.
Table read_table(const std::filesystem::path& path);
std::optional<Table> read_table_if(const std::filesystem::path& path);

// Parses a number as the harness writes them ("12.5", "inf", "-inf", "nan"); NaN when it is not.
double parse_number(std::string_view text);

std::string html_escape(std::string_view text);
// A whole table as HTML; `numeric` columns are right-aligned.
std::string html_table(const Table& table, std::size_t max_rows = 500);

// What a report kind hands back: its HTML (sections) and the plots it drew.
struct Section {
  std::string title;
  std::string html;
};

struct Context {
  std::filesystem::path run_dir;
  std::filesystem::path out_dir;
  Gnuplot* gnuplot;
  // href of a file of the run folder, relative to the report.
  [[nodiscard]] std::string link(const std::string& file) const;
  // A figure: the PNG shown, linked to its SVG, with a caption.
  [[nodiscard]] static std::string figure(const std::string& name, const std::string& caption);
};

std::vector<Section> tournament_sections(const Context& ctx);
std::vector<Section> solve_sections(const Context& ctx);
std::vector<Section> compare_sections(const Context& ctx);
std::vector<Section> tune_sections(const Context& ctx);

// Lines of gnuplot that every plot shares (grid, border, key style).
std::string plot_style();

// "12.3" with `decimals` decimals; "–" for NaN, "+∞"/"−∞" for infinities (for HTML).
std::string fixed(double v, int decimals);
// A number for a gnuplot data file ("nan" when not finite).
std::string gp_number(double v);
// A gnuplot tic list placing `names` at 0, 1, 2, ...
std::string tics(const std::vector<std::string>& names);

// The lower end of a log axis that shows `values` (a decade below the smallest positive one).
double log_axis_floor(const std::vector<double>& values);

// Box plots (quartiles, median, whiskers to the minimum and maximum) of `values[i]` above
// `labels[i]` on a log axis, with each mean as a triangle; values below `floor` are drawn at it.
// Renders plots/NAME.* and returns its HTML figure.
std::string box_plot(const Context& ctx, const std::string& name, const std::string& title,
                     const std::string& ylabel, const std::vector<std::string>& labels,
                     const std::vector<std::vector<double>>& values, double floor);

}  // namespace gts::report
