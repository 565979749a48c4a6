// The one list of run kinds (harness/pipeline/run_kind.h): a new kind of run adds its line here.
#include <yaml-cpp/yaml.h>

#include <array>

#include "harness/compare/compare_folder.h"
#include "harness/pipeline/run_kind.h"
#include "harness/solve/solve_folder.h"
#include "harness/tournament/folder.h"
#include "harness/tune/tune_folder.h"

namespace gts {

std::span<const RunKind* const> run_kinds() {
  static const std::array<const RunKind*, 4> kinds = {&tournament_kind(), &compare_kind(),
                                                      &solve_kind(), &tune_kind()};
  return kinds;
}

const RunKind* run_kind_of(const std::string& dir) {
  std::string program;
  try {
    const YAML::Node node = YAML::LoadFile(dir + "/run.yaml")["run"]["program"];
    if (node && node.IsScalar()) program = node.Scalar();
  } catch (const std::exception&) {
    return nullptr;  // no run.yaml, or one that does not read: the kind is not said
  }
  for (const RunKind* kind : run_kinds()) {
    for (const std::string& command : kind->commands()) {
      if (program == "harness " + command) return kind;
    }
  }
  return nullptr;
}

}  // namespace gts
