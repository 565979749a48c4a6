#include <charconv>

#include "algorithms/search.h"
#include "games/params.h"
#include "harness/cli/command.h"

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
  int d = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), d);
  if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || d < 0 ||
      d > 1000) {
    throw ParamError("--depth: expected an integer 0..1000 or 'max', got '" + text + "'");
  }
  return d;
}

}  // namespace gts::cli
