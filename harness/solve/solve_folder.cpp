// A solve run's folder: results.log, its journal; config.yaml, the config the run read; and the
// tables rebuilt from both as the run's end writes them (solve_tables).
#include "harness/solve/solve_folder.h"

#include "harness/solve/solve_config.h"
#include "harness/solve/solve_runner.h"

namespace gts {

namespace {

class SolveKind final : public JournaledKind {
 public:
  std::string name() const override { return "solve"; }
  std::vector<std::string> commands() const override { return {"solve"}; }
  std::string unit() const override { return "runs"; }

 protected:
  std::map<std::string, std::string> tables(
      const std::string& dir, const std::vector<std::string>& results) const override {
    return solve_tables(load_solve_tables_config(dir + "/config.yaml"), results);
  }
};

}  // namespace

const RunKind& solve_kind() {
  static const SolveKind kind;
  return kind;
}

}  // namespace gts
