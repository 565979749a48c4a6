#include "harness/tournament/pgn.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>

#include "common/input_error.h"
#include "harness/pipeline/folder_check.h"
#include "harness/pipeline/run_folder.h"
#include "harness/strf.h"
#include "harness/tournament/game_records.h"

namespace gts {

namespace {

bool is_result(std::string_view token) {
  return token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*";
}

// Seconds as PGN writes them: "60", "0.6".
std::string seconds(double ms) { return format_number(ms / 1000.0); }

// Appends movetext tokens, breaking lines before they pass 80 characters.
class Movetext {
 public:
  void add(const std::string& token) {
    if (!line_.empty() && line_.size() + 1 + token.size() > 79) flush();
    line_ += (line_.empty() ? "" : " ") + token;
  }
  std::string finish() {
    flush();
    return text_;
  }

 private:
  void flush() {
    if (!line_.empty()) text_ += line_ + '\n';
    line_.clear();
  }
  std::string text_, line_;
};

// Reads a PGN text token by token, keeping the line and column of each.
class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  [[nodiscard]] bool at_end() const { return pos_ >= text_.size(); }
  [[nodiscard]] char peek() const { return at_end() ? '\0' : text_[pos_]; }
  [[nodiscard]] int line() const { return line_; }
  [[nodiscard]] int column() const { return static_cast<int>(pos_ - line_start_) + 1; }

  char get() {
    const char c = text_[pos_++];
    if (c == '\n') {
      ++line_;
      line_start_ = pos_;
    }
    return c;
  }
  void skip_space() {
    while (!at_end() && std::isspace(static_cast<unsigned char>(peek()))) get();
  }
  // Characters up to (not including) the first of `stops` or a space.
  std::string word(std::string_view stops) {
    std::string out;
    while (!at_end() && !std::isspace(static_cast<unsigned char>(peek())) &&
           stops.find(peek()) == std::string_view::npos) {
      out += get();
    }
    return out;
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t line_start_ = 0;
  int line_ = 1;
};

// Thrown inside parse_pgn where the text stops being PGN.
struct PgnSyntax {
  int line, column;
  std::string what;
};

// `[Name "value"]`, the reader at its '['.
std::pair<std::string, std::string> read_tag(Reader& in) {
  const int line = in.line(), column = in.column();
  in.get();
  in.skip_space();
  std::string name = in.word("\"]");
  if (name.empty() || !std::ranges::all_of(name, [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
      })) {
    throw PgnSyntax{line, column, "a tag without a name (a tag is [Name \"value\"])"};
  }
  in.skip_space();
  if (in.get() != '"') throw PgnSyntax{line, column, "tag " + name + " has no quoted value"};
  std::string value;
  for (;;) {
    if (in.at_end() || in.peek() == '\n') {
      throw PgnSyntax{line, column, "tag " + name + "'s value does not end on its line"};
    }
    const char c = in.get();
    if (c == '"') break;
    value += c == '\\' && !in.at_end() && in.peek() != '\n' ? in.get() : c;
  }
  in.skip_space();
  if (in.at_end() || in.get() != ']') throw PgnSyntax{line, column, "tag " + name + " has no ']'"};
  return {std::move(name), std::move(value)};
}

// One game from the reader's position (at its first character); returns it whole or throws.
PgnGame read_game(Reader& in) {
  PgnGame game;
  game.line = in.line();
  while (in.peek() == '[') {
    game.tags.push_back(read_tag(in));
    in.skip_space();
  }
  for (;;) {
    in.skip_space();
    if (in.at_end()) {
      throw PgnSyntax{in.line(), in.column(),
                      "the file ends inside the game that starts at line " +
                          std::to_string(game.line) + " (no result after its moves)"};
    }
    const int line = in.line(), column = in.column();
    const char c = in.peek();
    if (c == '[') {
      throw PgnSyntax{line, column,
                      "tags inside the moves of the game that starts at line " +
                          std::to_string(game.line) + " (its result is missing)"};
    }
    if (c == '{') {  // a comment: the last move's, or the game's before any move
      in.get();
      std::string comment;
      while (!in.at_end() && in.peek() != '}') comment += in.get();
      if (in.at_end()) throw PgnSyntax{line, column, "a comment without its closing '}'"};
      in.get();
      if (!game.moves.empty()) game.comments.back() = comment;
      continue;
    }
    if (c == ';') {  // a comment to the end of the line
      while (!in.at_end() && in.peek() != '\n') in.get();
      continue;
    }
    if (c == '(') {  // a variation, with any inside it: skipped
      int depth = 0;
      do {
        if (in.at_end()) throw PgnSyntax{line, column, "a variation without its closing ')'"};
        const char v = in.get();
        depth += v == '(' ? 1 : v == ')' ? -1 : 0;
        while (v == '{' && !in.at_end() && in.peek() != '}') in.get();
      } while (depth > 0);
      continue;
    }
    if (c == ')' || c == '}' || c == ']') {
      throw PgnSyntax{line, column, std::string("'") + c + "' where a move belongs"};
    }
    std::string token = in.word("{}()[];");  // not empty: each of those is handled above
    if (is_result(token)) {
      game.result = token;
      return game;
    }
    if (token.starts_with('$')) continue;  // an annotation glyph
    // A move number ("12." or "12..."), perhaps run into its move ("12.e4").
    std::size_t digits = 0;
    while (digits < token.size() && std::isdigit(static_cast<unsigned char>(token[digits]))) {
      ++digits;
    }
    if (digits > 0 && digits < token.size() && token[digits] == '.') {
      token.erase(0, token.find_first_not_of('.', digits) == std::string::npos
                         ? token.size()
                         : token.find_first_not_of('.', digits));
      if (token.empty()) continue;
    }
    game.moves.push_back(token);
    game.comments.emplace_back();
  }
}

// How a game read back differs from its games.txt record (`at`: "games.txt:LINE"); empty if not.
std::string difference(const PgnGame& g, const GameRecord& r, const std::string& at,
                       const GameHandle& game) {
  const auto tag = [&](const char* name) {
    const std::string* v = g.tag(name);
    return v == nullptr ? std::string() : *v;
  };
  const auto same_position = [&](const std::string& a, const std::string& b) {
    try {
      return game.canonical_position(a) == game.canonical_position(b);
    } catch (const InputError&) {
      return false;
    }
  };
  if (g.tag("FEN") == nullptr) return "no FEN tag (the opening)";
  if (!same_position(tag("FEN"), r.opening)) {
    return "FEN " + tag("FEN") + " is not " + at + "'s opening " + r.opening;
  }
  if (g.moves != r.moves) {
    std::size_t ply = 0;
    while (ply < g.moves.size() && ply < r.moves.size() && g.moves[ply] == r.moves[ply]) ++ply;
    if (ply == g.moves.size() || ply == r.moves.size()) {
      return std::to_string(g.moves.size()) + " moves, " + at + " records " +
             std::to_string(r.moves.size());
    }
    return "ply " + std::to_string(ply) + " is " + g.moves[ply] + ", " + at + "'s " +
           r.moves[ply];
  }
  if (tag("PlyCount") != std::to_string(g.moves.size())) {
    return "PlyCount '" + tag("PlyCount") + "', where it has " + std::to_string(g.moves.size()) +
           " moves";
  }
  if (tag("Result") != r.result) {
    return "Result '" + tag("Result") + "', " + at + " records " + r.result;
  }
  if (g.result != r.result) {
    return "the result after the moves is " + g.result + ", " + at + " records " + r.result;
  }
  if (tag("Termination") != pgn_termination(r.termination)) {
    return "Termination '" + tag("Termination") + "', where " + at + "'s " + r.termination +
           " is '" + pgn_termination(r.termination) + "'";
  }
  if (tag("Game") != game.label()) {
    return "Game '" + tag("Game") + "' is not this run's " + game.label();
  }
  return {};
}

}  // namespace

std::string pgn_time_control(const TimeControl& clock, double movetime_ms) {
  if (clock.enabled()) {
    std::string out = seconds(clock.base_ms);
    if (clock.inc_ms > 0) out.append("+").append(seconds(clock.inc_ms));
    return out;
  }
  return movetime_ms > 0 ? seconds(movetime_ms) + "/move" : "-";
}

std::string pgn_termination(const std::string& termination) {
  if (termination == "normal") return "normal";
  if (termination == "adjudicated" || termination == "max_plies") return "adjudication";
  if (termination == "illegal_move" || termination == "budget") return "rules infraction";
  if (termination == "timeout") return "time forfeit";
  if (termination == "error") return "abandoned";
  return "unterminated";
}

std::string pgn_record(const PgnEvent& event, const GameRow& row,
                       const std::vector<MoveRow>& moves) {
  std::string out;
  const auto tag = [&](const std::string& name, const std::string& value) {
    out += "[" + name + " " + double_quoted(value) + "]\n";
  };
  tag("Event", event.event);
  tag("Site", event.site);
  tag("Date", event.date);
  tag("Round", std::to_string(row.game + 1));
  tag("White", row.first);
  tag("Black", row.second);
  tag("Result", row.result);
  tag("FEN", row.opening_position);
  tag("Game", event.game);
  tag("PlyCount", std::to_string(moves.size()));
  tag("SetUp", "1");
  tag("Termination", pgn_termination(row.termination));
  const auto tc = [&](const std::string& player) {
    const auto it = event.time_control.find(player);
    return it == event.time_control.end() ? std::string("?") : it->second;
  };
  if (tc(row.first) == tc(row.second)) {
    tag("TimeControl", tc(row.first));
  } else {
    tag("WhiteTimeControl", tc(row.first));
    tag("BlackTimeControl", tc(row.second));
  }
  out += '\n';
  // Move numbers as in chess: N. before the first player's move, N... before the second's; N
  // counts the first player's turns, so a player who moves again (Kalah) repeats its number.
  Movetext text;
  int number = 1;
  bool second_moved = false;
  for (const MoveRow& m : moves) {
    const bool first = m.player == row.first;
    if (first && second_moved) ++number;
    second_moved = !first;
    text.add(std::to_string(number) + (first ? "." : "..."));
    text.add(m.move);
    text.add(strf("{%+d/%d %.3fs}", m.value, m.depth, m.wall_ms / 1000.0));
  }
  text.add(row.result);
  return out + text.finish() + '\n';
}

const std::string* PgnGame::tag(std::string_view name) const {
  const auto it = std::ranges::find(tags, name, &std::pair<std::string, std::string>::first);
  return it == tags.end() ? nullptr : &it->second;
}

PgnText parse_pgn(std::string_view text) {
  PgnText out;
  Reader in(text);
  try {
    for (in.skip_space(); !in.at_end(); in.skip_space()) {
      if (in.peek() != '[') {
        throw PgnSyntax{in.line(), in.column(), "a game's record starts with its tags ('[')"};
      }
      out.games.push_back(read_game(in));
    }
  } catch (const PgnSyntax& e) {
    out.error_line = e.line;
    out.error_column = e.column;
    out.error = e.what;
  }
  return out;
}

PgnCheck check_pgn(const std::string& path, const std::vector<std::pair<GameRecord, int>>& records,
                   int games_total, const GameHandle& game) {
  PgnCheck check;
  auto& findings = check.findings;
  if (!std::filesystem::is_regular_file(path)) {
    findings.push_back({0, -1, "missing (a run with output.moves writes it at its end)"});
    check.summary = "no " + path;
    return check;
  }
  std::string text = read_file_text(path);
  const bool cut = !text.empty() && text.back() != '\n';
  if (cut) {
    // Read up to the cut; the game it falls in is counted missing, not named again.
    const auto lines = static_cast<int>(std::ranges::count(text, '\n'));
    findings.push_back(
        {lines + 1, -1, "cut mid-line (the last line has no newline): the file is truncated"});
    text.erase(text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1);
  }
  const PgnText pgn = parse_pgn(text);
  if (!pgn.error.empty() && !(cut && pgn.error.starts_with("the file ends inside"))) {
    findings.push_back({pgn.error_line, -1,
                        strf("column %d: ", pgn.error_column) + pgn.error +
                            "; the games after it are not read"});
  }
  std::map<int, const std::pair<GameRecord, int>*> by_game;
  for (const auto& r : records) by_game.emplace(r.first.game, &r);
  std::map<int, int> line_of;  // game -> its record's first line
  int agree = 0;
  for (const PgnGame& g : pgn.games) {
    const std::string* round = g.tag("Round");
    const std::optional<int> n = round ? parse_whole<int>(*round) : std::nullopt;
    if (!n) {
      findings.push_back({g.line, -1, "no Round tag with the game's number (games.txt's + 1)"});
      continue;
    }
    const int number = *n - 1;
    if (number < 0 || number >= games_total) {
      findings.push_back({g.line, number,
                          "not a game of this run (Round " + *round + "; run.yaml: games_total " +
                              std::to_string(games_total) + ", Round 1 to " +
                              std::to_string(games_total) + ")"});
      continue;
    }
    if (const auto [it, fresh] = line_of.emplace(number, g.line); !fresh) {
      findings.push_back(
          {g.line, number, "recorded again (first at line " + std::to_string(it->second) + ")"});
      continue;
    }
    const auto r = by_game.find(number);
    if (r == by_game.end()) continue;
    const std::string at = "games.txt:" + std::to_string(r->second->second);
    if (const std::string why = difference(g, r->second->first, at, game); !why.empty()) {
      findings.push_back({g.line, number, why});
    } else {
      ++agree;
    }
  }
  std::set<int> missing;
  for (const auto& [g, r] : by_game) {
    if (!line_of.contains(g)) missing.insert(g);
  }
  if (missing.size() == 1) {
    findings.push_back({0, *missing.begin(),
                        "missing (games.txt:" +
                            std::to_string(by_game.at(*missing.begin())->second) +
                            " records it)"});
  } else if (!missing.empty()) {
    findings.push_back({0, -1,
                        "games " + ranges_text(missing) + " missing (" +
                            std::to_string(missing.size()) + " games that games.txt records)"});
  }
  const int read = static_cast<int>(pgn.games.size());
  check.summary = "read " + std::to_string(read) + " games from " + path + ": " +
                  (agree == read ? "each is its games.txt record, move for move"
                                 : std::to_string(agree) + " match games.txt, " +
                                       std::to_string(read - agree) + " do not");
  return check;
}

}  // namespace gts
