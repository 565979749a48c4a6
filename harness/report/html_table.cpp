#include "harness/report/html_table.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "harness/strf.h"

namespace gts::report {

namespace {

const char* const kMinus = "−";  // U+2212, as typeset
const char* const kNone = "—";

// "1234567" -> "1,234,567"; `digits` holds an optional sign then digits.
std::string group_thousands(const std::string& digits) {
  const std::size_t start = digits[0] == '-' ? 1 : 0;
  std::string out = digits.substr(0, start);
  for (std::size_t i = start; i < digits.size(); ++i) {
    if (i > start && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// A typographic minus in place of the ASCII one.
std::string minus(const std::string& text) {
  return !text.empty() && text[0] == '-' ? kMinus + text.substr(1) : text;
}

// Three significant digits, thousands grouped from 100 up: 1,235; 12.3; 1.23; 0.0123.
std::string significant(double v) {
  const double a = std::fabs(v);
  if (a >= 99.95) return minus(group_thousands(strf("%.0f", v)));
  if (a == std::floor(a)) return minus(strf("%.0f", v));
  if (a >= 9.995) return minus(strf("%.1f", v));
  if (a >= 0.9995) return minus(strf("%.2f", v));
  return minus(strf("%.3g", v));
}

std::string duration(double seconds) {
  const double a = std::fabs(seconds);
  if (a == 0) return "0";
  if (a >= 1) return significant(seconds) + " s";
  if (a >= 1e-3) return significant(seconds * 1e3) + " ms";
  if (a >= 1e-6) return significant(seconds * 1e6) + " µs";
  return significant(seconds * 1e9) + " ns";
}

std::string bytes(double v) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  std::size_t u = 0;
  while (std::fabs(v) >= 1024 && u + 1 < std::size(units)) {
    v /= 1024;
    ++u;
  }
  return u == 0 ? strf("%.0f B", v) : strf("%.1f %s", v, units[u]);
}

bool numeric_format(Format f) { return f != Format::kText && f != Format::kName; }

}  // namespace

std::string format_number(Format format, double v) {
  if (std::isnan(v)) return kNone;
  if (std::isinf(v)) return kNone;
  switch (format) {
    case Format::kText:
    case Format::kName:
    case Format::kNumber:
      return significant(v);
    case Format::kCount:
      return v == std::floor(v) ? minus(group_thousands(strf("%.0f", v))) : significant(v);
    case Format::kSigned:
      return v > 0 ? cat("+", significant(v)) : significant(v);
    case Format::kElo:
      return v > 0 ? strf("+%.1f", v) : minus(strf("%.1f", v == 0 ? 0.0 : v));
    case Format::kPercent:
      return strf("%.1f%%", v);
    case Format::kFraction:
      return strf("%.1f%%", 100 * v);
    case Format::kRatio:
      return significant(v) + "×";
    case Format::kBytes:
      return bytes(v);
    case Format::kNs:
      return duration(v * 1e-9);
    case Format::kUs:
      return duration(v * 1e-6);
    case Format::kMs:
      return duration(v * 1e-3);
    case Format::kBool:
      return v != 0 ? "yes" : "no";
  }
  return significant(v);
}

Cell format_cell(Format format, std::string_view raw, std::string_view error) {
  if (!numeric_format(format)) return {html_escape(raw)};
  if (format == Format::kBool) {
    const bool yes = raw == "yes" || raw == "true" || raw == "1";
    const bool no = raw == "no" || raw == "false" || raw == "0";
    if (!yes && !no) return {html_escape(raw)};
    return {yes ? "yes" : "no", yes ? "1" : "0"};
  }
  if (raw.empty()) return {kNone};
  const double v = parse_number(raw);
  if (std::isnan(v)) {
    // Text in a numeric column ("max" for a depth) stays as written; nan is no value.
    if (raw == "nan" || raw == "-nan") return {kNone, "", "no value"};
    return {html_escape(raw)};
  }
  if (std::isinf(v)) {
    return {kNone, v > 0 ? "Infinity" : "-Infinity",
            v > 0 ? "unbounded above (infinite)" : "unbounded below (infinite)"};
  }
  Cell cell{format_number(format, v), strf("%.17g", v)};
  if (!error.empty()) {
    const double e = parse_number(error);
    if (std::isfinite(e)) {
      cell.html += cat(" ± ", format_number(Format::kNumber, e));
    } else {
      cell.title = "no finite interval";
    }
  }
  return cell;
}

std::string html_grid(const Grid& grid) {
  std::string out = "<div class=\"scroll\"><table class=\"sortable\">\n<thead><tr>";
  for (const ColumnInfo& c : grid.columns) {
    out += cat("<th", numeric_format(c.format) ? " class=\"num\"" : "", " title=\"",
               html_escape(c.tip), "\">", html_escape(c.label), "</th>");
  }
  out += "</tr></thead>\n<tbody>\n";
  for (std::size_t r = 0; r < grid.rows.size(); ++r) {
    const bool marked = r < grid.marked.size() && grid.marked[r];
    out += marked ? "<tr class=\"marked\">" : "<tr>";
    for (std::size_t c = 0; c < grid.rows[r].size(); ++c) {
      const Cell& cell = grid.rows[r][c];
      const Format f = c < grid.columns.size() ? grid.columns[c].format : Format::kText;
      const char* cls = f == Format::kName  ? " class=\"name\""
                        : numeric_format(f) ? " class=\"num\""
                                            : "";
      out += cat("<td", cls, cell.sort.empty() ? "" : cat(" data-v=\"", cell.sort, "\""),
                 cell.title.empty() ? "" : cat(" title=\"", html_escape(cell.title), "\""),
                 cell.background.empty() ? "" : cat(" style=\"background:", cell.background, "\""),
                 ">", cell.html, "</td>");
    }
    out += "</tr>\n";
  }
  return out + "</tbody>\n</table></div>\n";
}

std::string html_table(const Table& table, const TableOptions& options) {
  const std::string file = std::filesystem::path(table.file).filename().string();
  // Each CSV column's description: the catalogue's, the caller's, or its name as it is.
  std::vector<ColumnInfo> info;
  for (std::size_t c = 0; c < table.header.size(); ++c) {
    const std::string& name = table.header[c];
    if (const ColumnInfo* known = find_column(file, name)) {
      info.push_back(*known);
      continue;
    }
    ColumnInfo guess = options.unknown ? options.unknown(name) : ColumnInfo{};
    if (guess.label.empty()) {
      bool numeric = true;
      for (const auto& row : table.rows) {
        numeric =
            numeric && (row[c].empty() || !std::isnan(parse_number(row[c])) || row[c] == "nan");
      }
      guess = {name, cat("column ", name, " of ", file), numeric ? Format::kNumber : Format::kText};
    }
    info.push_back(guess);
  }
  // A column with a ± column in the table shows both; the ± column is not shown on its own.
  std::vector<std::ptrdiff_t> error_of(info.size(), -1);
  std::vector<bool> hidden(info.size(), false);
  for (std::size_t c = 0; c < info.size(); ++c) {
    if (info[c].error.empty() || !table.has(info[c].error)) continue;
    error_of[c] = static_cast<std::ptrdiff_t>(table.col(info[c].error));
    hidden[table.col(info[c].error)] = true;
    info[c].label += " ± 95%";
  }
  Grid grid;
  for (std::size_t c = 0; c < info.size(); ++c) {
    if (!hidden[c]) {
      grid.columns.push_back(info[c]);
      grid.columns.back().tip += cat(" (", file, ": ", table.header[c], ")");
    }
  }
  const std::size_t n = std::min(options.max_rows, table.rows.size());
  for (std::size_t r = 0; r < n; ++r) {
    auto& row = grid.rows.emplace_back();
    for (std::size_t c = 0; c < info.size(); ++c) {
      if (hidden[c]) continue;
      const std::string& raw = table.rows[r][c];
      row.push_back(
          format_cell(info[c].format, raw, error_of[c] < 0 ? "" : table.rows[r][error_of[c]]));
      if (options.colour) row.back().background = options.colour(r, c);
    }
  }
  std::string out = html_grid(grid);
  if (n < table.rows.size()) {
    out += note(cat("First ", std::to_string(n), " of ", std::to_string(table.rows.size()),
                    " rows; the rest are in ", html_escape(file), "."));
  }
  return out;
}

}  // namespace gts::report
