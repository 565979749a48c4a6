// ConfigError: a bad configuration file, located. what() is one line "FILE:LINE:COL: message"
// (or "FILE: message" when no position applies), so editors and terminals can jump to it.
#pragma once

#include <string>

#include "common/input_error.h"

namespace gts {

class ConfigError : public InputError {
 public:
  // `line` and `column` are 1-based.
  ConfigError(std::string file, int line, int column, std::string message)
      : InputError(file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " +
                   message),
        file_(std::move(file)),
        line_(line),
        column_(column),
        message_(std::move(message)) {}
  ConfigError(std::string file, std::string message)
      : InputError(file + ": " + message), file_(std::move(file)), message_(std::move(message)) {}

  [[nodiscard]] const std::string& file() const { return file_; }
  // 0 when the error has no position in the file.
  [[nodiscard]] int line() const { return line_; }
  [[nodiscard]] int column() const { return column_; }
  [[nodiscard]] const std::string& message() const { return message_; }

 private:
  std::string file_;
  int line_ = 0;
  int column_ = 0;
  std::string message_;
};

}  // namespace gts
