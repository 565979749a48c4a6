// Typed, located reading of YAML configuration files (yaml-cpp), shared by every command that takes
// a config (run, compare, solve, tune). Every failure is a ConfigError "FILE:LINE:COL: message"
// whose message says what was expected and what was found, so a typo is fixed without guessing.
//
// Lookups never use yaml-cpp's operator[] on maps: on a non-const node it inserts the key, and on a
// const node a missing key yields a node without a position to report.
#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "harness/config/config_error.h"
#include "harness/strf.h"

namespace gts {

// Why `path` cannot be read as a file ("no such file", "is a directory, not a file", ...); empty
// when it can.
std::string unreadable_reason(const std::string& path);

class YamlReader {
 public:
  // `file` names the document in messages and anchors relative paths written inside it.
  explicit YamlReader(std::string file) : file_(std::move(file)) {}

  [[nodiscard]] const std::string& file() const { return file_; }
  // `path` as written in the document, relative to the document's folder (absolute stays as is).
  [[nodiscard]] std::string relative_path(const std::string& path) const;

  // Reads and parses the file: ConfigError when it is missing, unreadable, not valid YAML (at the
  // parser's position) or empty.
  [[nodiscard]] YAML::Node load() const;
  // Parses `text` as the content of file(): the same errors, for generated or in-memory configs.
  [[nodiscard]] YAML::Node load_text(const std::string& text) const;

  [[noreturn]] void fail(const YAML::Mark& mark, const std::string& message) const;
  [[noreturn]] void fail(const YAML::Node& at, const std::string& message) const;
  [[noreturn]] void fail(const std::string& message) const;

  // Structure. `what` is the phrase naming the value in messages, e.g. "'tournament'".
  void expect_map(const YAML::Node& node, const std::string& what) const;
  // Fails on a key not in `allowed` (suggesting the closest allowed key and listing them all) and
  // on a key given twice. `where` completes "unknown key 'x' ...", e.g. "in 'tournament'".
  void check_keys(const YAML::Node& map, const std::vector<std::string_view>& allowed,
                  const std::string& where) const;
  // The value under `key`, or an undefined node (IsDefined() is false) when the key is absent.
  // An empty value (`key:` and nothing) is remembered so that errors about it point at its key:
  // yaml-cpp places an empty value at the next token, often the next line.
  [[nodiscard]] YAML::Node find(const YAML::Node& map, std::string_view key) const;
  // The key node itself (for its position), or an undefined node.
  [[nodiscard]] static YAML::Node find_key(const YAML::Node& map, std::string_view key);
  // Fails at the key `key` of `map` when it is there but `setting` (e.g. "openings kind") is
  // `actual`, not `required`.
  void only_for(const YAML::Node& map, std::string_view key, const std::string& setting,
                const std::string& required, const std::string& actual) const;
  // The value under `key`; fails at the map when it is absent.
  [[nodiscard]] YAML::Node require(const YAML::Node& map, std::string_view key,
                                   const std::string& where) const;
  // expect_map, then check_keys "in <what>".
  void check_map(const YAML::Node& node, const std::string& what,
                 std::initializer_list<std::string_view> allowed) const;
  // The optional block under `key`, checked as check_map does when present; undefined otherwise.
  YAML::Node find_map(const YAML::Node& map, std::string_view key, const std::string& what,
                      std::initializer_list<std::string_view> allowed) const;

  // Scalars. Each fails at the node with "expected <kind> for <what>, got <found>".
  [[nodiscard]] std::string text(const YAML::Node& node, const std::string& what) const;
  [[nodiscard]] std::int64_t integer(const YAML::Node& node, const std::string& what,
                                     std::int64_t lo, std::int64_t hi) const;
  [[nodiscard]] std::uint64_t unsigned_integer(const YAML::Node& node,
                                               const std::string& what) const;
  [[nodiscard]] double number(const YAML::Node& node, const std::string& what, double lo,
                              double hi) const;
  [[nodiscard]] bool boolean(const YAML::Node& node, const std::string& what) const;
  [[nodiscard]] std::string choice(const YAML::Node& node, const std::string& what,
                                   std::initializer_list<std::string_view> choices) const;
  // A name used in file names and CSV cells: one or more of [A-Za-z0-9_.+=-].
  [[nodiscard]] std::string identifier(const YAML::Node& node, const std::string& what) const;

  // Optional keys: the value under `key` read into `out` by the scalar reader above of its type
  // (integers and numbers within `bounds`, lo and hi; a string: text, or a choice among `choices`
  // where given), and its node; when the key is absent, `out` keeps its value and the node is
  // undefined.
  template <class T, class... Bounds>
  YAML::Node get(const YAML::Node& map, std::string_view key, const std::string& what, T& out,
                 const Bounds&... bounds) const {
    YAML::Node n = find(map, key);
    if (!n.IsDefined()) return n;
    if constexpr (std::is_same_v<T, bool>) {
      out = boolean(n, what, bounds...);
    } else if constexpr (std::is_same_v<T, std::uint64_t>) {
      out = unsigned_integer(n, what, bounds...);
    } else if constexpr (std::is_same_v<T, double>) {
      out = number(n, what, bounds...);
    } else if constexpr (std::is_integral_v<T>) {
      out = static_cast<T>(integer(n, what, bounds...));
    } else {
      out = text(n, what, bounds...);
    }
    return n;
  }
  YAML::Node get(const YAML::Node& map, std::string_view key, const std::string& what,
                 std::string& out, std::initializer_list<std::string_view> choices) const {
    YAML::Node n = find(map, key);
    if (n.IsDefined()) out = choice(n, what, choices);
    return n;
  }

  // The entries of a map whose keys are free text (`key_what` in messages, e.g. "an option name"),
  // in the order written, each key once; none when `node` is undefined (the key absent).
  struct Entry {
    std::string key;
    YAML::Node key_node;
    YAML::Node value;
  };
  [[nodiscard]] std::vector<Entry> entries(const YAML::Node& node, const std::string& what,
                                           const std::string& key_what) const;
  // The items of a list (which must be one).
  [[nodiscard]] std::vector<YAML::Node> items(const YAML::Node& node,
                                              const std::string& what) const;
  // A list of numbers in lo..hi ("item N of <what>" in messages); `non_empty` rejects [].
  [[nodiscard]] std::vector<double> numbers(const YAML::Node& node, const std::string& what,
                                            double lo, double hi, bool non_empty) const;
  // A scalar, or a non-empty list of scalars (the sweep form); `is_list` says which it was.
  [[nodiscard]] std::vector<YAML::Node> scalar_or_list(const YAML::Node& node,
                                                       const std::string& what,
                                                       bool& is_list) const;

 private:
  std::string file_;
  // Empty values met by find(), with the position of their keys.
  mutable std::vector<std::pair<YAML::Node, YAML::Mark>> empty_values_;
};

// A node that IsDefined() says is absent. (A default-constructed YAML::Node is a defined null.)
inline YAML::Node undefined_node() { return YAML::Node(YAML::NodeType::Undefined); }

// "'two'", "a map", "a list" or "nothing": what was found, for "got ..." in messages.
std::string describe_node(const YAML::Node& node);

// "LINE:COL" of a node, 1-based.
std::string position_text(const YAML::Node& node);

// Whole-text decimal parses; nullopt on anything else (signs, spaces, trailing characters).
std::optional<std::int64_t> parse_integer(std::string_view text);
std::optional<double> parse_number(std::string_view text);

// True for a non-empty text made of [A-Za-z0-9_.+=-] only.
bool is_identifier(std::string_view text);

}  // namespace gts
