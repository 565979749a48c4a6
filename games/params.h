// Declared parameters (OpenSpiel-style): each game and each algorithm lists its parameters with a
// type, a default and a range, so the command line and YAML are checked against one list.
#pragma once

#include <cstdint>
#include <map>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/input_error.h"

namespace gts {

struct ParamSpec {
  enum class Type { kInt, kChoice, kText, kReal };
  std::string name;
  Type type = Type::kInt;
  std::string default_value;          // as text; empty text is a legal default for kText
  std::int64_t min = 0;               // kInt only, inclusive
  std::int64_t max = 0;               // kInt only, inclusive
  double real_min = 0;                // kReal only, inclusive
  double real_max = 0;                // kReal only, inclusive
  std::vector<std::string> choices;   // kChoice only
  std::string help;

  static ParamSpec integer(std::string name, std::int64_t def, std::int64_t lo, std::int64_t hi,
                           std::string help);
  static ParamSpec choice(std::string name, std::string def, std::vector<std::string> choices,
                          std::string help);
  static ParamSpec text(std::string name, std::string def, std::string help);
  // A finite decimal number in [lo, hi] (an exploration constant, a weight).
  static ParamSpec real(std::string name, double def, double lo, double hi, std::string help);

  // "1..12", "0..10" (real), "empty|nonempty" or "text".
  [[nodiscard]] std::string range_text() const;
};

// Parameter values after validation: every declared name is present, defaults filled in.
class Params {
 public:
  Params() = default;
  explicit Params(std::map<std::string, std::string> values) : values_(std::move(values)) {}

  [[nodiscard]] const std::string& get(const std::string& name) const;
  [[nodiscard]] std::int64_t get_int(const std::string& name) const;
  [[nodiscard]] double get_real(const std::string& name) const;
  [[nodiscard]] const std::map<std::string, std::string>& values() const { return values_; }
  // "pits=6,seeds=4" in declaration-independent (sorted) order.
  [[nodiscard]] std::string to_string() const;

 private:
  std::map<std::string, std::string> values_;
};

// Checks `given` against `specs`: unknown names, malformed integers, values out of range and
// unknown choices throw ParamError whose message starts with `what` (e.g. "game kalah").
Params resolve_params(std::span<const ParamSpec> specs,
                      const std::map<std::string, std::string>& given, const std::string& what);

// Splits "k=v" into its two halves; throws ParamError naming `option` when there is no '='.
std::pair<std::string, std::string> split_key_value(const std::string& text,
                                                    const std::string& option);

}  // namespace gts
