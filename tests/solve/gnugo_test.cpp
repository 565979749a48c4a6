// GNU Go as a peer: its `attack` (capture problems) and `defend` (escape problems) over GTP must
// agree with every shipped answer. Skipped, saying so, where gnugo is not installed (CI installs
// the Debian package).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "games/go_capture/go_problem.h"

namespace gts {
namespace {

std::string find_gnugo() {
  // GTS_GNUGO names another binary; one that does not exist counts as no GNU Go.
  if (const char* env = std::getenv("GTS_GNUGO"); env != nullptr && *env != '\0') {
    std::error_code ec;
    return std::filesystem::is_regular_file(env, ec) ? env : "";
  }
  for (const char* p :
       {"/usr/games/gnugo", "/usr/bin/gnugo", "/usr/local/bin/gnugo", "/usr/local/games/gnugo"}) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(p, ec)) return p;
  }
  return "";
}

TEST(GnuGo, AgreesWithEveryShippedAnswer) {
  const std::string gnugo = find_gnugo();
  if (gnugo.empty()) {
    GTEST_SKIP() << "gnugo is not installed (apt-get install gnugo): GNU Go's cross-check of the "
                    "shipped Go problems is skipped";
  }
  struct Item {
    std::string name;
    std::string expected;
  };
  std::vector<Item> items;
  std::string commands;
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator("problems/go-capture")) {
    if (e.path().extension() == ".sgf") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  ASSERT_FALSE(files.empty());
  for (const auto& f : files) {
    const GoProblem p = load_go_problem(f.string());
    if (!p.gnugo_skip.empty()) continue;
    commands += "loadsgf " + std::filesystem::absolute(f).string() + "\n";
    commands += (p.goal == GoGoal::kCapture ? "attack " : "defend ") +
                go_point_name(p.size, p.target_point()) + "\n";
    items.push_back({p.name, p.expected});
  }
  commands += "quit\n";
  const auto dir =
      std::filesystem::temp_directory_path() / ("gts_gnugo_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string input = (dir / "commands.gtp").string();
  std::ofstream(input) << commands;
  const std::string cmd = "'" + gnugo + "' --mode gtp --gtp-input '" + input + "' 2>/dev/null";
  FILE* pipe = popen(cmd.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::vector<std::string> responses;
  char buf[4096];
  while (std::fgets(buf, sizeof buf, pipe) != nullptr) {
    std::string line(buf);
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
    if (!line.empty() && (line[0] == '=' || line[0] == '?')) responses.push_back(line);
  }
  EXPECT_EQ(pclose(pipe), 0);
  std::filesystem::remove_all(dir);
  // loadsgf, attack/defend per problem, then quit.
  ASSERT_EQ(responses.size(), 2 * items.size() + 1);
  for (std::size_t i = 0; i < items.size(); ++i) {
    SCOPED_TRACE(items[i].name);
    ASSERT_EQ(responses[2 * i][0], '=') << "loadsgf: " << responses[2 * i];
    const std::string& answer = responses[2 * i + 1];
    ASSERT_GE(answer.size(), 3u) << answer;
    ASSERT_EQ(answer[0], '=') << answer;
    // "= 0": it cannot; "= 1 D5" (or a ko result 2 or 3): it can.
    const bool can = answer[2] != '0';
    EXPECT_EQ(can ? "proved" : "disproved", items[i].expected) << "GNU Go says " << answer;
  }
}

}  // namespace
}  // namespace gts
