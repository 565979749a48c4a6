#include "harness/pipeline/folder_check.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include "harness/csv.h"
#include "harness/pipeline/run_folder.h"

namespace gts {

void Findings::add(const std::string& path, int line, int game, const std::string& what) {
  std::string text = path;
  if (line > 0) text.append(":").append(std::to_string(line));
  text.append(": ");
  if (game >= 0) text.append("game ").append(std::to_string(game)).append(": ");
  text.append(what);
  if (echo_) std::fprintf(stderr, "%s\n", text.c_str());
  lines_.push_back(std::move(text));
}

bool Findings::clean(const std::string& path) const {
  return std::ranges::none_of(lines_, [&](const std::string& l) {
    return l.starts_with(path) && l.size() > path.size() && l[path.size()] == ':';
  });
}

FileLines read_lines(const std::string& path, Findings& findings) {
  FileLines f;
  f.exists = std::filesystem::is_regular_file(path);
  if (!f.exists) return f;
  const std::string text = read_file_text(path);
  f.lines = complete_lines(path);
  f.cut = !text.empty() && text.back() != '\n';
  if (f.cut) {
    findings.add(path, static_cast<int>(f.lines.size()) + 1, -1,
                 "cut mid-line (the last line has no newline): the file is truncated");
  }
  return f;
}

std::string ranges_text(const std::set<int>& numbers) {
  std::string out;
  for (auto it = numbers.begin(); it != numbers.end();) {
    const int first = *it;
    int last = first;
    while (++it != numbers.end() && *it == last + 1) ++last;
    if (!out.empty()) out.append(", ");
    out.append(std::to_string(first));
    if (last > first) out.append("-").append(std::to_string(last));
  }
  return out;
}

bool Numbered::take(int n, int line, int total, const std::string& path, Findings& findings) {
  // A game is named by Findings' own prefix, any other unit here.
  const bool game = unit == "game";
  const std::string who = game ? "" : unit + " " + std::to_string(n) + ": ";
  if (n < 0 || n >= total) {
    findings.add(path, line, game ? n : -1,
                 who + "not a " + unit + " of this run (" + bound + " " + std::to_string(total) +
                     ", numbered from 0)");
    return false;
  }
  if (const auto [it, fresh] = line_of.emplace(n, line); !fresh) {
    findings.add(path, line, game ? n : -1,
                 who + "recorded again (first at line " + std::to_string(it->second) + ")");
    return false;
  }
  return true;
}

std::size_t CsvFile::col(const std::string& name) const {
  const auto it = std::find(header.begin(), header.end(), name);
  if (it == header.end()) throw std::logic_error("no column " + name + " in a checked header");
  return static_cast<std::size_t>(it - header.begin());
}

CsvFile read_csv(const std::string& path, const std::string& expected, const std::string& written,
                 Findings& findings) {
  CsvFile csv;
  const FileLines f = read_lines(path, findings);
  csv.exists = f.exists;
  if (!f.exists) {
    findings.add(path, 0, -1, "missing (" + written + ")");
    return csv;
  }
  if (f.lines.empty()) {
    if (!f.cut) findings.add(path, 1, -1, "empty: not even its header");
    return csv;
  }
  const std::string name = std::filesystem::path(path).filename().string();
  if (!expected.empty() && f.lines[0] != expected) {
    findings.add(path, 1, -1, "not the header of a " + name + " (" + expected + ")");
    return csv;
  }
  try {
    csv.header = csv::split(f.lines[0]);
  } catch (const std::runtime_error& e) {
    findings.add(path, 1, -1, std::string("not a header: ") + e.what());
    return csv;
  }
  for (std::size_t i = 1; i < f.lines.size(); ++i) {
    const int line = static_cast<int>(i) + 1;
    try {
      std::vector<std::string> fields = csv::split(f.lines[i]);
      if (fields.size() != csv.header.size()) {
        findings.add(path, line, -1,
                     "not a row: " + std::to_string(fields.size()) +
                         " fields where the header has " + std::to_string(csv.header.size()));
        continue;
      }
      csv.rows.emplace_back(line, std::move(fields));
    } catch (const std::runtime_error& e) {
      findings.add(path, line, -1, std::string("not a row: ") + e.what());
    }
  }
  return csv;
}

bool Keys::take(const std::string& key, int line, const std::string& path, Findings& findings) {
  if (const auto [it, fresh] = line_of.emplace(key, line); !fresh) {
    findings.add(path, line, -1,
                 key + ": recorded again (first at line " + std::to_string(it->second) + ")");
    return false;
  }
  return true;
}

}  // namespace gts
