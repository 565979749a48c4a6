// `harness stats` as a user runs it: reference values of fastchess and cutechess from counts
// given on the command line, the rating that does not exist, JSON, and bad input.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <nlohmann/json.hpp>

#include "tests/process.h"

namespace gts {
namespace {

using testing::run_harness;

nlohmann::json stats_json(std::vector<std::string> args) {
  args.insert(args.begin(), "stats");
  args.push_back("--json");
  auto r = run_harness(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return nlohmann::json::parse(r.out);
}

// fastchess's Elo test (DESIGN.md): W=136, L=96, D=111 gives 40.70 +- 30.43, LOS 99.60%.
TEST(StatsCommand, FastchessEloReference) {
  auto r = run_harness({"stats", "--wdl", "136,111,96"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Elo       40.70 +- 30.43"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("LOS       99.60%"), std::string::npos) << r.out;
  auto j = stats_json({"--wdl", "136,111,96"});
  EXPECT_NEAR(j["elo"]["value"].get<double>(), 40.70, 0.005);
  EXPECT_NEAR(j["elo"]["error95"].get<double>(), 30.43, 0.005);
  EXPECT_NEAR(j["los"].get<double>(), 0.9960, 0.00005);
  EXPECT_EQ(j["games"], 343);
}

// fastchess app/tests/sprt_test.cpp: one case per model, W/D/L and pentanomial.
TEST(StatsCommand, FastchessSprtReferences) {
  struct Case {
    std::vector<std::string> args;
    double llr;
  };
  const std::vector<Case> cases = {
      {{"--wdl", "36433,68692,36027", "--sprt", "0,2,0.05,0.05"}, 0.92},
      {{"--wdl", "21404,40708,21184", "--sprt", "0.5,2.5,0.05,0.05", "--model", "logistic"}, -1.57},
      {{"--wdl", "68965,128429,68526", "--sprt", "0,2,0.05,0.05", "--model", "bayes"}, -1.26},
      {{"--penta", "127,4883,10712,5150,104", "--sprt", "-1.75,0.25,0.05,0.05"}, 3.01},
      {{"--penta", "223,9863,21279,10037,246", "--sprt", "0.5,2.5,0.05,0.05", "--model",
        "logistic"},
       -3.07},
  };
  for (const Case& c : cases) {
    auto j = stats_json(c.args);
    EXPECT_NEAR(j["sprt"]["llr"].get<double>(), c.llr, 0.005) << c.args[1];
    EXPECT_NEAR(j["sprt"]["upper"].get<double>(), 2.944, 0.0005);
  }
  // A decided test says so; 3.01 is past the upper bound 2.94.
  auto r = run_harness(
      {"stats", "--penta", "127,4883,10712,5150,104", "--sprt", "-1.75,0.25,0.05,0.05"});
  EXPECT_NE(r.out.find("LLR 3.01 (bounds -2.94, 2.94): H1 accepted"), std::string::npos) << r.out;
}

TEST(StatsCommand, APerfectScoreHasABoundNotARating) {
  auto r = run_harness({"stats", "--wdl", "20,0,0"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // 0.05^(1/20) = 0.86089, Elo 316.64: the exact binomial lower bound.
  EXPECT_NE(r.out.find("no finite Elo: every game won; with 95% confidence Elo >= 316.64"),
            std::string::npos)
      << r.out;
  auto j = stats_json({"--wdl", "0,0,20"});
  EXPECT_TRUE(j["elo"]["value"].is_null());
  EXPECT_NEAR(j["elo"]["one_sided_high95"].get<double>(), -316.64, 0.005);
  EXPECT_TRUE(j["bayes_elo"]["value"].is_null());
}

// Game pairs that all scored 1 get the bound games do, each pair one trial: 0.05^(1/7) = 0.65184,
// Elo 108.94; counts that all scored the same have no spread, so no nElo (not 0 +- inf).
TEST(StatsCommand, PairsAndSpreadlessCountsHaveNoInfiniteNumbers) {
  auto r = run_harness({"stats", "--penta", "0,0,0,0,7"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("no finite Elo: every pair won; with 95% confidence Elo >= 108.94 (exact "
                       "binomial bound over 7 game pairs)"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("inf"), std::string::npos) << r.out;
  auto j = stats_json({"--penta", "7,0,0,0,0"});
  EXPECT_TRUE(j["elo"]["value"].is_null());
  EXPECT_NEAR(j["elo"]["one_sided_high95"].get<double>(), -108.94, 0.005);
  r = run_harness({"stats", "--wdl", "0,7,0"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("nElo      none: every game scored the same"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("inf"), std::string::npos) << r.out;
  j = stats_json({"--wdl", "20,0,0"});
  EXPECT_TRUE(j["nelo"]["value"].is_null());
  EXPECT_NE(j["nelo"]["note"].get<std::string>().find("every game scored the same"),
            std::string::npos);
}

// Every game (or pair) scoring the same, not all 1 and not all 0, has the Elo of that score but
// no spread to give an interval: the Elo line says so rather than "+- 0.00". No number anywhere
// is a negative zero ("-0.00"), in text or JSON.
TEST(StatsCommand, SpreadlessCountsHaveNoIntervalAndNoNegativeZero) {
  auto r = run_harness({"stats", "--wdl", "0,7,0", "--sprt", "0,5,0.05,0.05"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\nElo       0.00 (no interval: every game scored the same, and an "
                       "interval needs results that differ)\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("LOS       50.00%"), std::string::npos) << r.out;
  r = run_harness({"stats", "--penta", "0,7,0,0,0"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\nElo       -190.85 (no interval: every pair scored the same"),
            std::string::npos)
      << r.out;
  for (const std::string wdl : {"0,7,0", "5,0,5", "3,4,3", "1,1000000,1"}) {
    r = run_harness({"stats", "--wdl", wdl, "--sprt", "0,5,0.05,0.05"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.find("-0.00"), std::string::npos) << r.out;
    const auto j = stats_json({"--wdl", wdl, "--sprt", "0,5,0.05,0.05"});
    const std::function<void(const nlohmann::json&)> no_negative_zero = [&](const auto& v) {
      if (v.is_structured()) {
        for (const auto& child : v) no_negative_zero(child);
      } else if (v.is_number_float()) {
        const double x = v.template get<double>();
        EXPECT_FALSE(x == 0 && std::signbit(x)) << j.dump();
      }
    };
    no_negative_zero(j);
  }
  const auto j = stats_json({"--wdl", "0,7,0"});
  EXPECT_EQ(j["elo"]["value"].get<double>(), 0.0);
  EXPECT_FALSE(std::signbit(j["elo"]["value"].get<double>()));
  EXPECT_TRUE(j["elo"]["error95"].is_null());
  EXPECT_TRUE(j["elo"]["low95"].is_null());
  EXPECT_NE(j["elo"]["note"].get<std::string>().find("no interval"), std::string::npos);
}

TEST(StatsCommand, BadInputNamesTheOptionAndExitsTwo) {
  struct Case {
    std::vector<std::string> args;
    const char* message;
  };
  const std::vector<Case> cases = {
      {{"stats"}, "exactly one of --wdl"},
      {{"stats", "--wdl", "1,2,3", "--penta", "1,2,3,4,5"}, "exactly one of --wdl"},
      {{"stats", "--wdl", "1,2"}, "--wdl: expected three counts W,D,L, got 2"},
      {{"stats", "--wdl", "1,x,3"}, "--wdl: 'x' is not a number"},
      {{"stats", "--wdl", "1,-2,3"}, "--wdl: counts cannot be negative"},
      {{"stats", "--wdl", "0,0,0"}, "--wdl: no games"},
      {{"stats", "--penta", "1,2,3,4"}, "--penta: expected five counts"},
      {{"stats", "--wdl", "5,5,5", "--sprt", "5,0,0.05,0.05"}, "elo0"},
      {{"stats", "--wdl", "5,5,5", "--sprt", "0,5,1.5,0.05"}, "alpha"},
      {{"stats", "--wdl", "5,5,5", "--sprt", "0,5,0.05"}, "--sprt: expected elo0,elo1,alpha,beta"},
      {{"stats", "--wdl", "5,5,5", "--sprt", "0,5,0.05,0.05", "--model", "elo"}, "unknown model"},
      {{"stats", "--penta", "1,2,3,4,5", "--sprt", "0,5,0.05,0.05", "--model", "bayes"},
       "--model bayes"},
      {{"stats", "--wdl", "5,5,5", "--model", "foo"}, "--model: sprt: unknown model 'foo'"},
      {{"stats", "--wdl", "5,5,5", "--model", "logistic"}, "--model: it chooses the SPRT's"},
      {{"stats", "--wdl", ""}, "--wdl: an empty value; expected three counts W,D,L"},
      {{"stats", "--penta", ""}, "--penta: an empty value; expected five counts"},
      // Counts whose sum a double cannot hold exactly, or an int64 at all, before any arithmetic.
      {{"stats", "--wdl", "4611686018427387904,4611686018427387904,1"},
       "--wdl: the counts add up to more than 9007199254740992 games"},
      {{"stats", "--wdl", "9007199254740992,0,1"},
       "--wdl: the counts add up to more than 9007199254740992 games"},
      {{"stats", "--penta", "9223372036854775000,1,1,1,1"},
       "--penta: the counts add up to more than 9007199254740992 game pairs"},
  };
  for (const Case& c : cases) {
    auto r = run_harness(c.args);
    EXPECT_EQ(r.exit_code, 2) << c.message;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
  }
}

}  // namespace
}  // namespace gts
