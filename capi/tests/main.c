/*
 * The C API from C: every function of include/hayanagi.h, every error code, every NULL pointer and
 * short buffer. Prints each failed check and exits 1 if there was any. Built and run (under
 * valgrind) by capi/check.sh:
 *
 *     gcc -std=c99 -Wall -Wextra -Werror -I include capi/tests/main.c libhayanagi_capi.a
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "hayanagi.h"

static int checks = 0;
static int failures = 0;

#define CHECK(cond)                                                                    \
    do {                                                                               \
        checks++;                                                                      \
        if (!(cond)) {                                                                 \
            failures++;                                                                \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);  \
        }                                                                              \
    } while (0)

#define CHECK_EQ(actual, expected)                                                                \
    do {                                                                                          \
        long long actual_ = (long long)(actual), expected_ = (long long)(expected);               \
        checks++;                                                                                 \
        if (actual_ != expected_) {                                                               \
            failures++;                                                                           \
            fprintf(stderr, "%s:%d: %s is %lld, expected %lld\n", __FILE__, __LINE__, #actual,   \
                    actual_, expected_);                                                          \
        }                                                                                         \
    } while (0)

#define CHECK_STR(actual, expected)                                                                 \
    do {                                                                                            \
        const char *actual_ = (actual), *expected_ = (expected);                                    \
        checks++;                                                                                   \
        if (actual_ == NULL || strcmp(actual_, expected_) != 0) {                                   \
            failures++;                                                                             \
            fprintf(stderr, "%s:%d: %s is \"%s\", expected \"%s\"\n", __FILE__, __LINE__, #actual, \
                    actual_ ? actual_ : "(null)", expected_);                                       \
        }                                                                                           \
    } while (0)

#define STARTPOS "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
/* SPEC section 6: pieces in hand on both sides. */
#define MATSURI "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"

/* ----- helpers ----- */

static int32_t from_sfen(hayanagi_position *pos, const char *sfen) {
    size_t offset = 12345;
    return hayanagi_position_from_sfen(pos, sfen, strlen(sfen), &offset);
}

static int32_t from_usi(hayanagi_position *pos, const char *command) {
    size_t offset = 12345;
    return hayanagi_position_from_usi(pos, command, strlen(command), &offset);
}

/* The SFEN of pos, in a static buffer ("<error>" on failure). */
static const char *sfen_of(const hayanagi_position *pos) {
    static char buf[HAYANAGI_SFEN_BUFFER_SIZE];
    if (hayanagi_position_sfen(pos, buf, sizeof buf, NULL) < 0) return "<error>";
    return buf;
}

static uint64_t key_of(const hayanagi_position *pos) {
    uint64_t key = 0;
    CHECK_EQ(hayanagi_key(pos, &key), HAYANAGI_OK);
    return key;
}

static uint64_t ply_of(const hayanagi_position *pos) {
    uint64_t ply = 0;
    CHECK_EQ(hayanagi_ply(pos, &ply), HAYANAGI_OK);
    return ply;
}

static uint16_t move_of(const hayanagi_position *pos, const char *usi) {
    uint16_t move = 0;
    size_t offset = 0;
    CHECK_EQ(hayanagi_move_from_usi(pos, usi, strlen(usi), &move, &offset), HAYANAGI_OK);
    return move;
}

static uint64_t perft(const hayanagi_position *pos, uint32_t depth, int32_t bulk) {
    uint64_t nodes = 0;
    CHECK_EQ(hayanagi_perft(pos, depth, bulk, &nodes), HAYANAGI_OK);
    return nodes;
}

/* ----- sizes, codes, messages ----- */

static const int32_t ALL_ERRORS[] = {
    HAYANAGI_ERR_NULL_POINTER, HAYANAGI_ERR_BAD_LENGTH, HAYANAGI_ERR_NOT_A_POSITION,
    HAYANAGI_ERR_NOT_AN_UNDO_RECORD, HAYANAGI_ERR_BUFFER_TOO_SMALL, HAYANAGI_ERR_BAD_MOVE,
    HAYANAGI_ERR_ILLEGAL_MOVE, HAYANAGI_ERR_UNDO_MISMATCH, HAYANAGI_ERR_PLY_OVERFLOW,
    HAYANAGI_ERR_DEPTH_TOO_LARGE, HAYANAGI_ERR_NON_PRINTABLE, HAYANAGI_ERR_SFEN_MISSING_FIELD,
    HAYANAGI_ERR_SFEN_EMPTY_FIELD, HAYANAGI_ERR_SFEN_TRAILING_TEXT, HAYANAGI_ERR_SFEN_RANK_COUNT,
    HAYANAGI_ERR_SFEN_FILE_COUNT, HAYANAGI_ERR_SFEN_ZERO_DIGIT, HAYANAGI_ERR_SFEN_UNKNOWN_PIECE,
    HAYANAGI_ERR_SFEN_BAD_PROMOTION, HAYANAGI_ERR_SFEN_BAD_SIDE, HAYANAGI_ERR_SFEN_HAND_ZERO_COUNT,
    HAYANAGI_ERR_SFEN_HAND_LEADING_ZERO, HAYANAGI_ERR_SFEN_HAND_COUNT_WITHOUT_PIECE,
    HAYANAGI_ERR_SFEN_HAND_PROMOTED, HAYANAGI_ERR_SFEN_HAND_KING, HAYANAGI_ERR_SFEN_HAND_REPEATED,
    HAYANAGI_ERR_SFEN_HAND_DASH, HAYANAGI_ERR_SFEN_TOO_MANY_PIECES, HAYANAGI_ERR_SFEN_TWO_KINGS,
    HAYANAGI_ERR_SFEN_DEAD_PIECE, HAYANAGI_ERR_SFEN_NIFU, HAYANAGI_ERR_SFEN_OPPONENT_IN_CHECK,
    HAYANAGI_ERR_SFEN_PLY_ZERO, HAYANAGI_ERR_SFEN_PLY_LEADING_ZERO, HAYANAGI_ERR_SFEN_PLY_NOT_DIGIT,
    HAYANAGI_ERR_SFEN_PLY_OVERFLOW, HAYANAGI_ERR_USI_KEYWORD, HAYANAGI_ERR_USI_TRAILING,
    HAYANAGI_ERR_MOVE_EMPTY, HAYANAGI_ERR_MOVE_TRUNCATED, HAYANAGI_ERR_MOVE_FILE, HAYANAGI_ERR_MOVE_RANK,
    HAYANAGI_ERR_MOVE_LOWERCASE_DROP, HAYANAGI_ERR_MOVE_DROP_PIECE, HAYANAGI_ERR_MOVE_STAR,
    HAYANAGI_ERR_MOVE_DROP_PROMOTION, HAYANAGI_ERR_MOVE_SAME_SQUARE, HAYANAGI_ERR_MOVE_TRAILING,
};
#define ERROR_COUNT (sizeof ALL_ERRORS / sizeof ALL_ERRORS[0])

static void test_sizes_and_messages(void) {
    size_t i, j;
    int32_t code;
    const char *unknown = hayanagi_error_message(1);
    CHECK_EQ(sizeof(hayanagi_position), HAYANAGI_POSITION_SIZE);
    CHECK_EQ(sizeof(hayanagi_undo_record), HAYANAGI_UNDO_RECORD_SIZE);
    CHECK_EQ(hayanagi_position_size(), sizeof(hayanagi_position));
    CHECK_EQ(hayanagi_undo_record_size(), sizeof(hayanagi_undo_record));

    CHECK_STR(unknown, "unknown hayanagi error code");
    CHECK_STR(hayanagi_error_message(HAYANAGI_OK), "no error");
    CHECK_STR(hayanagi_error_message(HAYANAGI_ERR_NULL_POINTER), "a required pointer is NULL");
    CHECK_STR(hayanagi_error_message(HAYANAGI_ERR_SFEN_NIFU),
              "SFEN board: a second unpromoted pawn of one colour on a file (nifu)");
    /* Every code has its own message; every other value gets the unknown-code message. */
    for (i = 0; i < ERROR_COUNT; i++) {
        const char *message = hayanagi_error_message(ALL_ERRORS[i]);
        CHECK(message != NULL && strlen(message) > 5 && strcmp(message, unknown) != 0);
        for (j = 0; j < i; j++) CHECK(strcmp(message, hayanagi_error_message(ALL_ERRORS[j])) != 0);
    }
    for (code = -200; code <= 200; code++) {
        int known = code == HAYANAGI_OK;
        for (i = 0; i < ERROR_COUNT; i++) known |= ALL_ERRORS[i] == code;
        if (!known) CHECK(strcmp(hayanagi_error_message(code), unknown) == 0);
    }
    CHECK(strcmp(hayanagi_error_message(INT32_MIN), unknown) == 0);
    CHECK(strcmp(hayanagi_error_message(INT32_MAX), unknown) == 0);

    CHECK_STR(hayanagi_status_name(HAYANAGI_STATUS_NONE), "none");
    CHECK_STR(hayanagi_status_name(HAYANAGI_STATUS_MATE), "mate");
    CHECK_STR(hayanagi_status_name(HAYANAGI_STATUS_NO_MOVES), "no_moves");
    CHECK_STR(hayanagi_status_name(HAYANAGI_STATUS_DRAW_REPETITION), "draw_repetition");
    CHECK_STR(hayanagi_status_name(HAYANAGI_STATUS_WIN_PERPETUAL_CHECK), "win_perpetual_check");
    CHECK_STR(hayanagi_status_name(HAYANAGI_STATUS_LOSS_PERPETUAL_CHECK), "loss_perpetual_check");
    CHECK_STR(hayanagi_status_name(HAYANAGI_STATUS_DRAW_MAX_PLY), "draw_max_ply");
    CHECK(hayanagi_status_name(-1) == NULL);
    CHECK(hayanagi_status_name(7) == NULL);
}

/* ----- the start position ----- */

static void test_startpos(void) {
    hayanagi_position pos, parsed;
    uint16_t moves[HAYANAGI_MAX_MOVES];
    char usi[HAYANAGI_USI_BUFFER_SIZE];
    size_t needed = 0;
    int32_t count, i;

    CHECK_EQ(hayanagi_position_startpos(&pos), HAYANAGI_OK);
    CHECK_STR(sfen_of(&pos), STARTPOS);
    CHECK_EQ(hayanagi_side_to_move(&pos), HAYANAGI_BLACK);
    CHECK_EQ(ply_of(&pos), 1);
    CHECK_EQ(hayanagi_in_check(&pos), 0);
    CHECK_EQ(hayanagi_status(&pos), HAYANAGI_STATUS_NONE);

    CHECK_EQ(from_sfen(&parsed, STARTPOS), HAYANAGI_OK);
    CHECK(key_of(&parsed) == key_of(&pos));
    CHECK(key_of(&pos) != 0);
    CHECK_EQ(from_usi(&parsed, "position startpos"), HAYANAGI_OK);
    CHECK_STR(sfen_of(&parsed), STARTPOS);
    CHECK_EQ(from_usi(&parsed, "startpos"), HAYANAGI_OK);
    CHECK_STR(sfen_of(&parsed), STARTPOS);

    count = hayanagi_legal_moves(&pos, moves, HAYANAGI_MAX_MOVES, &needed);
    CHECK_EQ(count, 30);
    CHECK_EQ(needed, 30);
    /* Every move prints and reads back to itself; none is a drop. */
    for (i = 0; i < count; i++) {
        int32_t len = hayanagi_move_to_usi(moves[i], usi, sizeof usi, NULL);
        CHECK_EQ(len, 4);
        CHECK_EQ(strlen(usi), (size_t)len);
        CHECK(strchr(usi, '*') == NULL);
        CHECK_EQ(move_of(&pos, usi), moves[i]);
    }

    CHECK_EQ(perft(&pos, 0, 1), 1);
    CHECK_EQ(perft(&pos, 1, 1), 30);
    CHECK_EQ(perft(&pos, 2, 1), 900);
    CHECK_EQ(perft(&pos, 3, 1), 25470);
    CHECK_EQ(perft(&pos, 1, 0), 30);
    CHECK_EQ(perft(&pos, 2, 0), 900);
    CHECK_EQ(perft(&pos, 3, 0), 25470);
    /* perft leaves the position as it was */
    CHECK_STR(sfen_of(&pos), STARTPOS);
}

/* ----- pieces in hand, drops ----- */

static void test_hands(void) {
    hayanagi_position pos;
    uint16_t moves[HAYANAGI_MAX_MOVES];
    char usi[HAYANAGI_USI_BUFFER_SIZE];
    int32_t count, i, drops = 0;
    int found_5b = 0;

    /* A gold in hand: 79 drops (every empty square) and 5 king moves. */
    CHECK_EQ(from_sfen(&pos, "4k4/9/9/9/9/9/9/9/4K4 b G"), HAYANAGI_OK);
    CHECK_STR(sfen_of(&pos), "4k4/9/9/9/9/9/9/9/4K4 b G 1");
    count = hayanagi_legal_moves(&pos, moves, HAYANAGI_MAX_MOVES, NULL);
    CHECK_EQ(count, 84);
    for (i = 0; i < count; i++) {
        CHECK(hayanagi_move_to_usi(moves[i], usi, sizeof usi, NULL) >= 4);
        if (strchr(usi, '*') != NULL) {
            drops++;
            CHECK(usi[0] == 'G' && usi[1] == '*');
        }
        found_5b |= strcmp(usi, "G*5b") == 0;
        CHECK_EQ(move_of(&pos, usi), moves[i]);
    }
    CHECK_EQ(drops, 79);
    CHECK(found_5b);

    /* SPEC section 6: both sides hold pieces. */
    CHECK_EQ(from_sfen(&pos, MATSURI), HAYANAGI_OK);
    CHECK_STR(sfen_of(&pos), MATSURI);
    CHECK_EQ(hayanagi_side_to_move(&pos), HAYANAGI_WHITE);
    CHECK_EQ(hayanagi_legal_moves(&pos, moves, HAYANAGI_MAX_MOVES, NULL), 207);
    CHECK_EQ(perft(&pos, 1, 1), 207);
    CHECK_EQ(perft(&pos, 2, 1), 28684);
    CHECK_EQ(perft(&pos, 2, 0), 28684);

    /* SPEC section 3: the richest position, 593 moves; HAYANAGI_MAX_MOVES holds them. */
    CHECK_EQ(from_sfen(&pos, "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"), HAYANAGI_OK);
    CHECK_EQ(hayanagi_legal_moves(&pos, moves, HAYANAGI_MAX_MOVES, NULL), 593);
    CHECK_EQ(perft(&pos, 1, 0), 593);
}

/* ----- play, undo, keys ----- */

static void test_play_and_undo(void) {
    static const char *const line[] = {"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"};
    static const char *const after =
        "lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6";
    hayanagi_position pos, start, replayed, parsed;
    hayanagi_undo_record undo[5];
    uint64_t keys[6];
    size_t i;
    char unaligned[1 + sizeof(hayanagi_position)];

    CHECK_EQ(hayanagi_position_startpos(&pos), HAYANAGI_OK);
    start = pos; /* a position is a plain value */
    keys[0] = key_of(&pos);
    for (i = 0; i < 5; i++) {
        CHECK_EQ(hayanagi_play(&pos, move_of(&pos, line[i]), &undo[i]), HAYANAGI_OK);
        keys[i + 1] = key_of(&pos);
        CHECK(keys[i + 1] != keys[i]);
        /* The incremental key is the key of the same position read afresh. */
        CHECK_EQ(from_sfen(&parsed, sfen_of(&pos)), HAYANAGI_OK);
        CHECK(key_of(&parsed) == keys[i + 1]);
    }
    CHECK_STR(sfen_of(&pos), after);
    CHECK_EQ(ply_of(&pos), 6);
    CHECK_EQ(hayanagi_side_to_move(&pos), HAYANAGI_WHITE);
    CHECK_STR(sfen_of(&start), STARTPOS); /* the copy did not move */

    /* The same moves in a USI command. */
    CHECK_EQ(from_usi(&replayed, "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e"), HAYANAGI_OK);
    CHECK_STR(sfen_of(&replayed), after);
    CHECK(key_of(&replayed) == keys[5]);
    CHECK_EQ(from_usi(&replayed, "sfen " STARTPOS " moves 7g7f 3c3d 8h2b+ 3a2b B*4e"), HAYANAGI_OK);
    CHECK_STR(sfen_of(&replayed), after);

    /* Undo must take back the last move: an older record is refused and changes nothing. */
    CHECK_EQ(hayanagi_undo(&pos, &undo[3]), HAYANAGI_ERR_UNDO_MISMATCH);
    CHECK_STR(sfen_of(&pos), after);
    for (i = 5; i-- > 0;) {
        CHECK_EQ(hayanagi_undo(&pos, &undo[i]), HAYANAGI_OK);
        CHECK(key_of(&pos) == keys[i]);
        CHECK_EQ(ply_of(&pos), i + 1);
        CHECK_EQ(hayanagi_undo(&pos, &undo[i]), HAYANAGI_ERR_UNDO_MISMATCH); /* not twice */
    }
    CHECK_STR(sfen_of(&pos), STARTPOS);

    /* Without an undo record. */
    CHECK_EQ(hayanagi_play(&pos, move_of(&pos, "2g2f"), NULL), HAYANAGI_OK);
    CHECK_STR(sfen_of(&pos), "lnsgkgsnl/1r5b1/ppppppppp/9/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL w - 2");

    /* No alignment requirement: a position one byte into a char array works. */
    memcpy(unaligned + 1, &start, sizeof start);
    CHECK_EQ(hayanagi_play((hayanagi_position *)(void *)(unaligned + 1), move_of(&start, "7g7f"), &undo[0]),
             HAYANAGI_OK);
    CHECK_STR(sfen_of((const hayanagi_position *)(const void *)(unaligned + 1)),
              "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
    CHECK_EQ(hayanagi_undo((hayanagi_position *)(void *)(unaligned + 1), &undo[0]), HAYANAGI_OK);
    CHECK_STR(sfen_of((const hayanagi_position *)(const void *)(unaligned + 1)), STARTPOS);
}

static void test_check_and_status(void) {
    hayanagi_position pos;
    uint16_t moves[1];
    uint64_t nodes = 99;
    /* The white king on 5a is checked by the rook on 5e. */
    CHECK_EQ(from_sfen(&pos, "4k4/9/9/9/4R4/9/9/9/4K4 w - 1"), HAYANAGI_OK);
    CHECK_EQ(hayanagi_in_check(&pos), 1);
    CHECK_EQ(hayanagi_status(&pos), HAYANAGI_STATUS_NONE);
    /* Head gold (atama-kin), supported by the pawn: mate. */
    CHECK_EQ(from_sfen(&pos, "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 2"), HAYANAGI_OK);
    CHECK_EQ(hayanagi_in_check(&pos), 1);
    CHECK_EQ(hayanagi_status(&pos), HAYANAGI_STATUS_MATE);
    CHECK_EQ(hayanagi_legal_moves(&pos, moves, 0, NULL), 0); /* no moves fit in no room */
    /* Black has nothing at all: no legal move, not in check. */
    CHECK_EQ(from_sfen(&pos, "4k4/9/9/9/9/9/9/9/9 b - 1"), HAYANAGI_OK);
    CHECK_EQ(hayanagi_in_check(&pos), 0);
    CHECK_EQ(hayanagi_status(&pos), HAYANAGI_STATUS_NO_MOVES);
    /* The deepest perft is allowed (and quick here), one more is not. */
    CHECK_EQ(hayanagi_perft(&pos, HAYANAGI_MAX_PERFT_DEPTH, 1, &nodes), HAYANAGI_OK);
    CHECK_EQ(nodes, 0);
    nodes = 99;
    CHECK_EQ(hayanagi_perft(&pos, HAYANAGI_MAX_PERFT_DEPTH + 1, 1, &nodes), HAYANAGI_ERR_DEPTH_TOO_LARGE);
    CHECK_EQ(nodes, 99);
}

/* ----- errors with offsets ----- */

struct bad_input {
    const char *text;
    int32_t code;
    size_t offset;
};

/* Offsets into "4k4/9/9/9/9/9/9/9/4K4 b - 1": ranks at 0, 4, 6, ..., 18 (the last "4K4"), side 22,
   hands 24, ply 26. Errors about a piece point at it; the second king is the one read last. */
static const struct bad_input BAD_SFENS[] = {
    {"4k4/9/9/9/9/9/9/9/4K4 b - 1\n", HAYANAGI_ERR_NON_PRINTABLE, 27},
    {"4k4/9/9/9/9/9/9/9/4K4 b", HAYANAGI_ERR_SFEN_MISSING_FIELD, 23},
    {"4k4/9/9/9/9/9/9/9/4K4  b - 1", HAYANAGI_ERR_SFEN_EMPTY_FIELD, 22},
    {"4k4/9/9/9/9/9/9/9/4K4 b - 1 x", HAYANAGI_ERR_SFEN_TRAILING_TEXT, 27},
    {"4k4/9/9/9/9/9/9/9/9/4K4 b - 1", HAYANAGI_ERR_SFEN_RANK_COUNT, 19},
    {"4k4/8/9/9/9/9/9/9/4K4 b - 1", HAYANAGI_ERR_SFEN_FILE_COUNT, 5},
    {"4k4/0/9/9/9/9/9/9/4K4 b - 1", HAYANAGI_ERR_SFEN_ZERO_DIGIT, 4},
    {"4k4/9/9/4x4/9/9/9/9/4K4 b - 1", HAYANAGI_ERR_SFEN_UNKNOWN_PIECE, 9},
    {"4k4/9/9/4+G4/9/9/9/9/4K4 b - 1", HAYANAGI_ERR_SFEN_BAD_PROMOTION, 9},
    {"4k4/9/9/9/9/9/9/9/4K4 x - 1", HAYANAGI_ERR_SFEN_BAD_SIDE, 22},
    {"4k4/9/9/9/9/9/9/9/4K4 b 0P 1", HAYANAGI_ERR_SFEN_HAND_ZERO_COUNT, 24},
    {"4k4/9/9/9/9/9/9/9/4K4 b 02P 1", HAYANAGI_ERR_SFEN_HAND_LEADING_ZERO, 24},
    {"4k4/9/9/9/9/9/9/9/4K4 b P2 1", HAYANAGI_ERR_SFEN_HAND_COUNT_WITHOUT_PIECE, 25},
    {"4k4/9/9/9/9/9/9/9/4K4 b +P 1", HAYANAGI_ERR_SFEN_HAND_PROMOTED, 24},
    {"4k4/9/9/9/9/9/9/9/4K4 b K 1", HAYANAGI_ERR_SFEN_HAND_KING, 24},
    {"4k4/9/9/9/9/9/9/9/4K4 b 2PGP 1", HAYANAGI_ERR_SFEN_HAND_REPEATED, 27},
    {"4k4/9/9/9/9/9/9/9/4K4 b P- 1", HAYANAGI_ERR_SFEN_HAND_DASH, 25},
    {"4k4/9/9/9/9/9/9/9/4K4 b 3B 1", HAYANAGI_ERR_SFEN_TOO_MANY_PIECES, 24},
    {"4k4/9/9/9/9/9/9/9/3KK4 b - 1", HAYANAGI_ERR_SFEN_TWO_KINGS, 20},
    {"P3k4/9/9/9/9/9/9/9/4K4 b - 1", HAYANAGI_ERR_SFEN_DEAD_PIECE, 0},
    {"4k4/9/9/4P4/9/4P4/9/9/4K4 b - 1", HAYANAGI_ERR_SFEN_NIFU, 15},
    {"4k4/9/9/9/4R4/9/9/9/4K4 b - 1", HAYANAGI_ERR_SFEN_OPPONENT_IN_CHECK, 1},
    {"4k4/9/9/9/9/9/9/9/4K4 b - 0", HAYANAGI_ERR_SFEN_PLY_ZERO, 26},
    {"4k4/9/9/9/9/9/9/9/4K4 b - 01", HAYANAGI_ERR_SFEN_PLY_LEADING_ZERO, 26},
    {"4k4/9/9/9/9/9/9/9/4K4 b - 1a", HAYANAGI_ERR_SFEN_PLY_NOT_DIGIT, 27},
    {"4k4/9/9/9/9/9/9/9/4K4 b - 18446744073709551616", HAYANAGI_ERR_SFEN_PLY_OVERFLOW, 26},
};

/* Offsets into the whole command: at the word or move that is wrong. */
static const struct bad_input BAD_COMMANDS[] = {
    {"position startpos\t", HAYANAGI_ERR_NON_PRINTABLE, 17},
    {"position startpoz", HAYANAGI_ERR_USI_KEYWORD, 9},
    {"startpos mov", HAYANAGI_ERR_USI_TRAILING, 9},
    {"sfen 4k4/9/9/9/9/9/9/9/4K4 b - 0", HAYANAGI_ERR_SFEN_PLY_ZERO, 31},
    {"sfen 4k4/9/9/9/9/9/9/9/4K4 b -", HAYANAGI_ERR_SFEN_MISSING_FIELD, 30},
    {"startpos moves 7g7f 3c3", HAYANAGI_ERR_MOVE_TRUNCATED, 23},
    {"startpos moves 7g7f p*5e", HAYANAGI_ERR_MOVE_LOWERCASE_DROP, 20},
    {"position startpos moves 7g7f 7g7f", HAYANAGI_ERR_ILLEGAL_MOVE, 29},
    {"sfen 4k4/9/9/9/9/9/9/9/4K4 b G 18446744073709551615 moves G*5b", HAYANAGI_ERR_PLY_OVERFLOW, 58},
};

/* Offsets into the move; checked against the start position. */
static const struct bad_input BAD_MOVES[] = {
    {"", HAYANAGI_ERR_MOVE_EMPTY, 0},
    {"7g7", HAYANAGI_ERR_MOVE_TRUNCATED, 3},
    {"0g7f", HAYANAGI_ERR_MOVE_FILE, 0},
    {"7z7f", HAYANAGI_ERR_MOVE_RANK, 1},
    {"p*5e", HAYANAGI_ERR_MOVE_LOWERCASE_DROP, 0},
    {"K*5e", HAYANAGI_ERR_MOVE_DROP_PIECE, 0},
    {"P+5e", HAYANAGI_ERR_MOVE_STAR, 1},
    {"P*5e+", HAYANAGI_ERR_MOVE_DROP_PROMOTION, 4},
    {"7g7g", HAYANAGI_ERR_MOVE_SAME_SQUARE, 2},
    {"7g7fx", HAYANAGI_ERR_MOVE_TRAILING, 4},
    {"7g7f+x", HAYANAGI_ERR_MOVE_TRAILING, 5},
    {"7g7f+", HAYANAGI_ERR_ILLEGAL_MOVE, 0},
    {"P*5e", HAYANAGI_ERR_ILLEGAL_MOVE, 0},
    {"5e5d", HAYANAGI_ERR_ILLEGAL_MOVE, 0},
};

static void test_bad_inputs(void) {
    hayanagi_position pos, start;
    size_t i;
    CHECK_EQ(hayanagi_position_startpos(&start), HAYANAGI_OK);
    for (i = 0; i < sizeof BAD_SFENS / sizeof BAD_SFENS[0]; i++) {
        const struct bad_input *bad = &BAD_SFENS[i];
        size_t offset = 9999;
        pos = start;
        CHECK_EQ(hayanagi_position_from_sfen(&pos, bad->text, strlen(bad->text), &offset), bad->code);
        if (offset != bad->offset) fprintf(stderr, "  SFEN \"%s\"\n", bad->text);
        CHECK_EQ(offset, bad->offset);
        CHECK_STR(sfen_of(&pos), STARTPOS); /* *out untouched on failure */
        /* NULL error_offset is allowed */
        CHECK_EQ(hayanagi_position_from_sfen(&pos, bad->text, strlen(bad->text), NULL), bad->code);
    }
    for (i = 0; i < sizeof BAD_COMMANDS / sizeof BAD_COMMANDS[0]; i++) {
        const struct bad_input *bad = &BAD_COMMANDS[i];
        size_t offset = 9999;
        pos = start;
        CHECK_EQ(hayanagi_position_from_usi(&pos, bad->text, strlen(bad->text), &offset), bad->code);
        if (offset != bad->offset) fprintf(stderr, "  command \"%s\"\n", bad->text);
        CHECK_EQ(offset, bad->offset);
        CHECK_STR(sfen_of(&pos), STARTPOS);
        CHECK_EQ(hayanagi_position_from_usi(&pos, bad->text, strlen(bad->text), NULL), bad->code);
    }
    for (i = 0; i < sizeof BAD_MOVES / sizeof BAD_MOVES[0]; i++) {
        const struct bad_input *bad = &BAD_MOVES[i];
        size_t offset = 9999;
        uint16_t move = 0x1234;
        CHECK_EQ(hayanagi_move_from_usi(&start, bad->text, strlen(bad->text), &move, &offset), bad->code);
        if (offset != bad->offset) fprintf(stderr, "  move \"%s\"\n", bad->text);
        CHECK_EQ(offset, bad->offset);
        CHECK_EQ(move, 0x1234); /* *move untouched on failure */
        CHECK_EQ(hayanagi_move_from_usi(&start, bad->text, strlen(bad->text), &move, NULL), bad->code);
    }
    /* The text need not be NUL-terminated: only `len` bytes are read. */
    CHECK_EQ(hayanagi_position_from_sfen(&pos, STARTPOS "garbage", strlen(STARTPOS), NULL), HAYANAGI_OK);
    CHECK_EQ(hayanagi_position_from_usi(&pos, "startpos moves 7g7f", 8, NULL), HAYANAGI_OK);
    CHECK_STR(sfen_of(&pos), STARTPOS);
}

static void test_illegal_moves(void) {
    hayanagi_position pos, before;
    hayanagi_undo_record undo;
    const uint16_t valid_bit = 0x8000;
    uint16_t move;
    CHECK_EQ(hayanagi_position_startpos(&pos), HAYANAGI_OK);
    before = pos;
    move = move_of(&pos, "7g7f");
    CHECK_EQ(hayanagi_play(&pos, move, &undo), HAYANAGI_OK);
    /* 7g is empty now. */
    CHECK_EQ(hayanagi_play(&pos, move, &undo), HAYANAGI_ERR_ILLEGAL_MOVE);
    CHECK_EQ(ply_of(&pos), 2);
    pos = before;
    /* Encodings no move has: 0, no valid bit, to = 81, from = to, a drop that promotes, a drop of
       kind 7 (the king). */
    CHECK_EQ(hayanagi_play(&pos, 0, NULL), HAYANAGI_ERR_BAD_MOVE);
    CHECK_EQ(hayanagi_play(&pos, (uint16_t)(move & 0x7fff), NULL), HAYANAGI_ERR_BAD_MOVE);
    CHECK_EQ(hayanagi_play(&pos, (uint16_t)(valid_bit | 81), NULL), HAYANAGI_ERR_BAD_MOVE);
    CHECK_EQ(hayanagi_play(&pos, (uint16_t)(valid_bit | 56 << 7 | 56), NULL), HAYANAGI_ERR_BAD_MOVE);
    CHECK_EQ(hayanagi_play(&pos, (uint16_t)(valid_bit | 0x4000 | 81 << 7 | 40), NULL), HAYANAGI_ERR_BAD_MOVE);
    CHECK_EQ(hayanagi_play(&pos, (uint16_t)(valid_bit | 88 << 7 | 40), NULL), HAYANAGI_ERR_BAD_MOVE);
    /* A well-formed drop with nothing in hand. */
    CHECK_EQ(hayanagi_play(&pos, (uint16_t)(valid_bit | 81 << 7 | 40), NULL), HAYANAGI_ERR_ILLEGAL_MOVE);
    CHECK_STR(sfen_of(&pos), STARTPOS);
    {
        char usi[HAYANAGI_USI_BUFFER_SIZE];
        CHECK_EQ(hayanagi_move_to_usi(0, usi, sizeof usi, NULL), HAYANAGI_ERR_BAD_MOVE);
        CHECK_EQ(hayanagi_move_to_usi((uint16_t)(valid_bit | 81 << 7 | 40), usi, sizeof usi, NULL), 4);
        CHECK_STR(usi, "P*5e");
        CHECK_EQ(hayanagi_move_to_usi((uint16_t)(valid_bit | 0x4000 | 64 << 7 | 16), usi, sizeof usi, NULL), 5);
        CHECK_STR(usi, "8h2b+");
    }

    /* The ply cannot pass 2^64 - 1: not by playing, not in a USI command (BAD_COMMANDS). */
    CHECK_EQ(from_sfen(&pos, "4k4/9/9/9/9/9/9/9/4K4 b - 18446744073709551615"), HAYANAGI_OK);
    CHECK(ply_of(&pos) == UINT64_MAX);
    CHECK_EQ(hayanagi_play(&pos, move_of(&pos, "5i5h"), &undo), HAYANAGI_ERR_PLY_OVERFLOW);
    CHECK_STR(sfen_of(&pos), "4k4/9/9/9/9/9/9/9/4K4 b - 18446744073709551615");
    CHECK_EQ(from_sfen(&pos, "4k4/9/9/9/9/9/9/9/4K4 b - 18446744073709551614"), HAYANAGI_OK);
    CHECK_EQ(hayanagi_play(&pos, move_of(&pos, "5i5h"), &undo), HAYANAGI_OK);
    CHECK_STR(sfen_of(&pos), "4k4/9/9/9/9/9/9/4K4/9 w - 18446744073709551615");
    CHECK_EQ(hayanagi_undo(&pos, &undo), HAYANAGI_OK);
    CHECK(ply_of(&pos) == UINT64_MAX - 1);
}

/* ----- buffers ----- */

static void test_buffers(void) {
    hayanagi_position pos;
    uint16_t moves[HAYANAGI_MAX_MOVES];
    char buf[HAYANAGI_SFEN_BUFFER_SIZE];
    size_t needed = 0, len = strlen(STARTPOS);
    size_t i;

    CHECK_EQ(hayanagi_position_startpos(&pos), HAYANAGI_OK);
    /* SFEN: len + 1 bytes are needed; a shorter buffer is left alone. */
    memset(buf, 'x', sizeof buf);
    CHECK_EQ(hayanagi_position_sfen(&pos, buf, len, &needed), HAYANAGI_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ(needed, len + 1);
    for (i = 0; i < sizeof buf; i++) CHECK(buf[i] == 'x');
    CHECK_EQ(hayanagi_position_sfen(&pos, buf, 0, &needed), HAYANAGI_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ(needed, len + 1);
    CHECK(buf[0] == 'x');
    needed = 0;
    CHECK_EQ(hayanagi_position_sfen(&pos, buf, len + 1, &needed), (int32_t)len);
    CHECK_EQ(needed, len + 1);
    CHECK_STR(buf, STARTPOS);
    CHECK(buf[len + 1] == 'x'); /* nothing written past the NUL */
    CHECK_EQ(hayanagi_position_sfen(&pos, buf, SIZE_MAX, &needed), HAYANAGI_ERR_BAD_LENGTH);

    /* Moves: 30 needed; 29 is too few and the array is left alone. */
    for (i = 0; i < HAYANAGI_MAX_MOVES; i++) moves[i] = 7;
    needed = 0;
    CHECK_EQ(hayanagi_legal_moves(&pos, moves, 29, &needed), HAYANAGI_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ(needed, 30);
    for (i = 0; i < HAYANAGI_MAX_MOVES; i++) CHECK(moves[i] == 7);
    CHECK_EQ(hayanagi_legal_moves(&pos, moves, 0, NULL), HAYANAGI_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ(hayanagi_legal_moves(&pos, moves, 30, NULL), 30);
    CHECK(moves[29] != 7 && moves[30] == 7);

    /* USI: "7g7f" needs 5 bytes. */
    memset(buf, 'x', sizeof buf);
    CHECK_EQ(hayanagi_move_to_usi(moves[0], buf, 4, &needed), HAYANAGI_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ(needed, 5);
    CHECK(buf[0] == 'x');
    CHECK_EQ(hayanagi_move_to_usi(moves[0], buf, 5, &needed), 4);
    CHECK_EQ(needed, 5);
    CHECK(buf[4] == '\0' && buf[5] == 'x');
    CHECK_EQ(hayanagi_move_to_usi(moves[0], buf, SIZE_MAX, NULL), HAYANAGI_ERR_BAD_LENGTH);

    CHECK_EQ(hayanagi_position_from_sfen(&pos, STARTPOS, SIZE_MAX, NULL), HAYANAGI_ERR_BAD_LENGTH);
    CHECK_EQ(hayanagi_position_from_usi(&pos, "startpos", SIZE_MAX, NULL), HAYANAGI_ERR_BAD_LENGTH);
    CHECK_EQ(hayanagi_move_from_usi(&pos, "7g7f", SIZE_MAX, &moves[0], NULL), HAYANAGI_ERR_BAD_LENGTH);
}

/* ----- NULL pointers and records no constructor wrote ----- */

static void test_null_and_unwritten(void) {
    hayanagi_position pos, zero;
    hayanagi_undo_record undo, zero_undo;
    uint16_t moves[HAYANAGI_MAX_MOVES], move = 0;
    char buf[HAYANAGI_SFEN_BUFFER_SIZE];
    uint64_t value = 0;
    size_t offset = 0;

    CHECK_EQ(hayanagi_position_startpos(&pos), HAYANAGI_OK);
    memset(&zero, 0, sizeof zero);
    memset(&zero_undo, 0, sizeof zero_undo);
    move = move_of(&pos, "7g7f");

    CHECK_EQ(hayanagi_position_startpos(NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_position_from_sfen(NULL, STARTPOS, strlen(STARTPOS), &offset), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_position_from_sfen(&pos, NULL, 0, &offset), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_position_from_usi(NULL, "startpos", 8, &offset), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_position_from_usi(&pos, NULL, 0, &offset), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_position_sfen(NULL, buf, sizeof buf, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_position_sfen(&pos, NULL, sizeof buf, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_legal_moves(NULL, moves, HAYANAGI_MAX_MOVES, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_legal_moves(&pos, NULL, HAYANAGI_MAX_MOVES, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_move_to_usi(move, NULL, 8, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_move_from_usi(NULL, "7g7f", 4, &move, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_move_from_usi(&pos, NULL, 4, &move, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_move_from_usi(&pos, "7g7f", 4, NULL, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_play(NULL, move, &undo), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_undo(NULL, &undo), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_undo(&pos, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_in_check(NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_status(NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_side_to_move(NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_ply(NULL, &value), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_ply(&pos, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_key(NULL, &value), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_key(&pos, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_perft(NULL, 1, 1, &value), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_perft(&pos, 1, 1, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_STR(sfen_of(&pos), STARTPOS); /* nothing above changed it */

    /* A zeroed record is not a position / not an undo record. */
    CHECK_EQ(hayanagi_position_sfen(&zero, buf, sizeof buf, NULL), HAYANAGI_ERR_NOT_A_POSITION);
    CHECK_EQ(hayanagi_legal_moves(&zero, moves, HAYANAGI_MAX_MOVES, NULL), HAYANAGI_ERR_NOT_A_POSITION);
    CHECK_EQ(hayanagi_move_from_usi(&zero, "7g7f", 4, &move, NULL), HAYANAGI_ERR_NOT_A_POSITION);
    CHECK_EQ(hayanagi_play(&zero, move, &undo), HAYANAGI_ERR_NOT_A_POSITION);
    CHECK_EQ(hayanagi_undo(&zero, &undo), HAYANAGI_ERR_NOT_A_POSITION);
    CHECK_EQ(hayanagi_in_check(&zero), HAYANAGI_ERR_NOT_A_POSITION);
    CHECK_EQ(hayanagi_status(&zero), HAYANAGI_ERR_NOT_A_POSITION);
    CHECK_EQ(hayanagi_side_to_move(&zero), HAYANAGI_ERR_NOT_A_POSITION);
    CHECK_EQ(hayanagi_ply(&zero, &value), HAYANAGI_ERR_NOT_A_POSITION);
    CHECK_EQ(hayanagi_key(&zero, &value), HAYANAGI_ERR_NOT_A_POSITION);
    CHECK_EQ(hayanagi_perft(&zero, 1, 1, &value), HAYANAGI_ERR_NOT_A_POSITION);
    CHECK_EQ(hayanagi_undo(&pos, &zero_undo), HAYANAGI_ERR_NOT_AN_UNDO_RECORD);
    /* Records are told apart: an undo record's bytes are not a position, and the other way round. */
    CHECK_EQ(hayanagi_play(&pos, move, &undo), HAYANAGI_OK);
    CHECK_EQ(hayanagi_in_check((const hayanagi_position *)(const void *)&undo), HAYANAGI_ERR_NOT_A_POSITION);
    CHECK_EQ(hayanagi_undo(&pos, (const hayanagi_undo_record *)(const void *)&pos), HAYANAGI_ERR_NOT_AN_UNDO_RECORD);
    CHECK_EQ(hayanagi_undo(&pos, &undo), HAYANAGI_OK);
    CHECK_STR(sfen_of(&pos), STARTPOS);
}

int main(void) {
    test_sizes_and_messages();
    test_startpos();
    test_hands();
    test_play_and_undo();
    test_check_and_status();
    test_bad_inputs();
    test_illegal_moves();
    test_buffers();
    test_null_and_unwritten();
    printf("hayanagi C API: %d checks, %d failed\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
