// fastchess's and cutechess-cli's single-dash spelling for `harness match`: `-engine cmd=...`,
// `-rounds 200`, `-ratinginterval 10` become the harness's own `--engine`, `--rounds`,
// `--rating-interval`, so that a copied command line runs with only the program's name replaced;
// an option of theirs that means nothing here is refused with the reason.
#pragma once

#include <string>
#include <vector>

namespace gts::cli {

// `args` (the words after `match`) with every single-dash option of fastchess's or cutechess's
// spelled as the harness's double-dash option. Words that are not options (values, key=value
// words, negative numbers) are left alone. Throws ParamError, naming the option and why, for one
// that means nothing here.
std::vector<std::string> match_args_from_fastchess(const std::vector<std::string>& args);

}  // namespace gts::cli
