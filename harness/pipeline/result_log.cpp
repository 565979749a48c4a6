#include "harness/pipeline/result_log.h"

#include <stdexcept>

#include "harness/config/config_error.h"
#include "harness/pipeline/run_folder.h"

namespace gts {

namespace {

constexpr char kHex[] = "0123456789abcdef";

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

std::string line_of(std::size_t index, const std::string& result) {
  std::string line = std::to_string(index);
  line += ' ';
  for (const char c : result) {
    const auto byte = static_cast<unsigned char>(c);
    line += kHex[byte >> 4];
    line += kHex[byte & 15];
  }
  line += '\n';
  return line;
}

// Reads the line as a job index below `total` and its result; false when it is not one.
bool parse_line(const std::string& line, std::size_t total, std::size_t& index,
                std::string& result) {
  const auto space = line.find(' ');
  if (space == std::string::npos || space == 0 || space > 19) return false;
  index = 0;
  for (std::size_t i = 0; i < space; ++i) {
    if (line[i] < '0' || line[i] > '9') return false;
    index = index * 10 + static_cast<std::size_t>(line[i] - '0');
  }
  if (index >= total || (line.size() - space - 1) % 2 != 0) return false;
  result.clear();
  for (std::size_t i = space + 1; i < line.size(); i += 2) {
    const int hi = hex_value(line[i]);
    const int lo = hex_value(line[i + 1]);
    if (hi < 0 || lo < 0) return false;
    result += static_cast<char>(hi * 16 + lo);
  }
  return true;
}

}  // namespace

ResultLog::ResultLog(const std::string& path, bool resume, std::size_t total) : path_(path) {
  std::string kept;
  if (resume) {
    int line_number = 0;
    for (const std::string& line : complete_lines(path)) {
      ++line_number;
      std::size_t index = 0;
      std::string result;
      if (!parse_line(line, total, index, result)) {
        throw ConfigError(path, line_number, 1,
                          "not a job's result of this run (job index below " +
                              std::to_string(total) + ", then the result in hex)");
      }
      resumed_[index] = std::move(result);
      kept += line;
      kept += '\n';
    }
  }
  replace_file(path, kept);
  file_ = std::fopen(path.c_str(), "ab");
  if (file_ == nullptr) throw std::runtime_error("cannot open " + path + " for writing");
}

ResultLog::~ResultLog() {
  if (file_ != nullptr) std::fclose(file_);
}

void ResultLog::record(std::size_t index, const std::string& result) {
  const std::string line = line_of(index, result);
  if (std::fwrite(line.data(), 1, line.size(), file_) != line.size() || std::fflush(file_) != 0) {
    throw std::runtime_error("cannot write " + path_);
  }
}

}  // namespace gts
