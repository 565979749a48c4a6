#include "harness/config/time_control.h"

#include <cctype>
#include <cmath>

#include "harness/strf.h"

namespace gts {

namespace {

constexpr double kMaxSeconds = 1e7;

// A number of seconds written plainly ("10", "0.5", ".5"; no sign, no exponent's surprises of a
// leading sign), in [0, kMaxSeconds].
std::optional<double> seconds(std::string_view text) {
  if (text.empty() || !(std::isdigit(static_cast<unsigned char>(text[0])) || text[0] == '.')) {
    return std::nullopt;
  }
  const auto v = parse_whole<double>(text);
  if (!v || !std::isfinite(*v) || *v < 0 || *v > kMaxSeconds) return std::nullopt;
  return v;
}

// A count written as digits alone.
std::optional<int> digits_count(std::string_view text) {
  if (text.empty() || !std::isdigit(static_cast<unsigned char>(text[0]))) return std::nullopt;
  return parse_whole<int>(text);
}

// A period's time: SECONDS or MINUTES:SECONDS (the seconds below 60).
std::optional<double> period_seconds(std::string_view text) {
  const auto colon = text.find(':');
  if (colon == std::string_view::npos) return seconds(text);
  const auto minutes = digits_count(text.substr(0, colon));
  const auto secs = seconds(text.substr(colon + 1));
  if (!minutes || !secs || *secs >= 60) return std::nullopt;
  const double total = *minutes * 60.0 + *secs;
  return total <= kMaxSeconds ? std::optional<double>(total) : std::nullopt;
}

}  // namespace

std::optional<TimeControl> parse_time_control(std::string_view text) {
  TimeControl tc;
  if (text == "inf") {
    tc.infinite = true;
    return tc;
  }
  if (text.starts_with("st=")) {
    const auto s = seconds(text.substr(3));
    if (!s || !(*s > 0)) return std::nullopt;
    tc.move_ms = *s * 1e3;
    return tc;
  }
  if (const auto slash = text.find('/'); slash != std::string_view::npos) {
    const auto moves = digits_count(text.substr(0, slash));
    if (!moves || *moves < 1) return std::nullopt;
    tc.moves = *moves;
    text.remove_prefix(slash + 1);
  }
  const auto plus = text.find('+');
  const auto base = period_seconds(text.substr(0, plus));
  const auto inc =
      plus == std::string_view::npos ? std::optional<double>(0.0) : seconds(text.substr(plus + 1));
  if (!base || !inc || !(*base > 0)) return std::nullopt;
  tc.base_ms = *base * 1e3;
  tc.inc_ms = *inc * 1e3;
  return tc;
}

std::string time_control_expected(const std::string& what, const std::string& got) {
  return "expected a time control for " + what + ": " + std::string(kTimeControlForms) + "; got " +
         got;
}

std::string time_control_text(const TimeControl& tc) {
  if (tc.infinite) return "inf";
  if (tc.move_ms > 0) return "st=" + format_number(tc.move_ms / 1e3);
  return (tc.moves > 0 ? std::to_string(tc.moves) + "/" : "") + format_number(tc.base_ms / 1e3) +
         "+" + format_number(tc.inc_ms / 1e3);
}

}  // namespace gts
