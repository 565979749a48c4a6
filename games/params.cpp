#include "games/params.h"

#include <charconv>
#include <cmath>
#include <sstream>

namespace gts {

ParamSpec ParamSpec::integer(std::string name, std::int64_t def, std::int64_t lo, std::int64_t hi,
                             std::string help) {
  ParamSpec s;
  s.name = std::move(name);
  s.type = Type::kInt;
  s.default_value = std::to_string(def);
  s.min = lo;
  s.max = hi;
  s.help = std::move(help);
  return s;
}

ParamSpec ParamSpec::choice(std::string name, std::string def, std::vector<std::string> choices,
                            std::string help) {
  ParamSpec s;
  s.name = std::move(name);
  s.type = Type::kChoice;
  s.default_value = std::move(def);
  s.choices = std::move(choices);
  s.help = std::move(help);
  return s;
}

ParamSpec ParamSpec::text(std::string name, std::string def, std::string help) {
  ParamSpec s;
  s.name = std::move(name);
  s.type = Type::kText;
  s.default_value = std::move(def);
  s.help = std::move(help);
  return s;
}

namespace {

// Shortest text that reads back as `v` ("1.5", "0.001").
std::string real_text(double v) {
  char buf[32];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return ec == std::errc() ? std::string(buf, end) : std::to_string(v);
}

// The whole of `text` as a finite number, or nothing.
bool parse_real(const std::string& text, double& v) {
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  return !text.empty() && ec == std::errc() && ptr == text.data() + text.size() && std::isfinite(v);
}

}  // namespace

ParamSpec ParamSpec::real(std::string name, double def, double lo, double hi, std::string help) {
  ParamSpec s;
  s.name = std::move(name);
  s.type = Type::kReal;
  s.default_value = real_text(def);
  s.real_min = lo;
  s.real_max = hi;
  s.help = std::move(help);
  return s;
}

std::string ParamSpec::range_text() const {
  switch (type) {
    case Type::kInt:
      return std::to_string(min) + ".." + std::to_string(max);
    case Type::kChoice: {
      std::string out;
      for (const auto& c : choices) out += (out.empty() ? "" : "|") + c;
      return out;
    }
    case Type::kText:
      return "text";
    case Type::kReal:
      return real_text(real_min) + ".." + real_text(real_max);
  }
  return "";
}

const std::string& Params::get(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) throw ParamError("internal: parameter '" + name + "' was not declared");
  return it->second;
}

double Params::get_real(const std::string& name) const {
  const std::string& text = get(name);
  double v = 0;
  if (!parse_real(text, v)) {
    throw ParamError("internal: parameter '" + name + "' is not a number: " + text);
  }
  return v;
}

std::int64_t Params::get_int(const std::string& name) const {
  const std::string& text = get(name);
  std::int64_t v = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || ptr != text.data() + text.size()) {
    throw ParamError("internal: parameter '" + name + "' is not an integer: " + text);
  }
  return v;
}

std::string Params::to_string() const {
  std::string out;
  for (const auto& [k, v] : values_) out += (out.empty() ? "" : ",") + k + "=" + v;
  return out;
}

Params resolve_params(std::span<const ParamSpec> specs,
                      const std::map<std::string, std::string>& given, const std::string& what) {
  std::map<std::string, std::string> values;
  for (const auto& [name, value] : given) {
    const ParamSpec* spec = nullptr;
    for (const auto& s : specs) {
      if (s.name == name) spec = &s;
    }
    if (spec == nullptr) {
      std::string known;
      for (const auto& s : specs) known += (known.empty() ? "" : ", ") + s.name;
      throw ParamError(what + ": unknown parameter '" + name + "' (known: " +
                       (known.empty() ? "none" : known) + ")");
    }
    switch (spec->type) {
      case ParamSpec::Type::kInt: {
        std::int64_t v = 0;
        auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
        if (value.empty() || ec != std::errc() || ptr != value.data() + value.size()) {
          throw ParamError(what + ": parameter '" + name + "' must be an integer in " +
                           spec->range_text() + ", got '" + value + "'");
        }
        if (v < spec->min || v > spec->max) {
          throw ParamError(what + ": parameter '" + name + "' = " + value + " is out of range " +
                           spec->range_text());
        }
        values[name] = std::to_string(v);
        break;
      }
      case ParamSpec::Type::kChoice: {
        bool ok = false;
        for (const auto& c : spec->choices) ok = ok || c == value;
        if (!ok) {
          throw ParamError(what + ": parameter '" + name + "' must be one of " +
                           spec->range_text() + ", got '" + value + "'");
        }
        values[name] = value;
        break;
      }
      case ParamSpec::Type::kText:
        values[name] = value;
        break;
      case ParamSpec::Type::kReal: {
        double v = 0;
        if (!parse_real(value, v)) {
          throw ParamError(what + ": parameter '" + name + "' must be a number in " +
                           spec->range_text() + ", got '" + value + "'");
        }
        if (v < spec->real_min || v > spec->real_max) {
          throw ParamError(what + ": parameter '" + name + "' = " + value + " is out of range " +
                           spec->range_text());
        }
        values[name] = real_text(v);
        break;
      }
    }
  }
  for (const auto& s : specs) values.try_emplace(s.name, s.default_value);
  return Params(std::move(values));
}

std::pair<std::string, std::string> split_key_value(const std::string& text,
                                                    const std::string& option) {
  auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0) {
    throw ParamError(option + ": expected key=value, got '" + text + "'");
  }
  return {text.substr(0, eq), text.substr(eq + 1)};
}

}  // namespace gts
