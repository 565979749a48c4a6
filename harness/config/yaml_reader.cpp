#include "harness/config/yaml_reader.h"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>

#include "harness/strf.h"

namespace gts {

namespace {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

// yaml-cpp's message with the bytes it quotes from a binary file written as \xNN.
std::string printable(const std::string& text) {
  std::string out;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    out += byte < 0x20 || byte >= 0x7f ? strf("\\x%02x", byte) : std::string(1, c);
  }
  return out;
}

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// "in 1..1000", or ">= 1" when the upper bound is only the type's limit.
std::string range_text(std::int64_t lo, std::int64_t hi) {
  if (hi >= INT_MAX) return ">= " + std::to_string(lo);
  return "in " + std::to_string(lo) + ".." + std::to_string(hi);
}

// check_keys' and entries' message for a key given twice (yaml-cpp keeps both), at the second.
std::string given_twice(const std::string& key, const std::string& where, const YAML::Node& first) {
  return "'" + key + "' given twice " + where + " (first at " + position_text(first) + ")";
}

}  // namespace

std::string describe_node(const YAML::Node& node) {
  if (!node.IsDefined() || node.IsNull()) return "nothing";
  if (node.IsMap()) return "a map";
  if (node.IsSequence()) return "a list";
  std::string text = node.Scalar();
  if (text.size() > 60) text = text.substr(0, 57) + "...";
  return "'" + text + "'";
}

std::string position_text(const YAML::Node& node) {
  const YAML::Mark m = node.Mark();
  return std::to_string(m.line + 1) + ":" + std::to_string(m.column + 1);
}

std::optional<std::int64_t> parse_integer(std::string_view text) {
  return parse_whole<std::int64_t>(text);
}

std::optional<double> parse_number(std::string_view text) {
  const auto v = parse_whole<double>(text);
  return v && std::isfinite(*v) ? v : std::nullopt;
}

bool is_identifier(std::string_view text) {
  if (text.empty()) return false;
  return std::all_of(text.begin(), text.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '.' || c == '+' ||
           c == '=' || c == '-';
  });
}

std::string YamlReader::relative_path(const std::string& path) const {
  const std::filesystem::path p(path);
  if (p.is_absolute()) return path;
  const std::filesystem::path dir = std::filesystem::path(file_).parent_path();
  return dir.empty() ? path : (dir / p).string();
}

std::string unreadable_reason(const std::string& path) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (!std::filesystem::exists(status)) return "no such file";
  if (std::filesystem::is_directory(status)) return "is a directory, not a file";
  if (!std::filesystem::is_regular_file(status)) return "not a regular file";
  if (!std::ifstream(path)) return "cannot be read (permissions?)";
  return {};
}

namespace {

// Where the first node of a parsed document starts; none for an empty document.
class FirstNode : public YAML::EventHandler {
 public:
  std::optional<YAML::Mark> mark;
  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark& m, YAML::anchor_t) override { see(m); }
  void OnScalar(const YAML::Mark& m, const std::string&, YAML::anchor_t,
                const std::string&) override {
    see(m);
  }
  void OnSequenceStart(const YAML::Mark& m, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {
    see(m);
  }
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark& m, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {
    see(m);
  }
  void OnMapEnd() override {}

 private:
  void see(const YAML::Mark& m) {
    if (!mark) mark = m;
  }
};

}  // namespace

YAML::Node YamlReader::load() const {
  if (const std::string why = unreadable_reason(file_); !why.empty()) fail(why);
  std::ifstream in(file_, std::ios::binary);
  std::stringstream content;
  content << in.rdbuf();
  if (!in || in.bad()) fail("cannot read the file");
  return load_text(content.str());
}

YAML::Node YamlReader::load_text(const std::string& text) const {
  YAML::Node root;
  try {
    root = YAML::Load(text);
    // One document per file: a second one (after `---`) would be read by nothing. Only its
    // first node is looked for (YAML::LoadAll can loop on malformed input, making documents).
    std::istringstream in(text);
    YAML::Parser parser(in);
    FirstNode first, second;
    if (parser.HandleNextDocument(first) && parser.HandleNextDocument(second) && second.mark) {
      fail(*second.mark,
           "a second YAML document (after '---'): a config file holds one document; merge its "
           "keys into the first or move them to a file of their own");
    }
  } catch (const YAML::DeepRecursion& e) {
    // yaml-cpp's guard against stack overflow; its own message says "bad file".
    fail(e.mark,
         "invalid YAML: nested too deep for the parser (at most a few hundred levels of "
         "lists or maps)");
  } catch (const YAML::Exception& e) {
    fail(e.mark, "invalid YAML: " + printable(e.msg));
  }
  if (!root.IsDefined() || root.IsNull()) fail("the file is empty (expected a YAML map)");
  return root;
}

void YamlReader::fail(const YAML::Mark& mark, const std::string& message) const {
  if (mark.is_null() || mark.line < 0 || mark.column < 0) throw ConfigError(file_, message);
  throw ConfigError(file_, mark.line + 1, mark.column + 1, message);
}

void YamlReader::fail(const YAML::Node& at, const std::string& message) const {
  if (!at.IsDefined()) fail(message);
  if (at.IsNull()) {
    for (const auto& [node, key_mark] : empty_values_) {
      if (node.is(at)) fail(key_mark, message);
    }
  }
  fail(at.Mark(), message);
}

void YamlReader::fail(const std::string& message) const { throw ConfigError(file_, message); }

void YamlReader::expect_map(const YAML::Node& node, const std::string& what) const {
  if (!node.IsMap()) fail(node, "expected a map for " + what + ", got " + describe_node(node));
}

void YamlReader::check_keys(const YAML::Node& map, const std::vector<std::string_view>& allowed,
                            const std::string& where) const {
  std::map<std::string, YAML::Node> seen;  // each key's first node
  for (auto it = map.begin(); it != map.end(); ++it) {
    const YAML::Node key = it->first;
    if (!key.IsScalar()) fail(key, "expected a key name " + where + ", got " + describe_node(key));
    const std::string& name = key.Scalar();
    if (std::ranges::find(allowed, name) == allowed.end()) {
      std::string message = "unknown key '" + name + "' " + where;
      std::string_view best;
      std::size_t best_distance = SIZE_MAX;
      for (auto candidate : allowed) {
        const std::size_t d = edit_distance(lower(name), candidate);
        if (d < best_distance) {
          best_distance = d;
          best = candidate;
        }
      }
      // Close enough to be a typo, and not merely because the key is short.
      if (best_distance <= 2 && best_distance * 2 < name.size()) {
        message += "; did you mean '" + std::string(best) + "'?";
      }
      fail(key, message + " (allowed: " + join_strings(allowed, ", ") + ")");
    }
    if (const auto [first, fresh] = seen.emplace(name, key); !fresh) {
      fail(key, given_twice(name, where, first->second));
    }
  }
}

YAML::Node YamlReader::find(const YAML::Node& map, std::string_view key) const {
  if (!map.IsMap()) return undefined_node();
  for (auto it = map.begin(); it != map.end(); ++it) {
    if (it->first.IsScalar() && it->first.Scalar() == key) {
      if (it->second.IsNull()) empty_values_.emplace_back(it->second, it->first.Mark());
      return it->second;
    }
  }
  return undefined_node();
}

YAML::Node YamlReader::find_key(const YAML::Node& map, std::string_view key) {
  if (!map.IsMap()) return undefined_node();
  for (auto it = map.begin(); it != map.end(); ++it) {
    if (it->first.IsScalar() && it->first.Scalar() == key) return it->first;
  }
  return undefined_node();
}

void YamlReader::only_for(const YAML::Node& map, std::string_view key, const std::string& setting,
                          const std::string& required, const std::string& actual) const {
  if (const YAML::Node k = find_key(map, key); k.IsDefined() && actual != required) {
    fail(k, "'" + std::string(key) + "' applies only to " + setting + " '" + required + "', not '" +
                actual + "'");
  }
}

YAML::Node YamlReader::require(const YAML::Node& map, std::string_view key,
                               const std::string& where) const {
  YAML::Node value = find(map, key);
  if (!value.IsDefined()) fail(map, "missing required key '" + std::string(key) + "' " + where);
  return value;
}

void YamlReader::check_map(const YAML::Node& node, const std::string& what,
                           std::initializer_list<std::string_view> allowed) const {
  expect_map(node, what);
  check_keys(node, allowed, "in " + what);
}

YAML::Node YamlReader::find_map(const YAML::Node& map, std::string_view key,
                                const std::string& what,
                                std::initializer_list<std::string_view> allowed) const {
  YAML::Node node = find(map, key);
  if (node.IsDefined()) check_map(node, what, allowed);
  return node;
}

std::string YamlReader::text(const YAML::Node& node, const std::string& what) const {
  if (!node.IsScalar())
    fail(node, "expected a string for " + what + ", got " + describe_node(node));
  return node.Scalar();
}

std::int64_t YamlReader::integer(const YAML::Node& node, const std::string& what, std::int64_t lo,
                                 std::int64_t hi) const {
  std::optional<std::int64_t> v;
  if (node.IsScalar()) v = parse_integer(node.Scalar());
  if (!v || *v < lo || *v > hi) {
    fail(node, "expected an integer " + range_text(lo, hi) + " for " + what + ", got " +
                   describe_node(node));
  }
  return *v;
}

std::uint64_t YamlReader::unsigned_integer(const YAML::Node& node, const std::string& what) const {
  std::optional<std::uint64_t> v;
  if (node.IsScalar()) v = parse_whole<std::uint64_t>(node.Scalar());
  if (!v) fail(node, "expected an integer >= 0 for " + what + ", got " + describe_node(node));
  return *v;
}

double YamlReader::number(const YAML::Node& node, const std::string& what, double lo,
                          double hi) const {
  std::optional<double> v;
  if (node.IsScalar()) v = parse_number(node.Scalar());
  if (!v || *v < lo || *v > hi) {
    fail(node, "expected a number in " + format_number(lo) + ".." + format_number(hi) + " for " +
                   what + ", got " + describe_node(node));
  }
  return *v;
}

bool YamlReader::boolean(const YAML::Node& node, const std::string& what) const {
  if (node.IsScalar()) {
    const std::string v = lower(node.Scalar());
    if (v == "true" || v == "yes" || v == "on") return true;
    if (v == "false" || v == "no" || v == "off") return false;
  }
  fail(node, "expected true or false for " + what + ", got " + describe_node(node));
}

std::string YamlReader::choice(const YAML::Node& node, const std::string& what,
                               std::initializer_list<std::string_view> choices) const {
  if (node.IsScalar() && std::ranges::find(choices, node.Scalar()) != choices.end()) {
    return node.Scalar();
  }
  fail(node, "expected one of " + join_strings(choices, ", ") + " for " + what + ", got " +
                 describe_node(node));
}

std::string YamlReader::identifier(const YAML::Node& node, const std::string& what) const {
  if (!node.IsScalar() || !is_identifier(node.Scalar())) {
    fail(node, "expected a name of letters, digits and _.+=- for " + what + ", got " +
                   describe_node(node));
  }
  return node.Scalar();
}

std::vector<YamlReader::Entry> YamlReader::entries(const YAML::Node& node, const std::string& what,
                                                   const std::string& key_what) const {
  std::vector<Entry> out;
  if (!node.IsDefined()) return out;
  expect_map(node, what);
  for (auto it = node.begin(); it != node.end(); ++it) {
    const std::string key = text(it->first, key_what);
    if (const auto first = std::ranges::find(out, key, &Entry::key); first != out.end()) {
      fail(it->first, given_twice(key, "in " + what, first->key_node));
    }
    out.push_back({key, it->first, it->second});
  }
  return out;
}

std::vector<YAML::Node> YamlReader::items(const YAML::Node& node, const std::string& what) const {
  if (!node.IsSequence())
    fail(node, "expected a list for " + what + ", got " + describe_node(node));
  std::vector<YAML::Node> out;
  for (const auto& item : node) out.push_back(item);
  return out;
}

std::vector<double> YamlReader::numbers(const YAML::Node& node, const std::string& what, double lo,
                                        double hi, bool non_empty) const {
  const auto list = items(node, what);
  if (non_empty && list.empty()) fail(node, "expected a non-empty list for " + what + ", got []");
  std::vector<double> out;
  for (std::size_t i = 0; i < list.size(); ++i) {
    out.push_back(number(list[i], "item " + std::to_string(i + 1) + " of " + what, lo, hi));
  }
  return out;
}

std::vector<YAML::Node> YamlReader::scalar_or_list(const YAML::Node& node, const std::string& what,
                                                   bool& is_list) const {
  is_list = node.IsSequence();
  if (node.IsScalar()) return {node};
  if (!is_list) {
    fail(node, "expected a value or a list of values for " + what + ", got " + describe_node(node));
  }
  if (node.size() == 0) fail(node, "expected a non-empty list for " + what + ", got []");
  std::vector<YAML::Node> out;
  for (const auto& item : node) {
    if (!item.IsScalar()) {
      fail(item,
           "expected a single value in the list for " + what + ", got " + describe_node(item));
    }
    out.push_back(item);
  }
  return out;
}

}  // namespace gts
