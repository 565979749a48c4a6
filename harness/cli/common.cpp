#include <cmath>
#include <cstdlib>
#include <limits>

#include "algorithms/search.h"
#include "games/params.h"
#include "harness/cli/command.h"
#include "harness/strf.h"

namespace gts::cli {

std::map<std::string, std::string> key_values(const std::vector<std::string>& items,
                                              const std::string& option) {
  std::map<std::string, std::string> out;
  for (const auto& item : items) {
    auto [k, v] = split_key_value(item, option);
    if (!out.emplace(k, v).second) throw ParamError(option + ": '" + k + "' given twice");
  }
  return out;
}

int parse_depth(const std::string& text) {
  if (text == "max") return kDepthMax;
  const auto d = parse_whole<int>(text);
  if (!d || *d < 0 || *d > 1000) {
    throw ParamError("--depth: expected an integer 0..1000 or 'max', got '" + text + "'");
  }
  return *d;
}

CLI::Validator integer_in(long long lo, long long hi) {
  // An open top (the largest long long) reads "at least LO", not a 19-digit bound.
  const bool open_top = hi == std::numeric_limits<long long>::max();
  const std::string expect =
      open_top ? "at least " + std::to_string(lo) : std::to_string(lo) + ".." + std::to_string(hi);
  const std::string out_of_range =
      open_top ? " is out of range (expected " + expect + ")" : " is out of range " + expect;
  return CLI::Validator(
      [lo, hi, expect, out_of_range](std::string& text) -> std::string {
        const auto v = parse_whole<long long>(text);
        if (!v) {
          // Tell an integer too large for any range apart from something that is no integer.
          const bool digits =
              !text.empty() && text.find_first_not_of("-0123456789") == std::string::npos;
          return digits ? "'" + text + "'" + out_of_range
                        : "'" + text + "' is not an integer; expected " + expect;
        }
        if (*v < lo || *v > hi) return text + out_of_range;
        return {};
      },
      open_top ? "INT >= " + std::to_string(lo) : "INT in " + expect);
}

CLI::Validator number_at_least(double lo) {
  return CLI::Validator(
      [lo](std::string& text) -> std::string {
        char* end = nullptr;
        const double v = std::strtod(text.c_str(), &end);
        if (text.empty() || end != text.c_str() + text.size() || std::isnan(v)) {
          return "'" + text + "' is not a number";
        }
        if (!(v >= lo) || std::isinf(v)) {
          return text + " is out of range (expected a finite number >= " +
                 std::to_string(static_cast<long long>(lo)) + ")";
        }
        return {};
      },
      "NUMBER");
}

CLI::Validator seed_check() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (parse_whole<std::uint64_t>(text)) return {};
        return "'" + text + "' is not a seed; expected an integer 0.." + std::to_string(UINT64_MAX);
      },
      "SEED");
}

CLI::Validator non_empty(const std::string& what) {
  return CLI::Validator(
      [what](std::string& text) -> std::string {
        return text.empty() ? "an empty value; expected " + what : std::string();
      },
      "");
}

}  // namespace gts::cli
