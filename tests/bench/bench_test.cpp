// `harness bench` prints the total node count of a fixed list of searches as its last line. The
// signature is pinned here: a change in what any search visits changes it. When that change is
// deliberate (a new algorithm in the bench list, a better move ordering), put the new value
// printed by the failing test into kSignature, and say why in the commit.
#include <gtest/gtest.h>

#include <string>

#include "tests/process.h"

namespace gts {
namespace {

constexpr const char* kSignature = "2676311";

std::string last_line(const std::string& text) {
  std::string t = text;
  while (!t.empty() && t.back() == '\n') t.pop_back();
  const auto nl = t.rfind('\n');
  return nl == std::string::npos ? t : t.substr(nl + 1);
}

TEST(Bench, SignatureIsUnchanged) {
  auto r = testing::run_harness({"bench"});
  ASSERT_EQ(r.exit_code, 0) << r.err;  // 1 when an algorithm disagrees with minimax
  EXPECT_TRUE(r.err.empty()) << r.err;
  const std::string line = last_line(r.out);
  ASSERT_EQ(line.rfind("signature: ", 0), 0u) << r.out;
  const std::string signature = line.substr(std::string("signature: ").size());
  EXPECT_EQ(signature, kSignature)
      << "search behaviour changed: the bench now visits " << signature
      << " nodes. If that is intended, set kSignature in tests/bench/bench_test.cpp to \""
      << signature << "\".\n"
      << r.out;
}

// Per-algorithm lines come before the signature, and the total is their sum.
TEST(Bench, TotalIsTheSumOfTheAlgorithms) {
  auto r = testing::run_harness({"bench", "--verbose"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("tictactoe solve"), std::string::npos);
  // Plain minimax solving tic-tac-toe visits the whole game tree: 549,946 nodes.
  EXPECT_NE(r.out.find(" 549946 "), std::string::npos) << r.out;
  unsigned long long sum = 0, total = 0;
  bool in_totals = false;
  std::size_t start = 0;
  for (std::size_t nl; (nl = r.out.find('\n', start)) != std::string::npos; start = nl + 1) {
    const std::string line = r.out.substr(start, nl - start);
    if (line.rfind("algorithm ", 0) == 0 && line.find("cpu ms") != std::string::npos) {
      in_totals = true;
      continue;
    }
    if (!in_totals || line.rfind("signature", 0) == 0) continue;
    // "<label> <nodes> <cpu ms> <nodes/s>": the nodes are the third field from the end.
    std::vector<std::string> fields;
    std::size_t p = 0;
    while (p < line.size()) {
      const auto b = line.find_first_not_of(' ', p);
      if (b == std::string::npos) break;
      const auto e = line.find(' ', b);
      fields.push_back(line.substr(b, e == std::string::npos ? std::string::npos : e - b));
      p = e == std::string::npos ? line.size() : e;
    }
    ASSERT_GE(fields.size(), 4u) << line;
    const unsigned long long nodes = std::stoull(fields[fields.size() - 3]);
    if (line.rfind("total", 0) == 0) {
      total = nodes;
    } else {
      sum += nodes;
    }
  }
  EXPECT_GT(sum, 0u);
  EXPECT_EQ(sum, total);
  EXPECT_EQ(last_line(r.out), "signature: " + std::to_string(total));
}

}  // namespace
}  // namespace gts
