/*
 * Perft through the public C API (hayanagi_legal_moves, hayanagi_play_unchecked or hayanagi_play,
 * hayanagi_undo) against the library's own hayanagi_perft(bulk = 0), on the same position and depth.
 * Prints both times, the node rates and the ratio; exits 1 if a count differs.
 *
 *     bench [depth] [sfen] [which]   (default: 5 from the start position; which = all, library,
 *                                     unchecked or checked: run only that one, for callgrind)
 *
 * Built by capi/check.sh (which runs it at a small depth); the README's numbers come from
 *     cc -O2 -std=c99 -I include capi/bench/perft.c capi/target/release/libhayanagi_capi.a -o bench
 *     ./bench 5
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hayanagi.h"
#include "../tests/c_perft.h"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    unsigned depth = argc > 1 ? (unsigned)atoi(argv[1]) : 5;
    const char *sfen = argc > 2 && strcmp(argv[2], "startpos") != 0 ? argv[2] : NULL;
    const char *which = argc > 3 ? argv[3] : "all";
    int all = strcmp(which, "all") == 0;
    hayanagi_position pos;
    uint64_t library = 0, fast, checked;
    double t0, t_library, t_fast, t_checked;
    if (sfen ? hayanagi_position_from_sfen(&pos, sfen, strlen(sfen), NULL) : hayanagi_position_startpos(&pos)) {
        fprintf(stderr, "bad position\n");
        return 2;
    }
    if (!all) {
        uint64_t nodes = 0;
        if (strcmp(which, "library") == 0) {
            if (hayanagi_perft(&pos, depth, 0, &nodes) != HAYANAGI_OK) return 2;
        } else {
            nodes = c_perft(&pos, depth, strcmp(which, "checked") == 0 ? hayanagi_play : hayanagi_play_unchecked);
        }
        printf("%s perft %u: %llu nodes\n", which, depth, (unsigned long long)nodes);
        return 0;
    }
    t0 = now();
    if (hayanagi_perft(&pos, depth, 0, &library) != HAYANAGI_OK) return 2;
    t_library = now() - t0;
    t0 = now();
    fast = c_perft(&pos, depth, hayanagi_play_unchecked);
    t_fast = now() - t0;
    t0 = now();
    checked = c_perft(&pos, depth, hayanagi_play);
    t_checked = now() - t0;
    printf("perft %u: %llu nodes\n", depth, (unsigned long long)library);
    printf("hayanagi_perft(bulk = 0)                     %8.3f s  %6.2f Mnps\n", t_library, library / t_library / 1e6);
    printf("legal_moves + play_unchecked + undo (from C) %8.3f s  %6.2f Mnps  %.2fx\n", t_fast,
           fast / t_fast / 1e6, t_fast / t_library);
    printf("legal_moves + play + undo (from C)           %8.3f s  %6.2f Mnps  %.2fx\n", t_checked,
           checked / t_checked / 1e6, t_checked / t_library);
    if (fast != library || checked != library) {
        fprintf(stderr, "counts differ: %llu %llu %llu\n", (unsigned long long)library, (unsigned long long)fast,
                (unsigned long long)checked);
        return 1;
    }
    return 0;
}
