// Small text helpers the games' parsers share.
#pragma once

#include <string_view>

namespace gts {

// `text` without leading and trailing white space (spaces, tabs, line ends).
inline std::string_view trim(std::string_view text) {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  return text;
}

}  // namespace gts
