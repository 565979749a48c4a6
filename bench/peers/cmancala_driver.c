/* A driver for CMancala's solver (github LifesLight/CMancala, MIT), compiled by
 * bench/peers/cmancala_sets.sh against a checkout the user supplies; none of its code is in this
 * project. Reads a Kalah set in bench/kalah_sets' format (a line: PITS SEEDS CAPTURE POSITION,
 * POSITION in our notation "h1,...,h6,store,h1,...,h6,store:S|N"), solves each position with
 * CMancala's exact solver (the MTD(f)-style null-window root its `--api` SOLVE command runs:
 * binarySearchRoot) and prints one line a position:
 *
 *   INDEX VALUE MOVE NODES CPU_MS WALL_MS
 *
 * VALUE is the final margin from the side to move's view (ours too), MOVE our house number 1..6.
 * CMancala plays Kalah(6,s) with captures only into a non-empty opposite house: other lines
 * (other pit counts, capture=empty) print "INDEX skip". The table (2^24 entries unless
 * --cache POW) is allocated once and emptied before each position outside the clock, as
 * bench/kalah_sets does for ours; CPU_MS is the thread's CPU time of the solve alone.
 * CMancala's own progress and cache reports go to /dev/null. --egdb N loads (or first builds, in
 * ./EGDB) CMancala's endgame database to N seeds before the first solve, outside the clock, as
 * bench/kalah_sets --endgame N does for ours. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "logic/board.h"
#include "logic/solver/algo.h"
#include "logic/solver/cache.h"
#include "logic/solver/egdb/core.h"

static double now_ms(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

int main(int argc, char **argv) {
    int cache_pow = 24;
    int egdb = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--cache") == 0 && i + 1 < argc) cache_pow = atoi(argv[++i]);
        if (strcmp(argv[i], "--egdb") == 0 && i + 1 < argc) egdb = atoi(argv[++i]);
    }
    FILE *out = fdopen(dup(1), "w");
    if (out == NULL || freopen("/dev/null", "w", stdout) == NULL) return 2;
    setMoveFunction(CLASSIC_MOVE);
    setCacheSize(cache_pow);
    /* CMancala's endgame database to `egdb` seeds, loaded from (or built into) ./EGDB before any
       solve: the solver then uses it (binarySearchRoot picks its EGDB variant). */
    if (egdb > 0) generateEGDB(egdb, false);
    SolverConfig config = {.solver = LOCAL_SOLVER, .depth = 0, .timeLimit = 0.0, .clip = false,
                           .compressCache = AUTO, .progressBar = false, .useOpeningBook = false};
    char line[1024];
    int index = 0;
    bool allocated = false;
    while (fgets(line, sizeof line, stdin)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        int pits = 0, seeds = 0;
        char capture[32], position[256];
        if (sscanf(line, "%d %d %31s %255s", &pits, &seeds, capture, position) != 4) {
            fprintf(stderr, "cmancala_driver: cannot read '%s'\n", line);
            return 2;
        }
        ++index;
        if (pits != 6 || strcmp(capture, "nonempty") != 0) {
            fprintf(out, "%d skip\n", index);
            continue;
        }
        Board board;
        memset(&board, 0, sizeof board);
        char *p = position;
        int total = 0;
        for (int c = 0; c < 14; c++) {
            board.cells[c] = (uint8_t)strtol(p, &p, 10);
            total += board.cells[c];
            if (*p == ',' || *p == ':') p++;
        }
        board.color = (*p == 'S') ? 1 : -1;
        setStoneCount(total);
        if (allocated) invalidateCache(); /* empty the table, outside the clock */
        Board last;
        memset(&last, 0, sizeof last);
        Context ctx;
        memset(&ctx, 0, sizeof ctx);
        ctx.board = &board;
        ctx.lastBoard = &last;
        ctx.metadata.lastMove = -1;
        ctx.metadata.lastEvaluation = INT32_MAX;
        if (!allocated) {
            /* The first solve allocates the table: solve once untimed so that every timed solve
               starts from an allocated, emptied table. */
            Board copy = board;
            ctx.board = &copy;
            binarySearchRoot(&ctx, &config);
            invalidateCache();
            allocated = true;
            ctx.board = &board;
        }
        const double cpu0 = now_ms(CLOCK_THREAD_CPUTIME_ID);
        const double wall0 = now_ms(CLOCK_MONOTONIC);
        binarySearchRoot(&ctx, &config);
        const double wall = now_ms(CLOCK_MONOTONIC) - wall0;
        const double cpu = now_ms(CLOCK_THREAD_CPUTIME_ID) - cpu0;
        const int move = ctx.metadata.lastMove;
        const int house = move < 0 ? 0 : (move < 7 ? move + 1 : move - 6);
        fprintf(out, "%d %d %d %llu %.3f %.3f\n", index, ctx.metadata.lastEvaluation, house,
                (unsigned long long)ctx.metadata.lastNodes, cpu, wall);
        fflush(out);
    }
    return 0;
}
