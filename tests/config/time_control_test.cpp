// Time controls in every form cutechess and fastchess write: each parses to the clock of its
// SECONDS+INC equivalent, comes back through time_control_text, and a bad form is refused in one
// line at its config position with the accepted forms.
#include "harness/config/time_control.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "harness/config/config_error.h"
#include "harness/config/tournament_config.h"

namespace gts {
namespace {

TimeControl parsed(const std::string& text) {
  const auto tc = parse_time_control(text);
  EXPECT_TRUE(tc.has_value()) << text;
  return tc.value_or(TimeControl{});
}

TEST(TimeControl, EachFormIsTheClockOfItsSecondsEquivalent) {
  EXPECT_EQ(parsed("10+0.1"), (TimeControl{.base_ms = 10000, .inc_ms = 100}));
  EXPECT_EQ(parsed("10"), parsed("10+0"));
  EXPECT_EQ(parsed("1:00+1"), parsed("60+1"));
  EXPECT_EQ(parsed("1:00+1"), (TimeControl{.base_ms = 60000, .inc_ms = 1000}));
  EXPECT_EQ(parsed("2:30"), parsed("150+0"));
  EXPECT_EQ(parsed("0:05.5+0.05"), parsed("5.5+0.05"));
  // Moves per period: the same clock, its time given again after every 40 moves.
  EXPECT_EQ(parsed("40/60+0.6"), (TimeControl{.base_ms = 60000, .inc_ms = 600, .moves = 40}));
  EXPECT_EQ(parsed("40/1:00+0.6"), parsed("40/60+0.6"));
  EXPECT_EQ(parsed("40/60"), parsed("40/60+0"));
  // A fixed time per move: no clock runs, the move is bounded.
  const TimeControl st = parsed("st=0.5");
  EXPECT_EQ(st, (TimeControl{.move_ms = 500}));
  EXPECT_FALSE(st.enabled());
  EXPECT_TRUE(st.timed());
  // No clock at all, but given (a player's `inf` wins over the tournament's clock).
  const TimeControl inf = parsed("inf");
  EXPECT_FALSE(inf.enabled());
  EXPECT_FALSE(inf.timed());
  EXPECT_TRUE(inf.given());
  EXPECT_EQ(inf.base_ms, TimeControl{}.base_ms);
  EXPECT_EQ(inf.inc_ms, TimeControl{}.inc_ms);
  EXPECT_FALSE(TimeControl{}.given());
}

TEST(TimeControl, TheTextReadsBackAsTheSameClock) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"10+0.1", "10+0.1"},   {"10", "10+0"},
      {"1:00+1", "60+1"},     {"40/60+0.6", "40/60+0.6"},
      {"40/1:30", "40/90+0"}, {"st=0.5", "st=0.5"},
      {"inf", "inf"},         {"0.25+0.003", "0.25+0.003"}};
  for (const auto& [text, back] : cases) {
    SCOPED_TRACE(text);
    const TimeControl tc = parsed(text);
    EXPECT_EQ(time_control_text(tc), back);
    EXPECT_EQ(parsed(time_control_text(tc)), tc);
  }
}

TEST(TimeControl, BadFormsAreRefused) {
  for (const char* text :
       {"40/",    "1:60+1", "-5",   "abc",     "",    "0",   "0+1",     "10+",    "+1",  "10+-1",
        "0/60+1", "-40/60", "40/0", "1:-5",    ":30", "1:",  "1:00:00", "st=0",   "st=", "st=-1",
        "st=abc", "inf+1",  "Inf",  "10+0.1x", " 10", "1e8", "nan",     "40/60/1"}) {
    EXPECT_FALSE(parse_time_control(text).has_value()) << "'" << text << "'";
  }
}

// In a config: every form in the tournament's limits and a player's entry, the resolved config
// written back and read again is the same config with the same hash.
TEST(TimeControl, ConfigFormsRoundTripThroughTheResolvedConfig) {
  const std::string text =
      "game: tictactoe\n"
      "players:\n"
      "  - {name: a, algorithm: alphabeta, tc: '1:00+1'}\n"
      "  - {name: b, algorithm: alphabeta, tc: st=0.5}\n"
      "  - {name: c, algorithm: alphabeta, depth: 2, tc: inf}\n"
      "  - {name: d, algorithm: alphabeta}\n"
      "tournament: {limits: {tc: 40/60+0.6}}\n";
  const TournamentConfig c = load_tournament_config_text(text, "c.yaml");
  ASSERT_EQ(c.players.size(), 4u);
  EXPECT_EQ(c.players[0].limits.tc, parsed("60+1"));
  EXPECT_EQ(c.players[1].limits.tc, (TimeControl{.move_ms = 500}));
  EXPECT_TRUE(c.players[2].limits.tc.infinite);
  EXPECT_FALSE(c.players[3].limits.tc.given());
  EXPECT_EQ(c.limits.tc, (TimeControl{.base_ms = 60000, .inc_ms = 600, .moves = 40}));
  const std::string yaml = resolved_yaml(c);
  for (const char* line : {"tc: 60+1", "tc: st=0.5", "tc: inf", "tc: 40/60+0.6"}) {
    EXPECT_NE(yaml.find(line), std::string::npos) << line << "\n" << yaml;
  }
  const TournamentConfig back = load_tournament_config_text(yaml, "r.yaml");
  EXPECT_EQ(back, c) << yaml;
  EXPECT_EQ(config_hash(back), config_hash(c));
  // The same clock in either form is the same run; another form is another.
  TournamentConfig seconds = c;
  seconds.players[0].limits.tc = parsed("60+1");
  EXPECT_EQ(config_hash(seconds), config_hash(c));
  TournamentConfig whole_game = c;
  whole_game.limits.tc.moves = 0;
  EXPECT_NE(config_hash(whole_game), config_hash(c));
}

TEST(TimeControl, ABadFormInAConfigIsOneLineAtItsPositionWithTheForms) {
  for (const char* bad : {"'40/'", "'1:60+1'", "-5", "abc", "[1, 2]"}) {
    SCOPED_TRACE(bad);
    const std::string text = std::string("game: tictactoe\nplayers:\n") +
                             "  - {name: a, algorithm: alphabeta, depth: 1}\n"
                             "  - {name: b, algorithm: alphabeta, depth: 1}\n"
                             "tournament: {limits: {tc: " +
                             bad + "}}\n";
    try {
      (void)load_tournament_config_text(text, "c.yaml");
      ADD_FAILURE() << "no error";
    } catch (const ConfigError& e) {
      const std::string what = e.what();
      EXPECT_EQ(what.rfind("c.yaml:5:27: expected a time control for 'limits.tc': ", 0), 0u)
          << what;
      EXPECT_NE(what.find(std::string(kTimeControlForms)), std::string::npos) << what;
      EXPECT_EQ(what.find('\n'), std::string::npos) << what;
    }
  }
}

}  // namespace
}  // namespace gts
