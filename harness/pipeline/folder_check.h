// Checking a run folder as a whole before trusting it (`harness replay`, `harness report`): the
// pieces every run kind's checks share. Each disagreement is one line, `FILE[:LINE]: [game N:
// ]what`.
#pragma once

#include <yaml-cpp/yaml.h>

#include <map>
#include <optional>
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
// a finding, but for a run in progress (`in_progress`), whose last line may be being written.
struct FileLines {
  bool exists = false;
  std::vector<std::string> lines;
  bool cut = false;
};
FileLines read_lines(const std::string& path, Findings& findings, bool in_progress = false);

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
                 Findings& findings, bool in_progress = false);

// Where `have`, a file's text, first differs from `want`, the text the run would write (rebuilt
// from `source`, its journal): the line (0: they are alike) and what differs there, by column
// where both lines are rows of one CSV header.
struct Difference {
  int line = 0;
  std::string what;
};
Difference first_difference(const std::string& have, const std::string& want,
                            const std::string& source);
// The file at `path` held to `want` (see first_difference): missing (`written` says by whom) or
// differing at a line is one finding; a file already named (cut) is not compared again.
void check_rebuilt(const std::string& path, const std::string& want, const std::string& source,
                   const std::string& written, Findings& findings);

// The pieces every kind's own checks use to read run.yaml and the files run.yaml describes.
namespace folder {

std::string emitted(const YAML::Node& node);
// Whether `node` is there and of that type (asking a missing key's node its type throws).
bool is(const YAML::Node& node, YAML::NodeType::value type);
inline constexpr auto kMap = YAML::NodeType::Map;
inline constexpr auto kSequence = YAML::NodeType::Sequence;
inline constexpr auto kScalar = YAML::NodeType::Scalar;
// A whole number of a cell or a YAML scalar; nullopt when it is not one.
std::optional<long> whole(const std::string& text);

// What run.yaml says of the run: its resolved config, status and counts of `unit` (-1: unsaid).
struct RunFacts {
  std::optional<YAML::Node> config;  // nullopt unless run.yaml is whole
  std::string status;
  std::string verdict;
  long total = -1, done = -1;
  // A run in progress (or killed): its journal is read as far as it goes, its tables not yet.
  [[nodiscard]] bool running() const { return status == "running"; }
};
// run.yaml whole: present, complete, YAML, no key given twice, nothing but its `run` and `config`
// maps, and counts of `unit` that are counts.
RunFacts check_run_yaml(const std::string& dir, const std::string& unit, Findings& findings);
// config.yaml, the config as the run read it, must be run.yaml's: each top-level key alike.
void check_config_yaml(const std::string& dir, const RunFacts& facts, Findings& findings);
// results.log, the journal of a compare or solve run: a line per finished job ("INDEX HEX"), each
// job of the run once, as many as run.yaml's `unit`_done.
void check_results_log(const std::string& dir, const std::string& unit, const RunFacts& facts,
                       Findings& findings);
// Why a file written at the run's end is expected: said with the status of a run not finished.
std::string at_end(const std::string& kind, const std::string& status);

}  // namespace folder

}  // namespace gts
