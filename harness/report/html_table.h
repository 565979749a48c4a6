// Tables of report.html as a person reads them: each CSV column under a human header with its unit
// and a tooltip (the catalogue in columns.cpp), numbers formatted by kind (bytes as KiB/MiB, times
// in ns..s, Elo as +12.3 ± 4.5, no raw inf or nan), each cell keeping its raw number in `data-v`
// for the page's sort script, inside a box that scrolls when the table is wider than the page.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/report/report.h"

namespace gts::report {

enum class Format {
  kText,      // as written
  kName,      // a player's or algorithm's name: never wraps
  kCount,     // a whole number: 1,234,567
  kNumber,    // a measured number: three significant digits, thousands grouped
  kSigned,    // a value with its sign: +2, −0.5
  kElo,       // Elo: +12.3 (± its error column where the table has one)
  kPercent,   // 0..100: 99.6%
  kFraction,  // 0..1 shown as a percentage
  kRatio,     // 1.53×
  kBytes,     // B, KiB, MiB, GiB
  kNs,        // durations, by the unit the CSV holds them in; shown in ns, µs, ms or s
  kUs,
  kMs,
  kBool,  // yes/no, true/false, 1/0
};

struct ColumnInfo {
  std::string label;  // the header shown, with its unit where the cells carry none
  std::string tip;    // what the column is (the header's tooltip)
  Format format = Format::kText;
  std::string error = "";  // a column shown as this one's "± error" (and then not on its own)
};

// What the catalogue says of `column` of the CSV file named `file` ("pairs.csv"); nullptr for a
// column it does not know.
const ColumnInfo* find_column(std::string_view file, std::string_view column);

// One cell: its HTML and its raw number for sorting ("" where it has none: sorted by its text).
struct Cell {
  std::string html;
  std::string sort = "";
  std::string title = "";       // the cell's own tooltip ("" for none)
  std::string background = "";  // a CSS colour ("" for none)
};

// A CSV cell shown as `format`; `error` is the text of its ± column ("" for none). NaN and empty
// cells show "—"; an infinite one "—" too, with a tooltip that says so.
Cell format_cell(Format format, std::string_view raw, std::string_view error = "");
// A number shown as `format` (the same as format_cell of its text).
std::string format_number(Format format, double v);

// A table built cell by cell, for tables that are not one CSV as it is (the standings).
struct Grid {
  std::vector<ColumnInfo> columns;
  std::vector<std::vector<Cell>> rows;
  std::vector<bool> marked = {};  // rows to highlight (the players under test)
};
std::string html_grid(const Grid& grid);

struct TableOptions {
  std::size_t max_rows = 500;
  // A cell's background colour ("" for none), by row and column of the CSV.
  std::function<std::string(std::size_t row, std::size_t col)> colour = {};
  // How to show a column the catalogue does not know (a player's column in the crosstable);
  // without it, or where it returns an empty label, the CSV's name, numeric when every cell is.
  std::function<ColumnInfo(const std::string& column)> unknown = {};
};

// A CSV table as HTML, its columns as the catalogue describes them for the file it was read from.
std::string html_table(const Table& table, const TableOptions& options = {});

// The page around the sections (page.cpp): its <style>, the <script> that sorts a table by a click
// on a header, and a file as a data: URI ("image/svg+xml") for a page that travels alone.
std::string page_style();
std::string page_script();
std::string data_uri(const std::filesystem::path& file, const std::string& type);

}  // namespace gts::report
