// Time controls as cutechess and fastchess write them, read from text (a config's `tc`, a command
// line's tc=) and written back in the same form.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "harness/match/game_record.h"

namespace gts {

// The forms parse_time_control reads, each with an example, for messages.
inline constexpr std::string_view kTimeControlForms =
    "SECONDS+INC (10+0.1), MOVES/SECONDS+INC (40/60+0.6), MINUTES:SECONDS+INC (1:00+1), "
    "st=SECONDS (st=0.5) or inf, as cutechess and fastchess write them (+INC may be left out)";

// `text` in one of kTimeControlForms, or nullopt. Times are in seconds; a clock's time is > 0,
// its seconds after a colon < 60, its moves per period >= 1.
std::optional<TimeControl> parse_time_control(std::string_view text);

// "expected a time control for WHAT: FORMS; got GOT", the one line a bad form is refused with.
std::string time_control_expected(const std::string& what, const std::string& got);

// The form back, as parse_time_control reads it: "10+0.1", "40/60+0.6", "st=0.5", "inf" (a time
// given in minutes comes back in seconds: `1:00+1` as "60+1").
std::string time_control_text(const TimeControl& tc);

}  // namespace gts
