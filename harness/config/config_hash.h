// The config hash of every command: 16 hex digits, the 64-bit FNV-1a hash of the text that decides
// a run's results (each config type writes its own canonical text, leaving out threads, output
// and where the config came from). --resume compares it; MPI ranks compare it to know that they
// read the same config.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace gts {

inline std::string config_hash_of(std::string_view decisive_text) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char ch : decisive_text) {
    h ^= static_cast<unsigned char>(ch);
    h *= 0x100000001b3ULL;
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

}  // namespace gts
