// Engines that cannot start are the config's error, before the first game: a program that is not
// there or not executable, or one that does not get through the UGI handshake. (An engine that
// crashes during play forfeits that game, as before.)
#pragma once

#include "harness/config/tournament_config.h"

namespace gts {

// Starts each engine player's program once (each distinct engine once), runs its handshake and
// quits it; ConfigError of the config at the player's `command` naming why one cannot start.
void check_engines_start(const TournamentConfig& config);

}  // namespace gts
