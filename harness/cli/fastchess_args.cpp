#include "harness/cli/fastchess_args.h"

#include <map>

#include "common/input_error.h"

namespace gts::cli {

namespace {

// Single-dash names and the harness option each is; the harness's own options are taken with
// one dash too, so that a line can mix them.
const std::map<std::string, std::string, std::less<>>& renamed() {
  static const std::map<std::string, std::string, std::less<>> names = {
      {"engine", "--engine"},
      {"each", "--each"},
      {"rounds", "--rounds"},
      {"games", "--games"},
      {"repeat", "--repeat"},
      {"concurrency", "--concurrency"},
      {"force-concurrency", "--force-concurrency"},
      {"openings", "--openings"},
      {"sprt", "--sprt"},
      {"draw", "--draw"},
      {"resign", "--resign"},
      {"tournament", "--tournament"},
      {"seeds", "--seeds"},
      {"noswap", "--noswap"},
      {"reverse", "--reverse"},
      {"maxmoves", "--maxmoves"},
      {"event", "--event"},
      {"site", "--site"},
      {"srand", "--srand"},
      {"pgnout", "--pgnout"},
      {"epdout", "--epdout"},
      {"log", "--log"},
      {"config", "--config"},
      {"ratinginterval", "--rating-interval"},
      {"recover", "--recover"},
      {"output", "--output"},
      {"debug", "--debug"},
      {"help", "--help"},
      // The harness's own.
      {"game", "--game"},
      {"param", "--param"},
      {"maxplies", "--maxplies"},
      {"out", "--out"},
      {"resume", "--resume"},
      {"quiet", "--quiet"},
      {"json", "--json"},
      {"check", "--check"},
      {"rating-interval", "--rating-interval"},
  };
  return names;
}

// Their options that mean nothing here, with the reason.
const std::map<std::string, std::string, std::less<>>& refused() {
  static const std::map<std::string, std::string, std::less<>> why = {
      {"tb", "endgame tablebases are chess's; a game whose result is proven ends by adjudication"},
      {"tbpieces", "endgame tablebases are chess's"},
      {"tbignore50", "endgame tablebases are chess's"},
      {"tbadjudicate", "endgame tablebases are chess's"},
      {"variant", "the game is --game NAME (harness games lists them)"},
      {"quick",
       "it is a shortcut for chess engines and a chess book: give -engine, -each, -rounds"},
      {"wait", "a game starts as soon as a thread is free"},
      {"use-affinity", "engines are not pinned to cores here"},
      {"scoreinterval", "the score line is printed after every game"},
      {"autosaveinterval",
       "every game is saved as it ends; -config file=RUN_DIR/match.yaml resumes"},
      {"testEnv", "it sets up OpenBench's and fishtest's workers"},
      {"show-latency", "engine latency is not measured; moves.csv has each move's wall time"},
      {"crc32", "harness replay checks a run folder's game files"},
      {"report", "pairs.csv always holds the pentanomial counts"},
      {"randomseed", "a run's seed is recorded so that it can be repeated: give -srand N"},
      {"bookmode", "the book is one position a line, read whole"},
      {"resultformat", "the results are in games.csv and the standings table"},
      {"livepgnout", "games.pgn is written at the end; games.csv holds each game as it ends"},
      {"outcomeinterval", "the score line is printed after every game"},
      {"bergerschedule", "the schedule is harness's own (docs/guide/tournaments.md)"},
      {"engines", "engines are given one -engine each (no engines.json)"},
      {"version", "the version is harness --version"},
  };
  return why;
}

}  // namespace

std::vector<std::string> match_args_from_fastchess(const std::vector<std::string>& args) {
  std::vector<std::string> out;
  out.reserve(args.size());
  for (const std::string& word : args) {
    const bool single = word.size() > 1 && word[0] == '-' && word[1] != '-' &&
                        ((word[1] >= 'a' && word[1] <= 'z') || (word[1] >= 'A' && word[1] <= 'Z'));
    if (!single) {
      out.push_back(word);
      continue;
    }
    const std::string_view name = std::string_view(word).substr(1);
    if (const auto it = renamed().find(name); it != renamed().end()) {
      out.push_back(it->second);
    } else if (const auto r = refused().find(name); r != refused().end()) {
      throw ParamError(word + ": not taken by harness match: " + r->second);
    } else {
      throw ParamError(word +
                       ": not an option of harness match, nor one of fastchess's or "
                       "cutechess-cli's (harness match --help lists them)");
    }
  }
  return out;
}

}  // namespace gts::cli
