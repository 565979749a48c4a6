// The registered games, in the order `harness games` lists them: one line each. GTS_GAME(x)
// names the entry x_entry() that harness/games/x.cpp defines (the game's one translation unit).
// Included by harness/game_table.h (declarations) and harness/registry.cpp (the table) only.
GTS_GAME(kalah)
GTS_GAME(tictactoe)
GTS_GAME(explicit_tree)
GTS_GAME(random_tree)
GTS_GAME(go_capture)
GTS_GAME(connect_four)
