#include "games/kalah/kalah.h"

#include "harness/game_adapter.h"

namespace gts {

GameEntry kalah_entry() {
  return game_entry<Kalah>(
      {{"kalah(6,4) start", {}, "", 7},
       {"kalah(6,4) middle game", {}, "2,0,7,7,1,6,5,2,6,1,0,9,0,2:N", 7},
       {"kalah(6,3) nonempty", {{"seeds", "3"}, {"capture", "nonempty"}}, "", 8}});
}

}  // namespace gts
