// The harness program's whole command line, as a function: `harness` is a main that calls it, and
// a test build can register test-only players first (register_algorithm_wrapper) and call it too.
#pragma once

namespace gts::cli {

// Parses argv, runs the subcommand and returns the exit code (0 done, 1 bad news or a failure
// outside the program, 2 bad input, 3 a bug of the program, 130 stopped by Ctrl-C).
int harness_main(int argc, char** argv);

}  // namespace gts::cli
