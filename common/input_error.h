// The one input-error type: every bad input (an option, a parameter, a file, a position) is an
// InputError whose what() is one line naming the option ("--threads: ...") or the place
// ("configs/x.yaml:12:5: ..."). harness_main prints it and exits with 2; any other exception is
// an error of the program or of its surroundings (exit 1 for an I/O failure, 3 for a bug).
//
// This folder is the bottom layer: games, algorithms and every part of the harness may include it,
// and it includes nothing of the project.
#pragma once

#include <stdexcept>

namespace gts {

class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A bad option or parameter value (of a command, a game, an algorithm, a statistic); the message
// names it.
class ParamError : public InputError {
 public:
  using InputError::InputError;
};

}  // namespace gts
