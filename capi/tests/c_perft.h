/*
 * Perft through the public C API, every leaf played, two ways:
 * - c_perft: the legal moves into an array, each played with `play` (hayanagi_play_unchecked or
 *   hayanagi_play) and taken back with hayanagi_undo (make/undo);
 * - c_perft_copy: the legal moves into an array, each played with hayanagi_play_unchecked on a copy
 *   of the position (`child = *pos`: positions are plain values), no undo (copy/make);
 * - c_perft_into: the same with hayanagi_play_unchecked_into (copy/make in one call).
 * Return 0 if a call fails. Shared by the C test (capi/tests/main.c) and the benchmark
 * (capi/bench/perft.c).
 */
#ifndef HAYANAGI_C_PERFT_H
#define HAYANAGI_C_PERFT_H

#include <stdint.h>

#include "hayanagi.h"

typedef int32_t (*c_perft_play)(hayanagi_position *, uint16_t, hayanagi_undo_record *);

static uint64_t c_perft(hayanagi_position *pos, unsigned depth, c_perft_play play) {
    uint16_t moves[HAYANAGI_MAX_MOVES];
    hayanagi_undo_record undo;
    uint64_t nodes = 0, below;
    int32_t count, i;
    if (depth == 0) return 1;
    count = hayanagi_legal_moves(pos, moves, HAYANAGI_MAX_MOVES, NULL);
    if (count < 0) return 0;
    for (i = 0; i < count; i++) {
        if (play(pos, moves[i], &undo) != HAYANAGI_OK) return 0;
        below = c_perft(pos, depth - 1, play);
        if (hayanagi_undo(pos, &undo) != HAYANAGI_OK) return 0;
        nodes += below;
    }
    return nodes;
}

static uint64_t c_perft_copy(const hayanagi_position *pos, unsigned depth) {
    uint16_t moves[HAYANAGI_MAX_MOVES];
    hayanagi_position child;
    uint64_t nodes = 0;
    int32_t count, i;
    if (depth == 0) return 1;
    count = hayanagi_legal_moves(pos, moves, HAYANAGI_MAX_MOVES, NULL);
    if (count < 0) return 0;
    for (i = 0; i < count; i++) {
        child = *pos;
        if (hayanagi_play_unchecked(&child, moves[i], NULL) != HAYANAGI_OK) return 0;
        nodes += depth == 1 ? 1 : c_perft_copy(&child, depth - 1);
    }
    return nodes;
}

static uint64_t c_perft_into(const hayanagi_position *pos, unsigned depth) {
    uint16_t moves[HAYANAGI_MAX_MOVES];
    hayanagi_position child;
    uint64_t nodes = 0;
    int32_t count, i;
    if (depth == 0) return 1;
    count = hayanagi_legal_moves(pos, moves, HAYANAGI_MAX_MOVES, NULL);
    if (count < 0) return 0;
    for (i = 0; i < count; i++) {
        if (hayanagi_play_unchecked_into(pos, moves[i], &child) != HAYANAGI_OK) return 0;
        nodes += depth == 1 ? 1 : c_perft_into(&child, depth - 1);
    }
    return nodes;
}

#endif
