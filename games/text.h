// Small text helpers the games' parsers share.
#pragma once

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace gts {

// `text` without leading and trailing white space (spaces, tabs, line ends).
inline std::string_view trim(std::string_view text) {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  return text;
}

// The white-space separated words of a line (protocol commands: UGI's `go depth 4`).
inline std::vector<std::string> words(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

}  // namespace gts
