// The registered games, in the order `harness games` lists them: one line each. GTS_GAME(x)
// names the entry x_entry() that harness/games/x.cpp defines (the game's one translation unit).
// Included by harness/registry.cpp only (the declarations and the table).
GTS_GAME(kalah)
GTS_GAME(tictactoe)
GTS_GAME(explicit_tree)
GTS_GAME(random_tree)
GTS_GAME(go_capture)
GTS_GAME(connect_four)
