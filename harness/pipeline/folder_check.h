// Checking a run folder as a whole before trusting it (`harness replay`, `harness report`): the
// pieces every run kind's checks share. Each disagreement is one line, `FILE[:LINE]: [game N:
// ]what`.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

namespace gts {

// The disagreements found, in the order found; with `echo`, each printed on stderr at once.
class Findings {
 public:
  explicit Findings(bool echo) : echo_(echo) {}
  void add(const std::string& path, int line, int game, const std::string& what);
  [[nodiscard]] int count() const { return static_cast<int>(lines_.size()); }
  [[nodiscard]] const std::vector<std::string>& lines() const { return lines_; }
  // No finding names `path`: a file sound enough to hold another to.
  [[nodiscard]] bool clean(const std::string& path) const;

 private:
  bool echo_;
  std::vector<std::string> lines_;
};

// A file's whole lines (numbered from 1), and whether a last line was cut (no newline): a cut is
// a finding.
struct FileLines {
  bool exists = false;
  std::vector<std::string> lines;
  bool cut = false;
};
FileLines read_lines(const std::string& path, Findings& findings);

// "3, 7, 39-59": numbers as ranges, for one line naming many.
std::string ranges_text(const std::set<int>& numbers);

// Each game's (job's) line in one file; a number outside 0..total-1 or seen before is a finding.
struct Numbered {
  std::string unit = "game";                    // what is numbered: "game", "job", "run"
  std::string bound = "run.yaml: games_total";  // what sets the total, for the message
  std::map<int, int> line_of;                   // number -> its (first) line
  [[nodiscard]] bool take(int game, int line, int total, const std::string& path,
                          Findings& findings);
};

// A CSV of a run folder: its header and each row that has the header's fields, with its line.
struct CsvFile {
  bool exists = false;
  std::vector<std::string> header;
  std::vector<std::pair<int, std::vector<std::string>>> rows;  // (line, fields)
  // The column's index; the header was checked, so a missing name is the program's fault.
  [[nodiscard]] std::size_t col(const std::string& name) const;
};
// Reads a CSV the run wrote: missing (`written` says by whom), cut, empty, a header other than
// `expected` (any header when empty) and a row that does not split into the header's fields are
// findings.
CsvFile read_csv(const std::string& path, const std::string& expected, const std::string& written,
                 Findings& findings);

// Each row's key in one file, once: a key seen before is a finding naming its first line.
struct Keys {
  std::map<std::string, int> line_of;
  bool take(const std::string& key, int line, const std::string& path, Findings& findings);
};

}  // namespace gts
