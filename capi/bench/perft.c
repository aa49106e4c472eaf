/*
 * Perft through the public C API against the library's own hayanagi_perft(bulk = 0), on the same
 * position and depth, every leaf played (tests/c_perft.h):
 *   copy       hayanagi_legal_moves, then hayanagi_play_unchecked on a copy of the position (copy/make)
 *   into       hayanagi_legal_moves, then hayanagi_play_unchecked_into a child (copy/make in one call)
 *   unchecked  hayanagi_legal_moves, hayanagi_play_unchecked, hayanagi_undo (make/undo)
 *   checked    hayanagi_legal_moves, hayanagi_play, hayanagi_undo
 * Prints each one's best time over the rounds (the variants interleaved in each round, so that a
 * loaded machine slows them alike), node rates and the ratio to the library; exits 1 if a count
 * differs.
 *
 *     bench [depth] [sfen|startpos] [which] [rounds]   (default: 5 startpos all 3; which = all,
 *                                     library, copy, into, unchecked or checked: run only that one once,
 *                                     for callgrind)
 *
 * Built by capi/check.sh (which runs it at a small depth); the README's numbers come from
 *     cc -O2 -std=c99 -I include capi/bench/perft.c capi/target/release/libhayanagi_capi.a -o bench
 *     valgrind --tool=callgrind ./bench 4 startpos library    # and: copy, into, unchecked, checked
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

#define VARIANTS 5
static const char *const NAMES[VARIANTS] = {"library", "copy", "into", "unchecked", "checked"};
static const char *const LABELS[VARIANTS] = {
    "hayanagi_perft(bulk = 0)                         ",
    "legal_moves + play_unchecked on a copy (from C)  ",
    "legal_moves + play_unchecked_into (from C)       ",
    "legal_moves + play_unchecked + undo (from C)     ",
    "legal_moves + play + undo (from C)               ",
};

/* The node count of variant v; 0 on a failed call. */
static uint64_t run(int v, hayanagi_position *pos, unsigned depth) {
    uint64_t nodes = 0;
    switch (v) {
    case 0: return hayanagi_perft(pos, depth, 0, &nodes) == HAYANAGI_OK ? nodes : 0;
    case 1: return c_perft_copy(pos, depth);
    case 2: return c_perft_into(pos, depth);
    case 3: return c_perft(pos, depth, hayanagi_play_unchecked);
    default: return c_perft(pos, depth, hayanagi_play);
    }
}

int main(int argc, char **argv) {
    unsigned depth = argc > 1 ? (unsigned)atoi(argv[1]) : 5;
    const char *sfen = argc > 2 && strcmp(argv[2], "startpos") != 0 ? argv[2] : NULL;
    const char *which = argc > 3 ? argv[3] : "all";
    int rounds = argc > 4 ? atoi(argv[4]) : 3, r, v;
    hayanagi_position pos;
    uint64_t nodes[VARIANTS];
    double best[VARIANTS];
    if (sfen ? hayanagi_position_from_sfen(&pos, sfen, strlen(sfen), NULL) : hayanagi_position_startpos(&pos)) {
        fprintf(stderr, "bad position\n");
        return 2;
    }
    if (strcmp(which, "all") != 0) {
        for (v = 0; v < VARIANTS && strcmp(which, NAMES[v]) != 0; v++) {}
        if (v == VARIANTS) {
            fprintf(stderr, "which: all, library, copy, into, unchecked or checked\n");
            return 2;
        }
        printf("%s perft %u: %llu nodes\n", which, depth, (unsigned long long)run(v, &pos, depth));
        return 0;
    }
    for (v = 0; v < VARIANTS; v++) best[v] = 1e30;
    for (r = 0; r < (rounds < 1 ? 1 : rounds); r++) {
        for (v = 0; v < VARIANTS; v++) {
            double t0 = now(), t;
            nodes[v] = run(v, &pos, depth);
            t = now() - t0;
            if (t < best[v]) best[v] = t;
        }
    }
    printf("perft %u: %llu nodes, best of %d interleaved rounds\n", depth, (unsigned long long)nodes[0], rounds);
    for (v = 0; v < VARIANTS; v++) {
        printf("%s %8.3f s  %6.2f Mnps  %.2fx\n", LABELS[v], best[v], nodes[v] / best[v] / 1e6, best[v] / best[0]);
    }
    for (v = 1; v < VARIANTS; v++) {
        if (nodes[v] != nodes[0]) {
            fprintf(stderr, "counts differ: %s %llu, library %llu\n", NAMES[v], (unsigned long long)nodes[v],
                    (unsigned long long)nodes[0]);
            return 1;
        }
    }
    return 0;
}
