#include "harness/pipeline/folder_check.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include "harness/csv.h"
#include "harness/pipeline/run_folder.h"
#include "harness/strf.h"

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

FileLines read_lines(const std::string& path, Findings& findings, bool in_progress) {
  FileLines f;
  f.exists = std::filesystem::is_regular_file(path);
  if (!f.exists) return f;
  const std::string text = read_file_text(path);
  f.lines = complete_lines(path);
  f.cut = !text.empty() && text.back() != '\n' && !in_progress;
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
                 Findings& findings, bool in_progress) {
  CsvFile csv;
  const FileLines f = read_lines(path, findings, in_progress);
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

namespace {

// The text's lines, a last line without its newline among them.
std::vector<std::string> all_lines(const std::string& text) {
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t nl = std::min(text.find('\n', at), text.size());
    lines.push_back(text.substr(at, nl - at));
    at = nl + 1;
  }
  return lines;
}

std::vector<std::string> fields_of(const std::string& line) {
  try {
    return csv::split(line);
  } catch (const std::runtime_error&) {
    return {};
  }
}

}  // namespace

Difference first_difference(const std::string& have, const std::string& want,
                            const std::string& source) {
  const std::vector<std::string> h = all_lines(have), w = all_lines(want);
  const std::string rebuilt = "the table rebuilt from " + source;
  if (h.empty() && !w.empty()) return {1, "empty: not even its header"};
  for (std::size_t i = 0; i < std::min(h.size(), w.size()); ++i) {
    if (h[i] == w[i]) continue;
    const int line = static_cast<int>(i) + 1;
    const std::vector<std::string> header = fields_of(w[0]), a = fields_of(h[i]), b = fields_of(w[i]);
    if (i > 0 && a.size() == header.size() && b.size() == header.size()) {
      for (std::size_t c = 0; c < header.size(); ++c) {
        if (a[c] != b[c]) {
          return {line, header[0] + " " + b[0] + ": " + header[c] + " '" + a[c] + "', where " +
                            rebuilt + " has '" + b[c] + "'"};
        }
      }
    }
    return {line, "differs from " + rebuilt + " ('" + w[i] + "')"};
  }
  if (h.size() > w.size()) {
    return {static_cast<int>(w.size()) + 1,
            "a line " + rebuilt + " does not have (it has " + std::to_string(w.size()) + ")"};
  }
  if (h.size() < w.size()) {
    return {static_cast<int>(h.size()) + 1,
            "missing: " + rebuilt + " goes on to line " + std::to_string(w.size())};
  }
  return {};
}

void check_rebuilt(const std::string& path, const std::string& want, const std::string& source,
                   const std::string& written, Findings& findings) {
  const FileLines f = read_lines(path, findings);
  if (!f.exists) {
    findings.add(path, 0, -1, "missing (" + written + ")");
    return;
  }
  if (f.cut) return;
  const Difference d = first_difference(read_file_text(path), want, source);
  if (d.line > 0) findings.add(path, d.line, -1, d.what);
}

namespace folder {

std::string emitted(const YAML::Node& node) {
  YAML::Emitter e;
  e << node;
  return e.c_str();
}

bool is(const YAML::Node& node, YAML::NodeType::value type) {
  return node.IsDefined() && node.Type() == type;
}

std::optional<long> whole(const std::string& text) { return parse_whole<long>(text); }

// A YAML file the run wrote: complete, YAML, a map of the top-level `keys` only (`of` names
// them; any keys when empty), and no key given twice in any map (the parser would keep either
// silently). Nullopt when it is not whole.
std::optional<YAML::Node> read_yaml(const std::string& path, const std::string& written,
                                    const std::vector<std::string>& keys, const std::string& of,
                                    Findings& findings) {
  const FileLines f = read_lines(path, findings);
  if (!f.exists) {
    findings.add(path, 0, -1, "missing (" + written + ")");
    return std::nullopt;
  }
  if (f.cut) return std::nullopt;
  YAML::Node root;
  try {
    root = YAML::LoadFile(path);
  } catch (const YAML::Exception& e) {
    findings.add(path, e.mark.line + 1, -1, "does not read as YAML: " + e.msg);
    return std::nullopt;
  }
  if (!root.IsMap()) {
    findings.add(path, 1, -1, f.lines.empty() ? "empty" : "not a map of keys");
    return std::nullopt;
  }
  for (const auto& kv : root) {
    if (!keys.empty() && std::ranges::find(keys, kv.first.Scalar()) == keys.end()) {
      findings.add(path, kv.first.Mark().line + 1, -1,
                   "'" + kv.first.Scalar() + "': not an entry of " + of);
    }
  }
  const auto walk = [&](const auto& self, const YAML::Node& node) -> void {
    if (node.IsSequence()) {
      for (const auto& item : node) self(self, item);
    }
    if (!node.IsMap()) return;
    std::map<std::string, int> line_of;
    for (const auto& kv : node) {
      const int line = kv.first.Mark().line + 1;
      if (const auto [it, fresh] = line_of.emplace(kv.first.Scalar(), line); !fresh) {
        findings.add(path, line, -1,
                     "'" + kv.first.Scalar() + "' given again (first at line " +
                         std::to_string(it->second) + ")");
      }
      self(self, kv.second);
    }
  };
  walk(walk, root);
  return root;
}


RunFacts check_run_yaml(const std::string& dir, const std::string& unit, Findings& findings) {
  const std::string path = dir + "/run.yaml";
  RunFacts facts;
  const std::optional<YAML::Node> root = read_yaml(path, "every run writes it", {"run", "config"},
                                                   "a run.yaml (run, config)", findings);
  if (!root) return facts;
  const YAML::Node run = (*root)["run"];
  const YAML::Node config = (*root)["config"];
  if (!is(run, kMap) || !is(config, kMap)) {
    findings.add(path, 0, -1, "not a run.yaml: it needs a 'run' and a 'config' map");
    return facts;
  }
  const auto count = [&](const std::string& key) -> long {
    const YAML::Node n = run[key];
    if (!n) return -1;
    const auto v = is(n, kScalar) ? whole(n.Scalar()) : std::nullopt;
    if (!v || *v < 0) {
      findings.add(path, n.Mark().line + 1, -1, "'" + key + "' is not a count");
      return -1;
    }
    return *v;
  };
  facts.total = count(unit + "_total");
  facts.done = count(unit + "_done");
  if (is(run["status"], kScalar)) facts.status = run["status"].Scalar();
  if (is(run["verdict"], kScalar)) facts.verdict = run["verdict"].Scalar();
  if (facts.total >= 0 && facts.done > facts.total) {
    findings.add(path, run[unit + "_done"].Mark().line + 1, -1,
                 unit + "_done " + std::to_string(facts.done) + " exceeds " + unit + "_total " +
                     std::to_string(facts.total));
  }
  // Its config is what the other files are held to, only from a whole run.yaml.
  if (findings.clean(path)) facts.config = config;
  return facts;
}

void check_config_yaml(const std::string& dir, const RunFacts& facts, Findings& findings) {
  const std::string path = dir + "/config.yaml";
  std::vector<std::string> keys;
  if (facts.config) {
    for (const auto& kv : *facts.config) keys.push_back(kv.first.Scalar());
  }
  const std::optional<YAML::Node> config =
      read_yaml(path, "every compare and solve run writes it", keys, "run.yaml's config", findings);
  if (!config || !facts.config || !findings.clean(path)) return;
  for (const auto& kv : *config) {
    const std::string key = kv.first.Scalar();
    const YAML::Node theirs = (*facts.config)[key];
    if (emitted(theirs) != emitted(kv.second)) {
      findings.add(path, kv.first.Mark().line + 1, -1,
                   "'" + key + "' differs from run.yaml's config (the config the run was given)");
    }
  }
  for (const auto& kv : *facts.config) {
    if (!(*config)[kv.first.Scalar()]) {
      findings.add(path, 0, -1, "'" + kv.first.Scalar() + "' missing (run.yaml's config has it)");
    }
  }
}

void check_results_log(const std::string& dir, const std::string& unit, const RunFacts& facts,
                       Findings& findings) {
  const std::string path = dir + "/results.log";
  const FileLines f = read_lines(path, findings, facts.running());
  if (!f.exists) {
    findings.add(path, 0, -1, "missing (the journal every compare and solve run writes)");
    return;
  }
  Numbered jobs{.unit = "job", .bound = "run.yaml: " + unit + "_total", .line_of = {}};
  for (std::size_t i = 0; i < f.lines.size(); ++i) {
    const std::string& l = f.lines[i];
    const int line = static_cast<int>(i) + 1;
    int index = -1;
    const auto [space, ec] = std::from_chars(l.data(), l.data() + l.size(), index);
    const std::size_t hex = static_cast<std::size_t>(space - l.data()) + 1;
    if (ec != std::errc() || hex > l.size() || l[hex - 1] != ' ' || (l.size() - hex) % 2 != 0 ||
        l.find_first_not_of("0123456789abcdef", hex) != std::string::npos) {
      findings.add(path, line, -1, "not a job's result (its number, a space, then bytes in hex)");
      continue;
    }
    if (facts.total >= 0) {
      (void)jobs.take(index, line, static_cast<int>(facts.total), path, findings);
    }
  }
  if (facts.total >= 0 && facts.done >= 0 && !facts.running() &&
      static_cast<long>(jobs.line_of.size()) != facts.done) {
    findings.add(path, 0, -1,
                 "holds " + std::to_string(jobs.line_of.size()) + " results; run.yaml's " + unit +
                     "_done is " + std::to_string(facts.done));
  }
}

std::string at_end(const std::string& kind, const std::string& status) {
  if (status == "finished" || status.empty()) return "a " + kind + " run writes it";
  return "a " + kind + " run writes it at its end; run.yaml's status is '" + status +
         "': finish it with --resume";
}

}  // namespace folder

}  // namespace gts
