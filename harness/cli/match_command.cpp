// `harness match`: a tournament from the command line alone, with fastchess's flag names where
// they mean the same (`--engine cmd=... name=...`, `--each tc=...`, `--rounds`, `--sprt ...`). The
// flags become the equivalent tournament config, written as RUN_DIR/match.yaml and played by the
// same runner as `harness run`, so --resume, replay and report work on the folder alike.
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "common/input_error.h"
#include "harness/cli/command.h"
#include "harness/cli/run_json.h"
#include "harness/config/config_error.h"
#include "harness/config/tournament_config.h"
#include "harness/config/yaml_reader.h"
#include "harness/pipeline/output_folder.h"
#include "harness/pipeline/run_folder.h"
#include "harness/strf.h"
#include "harness/tournament/engine_preflight.h"
#include "harness/tournament/folder.h"
#include "harness/tournament/runner.h"

namespace gts::cli {

namespace {

struct MatchArgs {
  std::string game;
  std::vector<std::string> params;
  std::vector<std::vector<std::string>> engines;
  std::vector<std::string> each;
  std::vector<std::string> openings;
  std::vector<std::string> sprt;
  std::vector<std::string> draw;
  std::vector<std::string> resign;
  std::string event = "match";
  std::string tournament = "roundrobin";
  std::optional<int> seeds;  // gauntlet only (default 1)
  int rounds = 2;
  std::optional<int> games;  // 2 unless given (or 2 by --repeat)
  bool repeat = false;
  bool noswap = false;
  bool reverse = false;
  int maxmoves = 0;
  int maxplies = 0;
  std::string site;
  std::vector<std::string> pgnout, epdout, log, config, output;
  bool recover = false, force_concurrency = false;
  std::optional<std::uint64_t> seed;
  RunOptions run;
  bool check = false;
};

// One flag's `key=value` words, checked against the keys it takes.
std::map<std::string, std::string> flag_keys(const std::vector<std::string>& words,
                                             const std::string& flag,
                                             const std::set<std::string>& keys) {
  std::map<std::string, std::string> out;
  for (const auto& [k, v] : key_values(words, flag)) {
    if (!keys.contains(k) && !k.starts_with("option.")) {
      throw ParamError(flag + ": unknown key '" + k + "' (known: " + join_strings(keys, ", ") +
                       (keys.contains("cmd") ? ", option.NAME" : "") + ")");
    }
    out[k] = v;
  }
  return out;
}

// A YAML scalar: plain where that reads back as the same string, else double-quoted.
std::string scalar(const std::string& s) {
  const bool plain = !s.empty() && s.find_first_not_of(
                                       "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP"
                                       "QRSTUVWXYZ0123456789._+/-") == std::string::npos;
  return plain && s[0] != '-' ? s : double_quoted(s);
}

// The YAML scalar of `key` in a flag's keys, or of `fallback` (fastchess's default) without it.
std::string key_or(const std::map<std::string, std::string>& keys, const std::string& key,
                   const std::string& fallback) {
  const auto it = keys.find(key);
  return scalar(it == keys.end() ? fallback : it->second);
}

// A path typed on the command line, resolved against the current directory: the config that
// holds it lives in the run folder.
std::string absolute_path(const std::string& path) {
  return std::filesystem::absolute(path).lexically_normal().string();
}

// A program as the config should hold it: absolute where written with a '/' (a bare program name
// is looked up in PATH).
std::string anchored(const std::string& path) {
  return path.find('/') == std::string::npos ? path : absolute_path(path);
}

// The file of a flag written `file=F` (fastchess) or `F` (cutechess), its other keys checked
// against `keys` (each refused key with the reason in `why`); empty when the flag is not given.
std::string file_of(const std::vector<std::string>& words, const std::string& flag,
                    const std::set<std::string>& keys, const std::string& why) {
  if (words.empty()) return "";
  if (words.size() == 1 && words[0].find('=') == std::string::npos) return absolute_path(words[0]);
  std::string file;
  for (const auto& [k, v] : key_values(words, flag)) {
    if (k == "file") {
      file = v;
    } else if (!keys.contains(k)) {
      throw ParamError(flag + ": " + k + "= is not taken here: " + why);
    }
  }
  if (file.empty()) throw ParamError(flag + ": give file=PATH");
  return absolute_path(file);
}

// "a b 'c d'": words split at blanks, quotes grouping (fastchess's args="...").
std::vector<std::string> split_args(const std::string& text, const std::string& flag) {
  std::vector<std::string> out;
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (const char c : text) {
    if (quote != 0) {
      if (c == quote) {
        quote = 0;
      } else {
        word += c;
      }
    } else if (c == '"' || c == '\'') {
      quote = c;
      in_word = true;
    } else if (c == ' ' || c == '\t') {
      if (in_word) out.push_back(word);
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (quote != 0) throw ParamError(flag + ": args has an unclosed quote: " + text);
  if (in_word) out.push_back(word);
  return out;
}

// The config text, each line with the flag it came from, so that the config's error at a line
// can be reported as that flag's.
class ConfigText {
 public:
  void add(const std::string& line, const std::string& flag) {
    text_ += line + "\n";
    flags_.push_back(flag);
  }
  [[nodiscard]] const std::string& text() const { return text_; }
  // The flag behind 1-based `line` (the last flag for a line past the end).
  [[nodiscard]] std::string flag_at(int line) const {
    if (flags_.empty()) return "harness match";
    const auto i = std::min(static_cast<std::size_t>(std::max(line, 1)), flags_.size()) - 1;
    return flags_[i];
  }

 private:
  std::string text_;
  std::vector<std::string> flags_;
};

std::string flag_text(const std::string& flag, const std::vector<std::string>& words) {
  return words.empty() ? flag : flag + " " + join_strings(words, " ");
}

// The player entry of one --engine (with --each under it): its lines and its name.
void add_player(ConfigText& out, const std::vector<std::string>& words,
                const std::map<std::string, std::string>& each, std::set<std::string>& names,
                std::vector<std::string>& order) {
  const std::string flag = flag_text("--engine", words);
  std::map<std::string, std::string> keys =
      flag_keys(words, "--engine",
                {"cmd", "name", "args", "dir", "proto", "algorithm", "eval", "tc", "st", "nodes",
                 "plies", "depth"});
  std::set<std::string> from_each;
  for (const auto& [k, v] : each) {
    if (keys.emplace(k, v).second) from_each.insert(k);  // the engine's own keys win
  }
  // A line made from --each's key is reported as --each's.
  const auto flag_of = [&](const std::string& key) {
    return from_each.contains(key) ? "--each " + key + "=" + keys.at(key) : flag;
  };
  // A copied fastchess or cutechess line says proto=uci; the engines here speak UGI, UCI's
  // generalisation to any game.
  if (const auto it = keys.find("proto"); it != keys.end() && it->second == "uci") {
    it->second = "ugi";
  }
  if (keys.contains("plies") && keys.contains("depth")) {
    throw ParamError(flag + ": give plies or depth (the same), not both");
  }
  if (keys.contains("plies")) {
    keys["depth"] = keys.at("plies");
    if (from_each.contains("plies")) from_each.insert("depth");
  }
  const bool external = keys.contains("cmd");
  if (external == keys.contains("algorithm")) {
    throw ParamError(flag +
                     ": give cmd=PROGRAM (an engine over UGI) or algorithm=NAME (a "
                     "searcher in this process), one of them");
  }
  for (const char* k : external ? std::vector<const char*>{"eval"}
                                : std::vector<const char*>{"args", "dir", "proto"}) {
    if (keys.contains(k)) {
      throw ParamError(
          flag + ": '" + k + "' is for " +
          (external ? "a searcher in this process (algorithm=)" : "an engine over UGI (cmd=)"));
    }
  }
  std::string name = keys.contains("name") ? keys.at("name")
                     : external ? std::filesystem::path(keys.at("cmd")).filename().string()
                                : keys.at("algorithm");
  if (!keys.contains("name")) {
    const std::string base = name;
    for (int k = 2; names.contains(name); ++k) name = base + "-" + std::to_string(k);
  }
  names.insert(name);
  order.push_back(name);

  out.add("  - name: " + scalar(name), flag);
  std::string options;
  for (const auto& [k, v] : keys) {
    if (k.starts_with("option.")) {
      options += (options.empty() ? "" : ", ") + scalar(k.substr(7)) + ": " + scalar(v);
    }
  }
  if (external) {
    out.add("    engine:", flag);
    std::string command = scalar(anchored(keys.at("cmd")));
    if (keys.contains("args")) {
      for (const auto& a : split_args(keys.at("args"), flag)) command += ", " + scalar(a);
    }
    out.add("      command: [" + command + "]", flag);
    if (keys.contains("dir"))
      out.add("      working_dir: " + scalar(absolute_path(keys.at("dir"))), flag);
    if (keys.contains("proto"))
      out.add("      protocol: " + scalar(keys.at("proto")), flag_of("proto"));
    if (!options.empty()) out.add("      options: {" + options + "}", flag);
  } else {
    out.add("    algorithm: " + scalar(keys.at("algorithm")), flag);
    if (!options.empty()) out.add("    options: {" + options + "}", flag);
    if (keys.contains("eval")) out.add("    evaluation: " + scalar(keys.at("eval")), flag);
  }
  if (keys.contains("depth")) out.add("    depth: " + scalar(keys.at("depth")), flag_of("depth"));
  if (keys.contains("tc")) out.add("    tc: " + scalar(keys.at("tc")), flag_of("tc"));
  if (keys.contains("st")) {
    const auto seconds = parse_number(keys.at("st"));
    if (!seconds || !(*seconds > 0)) {
      throw ParamError(flag_of("st") + ": st is the time per move in seconds, got '" +
                       keys.at("st") + "'");
    }
    out.add("    time_ms: " + format_number(*seconds * 1e3), flag_of("st"));
  }
  if (keys.contains("nodes")) out.add("    nodes: " + scalar(keys.at("nodes")), flag_of("nodes"));
}

// The tournament config the flags describe.
ConfigText match_config(const MatchArgs& a) {
  ConfigText out;
  out.add("# harness match, as a tournament config: harness run of this file plays the same games",
          "harness match");
  out.add("name: " + scalar(a.event), "--event");
  std::string params;
  for (const auto& [k, v] : key_values(a.params, "--param")) {
    params += (params.empty() ? "" : ", ") + scalar(k) + ": " + scalar(v);
  }
  out.add("game: {name: " + scalar(a.game) + ", params: {" + params + "}}",
          "--game " + a.game + (a.params.empty() ? "" : " " + flag_text("--param", a.params)));

  // --each's keys go under every engine but timemargin, which is the tournament's.
  std::map<std::string, std::string> each =
      flag_keys(a.each, "--each", {"tc", "st", "nodes", "plies", "depth", "timemargin", "proto"});
  std::optional<std::string> margin;
  if (auto it = each.find("timemargin"); it != each.end()) {
    margin = it->second;
    each.erase(it);
  }
  if (a.engines.size() < 2) {
    throw ParamError("--engine: a match needs at least two (got " +
                     std::to_string(a.engines.size()) + ")");
  }
  out.add("players:", "--engine");
  std::set<std::string> names;
  std::vector<std::string> order;
  for (const auto& words : a.engines) add_player(out, words, each, names, order);

  const std::map<std::string, std::string> openings =
      flag_keys(a.openings, "--openings", {"file", "format", "order", "plies", "start"});
  const std::string openings_flag = flag_text("--openings", a.openings);
  // fastchess's epd is one position a line, as the harness's books are.
  if (openings.contains("format") && openings.at("format") != "text" &&
      openings.at("format") != "epd") {
    throw ParamError("--openings: format '" + openings.at("format") +
                     "' is not read here; the file holds one position a line, in the game's own "
                     "notation (format=epd or format=text)");
  }
  // With --games 1 a round is one game: consecutive rounds share an opening, sides swapped.
  const int openings_needed = a.games == 1 ? (a.rounds + 1) / 2 : a.rounds;
  const std::string rounds_flag = "--rounds " + std::to_string(a.rounds);
  int pairs = 1;
  if (openings.contains("file")) {
    if (openings.contains("plies")) {
      throw ParamError(
          "--openings: plies makes random openings; a file's positions are played "
          "as written");
    }
    out.add("openings:", openings_flag);
    out.add("  kind: list", openings_flag);
    out.add("  file: " + scalar(absolute_path(openings.at("file"))), openings_flag);
    out.add("  count: " + std::to_string(openings_needed), rounds_flag);
    if (openings.contains("order"))
      out.add("  order: " + scalar(openings.at("order")), openings_flag);
    if (openings.contains("start"))
      out.add("  start: " + scalar(openings.at("start")), openings_flag);
  } else if (openings.contains("plies")) {
    for (const char* k : {"order", "start"}) {
      if (openings.contains(k)) {
        throw ParamError(std::string("--openings: ") + k + " is for an openings file (file=)");
      }
    }
    out.add("openings:", openings_flag);
    out.add("  kind: random", openings_flag);
    out.add("  plies: " + scalar(openings.at("plies")), openings_flag);
    out.add("  count: " + std::to_string(openings_needed), rounds_flag);
  } else {
    if (!openings.empty()) {
      throw ParamError(
          "--openings: give file=FILE (a list of positions) or plies=N (random "
          "openings)");
    }
    pairs = openings_needed;  // every round from the start position
  }

  out.add("tournament:", "harness match");
  const std::string format_flag = "--tournament " + a.tournament;
  if (a.seeds && a.tournament != "gauntlet") {
    throw ParamError("--seeds: it chooses a gauntlet's seeds; give --tournament gauntlet too");
  }
  if (a.tournament == "gauntlet") {
    const int seeds = a.seeds.value_or(1);
    if (seeds >= static_cast<int>(order.size())) {
      throw ParamError("--seeds: " + std::to_string(seeds) + " of " +
                       std::to_string(order.size()) +
                       " engines leaves none for the gauntlet to play");
    }
    std::string list;
    for (int i = 0; i < seeds; ++i) {
      list += (list.empty() ? "" : ", ") + scalar(order[static_cast<std::size_t>(i)]);
    }
    out.add("  format: gauntlet", format_flag);
    out.add("  gauntlet: [" + list + "]", "--seeds " + std::to_string(seeds));
  }
  out.add("  pairs: " + std::to_string(pairs), rounds_flag);
  if (a.games == 1) out.add("  games: " + std::to_string(a.rounds), "--games 1 " + rounds_flag);
  if (a.noswap) out.add("  swap: false", "--noswap");
  if (a.reverse) out.add("  reverse: true", "--reverse");
  if (a.maxmoves > 0 && a.maxplies > 0) {
    throw ParamError("--maxmoves: give --maxmoves (moves of both sides) or --maxplies, not both");
  }
  // A move as cutechess and fastchess count it: one of each side, two plies.
  if (a.maxmoves > 0) {
    out.add("  max_plies: " + std::to_string(2LL * a.maxmoves),
            "--maxmoves " + std::to_string(a.maxmoves));
  }
  if (a.maxplies > 0) {
    out.add("  max_plies: " + std::to_string(a.maxplies),
            "--maxplies " + std::to_string(a.maxplies));
  }
  if (!a.draw.empty()) {
    const auto d = flag_keys(a.draw, "--draw", {"movenumber", "movecount", "score"});
    out.add("  draw: {score: " + key_or(d, "score", "0") + ", moves: " +
                key_or(d, "movecount", "1") + ", after: " + key_or(d, "movenumber", "0") + "}",
            flag_text("--draw", a.draw));
  }
  if (!a.resign.empty()) {
    const auto r = flag_keys(a.resign, "--resign", {"movecount", "score", "twosided"});
    out.add("  resign: {score: " + key_or(r, "score", "0") +
                ", moves: " + key_or(r, "movecount", "1") +
                ", two_sided: " + key_or(r, "twosided", "false") + "}",
            flag_text("--resign", a.resign));
  }
  if (!a.sprt.empty()) {
    std::string keys;
    const auto sprt = flag_keys(a.sprt, "--sprt", {"elo0", "elo1", "alpha", "beta", "model"});
    if (!sprt.contains("elo0") || !sprt.contains("elo1")) {
      throw ParamError("--sprt: give both elo0= and elo1= (the hypotheses it tests)");
    }
    for (const auto& [k, v] : sprt) {
      // fastchess's name for the BayesElo model.
      keys += (keys.empty() ? "" : ", ") + k + ": " + scalar(v == "bayesian" ? "bayes" : v);
    }
    out.add("  sprt: {" + keys + "}", flag_text("--sprt", a.sprt));
  }
  if (margin)
    out.add("  limits: {margin_ms: " + scalar(*margin) + "}", "--each timemargin=" + *margin);
  if (a.seed) out.add("seed: " + std::to_string(*a.seed), "--srand " + std::to_string(*a.seed));
  if (!a.site.empty()) out.add("site: " + scalar(a.site), "--site " + a.site);
  return out;
}

// Loads the config text as `harness run` would, and with `engines` starts each engine once as
// the run would before its first game; a mistake reported as the flag's.
void check_config(const ConfigText& config, const std::string& file, bool engines) {
  try {
    const TournamentConfig loaded = load_tournament_config_text(config.text(), file);
    if (engines) check_engines_start(loaded);
  } catch (const ConfigError& e) {
    throw ParamError(config.flag_at(e.line()) + ": " + e.message());
  }
}

// `--config file=RUN_DIR/match.yaml`: the match in that folder resumed (fastchess's way).
int resume_from_config(MatchArgs& a) {
  const std::string path = file_of(a.config, "--config", {},
                                   "the folder's match.yaml holds the whole match and its state");
  if (!a.game.empty() || !a.engines.empty()) {
    throw ParamError("--config: resumes the match " + path +
                     " holds, as it was started; give no --game or --engine with it");
  }
  if (!std::filesystem::is_regular_file(path)) {
    throw ParamError("--config: no such file: " + path + " (a match's RUN_DIR/match.yaml)");
  }
  RunOptions& o = a.run;
  o.config_path = path;
  o.out_dir = std::filesystem::path(path).parent_path().string();
  o.resume = true;
  return print_run_report(o, run_tournament(o));
}

int run_match(MatchArgs& a) {
  RunOptions& o = a.run;
  o.pgn_out = file_of(a.pgnout, "--pgnout", {"notation"},
                      "the PGN holds the game's own notation; each move's data is in moves.csv");
  o.epd_out = file_of(a.epdout, "--epdout", {}, "one final position a line is all it writes");
  o.log_out = file_of(a.log, "--log", {"level", "engine", "realtime"},
                      "the log is every engine's whole exchange, uncompressed");
  if (!o.log_out.empty()) o.debug = true;
  if (!a.output.empty()) {
    const auto keys = flag_keys(a.output, "--output", {"format"});
    if (!keys.contains("format") || keys.at("format") != "cutechess") {
      throw ParamError(
          "--output: only format=cutechess: the line after each game is cutechess's "
          "'Score of A vs B: W - L - D [score] N'");
    }
  }
  if (!a.config.empty()) return resume_from_config(a);
  if (a.game.empty()) throw ParamError("--game is required (or --config file=RUN_DIR/match.yaml)");
  if (a.repeat && a.games && *a.games != 2) {
    throw ParamError("--repeat: it means --games 2, which --games " + std::to_string(*a.games) +
                     " contradicts");
  }
  if (!a.games) a.games = 2;
  if (a.games != 1 && a.games != 2) {
    throw ParamError(
        "--games: 1 (a round is one game) or 2 (a round is the opening played twice, sides "
        "swapped), got " +
        std::to_string(*a.games));
  }
  const ConfigText config = match_config(a);
  check_config(config, "match.yaml", a.check);
  if (a.check) {
    std::cout << config.text();
    return 0;
  }
  if (o.out_dir.empty()) {
    if (o.resume) throw ParamError("--resume needs the run folder: --out DIR");
    o.out_dir = "results/" + a.event + "-" + stamp_text();
  }
  const std::string path = (std::filesystem::path(o.out_dir) / "match.yaml").string();
  if (o.resume) {
    if (!std::filesystem::exists(path)) {
      throw ParamError("--resume: " + o.out_dir + " holds no match (no match.yaml)");
    }
    if (read_file_text(path) != config.text()) {
      throw ParamError("--resume: these flags differ from those " + o.out_dir +
                       " was started with (" + path +
                       "); resume with the same flags, or with "
                       "harness run " +
                       path + " --out " + o.out_dir + " --resume");
    }
  }
  const bool made = !o.resume && !std::filesystem::exists(o.out_dir);
  // A match writes a tournament's folder: its journal says whether a game was played.
  const std::string journal = o.out_dir + "/" + tournament_kind().journal().front();
  if (!o.resume) {
    if (const std::string why = make_output_folder(o.out_dir); !why.empty()) {
      throw ParamError("--out: " + why);
    }
    check_folder_kind(o.out_dir, "run", false);  // a folder of any run is refused whole
    if (std::filesystem::exists(journal)) {
      throw ParamError("--out: " + o.out_dir +
                       " already holds a run; add --resume to finish it, or choose another folder");
    }
    write_file(path, config.text());
  }
  o.config_path = path;
  o.seed = std::nullopt;  // the config holds --srand
  try {
    return print_run_report(o, run_tournament(o));
  } catch (...) {
    // A match that failed before its first game leaves no folder in the way of the rerun.
    if (made && !std::filesystem::exists(journal)) {
      std::error_code ignored;
      std::filesystem::remove_all(o.out_dir, ignored);
    }
    throw;
  }
}

}  // namespace

void add_match_command(CLI::App& app, Action& action, const std::string& command_line) {
  const auto [cmd, a] = add_command<MatchArgs>(
      app, action, "match",
      "play a match or tournament described by flags alone (fastchess's names), written as the "
      "equivalent config RUN_DIR/match.yaml and played as `harness run` plays it",
      run_match);
  a->run.command_line = command_line;
  a->run.live = true;  // cutechess's line after each game, unless --quiet
  // A flag followed by key=value words, as fastchess takes them (repeatable: one group each).
  const auto words = [cmd](const std::string& name, auto& into, const std::string& help) {
    cmd->add_option(name, into, help)
        ->expected(1, CLI::detail::expected_max_vector_size)
        ->check(non_empty("key=value words"));
  };
  cmd->add_option("--game", a->game, "game name (see `harness games`); required but with --config");
  cmd->add_option("--param", a->params, "game parameter k=v (repeatable)");
  words("--engine", a->engines,
        "a player, as key=value words: cmd=PROGRAM [args=\"...\"] [dir=DIR] (an engine "
        "over UGI) or algorithm=NAME [eval=SPEC] (a searcher in this process); name=, "
        "tc=, st=SECONDS, nodes=, plies= (or depth=), option.NAME=VALUE (repeat "
        "--engine for each player)");
  words("--each", a->each,
        "key=value words for every player (its own win): tc=, st=, nodes=, plies=, "
        "proto=, timemargin=MS");
  cmd->add_option("--rounds", a->rounds, "rounds: each plays one opening as a game pair")
      ->check(integer_in(1, 1'000'000));
  cmd->add_option("--games", a->games,
                  "games a round: 2 (the opening twice, sides swapped) or 1 (one game; "
                  "consecutive rounds then share an opening, sides swapped)");
  cmd->add_flag("--repeat", a->repeat, "--games 2");
  words("--openings", a->openings,
        "file=FILE [order=sequential|random] [start=N] (positions one a line, in the "
        "game's notation), or plies=N (random openings); default: the start position");
  words("--sprt", a->sprt,
        "elo0= elo1= [alpha=0.05] [beta=0.05] [model=normalized|logistic|bayesian]: "
        "stop when the test of the first engine against the second decides");
  words("--draw", a->draw,
        "movenumber=N movecount=N score=N: adjudicate a draw once both scores stay "
        "within score for movecount moves, after move movenumber");
  words("--resign", a->resign,
        "movecount=N score=N [twosided=true]: adjudicate a loss once a player's score "
        "stays below -score for movecount moves");
  cmd->add_option("--tournament", a->tournament, "roundrobin or gauntlet")
      ->check(CLI::IsMember({"roundrobin", "gauntlet"}));
  cmd->add_option("--seeds", a->seeds, "gauntlet: the first N engines play all the others")
      ->check(integer_in(1, 1'000'000));
  cmd->add_flag("--noswap", a->noswap, "both games of a pair with the same engine first");
  cmd->add_flag("--reverse", a->reverse, "every game with the sides swapped");
  cmd->add_option("--maxmoves", a->maxmoves,
                  "a game still going after this many moves (of both sides: 2 plies, as "
                  "cutechess and fastchess count) is a draw")
      ->check(integer_in(1, 500'000'000));
  cmd->add_option("--maxplies", a->maxplies, "a game this many plies long is a draw")
      ->check(integer_in(1, 1'000'000'000));
  cmd->add_option("--event", a->event, "the match's name (the default run folder's too)")
      ->check(non_empty("a name"));
  cmd->add_option("--site", a->site, "the PGN's Site tag")->check(non_empty("a site"));
  cmd->add_option("--srand", a->seed, "run seed")->check(seed_check());
  cmd->add_option("--concurrency", a->run.threads,
                  "games at once (0 = all cores; more than the cores is taken as given)")
      ->check(integer_in(0, 1024));
  cmd->add_flag("--force-concurrency", a->force_concurrency,
                "accepted (fastchess's): --concurrency is never capped here");
  cmd->add_flag("--recover", a->recover,
                "accepted (fastchess's): a crashed engine is always replaced by a fresh process "
                "for the next game (the game it crashed in is its forfeit)");
  cmd->add_option("--rating-interval", a->run.rating_interval,
                  "every N games the standings with Elo intervals (and the SPRT's line) on "
                  "stderr (0: none); fastchess's -ratinginterval")
      ->check(integer_in(0, 1'000'000'000));
  words("--pgnout", a->pgnout,
        "file=PATH (or PATH): a copy of the run's games.pgn there at the end");
  words("--epdout", a->epdout,
        "file=PATH (or PATH): each game's final position, one a line in the game's notation, "
        "at the end");
  words("--log", a->log,
        "file=PATH [level=] [engine=]: every engine's whole UGI exchange (--debug), gathered "
        "into PATH at the end");
  words("--config", a->config,
        "file=RUN_DIR/match.yaml: resume that match (fastchess's way; the same as --out RUN_DIR "
        "--resume with the flags it was started with)");
  words("--output", a->output,
        "format=cutechess: the line after each game is cutechess's (it always is)");
  cmd->add_option("--out", a->run.out_dir, "run folder (default: results/<event>-<date>-<time>)");
  cmd->add_flag("--resume", a->run.resume,
                "finish the interrupted match in --out (the same flags, or harness run "
                "DIR/match.yaml --out DIR --resume)");
  cmd->add_flag("--quiet", a->run.quiet,
                "no progress: no progress line, score lines or interim standings (the final "
                "standings are still printed)");
  cmd->add_flag("--json", a->run.json,
                "print the final standings as one JSON object on stdout instead of the table");
  cmd->add_flag("--debug", a->run.debug, "log every engine's whole UGI exchange");
  cmd->add_flag("--check", a->check,
                "only check the flags: print the equivalent config and exit 0, or name the "
                "mistake and exit 2; nothing is played or written");
}

}  // namespace gts::cli
