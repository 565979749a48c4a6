// Minimal CSV (RFC 4180): fields quoted only when they need it, and a reader for what we write.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gts::csv {

std::string escape(std::string_view field);
// One line of fields joined by commas, escaped, with a trailing newline.
std::string line(const std::vector<std::string>& fields);
// Splits one line (without its newline) into fields; throws std::runtime_error on a bad quote.
std::vector<std::string> split(std::string_view line);

// "0.123" with up to `digits` decimals, trailing zeros trimmed; "inf", "-inf", "nan" as such.
std::string number(double v, int digits = 3);
// A CSV cell of a number: as number() writes it, but empty (a missing value) for inf and nan.
std::string cell(double v, int digits = 3);

}  // namespace gts::csv
