#include "harness/play/play_session.h"

#include <algorithm>
#include <cctype>
#include <exception>
#include <istream>
#include <ostream>

#include "games/params.h"
#include "games/text.h"
#include "harness/strf.h"

namespace gts {

namespace {

std::string signed_value(Value v) { return strf("%+d", v); }

std::string plies_text(std::size_t n) { return std::to_string(n) + (n == 1 ? " ply" : " plies"); }

TreeNode expand(const GameHandle& game, Searcher& searcher, const std::string& position, int depth,
                int levels, int root_mover) {
  TreeNode node;
  node.position = position;
  const int mover = game.to_move(position);
  const int d = depth == kDepthMax ? kDepthMax : depth - 1;
  for (const std::string& move : game.legal_moves(position)) {
    const std::string after = game.play_move(position, move);
    const bool terminal = game.is_terminal(after);
    TreeNode child;
    if (levels > 1 && d > 0 && !terminal) {
      child = expand(game, searcher, after, d, levels - 1, root_mover);
    } else {
      const Position p = game.position(after);
      const SearchResult r = searcher.search(p, {.depth = d}, 0);
      child.position = after;
      child.value = game.mover(p) == root_mover ? r.value : -r.value;
      if (!terminal) child.pv = game.line_text(p, r.pv);
      child.stats = r.stats;
    }
    child.move = move;
    child.moves_again = !terminal && game.to_move(after) == mover;
    node.stats += child.stats;
    node.children.push_back(std::move(child));
  }
  if (!node.children.empty()) {
    const auto [lo, hi] =
        std::minmax_element(node.children.begin(), node.children.end(),
                            [](const TreeNode& a, const TreeNode& b) { return a.value < b.value; });
    node.value = mover == root_mover ? hi->value : lo->value;
  }
  return node;
}

// "South", "North" for Kalah; "X", "O" for tic-tac-toe; "Black", "White" for Go; else "MAX", "MIN".
std::string side_name(const GameHandle& game, int side) {
  return game.info().side_names[static_cast<std::size_t>(side)];
}

void format_children(const GameHandle& game, const TreeNode& node, int level, std::string& out) {
  const int mover = game.to_move(node.position);
  for (const auto& c : node.children) {
    out += std::string(static_cast<std::size_t>(2 + 4 * level), ' ') +
           (c.value == node.value ? "* " : "  ") +
           strf("%-4s %5s", c.move.c_str(), signed_value(c.value).c_str());
    if (c.moves_again) out += "  (" + side_name(game, mover) + " moves again)";
    if (game.is_terminal(c.position)) out += "  game over";
    if (c.children.empty() && !c.pv.empty()) out += "  then " + join_strings(c.pv, " ");
    out += '\n';
    format_children(game, c, level + 1, out);
  }
}

// Prints the tree: one line per node, best children marked with '*'.
std::string format_move_tree(const GameHandle& game, const TreeNode& root, int depth) {
  const std::string mover = side_name(game, game.to_move(root.position));
  std::string out = "move tree at " + root.position + " (" + mover + " to move), depth " +
                    depth_text(depth) +
                    ": each leaf of this tree searched to the remaining depth;\nvalues for " +
                    mover + ", * marks the best moves at each level\n";
  format_children(game, root, 0, out);
  std::vector<std::string> best;
  for (const auto& c : root.children) {
    if (c.value == root.value) best.push_back(c.move);
  }
  return out + "value " + signed_value(root.value) +
         (best.size() == 1 ? ", best move " : ", equally good moves ") + join_strings(best, ", ") +
         "; " + std::to_string(root.stats.nodes) + " nodes searched\n";
}

}  // namespace

HumanSides parse_human_sides(const std::string& text) {
  if (text == "first") return HumanSides::kFirst;
  if (text == "second") return HumanSides::kSecond;
  if (text == "both") return HumanSides::kBoth;
  if (text == "none") return HumanSides::kNone;
  throw ParamError("--human: expected first, second, both or none, got '" + text + "'");
}

AlgorithmSpec play_algorithm_spec(const std::string& name,
                                  std::map<std::string, std::string> options) {
  const AlgorithmInfo& info = find_algorithm_info(name);
  for (const auto& spec : info.options) {
    if (spec.name == "random_ties") options.emplace("random_ties", "on");
  }
  return make_algorithm_spec(name, options);
}

TreeNode compute_move_tree(const GameHandle& game, Searcher& searcher, const std::string& position,
                           int depth, int levels) {
  // A finished game has no moves: its tree is the bare root.
  return expand(game, searcher, position, depth, std::max(levels, 1), game.to_move(position));
}

PlaySession::PlaySession(const GameHandle& game, PlayOptions options, std::istream& in,
                         std::ostream& out)
    : game_(game), options_(std::move(options)), in_(in), out_(out) {
  if (options_.depth < 1) {
    throw ParamError("--depth: play needs a depth of at least 1, got " +
                     std::to_string(options_.depth));
  }
  position_ = options_.position.empty() ? game_.initial_position()
                                        : game_.canonical_position(options_.position);
  first_player_ = game_.to_move(position_);
  searcher_ = game_.make_searcher(options_.algorithm, options_.eval);
  std::map<std::string, std::string> quiet = options_.algorithm.options.values();
  if (quiet.count("random_ties") != 0) quiet["random_ties"] = "off";
  tree_searcher_ =
      game_.make_searcher(make_algorithm_spec(options_.algorithm.name, quiet), options_.eval);
}

bool PlaySession::human_moves(int side) const {
  return options_.human == HumanSides::kBoth ||
         (options_.human == HumanSides::kFirst && side == first_player_) ||
         (options_.human == HumanSides::kSecond && side != first_player_);
}

std::string PlaySession::legal_text() const {
  return join_strings(game_.legal_moves(position_), " ");
}

void PlaySession::print_board() {
  std::string board = game_.draw(position_);
  if (board.empty() || board.back() != '\n') board += '\n';
  out_ << "\n" << board;
}

std::pair<std::string, std::string> PlaySession::engine_search() {
  SearcherPlayer engine(game_, *searcher_, options_.depth);
  (void)engine.start_game(options_.seed);
  const Position p = game_.position(position_);
  const std::vector<std::string> none;
  const double start = wall_ms();
  PlayerMove r =
      engine.play({.position = p,
                   .opening = position_,
                   .moves = none,
                   .budget = {.depth = options_.depth},
                   .seed = mix_seed(options_.seed, static_cast<std::uint64_t>(history_.size()))});
  const double elapsed_ms = wall_ms() - start;
  if (r.status != PlayerMove::Status::kMove) throw std::runtime_error(r.reason);
  const auto best = game_.line_text(p, {r.move});
  const std::string summary =
      "value " + signed_value(r.value) + "  pv " + (r.pv.empty() ? "-" : r.pv) +
      strf("  nodes %llu  depth %d%s  time %.2f ms", static_cast<unsigned long long>(r.nodes),
           r.depth, r.exact ? " (exact)" : "", elapsed_ms);
  last_search_ = LastSearch{position_, std::move(r)};
  return {best.empty() ? "" : best[0], summary};
}

void PlaySession::play(const std::string& move, bool by_human) {
  std::string after = game_.play_move(position_, move);  // throws for an illegal move
  history_.push_back({std::exchange(position_, std::move(after)), move, by_human});
}

void PlaySession::engine_move() {
  const int side = game_.to_move(position_);
  const auto [best, summary] = engine_search();
  if (best.empty()) {
    throw std::runtime_error("the engine returned an illegal move (" +
                             std::to_string(last_search_->result.move) + ")");
  }
  out_ << side_name(game_, side) << " (engine) plays " << best << "   " << summary << "\n";
  play(best, false);
}

void PlaySession::undo() {
  if (std::ranges::none_of(history_, &Played::by_human)) {
    out_ << "nothing to undo: no move of yours yet\n";
    return;
  }
  std::vector<std::string> taken;
  while (!history_.empty()) {
    Played p = history_.back();
    history_.pop_back();
    position_ = p.before;
    taken.insert(taken.begin(), p.move);
    if (p.by_human) break;
  }
  out_ << "undone: " << join_strings(taken, " ") << "\n";
  print_board();
}

bool PlaySession::searches(const char* command, const char* nothing) {
  if (find_algorithm_info(options_.algorithm.name).facts.searches) return true;
  out_ << command << ": the " << options_.algorithm.name << " player does not search, so "
       << nothing << "\n";
  return false;
}

void PlaySession::hint() {
  if (!searches("hint", "it has no hint to give")) return;
  const auto [best, summary] = engine_search();
  out_ << "hint: " << (best.empty() ? "none" : best) << "   " << summary << "\n";
}

void PlaySession::tree(const std::string& args) {
  int levels = args.empty() ? 1 : parse_whole<int>(args).value_or(0);
  if (levels < 1 || levels > 3) {
    out_ << "tree: expected a number of levels 1..3, got '" << args << "'\n";
    return;
  }
  if (!searches("tree", "there is no tree to show")) return;
  const std::string position = last_search_ ? last_search_->position : position_;
  if (!last_search_) out_ << "tree: no search yet; the tree of the current position\n";
  if (game_.is_terminal(position)) {
    out_ << "tree: the game is over\n";
    return;
  }
  if (options_.depth != kDepthMax) levels = std::min(levels, options_.depth);
  const double start = wall_ms();
  const TreeNode root = compute_move_tree(game_, *tree_searcher_, position, options_.depth, levels);
  const double elapsed = wall_ms() - start;
  out_ << format_move_tree(game_, root, options_.depth);
  if (last_search_) {
    out_ << "the engine's search at this position: value "
         << signed_value(last_search_->result.value) << ", played "
         << join_strings(game_.line_text(game_.position(position), {last_search_->result.move}),
                         " ")
         << strf(" (tree computed in %.2f ms)", elapsed) << "\n";
  }
}

bool PlaySession::human_turn() {
  const std::string side = side_name(game_, game_.to_move(position_));
  out_ << (options_.human == HumanSides::kBoth ? side + "'s move" : "Your move (" + side + ")")
       << ". Legal moves: " << legal_text() << "\n> " << std::flush;
  std::string line;
  if (!std::getline(in_, line)) {
    out_ << "\nend of input\n";
    return false;
  }
  if (options_.echo_input) out_ << line << "\n";
  const std::string text(trim(line));
  const std::size_t space = std::min(text.find(' '), text.size());
  std::string word = text.substr(0, space);
  std::ranges::transform(word, word.begin(), [](unsigned char c) { return std::tolower(c); });
  const std::string rest(trim(std::string_view(text).substr(space)));
  if (word == "quit" || word == "exit" || word == "q") return false;
  if (word == "undo" || word == "u") {
    undo();
  } else if (word == "hint" || word == "h") {
    hint();
  } else if (word == "tree" || word == "t") {
    tree(rest);
  } else if (word == "help" || word == "?") {
    out_ << "commands: a move (one of: " << legal_text()
         << "), undo (take back your last move), hint (what the engine would play), "
            "tree [1-3] (the move tree of the last search), quit\n";
  } else if (!text.empty()) {
    try {
      play(text, true);
    } catch (const std::exception&) {  // whatever the text, the answer is the list of moves
      out_ << "'" << text << "' is not a legal move here. Legal moves: " << legal_text()
           << " (or undo, hint, tree, help, quit)\n";
      return true;
    }
    print_board();
  }
  return true;
}

void PlaySession::print_result() {
  const Position p = game_.position(position_);
  if (!game_.finished(p)) return;
  const Value v = game_.final_value(p);
  const Value first_view = game_.mover(p) == first_player_ ? v : -v;
  std::string text = "Result: ";
  int winner = -1;
  if (game_.info().outcome_is_leaf_value) {
    // A tree's leaves are scores, not wins: report the value reached.
    text += "leaf value " + signed_value(first_view) + " for " + side_name(game_, first_player_);
  } else if (first_view == 0) {
    text += "draw";
  } else {
    winner = first_view > 0 ? first_player_ : 1 - first_player_;
    text += side_name(game_, winner) + " wins";
    if (game_.info().outcome_is_margin) {
      text += " by " + std::to_string(first_view > 0 ? first_view : -first_view);
    }
  }
  text += first_view > 0 ? " (1-0)" : first_view < 0 ? " (0-1)" : " (1/2-1/2)";
  const bool one_human =
      options_.human == HumanSides::kFirst || options_.human == HumanSides::kSecond;
  if (one_human && winner >= 0) text += human_moves(winner) ? ": you win" : ": the engine wins";
  out_ << text << "\n";
}

int PlaySession::run() {
  auto human_label = [&](int side) {
    if (options_.human == HumanSides::kNone) return "engine";
    if (options_.human == HumanSides::kBoth) return "human (hints from the engine)";
    return human_moves(side) ? "you" : "engine";
  };
  out_ << "harness play: " << game_.label() << "\n"
       << "engine: " << options_.algorithm.label() << ", depth " << depth_text(options_.depth)
       << ", evaluation " << eval_spec_text(options_.eval) << ", seed " << options_.seed
       << " (values are for the side to move)\n"
       << side_name(game_, first_player_) << " (moves first): " << human_label(first_player_)
       << "; " << side_name(game_, 1 - first_player_) << ": " << human_label(1 - first_player_)
       << "\n";
  if (options_.human != HumanSides::kNone) {
    out_ << "Type a move, or undo, hint, tree, help, quit.\n";
  }
  print_board();
  for (;;) {
    if (game_.is_terminal(position_)) {
      print_result();
      return 0;
    }
    if (static_cast<int>(history_.size()) >= options_.max_plies) {
      out_ << "Result: draw by adjudication after " << plies_text(history_.size())
           << " (1/2-1/2)\n";
      return 0;
    }
    if (human_moves(game_.to_move(position_))) {
      if (!human_turn()) {
        out_ << "Result: unfinished after " << plies_text(history_.size()) << "\n";
        return 0;
      }
    } else {
      try {
        engine_move();
      } catch (const std::exception& e) {
        out_ << "engine error: " << e.what() << "\nResult: unfinished after "
             << plies_text(history_.size()) << "\n";
        return 1;
      }
      print_board();
    }
  }
}

}  // namespace gts
