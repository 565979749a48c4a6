// A compare run's folder: results.log, its journal; config.yaml, the resolved config the run
// wrote; and the tables rebuilt from both as the run's end writes them (compare_tables).
#include "harness/compare/compare_folder.h"

#include "harness/compare/compare_config.h"
#include "harness/compare/compare_runner.h"

namespace gts {

namespace {

class CompareKind final : public JournaledKind {
 public:
  std::string name() const override { return "compare"; }
  std::vector<std::string> commands() const override { return {"compare"}; }
  std::string unit() const override { return "jobs"; }

 protected:
  std::map<std::string, std::string> tables(
      const std::string& dir, const std::vector<std::string>& results) const override {
    const ComparePlan plan = make_compare_plan(load_compare_config(dir + "/config.yaml"));
    if (results.size() != plan.jobs.size()) {
      throw std::runtime_error("its plan has " + std::to_string(plan.jobs.size()) +
                               " jobs, results.log " + std::to_string(results.size()));
    }
    return compare_tables(plan, results);
  }
};

}  // namespace

const RunKind& compare_kind() {
  static const CompareKind kind;
  return kind;
}

}  // namespace gts
