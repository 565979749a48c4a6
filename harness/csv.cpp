#include "harness/csv.h"

#include <cmath>
#include <stdexcept>

#include "harness/strf.h"

namespace gts::csv {

std::string escape(std::string_view field) {
  if (field.find_first_of(",\"\n\r") == std::string_view::npos) return std::string(field);
  std::string out = "\"";
  for (char c : field) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string line(const std::vector<std::string>& fields) {
  std::string out;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i != 0) out += ',';
    out += escape(fields[i]);
  }
  return out + "\n";
}

std::vector<std::string> split(std::string_view text) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"' && quoted && i + 1 < text.size() && text[i + 1] == '"') {
      out.back() += text[i++];
    } else if (c == '"') {
      if (!quoted && !out.back().empty()) {
        throw std::runtime_error("csv: quote inside an unquoted field");
      }
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      out.emplace_back();
    } else {
      out.back() += c;
    }
  }
  if (quoted) throw std::runtime_error("csv: unterminated quote");
  return out;
}

std::string number(double v, int digits) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  std::string s = strf("%.*f", digits, v);
  if (s.find('.') != std::string::npos) {
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
  }
  if (s == "-0") s = "0";
  return s;
}

std::string cell(double v, int digits) { return std::isfinite(v) ? number(v, digits) : ""; }

}  // namespace gts::csv
