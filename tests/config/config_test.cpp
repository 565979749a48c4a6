// Tournament configs: loading every field, sweeps, defaults, the resolved YAML round trip, the
// hash, and one located error for each kind of mistake (files in tests/config/data/).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "algorithms/search.h"
#include "harness/config/blocks.h"
#include "harness/config/tournament_config.h"
#include "harness/config/yaml_reader.h"
#include "harness/strf.h"

namespace gts {
namespace {

const std::string kData = "tests/config/data/";

std::vector<std::string> names_of(const TournamentConfig& c) {
  std::vector<std::string> out;
  for (const auto& p : c.players) out.push_back(p.name);
  return out;
}

// Loads `file` (under kData) expecting a ConfigError whose what() starts with `prefix` (the
// "FILE:LINE:COL: " part) and contains `fragment`.
void expect_error(const std::string& file, const std::string& prefix, const std::string& fragment) {
  SCOPED_TRACE(file);
  try {
    (void)load_tournament_config(kData + file);
    ADD_FAILURE() << "no error for " << file;
  } catch (const ConfigError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.substr(0, prefix.size()), prefix) << what;
    EXPECT_NE(what.find(fragment), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << "not one line: " << what;
  }
}

std::string at(const std::string& file, int line, int column) {
  return kData + file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": ";
}

TEST(TournamentConfig, FullConfigLoadsEveryField) {
  const TournamentConfig c = load_tournament_config(kData + "full.yaml");
  EXPECT_EQ(c.name, "kalah-full");
  EXPECT_EQ(c.source_path, kData + "full.yaml");
  EXPECT_EQ(c.game, "kalah");
  const std::map<std::string, std::string> params = {
      {"capture", "empty"}, {"endgame", "0"}, {"first", "south"}, {"pits", "4"}, {"seeds", "3"}};
  EXPECT_EQ(c.game_params, params);

  ASSERT_EQ(c.evaluations.size(), 2u);
  EXPECT_EQ(c.evaluations.at("stores").kind, "store-diff");
  EXPECT_TRUE(c.evaluations.at("stores").weights.empty());
  EXPECT_EQ(c.evaluations.at("poor").kind, "linear");
  const std::vector<double> weights = {0, 0, 0, 0, 1, 0, 0, 0, 0, -1.5};
  EXPECT_EQ(c.evaluations.at("poor").weights, weights);

  ASSERT_EQ(c.players.size(), 3u);
  const PlayerConfig& ab = c.players[0];
  EXPECT_EQ(ab.name, "ab4");
  EXPECT_EQ(ab.algorithm.name, "alphabeta");
  const std::map<std::string, std::string> ab_options = {
      {"bounds", "on"},   {"etc", "off"}, {"fail", "hard"},       {"hints", "auto"},
      {"history", "off"}, {"id", "off"},  {"ordering", "static"}, {"random_ties", "off"},
      {"seed", "0"},      {"tt", "on"},   {"tt_max_mb", "2048"},  {"tt_mb", "16"}};
  EXPECT_EQ(ab.algorithm.options.values(), ab_options);
  EXPECT_EQ(ab.depth, 4);
  EXPECT_EQ(ab.evaluation_name, "stores");
  EXPECT_EQ(ab.evaluation.kind, "store-diff");

  const PlayerConfig& mm = c.players[1];
  EXPECT_EQ(mm.name, "mm");
  EXPECT_EQ(mm.algorithm.name, "minimax");
  EXPECT_TRUE(mm.algorithm.options.values().empty());
  EXPECT_EQ(mm.depth, 3);
  EXPECT_EQ(mm.evaluation_name, "poor");
  EXPECT_EQ(mm.evaluation.weights, weights);

  const PlayerConfig& solver = c.players[2];
  EXPECT_EQ(solver.algorithm.name, "sss*");  // written as the alias "sss"
  EXPECT_EQ(solver.depth, kDepthMax);
  EXPECT_EQ(solver.evaluation_name, "store-diff");  // a kind, not a named evaluation
  EXPECT_EQ(solver.evaluation.kind, "store-diff");

  EXPECT_EQ(c.openings.kind, OpeningsConfig::Kind::kList);
  // The inline position first (canonicalized: spaces gone, side upper-case), then the file's.
  const std::vector<std::string> positions = {"4,3,3,2,0,3,3,3,3,0:S", "3,3,3,3,0,3,3,3,3,0:N",
                                              "0,4,4,4,1,3,3,3,2,0:S"};
  EXPECT_EQ(c.openings.positions, positions);
  EXPECT_EQ(c.openings.file, "openings.txt");

  EXPECT_EQ(c.format, "gauntlet");
  EXPECT_EQ(c.gauntlet, std::vector<std::string>{"ab4"});
  EXPECT_EQ(c.pairs, 2);
  EXPECT_EQ(c.max_plies, 300);
  EXPECT_EQ(c.limits.nodes, 5000u);
  EXPECT_EQ(c.limits.time_ms, 12.5);
  EXPECT_EQ(c.limits.depth, 6);
  EXPECT_EQ(c.seed, 42u);
  EXPECT_EQ(c.threads, 3);
  EXPECT_EQ(c.output_dir, "out/here");
  EXPECT_FALSE(c.output_moves);
}

TEST(TournamentConfig, SweepExpandsInDocumentedOrder) {
  const TournamentConfig c = load_tournament_config(kData + "sweep.yaml");
  const std::vector<std::string> expected = {"ab-d2-ordering=none", "ab-d2-ordering=static",
                                             "ab-d4-ordering=none", "ab-d4-ordering=static",
                                             "ab-d6-ordering=none", "ab-d6-ordering=static"};
  EXPECT_EQ(names_of(c), expected);
  const int depths[] = {2, 2, 4, 4, 6, 6};
  for (std::size_t i = 0; i < c.players.size(); ++i) {
    EXPECT_EQ(c.players[i].depth, depths[i]);
    EXPECT_EQ(c.players[i].algorithm.options.get("ordering"), i % 2 == 0 ? "none" : "static");
    EXPECT_EQ(c.players[i].evaluation_name, "store-diff");
  }
  EXPECT_EQ(c.name, "sweep");  // the file's stem
}

TEST(TournamentConfig, AlgorithmAndEvaluationSweepsAndLimitDefaultDepth) {
  const TournamentConfig c = load_tournament_config(kData + "random_openings.yaml");
  const std::vector<std::string> expected = {"x-minimax-open-lines", "x-minimax-center",
                                             "x-sss-star-open-lines", "x-sss-star-center", "y"};
  EXPECT_EQ(names_of(c), expected);
  EXPECT_EQ(c.players[2].algorithm.name, "sss*");
  EXPECT_EQ(c.players[3].evaluation.kind, "linear");
  EXPECT_EQ(c.players[3].evaluation.weights.size(), 16u);
  // A time budget lets players leave out their depth: they deepen until the time runs out.
  for (const auto& p : c.players) EXPECT_EQ(p.depth, kDepthMax);
  EXPECT_EQ(c.players[4].algorithm.options.get("id"), "on");
  EXPECT_EQ(c.openings.kind, OpeningsConfig::Kind::kRandom);
  EXPECT_EQ(c.openings.count, 5);
  EXPECT_EQ(c.openings.plies, 2);
  EXPECT_EQ(c.limits.time_ms, 50.0);
  EXPECT_EQ(c.game_params.at("rows"), "4");
}

TEST(TournamentConfig, DefaultsAreFilledIn) {
  const TournamentConfig c = load_tournament_config(kData + "defaults.yaml");
  EXPECT_EQ(c.name, "defaults");
  EXPECT_EQ(c.game, "tictactoe");
  const std::map<std::string, std::string> params = {{"cols", "3"}, {"k", "3"}, {"rows", "3"}};
  EXPECT_EQ(c.game_params, params);
  EXPECT_TRUE(c.evaluations.empty());
  ASSERT_EQ(c.players.size(), 2u);
  EXPECT_EQ(c.players[1].algorithm.name, "alphabeta");  // the alias "ab"
  EXPECT_EQ(c.players[1].depth, kDepthMax);
  EXPECT_EQ(c.players[0].evaluation_name, "open-lines");  // tictactoe's default evaluation
  EXPECT_EQ(c.players[0].evaluation.kind, "open-lines");
  EXPECT_EQ(c.openings.kind, OpeningsConfig::Kind::kStart);
  EXPECT_TRUE(c.openings.positions.empty());
  EXPECT_EQ(c.format, "round-robin");
  EXPECT_TRUE(c.gauntlet.empty());
  EXPECT_EQ(c.pairs, 1);
  EXPECT_EQ(c.max_plies, 1000);
  EXPECT_EQ(c.limits.nodes, 0u);
  EXPECT_EQ(c.limits.time_ms, 0.0);
  EXPECT_EQ(c.limits.depth, 0);
  EXPECT_EQ(c.seed, 1u);
  EXPECT_EQ(c.threads, 0);
  EXPECT_EQ(c.output_dir, "");
  EXPECT_TRUE(c.output_moves);
}

TEST(TournamentConfig, ResolvedYamlRoundTrips) {
  for (const char* file : {"full.yaml", "sweep.yaml", "defaults.yaml", "random_openings.yaml"}) {
    SCOPED_TRACE(file);
    const TournamentConfig c = load_tournament_config(kData + file);
    const std::string yaml = resolved_yaml(c);
    const TournamentConfig again =
        load_tournament_config_text(yaml, "results/elsewhere/resolved.yaml");
    EXPECT_TRUE(again == c) << yaml;
    EXPECT_EQ(config_hash(again), config_hash(c));
    EXPECT_EQ(resolved_yaml(again), yaml);  // a fixed point
  }
}

TEST(TournamentConfig, ResolvedYamlSpellsEverythingOut) {
  const std::string yaml = resolved_yaml(load_tournament_config(kData + "full.yaml"));
  for (const char* line :
       {"name: kalah-full", "depth: max", "algorithm: sss*", "max_plies: 300", "seed: 42",
        "{capture: empty, endgame: 0, first: south, pits: 4, seeds: 3}", "- 0,4,4,4,1,3,3,3,2,0:S",
        "weights: [0, 0, 0, 0, 1, 0, 0, 0, 0, -1.5]", "time_ms: 12.5", "moves: false"}) {
    EXPECT_NE(yaml.find(line), std::string::npos) << line << "\n" << yaml;
  }
  // Positions are inline, so the resolved file stands alone.
  EXPECT_EQ(yaml.find("file:"), std::string::npos) << yaml;

  const std::string sweep = resolved_yaml(load_tournament_config(kData + "sweep.yaml"));
  EXPECT_NE(sweep.find("name: ab-d6-ordering=static"), std::string::npos) << sweep;
  EXPECT_NE(sweep.find("evaluation: store-diff"), std::string::npos) << sweep;
}

TEST(TournamentConfig, HashTracksResultsOnly) {
  const TournamentConfig c = load_tournament_config(kData + "full.yaml");
  const std::string h = config_hash(c);
  ASSERT_EQ(h.size(), 16u);
  EXPECT_EQ(h.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_EQ(config_hash(load_tournament_config(kData + "full.yaml")), h);

  TournamentConfig deeper = c;
  deeper.players[0].depth = 5;
  EXPECT_NE(config_hash(deeper), h);
  TournamentConfig reseeded = c;
  reseeded.seed = 43;
  EXPECT_NE(config_hash(reseeded), h);
  TournamentConfig opening = c;
  opening.openings.positions.pop_back();
  EXPECT_NE(config_hash(opening), h);

  TournamentConfig other = c;
  other.threads = 16;
  other.output_dir = "results/somewhere-else";
  other.output_moves = true;
  other.source_path = "copy.yaml";
  EXPECT_EQ(config_hash(other), h);

  // The same through the loader: a depth written differently changes it, threads does not.
  std::string yaml = resolved_yaml(c);
  const auto replace = [](std::string text, const std::string& from, const std::string& to) {
    const auto pos = text.find(from);
    EXPECT_NE(pos, std::string::npos) << from;
    return pos == std::string::npos ? text : text.replace(pos, from.size(), to);
  };
  EXPECT_NE(
      config_hash(load_tournament_config_text(replace(yaml, "depth: 4", "depth: 5"), "x.yaml")), h);
  EXPECT_EQ(
      config_hash(load_tournament_config_text(replace(yaml, "threads: 3", "threads: 9"), "x.yaml")),
      h);
}

// ---- errors ----

TEST(TournamentConfigErrors, UnknownTopLevelKey) {
  expect_error("bad_unknown_key.yaml", at("bad_unknown_key.yaml", 2, 1),
               "unknown key 'playrs' at the top level; did you mean 'players'?");
}

TEST(TournamentConfigErrors, MissingGame) {
  expect_error("bad_missing_game.yaml", at("bad_missing_game.yaml", 1, 1),
               "missing required key 'game' at the top level");
}

TEST(TournamentConfigErrors, UnknownGame) {
  expect_error("bad_unknown_game.yaml", at("bad_unknown_game.yaml", 2, 9),
               "unknown game 'chess' (known: kalah");
}

TEST(TournamentConfigErrors, BadGameParameter) {
  expect_error("bad_game_param.yaml", at("bad_game_param.yaml", 3, 28),
               "parameter 'seeds' must be an integer in 1..127, got 'many'");
  expect_error("bad_game_param_name.yaml", at("bad_game_param_name.yaml", 5, 5),
               "unknown parameter 'houses'");
}

TEST(TournamentConfigErrors, UnknownAlgorithm) {
  expect_error("bad_algorithm.yaml", at("bad_algorithm.yaml", 4, 16),
               "player 'a': unknown algorithm 'alphabta' (known: minimax, alphabeta");
}

TEST(TournamentConfigErrors, BadOption) {
  expect_error("bad_option.yaml", at("bad_option.yaml", 7, 17),
               "player 'a': algorithm alphabeta: parameter 'ordering' must be one of none|static, "
               "got 'random'");
  expect_error("bad_option_name.yaml", at("bad_option_name.yaml", 6, 15),
               "unknown parameter 'order'");
}

TEST(TournamentConfigErrors, BadDepth) {
  expect_error("bad_depth_zero.yaml", at("bad_depth_zero.yaml", 3, 42),
               "expected an integer in 1..1000 or 'max' for 'depth' of player 'a', got '0'");
  expect_error("bad_depth_word.yaml", at("bad_depth_word.yaml", 5, 16),
               "or 'max' for 'depth' of player 'a', got 'deep'");
  expect_error("bad_depth_missing.yaml", at("bad_depth_missing.yaml", 4, 5),
               "missing required key 'depth' in player 'b'");
}

TEST(TournamentConfigErrors, UnknownEvaluation) {
  expect_error("bad_evaluation.yaml", at("bad_evaluation.yaml", 5, 57),
               "player 'a': unknown evaluation 'strong': not a name in 'evaluations'");
}

TEST(TournamentConfigErrors, LinearWeightsOfWrongCount) {
  expect_error("bad_weights.yaml", at("bad_weights.yaml", 3, 30), "needs 14 weights, got 3");
}

TEST(TournamentConfigErrors, DuplicatePlayerNames) {
  expect_error("bad_duplicate.yaml", at("bad_duplicate.yaml", 5, 12),
               "duplicate player name 'a' (first at 3:12)");
  // A generated sweep name can collide with a written one.
  expect_error("bad_duplicate_sweep.yaml", at("bad_duplicate_sweep.yaml", 4, 12),
               "duplicate player name 'ab-d4' (first at 3:12)");
}

TEST(TournamentConfigErrors, OnlyOnePlayer) {
  expect_error("bad_one_player.yaml", at("bad_one_player.yaml", 3, 3),
               "a tournament needs at least 2 players, got 1");
}

TEST(TournamentConfigErrors, MalformedYaml) {
  expect_error("bad_yaml.yaml", at("bad_yaml.yaml", 4, 1),
               "invalid YAML: end of sequence flow not found");
}

TEST(TournamentConfigErrors, BadOpeningPosition) {
  expect_error("bad_position.yaml", at("bad_position.yaml", 9, 7),
               "bad opening position: kalah position: the seeds add up to 25, expected 24");
}

TEST(TournamentConfigErrors, FinishedOpeningPosition) {
  try {
    (void)load_tournament_config_text(
        "game: tictactoe\nplayers:\n  - {name: a, algorithm: alphabeta, depth: 2}\n"
        "  - {name: b, algorithm: alphabeta, depth: 3}\n"
        "openings: {kind: list, positions: ['XXX/OO./...:O']}\n",
        "t.yaml");
    ADD_FAILURE() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_STREQ(e.what(),
                 "t.yaml:5:36: opening position 'XXX/OO./...:O' is already a finished game: "
                 "there is nothing to play");
  }
}

TEST(TournamentConfigErrors, OpeningsFileMissing) {
  expect_error("bad_openings_missing.yaml", at("bad_openings_missing.yaml", 5, 30),
               "cannot open openings file 'tests/config/data/nowhere.txt'");
}

TEST(TournamentConfigErrors, OpeningsFileBadLine) {
  // Located in the openings file, not in the config.
  expect_error("bad_openings_file.yaml", kData + "bad_openings.txt:4:4: ",
               "bad opening position: kalah position: expected 10 numbers, got 9");
}

TEST(TournamentConfigErrors, GauntletPlayerMissing) {
  expect_error("bad_gauntlet.yaml", at("bad_gauntlet.yaml", 7, 17),
               "gauntlet player 'zed' is not a player (players: a, b)");
  expect_error("bad_gauntlet_round_robin.yaml", at("bad_gauntlet_round_robin.yaml", 6, 3),
               "'gauntlet' applies only to format 'gauntlet', not 'round-robin'");
}

TEST(TournamentConfigErrors, BadPairs) {
  expect_error("bad_pairs.yaml", at("bad_pairs.yaml", 6, 10),
               "expected an integer >= 1 for 'pairs', got '0'");
  expect_error("bad_pairs_word.yaml", at("bad_pairs_word.yaml", 5, 21),
               "expected an integer >= 1 for 'pairs', got 'two'");
  expect_error("bad_threads.yaml", at("bad_threads.yaml", 5, 10),
               "expected an integer in 0..1024 for 'threads', got 'many'");
}

TEST(TournamentConfigErrors, ListWhereMapExpected) {
  expect_error("bad_list_for_map.yaml", at("bad_list_for_map.yaml", 6, 3),
               "expected a map for 'tournament', got a list");
}

TEST(TournamentConfigErrors, UnknownKeysInNestedBlocks) {
  expect_error("bad_player_key.yaml", at("bad_player_key.yaml", 3, 35),
               "unknown key 'dept' in player 1; did you mean 'depth'?");
  expect_error("bad_openings_key.yaml", at("bad_openings_key.yaml", 7, 3),
               "'count' applies only to openings kind 'random', not 'start'");
  expect_error("bad_player_name.yaml", at("bad_player_name.yaml", 3, 12),
               "for the 'name' of player 1, got 'a b'");
}

TEST(TournamentConfigErrors, MissingAndEmptyFiles) {
  expect_error("does_not_exist.yaml", kData + "does_not_exist.yaml: ", "no such file");
  expect_error("bad_empty.yaml", kData + "bad_empty.yaml: ", "the file is empty");
  expect_error("", kData + ": ", "is a directory");
}

// A second YAML document would be read by nothing: it is refused where its first key stands, by
// the reader every config kind loads through; a trailing empty document holds nothing and passes.
TEST(TournamentConfigErrors, ASecondDocumentIsRefused) {
  const std::string first =
      "game: kalah\nplayers:\n  - {name: a, algorithm: minimax, depth: 1}\n"
      "  - {name: b, algorithm: minimax, depth: 2}\n";
  try {
    (void)load_tournament_config_text(first + "---\nthreads: 4\n", "two.yaml");
    ADD_FAILURE() << "accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(std::string(e.what()).substr(0, 13), "two.yaml:6:1:") << e.what();
    EXPECT_NE(e.message().find("a second YAML document"), std::string::npos) << e.what();
  }
  EXPECT_EQ(load_tournament_config_text("---\n" + first + "---\n", "one.yaml").players.size(), 2u);
  try {
    (void)YamlReader("any.yaml").load_text("a: 1\n---\n- b\n");
    ADD_FAILURE() << "accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.line(), 3);
    EXPECT_EQ(e.column(), 1);
  }
}

// yaml-cpp's guard against deep nesting reports "bad file"; we say what is wrong, located.
TEST(TournamentConfigErrors, NestedTooDeep) {
  const std::string text =
      "game: kalah\nplayers: " + std::string(100000, '[') + std::string(100000, ']') + "\n";
  try {
    (void)load_tournament_config_text(text, "deep.yaml");
    ADD_FAILURE() << "accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.file(), "deep.yaml");
    EXPECT_EQ(e.line(), 2);
    EXPECT_NE(e.message().find("invalid YAML: nested too deep"), std::string::npos) << e.what();
  }
}

// An openings file that is a folder is named as one, not as missing.
TEST(TournamentConfigErrors, OpeningsFileIsAFolder) {
  const std::string text =
      "game: kalah\nplayers:\n  - {name: a, algorithm: random, depth: 1}\n"
      "  - {name: b, algorithm: random, depth: 1}\nopenings: {kind: list, file: data}\n";
  try {
    (void)load_tournament_config_text(text, "tests/config/folder.yaml");
    ADD_FAILURE() << "accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.line(), 5);
    EXPECT_NE(e.message().find("cannot open openings file 'tests/config/data': is a directory"),
              std::string::npos)
        << e.what();
  }
}

TEST(TournamentConfigErrors, SweepTooLarge) {
  // 2 x 1000 x 1 x 2 x 2 x 2 = 16000 combinations.
  std::string depths;
  for (int d = 1; d <= 1000; ++d) depths += (d == 1 ? "" : ", ") + std::to_string(d);
  const std::string yaml =
      "game: kalah\nplayers:\n  - name: big\n    algorithm: [ab, alpha-beta]\n"
      "    depth: [" +
      depths +
      "]\n"
      "    options: {fail: [hard, soft], tt: [off, on], id: [off, on]}\n";
  try {
    (void)load_tournament_config_text(yaml, "big.yaml");
    ADD_FAILURE() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_STREQ(e.what(),
                 "big.yaml:3:11: player 'big': the sweep expands into more than 10000 players");
  }
}

// ---- the blocks on their own (for compare, solve and tune configs) ----

TEST(ConfigBlocks, PlayersBlockOnItsOwn) {
  const YamlReader reader("inline.yaml");
  const YAML::Node root = reader.load_text(
      "game: {name: kalah, params: {pits: 3}}\n"
      "players:\n"
      "  - {name: p, algorithm: ab, depth: [1, max]}\n"
      "  - {name: q, algorithm: minimax}\n");
  const auto game =
      make_game_from_block(reader, parse_game_block(reader, reader.find(root, "game")));
  EXPECT_EQ(game->params().get("pits"), "3");
  PlayersDefaults defaults;
  defaults.depth = 7;
  const auto players = read_players(reader, reader.find(root, "players"), defaults, *game, {});
  ASSERT_EQ(players.size(), 3u);
  EXPECT_EQ(players[0].name, "p-d1");
  EXPECT_EQ(players[1].name, "p-dmax");
  EXPECT_EQ(players[1].depth, kDepthMax);
  EXPECT_EQ(players[2].name, "q");
  EXPECT_EQ(players[2].depth, 7);

  // Without a default, the depth is required and the hint says why.
  defaults.depth.reset();
  defaults.depth_hint = " (no budget here)";
  try {
    (void)read_players(reader, reader.find(root, "players"), defaults, *game, {});
    ADD_FAILURE() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_STREQ(e.what(),
                 "inline.yaml:4:5: missing required key 'depth' in player 'q' (no budget here)");
    EXPECT_EQ(e.line(), 4);
    EXPECT_EQ(e.column(), 5);
    EXPECT_EQ(e.file(), "inline.yaml");
  }
}

TEST(ConfigBlocks, EvaluationsBlockChecksAgainstTheGame) {
  const YamlReader reader("evals.yaml");
  const YAML::Node root = reader.load_text(
      "evaluations:\n"
      "  w: {kind: linear, weights: [1, 0, 0, 0, 0, 0, 0, 0, -1]}\n"
      "  bad: {kind: store-diff}\n");
  const auto game = make_game("tictactoe", {});
  try {
    (void)read_evaluations(reader, reader.find(root, "evaluations"), *game);
    ADD_FAILURE() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_STREQ(e.what(),
                 "evals.yaml:3:15: unknown evaluation kind 'store-diff' for tictactoe (known: "
                 "open-lines, linear)");
  }
}

TEST(YamlReader, TypedGettersNameWhatTheyExpected) {
  const YamlReader reader("r.yaml");
  const YAML::Node root = reader.load_text("a: 12\nb: -3\nc: yes\nd: [1]\ne: 2.5\nf: zzzzzz\nh:\n");
  EXPECT_EQ(reader.integer(reader.find(root, "a"), "'a'", 0, 100), 12);
  EXPECT_TRUE(reader.boolean(reader.find(root, "c"), "'c'"));
  EXPECT_EQ(reader.number(reader.find(root, "e"), "'e'", 0, 10), 2.5);
  const auto message = [&](auto&& fn) {
    try {
      fn();
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message([&] { (void)reader.integer(reader.find(root, "a"), "'a'", 0, 10); }),
            "r.yaml:1:4: expected an integer in 0..10 for 'a', got '12'");
  EXPECT_EQ(message([&] { (void)reader.unsigned_integer(reader.find(root, "b"), "'b'"); }),
            "r.yaml:2:4: expected an integer >= 0 for 'b', got '-3'");
  EXPECT_EQ(message([&] { (void)reader.text(reader.find(root, "d"), "'d'"); }),
            "r.yaml:4:4: expected a string for 'd', got a list");
  EXPECT_EQ(message([&] { (void)reader.boolean(reader.find(root, "e"), "'e'"); }),
            "r.yaml:5:4: expected true or false for 'e', got '2.5'");
  // A key far from every allowed one gets no suggestion.
  EXPECT_EQ(message([&] {
              reader.check_keys(root, {"a", "b", "c", "d", "e"}, "here");
            }),
            "r.yaml:6:1: unknown key 'f' here (allowed: a, b, c, d, e)");
  EXPECT_FALSE(reader.find(root, "g").IsDefined());
  // A key given twice (yaml-cpp keeps both) is named at its second place, with its first; a map of
  // names (entries) says the same.
  const YAML::Node twice = reader.load_text("x: 1\ny: 2\nx: 3\n");
  EXPECT_EQ(message([&] {
              reader.check_keys(twice, {"x", "y"}, "in 'top'");
            }),
            "r.yaml:3:1: 'x' given twice in 'top' (first at 1:1)");
  EXPECT_EQ(message([&] { (void)reader.entries(twice, "'top'", "a name"); }),
            "r.yaml:3:1: 'x' given twice in 'top' (first at 1:1)");
  // An empty value is reported at its key, not at the next token (yaml-cpp's position for it).
  EXPECT_EQ(message([&] { (void)reader.text(reader.find(root, "h"), "'h'"); }),
            "r.yaml:7:1: expected a string for 'h', got nothing");
}

// join_strings puts the separator between every two items, empty ones too (CSV lines and name
// lists go through it).
TEST(Strings, JoinKeepsEmptyItems) {
  EXPECT_EQ(join_strings(std::vector<std::string>{"", "a", "", "b", ""}, ","), ",a,,b,");
  EXPECT_EQ(join_strings(std::vector<std::string>{"x", "y"}, ", "), "x, y");
  EXPECT_EQ(join_strings(std::vector<std::string>{""}, ","), "");
  EXPECT_EQ(join_strings(std::vector<std::string>{}, ","), "");
  EXPECT_EQ(format_number(0.1), "0.1");
  EXPECT_EQ(format_number(-2.5e-07), "-2.5e-07");
}

}  // namespace
}  // namespace gts
