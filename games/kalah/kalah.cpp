#include "games/kalah/kalah.h"

#include <charconv>

#include "games/splitmix.h"
#include "games/text.h"

namespace gts {

namespace detail {
namespace {

constexpr std::uint64_t kZobristSeed = 0x4B616C6168ULL;  // "Kalah"

constexpr std::array<std::array<std::uint64_t, 256>, kKalahMaxCells> make_zobrist() {
  std::array<std::array<std::uint64_t, 256>, kKalahMaxCells> table{};
  std::uint64_t state = kZobristSeed;
  for (auto& cell : table) {
    // An empty cell contributes nothing, so positions differing only in unused cells agree.
    cell[0] = 0;
    for (std::size_t v = 1; v < cell.size(); ++v) cell[v] = splitmix64(state);
  }
  return table;
}

constexpr std::uint64_t make_north_key() {
  std::uint64_t state = kZobristSeed ^ 0xFFFFFFFFULL;
  return splitmix64(state);
}

}  // namespace

constinit const std::array<std::array<std::uint64_t, 256>, kKalahMaxCells> kKalahZobrist =
    make_zobrist();
constinit const std::uint64_t kKalahZobristNorth = make_north_key();

}  // namespace detail

namespace {

std::string legal_list(const Kalah& game, const Kalah::State& s) {
  if (game.is_terminal(s)) return "none: the game is over";
  MovesOf<Kalah> moves;
  game.legal_moves(s, moves);
  std::string out;
  for (Move m : moves) out += (out.empty() ? "" : ", ") + std::to_string(m);
  return out;
}

}  // namespace

std::vector<ParamSpec> Kalah::param_specs() {
  return {
      ParamSpec::integer("pits", 6, 1, kMaxPits, "houses per side"),
      ParamSpec::integer("seeds", 4, 1, 127, "seeds per house at the start (2*pits*seeds <= 255)"),
      ParamSpec::choice("capture", "empty", {"empty", "nonempty"},
                        "a last seed in an own empty house captures even when the opposite house "
                        "is empty (empty, the solved rule) or only when it holds seeds (nonempty)"),
      ParamSpec::choice("first", "south", {"south", "north"}, "who moves first"),
      ParamSpec::integer(
          "endgame", 0, 0, 127,
          "solve positions with at most this many seeds in the houses from an "
          "endgame database, in searches to the end (0: none; built on first use and "
          "kept in $GTS_CACHE_DIR; Kalah(6,s): 12 takes 2.7 MB, 16 takes 30 MB)"),
  };
}

std::vector<EvalInfo> Kalah::evaluation_kinds() {
  return {
      {"store-diff", "my store minus the opponent's store", false},
      {"linear", "weights over my houses, my store, the opponent's houses and store", true},
  };
}

Kalah::Kalah() : Kalah(Params()) {}

Kalah::Kalah(const Params& given) {
  const auto specs = param_specs();
  const Params p = resolve_params(specs, given.values(), "game kalah");
  pits_ = static_cast<int>(p.get_int("pits"));
  seeds_ = static_cast<int>(p.get_int("seeds"));
  if (2 * pits_ * seeds_ > 255) {
    throw ParamError(
        "game kalah: 2*pits*seeds must be at most 255 (seed counts are bytes), got "
        "pits=" +
        std::to_string(pits_) + ", seeds=" + std::to_string(seeds_) + " (" +
        std::to_string(2 * pits_ * seeds_) + " seeds)");
  }
  cells_ = 2 * pits_ + 2;
  make_sow_table();
  capture_empty_ = p.get("capture") == "empty";
  first_ = p.get("first") == "north" ? 1 : 0;
  const int endgame = static_cast<int>(p.get_int("endgame"));
  if (endgame > 0) {
    endgame_ = std::make_shared<const KalahEndgameRef>(pits_, std::min(endgame, total_seeds()));
    endgame_seeds_ = endgame_->max_seeds();
  }
}

void Kalah::make_sow_table() {
  if (std::endian::native != std::endian::little || cells_ > 16) return;
  const int cycle = cells_ - 1;
  auto steps = std::make_shared<SowStep[]>(static_cast<std::size_t>(cells_ * cycle));
  for (int side = 0; side < 2; ++side) {
    const int opp_store = (1 - side) * (pits_ + 1) + pits_;
    for (int h = 0; h < pits_; ++h) {
      const int origin = side * (pits_ + 1) + h;
      for (int seeds = 1; seeds < cycle; ++seeds) {
        State empty;
        SowStep& step = steps[static_cast<std::size_t>(origin * cycle + seeds)];
        step.last = sow_short(empty, origin, seeds, opp_store);
        std::memcpy(&step.lo, empty.board.data(), sizeof step.lo);
        std::memcpy(&step.hi, empty.board.data() + 8, sizeof step.hi);
      }
    }
  }
  sow_ = std::move(steps);
}

Kalah::State Kalah::initial_state() const {
  State s;
  for (int side = 0; side < 2; ++side) {
    for (int h = 0; h < pits_; ++h)
      s.board[side * (pits_ + 1) + h] = static_cast<std::uint8_t>(seeds_);
  }
  s.side = first_;
  return s;
}

std::string Kalah::to_string(const State& s) const {
  std::string out;
  for (int c = 0; c < cells_; ++c) {
    if (c > 0) out += ',';
    out += std::to_string(s.board[c]);
  }
  out += s.side == 0 ? ":S" : ":N";
  return out;
}

Kalah::State Kalah::parse(std::string_view text) const {
  const std::string_view all = trim(text);
  const auto colon = all.rfind(':');
  if (colon == std::string_view::npos) {
    throw ParseError("kalah position: missing side to move (':S' or ':N' at the end) in '" +
                     std::string(all) + "'");
  }
  const std::string_view side = trim(all.substr(colon + 1));
  State s;
  if (side == "S" || side == "s") {
    s.side = 0;
  } else if (side == "N" || side == "n") {
    s.side = 1;
  } else {
    throw ParseError("kalah position: side to move must be 'S' or 'N', got '" + std::string(side) +
                     "'");
  }
  std::string_view rest = all.substr(0, colon);
  int count = 0;
  int total = 0;
  while (true) {
    const auto comma = rest.find(',');
    const std::string_view token = trim(rest.substr(0, comma));
    int v = -1;
    auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), v);
    if (token.empty() || ec != std::errc() || ptr != token.data() + token.size() || v < 0 ||
        v > 255) {
      throw ParseError("kalah position: number " + std::to_string(count + 1) + " ('" +
                       std::string(token) + "') is not an integer in 0..255");
    }
    if (count < cells_) s.board[count] = static_cast<std::uint8_t>(v);
    ++count;
    total += v;
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  if (count != cells_) {
    throw ParseError("kalah position: expected " + std::to_string(cells_) + " numbers, got " +
                     std::to_string(count));
  }
  if (total != total_seeds()) {
    throw ParseError("kalah position: the seeds add up to " + std::to_string(total) +
                     ", expected " + std::to_string(total_seeds()) + " (2*pits*seeds with pits=" +
                     std::to_string(pits_) + ", seeds=" + std::to_string(seeds_) + ")");
  }
  return s;
}

std::string Kalah::move_to_string(const State& /*s*/, Move move) const {
  return std::to_string(move);
}

Move Kalah::parse_move(const State& s, std::string_view text) const {
  const std::string_view token = trim(text);
  int v = 0;
  auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), v);
  if (token.empty() || ec != std::errc() || ptr != token.data() + token.size()) {
    throw ParseError("kalah move '" + std::string(token) +
                     "' is not a house number (legal: " + legal_list(*this, s) + ")");
  }
  if (is_terminal(s) || v < 1 || v > pits_ || s.board[s.side * (pits_ + 1) + v - 1] == 0) {
    throw ParseError("kalah move '" + std::string(token) +
                     "' is not legal here (legal: " + legal_list(*this, s) + ")");
  }
  return v;
}

std::vector<std::string> Kalah::feature_names() const {
  std::vector<std::string> names;
  names.reserve(num_features());
  for (int h = 1; h <= pits_; ++h) names.push_back("my_house" + std::to_string(h));
  names.emplace_back("my_store");
  for (int h = 1; h <= pits_; ++h) names.push_back("opp_house" + std::to_string(h));
  names.emplace_back("opp_store");
  return names;
}

std::string Kalah::draw(const State& s) const {
  auto cell = [](int v) {
    std::string t = std::to_string(v);
    return std::string(4 - t.size(), ' ') + t;
  };
  const std::size_t inner = 4 * static_cast<std::size_t>(pits_) + 1;
  const std::string border = "  +----+" + std::string(inner, '-') + "+----+\n";
  std::string out;
  // North's houses run right to left as South sees the board; number them from North's left.
  out += "        ";
  for (int h = pits_; h >= 1; --h) out += cell(h);
  out += "   North's houses\n";
  out += border;
  out += "  |    |";
  for (int h = pits_; h >= 1; --h) out += cell(s.board[pits_ + h]);
  out += " |    |\n";
  out += "  |" + cell(s.board[2 * pits_ + 1]).substr(1) + " |" + std::string(inner, ' ') + "|" +
         cell(s.board[pits_]).substr(1) + " |\n";
  out += "  |    |";
  for (int h = 1; h <= pits_; ++h) out += cell(s.board[h - 1]);
  out += " |    |\n";
  out += border;
  out += "        ";
  for (int h = 1; h <= pits_; ++h) out += cell(h);
  out += "   South's houses\n";
  out += "   North" + std::string(inner, ' ') + " South\n";
  out += "   store" + std::string(inner, ' ') + " store\n";
  if (is_terminal(s)) {
    const Value south = side_total(s, 0);
    const Value north = side_total(s, 1);
    out += "Game over: South " + std::to_string(south) + ", North " + std::to_string(north) +
           (south > north   ? " (South wins)"
            : north > south ? " (North wins)"
                            : " (draw)") +
           "\n";
  } else {
    out += std::string(s.side == 0 ? "South" : "North") + " to move\n";
  }
  return out;
}

KalahEval::KalahEval(const Kalah& game, const EvalSpec& spec) : game_(game), pits_(game.pits()) {
  if (spec.kind == "store-diff") {
    if (!spec.weights.empty()) {
      throw ParamError("evaluation 'store-diff' for kalah takes no weights, got " +
                       std::to_string(spec.weights.size()));
    }
  } else if (spec.kind == "linear") {
    check_linear_weights(spec, game.num_features(), "kalah");
    linear_ = true;
    weights_ = spec.weights;
  } else {
    std::string known;
    for (const auto& info : Kalah::evaluation_kinds())
      known += (known.empty() ? "" : ", ") + info.kind;
    throw ParamError("unknown evaluation '" + spec.kind + "' for kalah (known: " + known + ")");
  }
}

}  // namespace gts
