// harness: the command-line program. Everything it does is in harness/cli/ (harness_main).
#include "harness/cli/app.h"

int main(int argc, char** argv) { return gts::cli::harness_main(argc, argv); }
