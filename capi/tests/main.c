/*
 * The C API from C: every function of include/hayanagi.h, every error code, every NULL pointer and
 * short buffer. Prints each failed check and exits 1 if there was any. Built and run (under
 * valgrind) by capi/check.sh:
 *
 *     gcc -std=c99 -Wall -Wextra -Werror -I include capi/tests/main.c libhayanagi.a
 *
 * Where the library answers a question, the test asks it again another way: boards and hands
 * against its own reading of the SFEN, legality against the move list for all 65,536 codes, check
 * by playing the move, the move codes against the header's bit layout, fast play against a shape
 * test written from the header's contract, perft through the public functions against
 * hayanagi_perft.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "hayanagi.h"
#include "c_perft.h"

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
/* docs/RULES.md R114: pieces in hand on both sides. */
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
    CHECK_EQ(hayanagi_parse_usi_move(pos, usi, strlen(usi), &move, &offset), HAYANAGI_OK);
    return move;
}

/* A predicate's answer as one value, to compare: the error code (negative) if *error says there was
   one (then the bool must be false), else 1 or 0. Also checks that the answer is the same without
   the optional error pointer. */
static int32_t answer(bool value, int32_t error, bool without_error_pointer) {
    CHECK(error <= 0);
    CHECK(value == without_error_pointer);
    if (error != HAYANAGI_OK) {
        CHECK(!value);
        return error;
    }
    return value ? 1 : 0;
}

static int32_t in_check(const hayanagi_position *pos) {
    int32_t error = 12345;
    bool value = hayanagi_in_check(pos, &error);
    return answer(value, error, hayanagi_in_check(pos, NULL));
}

static int32_t is_legal(const hayanagi_position *pos, uint16_t move) {
    int32_t error = 12345;
    bool value = hayanagi_is_legal(pos, move, &error);
    return answer(value, error, hayanagi_is_legal(pos, move, NULL));
}

static int32_t gives_check(const hayanagi_position *pos, uint16_t move) {
    int32_t error = 12345;
    bool value = hayanagi_gives_check(pos, move, &error);
    return answer(value, error, hayanagi_gives_check(pos, move, NULL));
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
    HAYANAGI_ERR_SFEN_PLY_OVERFLOW, HAYANAGI_ERR_MISSING_KING, HAYANAGI_ERR_MISSING_PIECES, HAYANAGI_ERR_USI_KEYWORD, HAYANAGI_ERR_USI_TRAILING,
    HAYANAGI_ERR_MOVE_EMPTY, HAYANAGI_ERR_MOVE_TRUNCATED, HAYANAGI_ERR_MOVE_FILE, HAYANAGI_ERR_MOVE_RANK,
    HAYANAGI_ERR_MOVE_LOWERCASE_DROP, HAYANAGI_ERR_MOVE_DROP_PIECE, HAYANAGI_ERR_MOVE_STAR,
    HAYANAGI_ERR_MOVE_DROP_PROMOTION, HAYANAGI_ERR_MOVE_SAME_SQUARE, HAYANAGI_ERR_MOVE_TRAILING,
    HAYANAGI_ERR_OUT_OF_RANGE, HAYANAGI_ERR_MISALIGNED, HAYANAGI_ERR_NOT_A_HISTORY, HAYANAGI_ERR_NOT_A_READER,
    HAYANAGI_ERR_NOT_A_GAME,
    HAYANAGI_ERR_HISTORY_FULL, HAYANAGI_ERR_HISTORY_NOT_CURRENT, HAYANAGI_ERR_HISTORY_EMPTY,
    HAYANAGI_ERR_PASS_IN_CHECK, HAYANAGI_ERR_NOT_UTF8, HAYANAGI_ERR_CSA_TRUNCATED, HAYANAGI_ERR_CSA_SIGN,
    HAYANAGI_ERR_CSA_WRONG_SIDE, HAYANAGI_ERR_CSA_SQUARE, HAYANAGI_ERR_CSA_PIECE, HAYANAGI_ERR_CSA_TRAILING,
    HAYANAGI_ERR_CSA_NO_PIECE, HAYANAGI_ERR_CSA_PIECE_MISMATCH, HAYANAGI_ERR_CSA_SAME_SQUARE,
    HAYANAGI_ERR_JAPANESE_DESTINATION, HAYANAGI_ERR_JAPANESE_NO_PREVIOUS_MOVE, HAYANAGI_ERR_JAPANESE_PIECE,
    HAYANAGI_ERR_JAPANESE_FROM_SQUARE, HAYANAGI_ERR_JAPANESE_WRONG_SIDE, HAYANAGI_ERR_JAPANESE_NO_SUCH_MOVE,
    HAYANAGI_ERR_JAPANESE_AMBIGUOUS, HAYANAGI_ERR_PACK_MISSING_KING, HAYANAGI_ERR_PACK_TOO_MANY_PIECES,
    HAYANAGI_ERR_PACK_PLY_TOO_LARGE, HAYANAGI_ERR_UNPACK_NO_KING, HAYANAGI_ERR_UNPACK_BAD_KING_SQUARE,
    HAYANAGI_ERR_UNPACK_KINGS_ON_ONE_SQUARE, HAYANAGI_ERR_UNPACK_BAD_HAND_CODE, HAYANAGI_ERR_UNPACK_HAND_ORDER,
    HAYANAGI_ERR_UNPACK_TRUNCATED, HAYANAGI_ERR_MOVE16_NO_MOVE, HAYANAGI_ERR_MOVE16_BAD_SQUARE,
    HAYANAGI_ERR_MOVE16_BAD_ORIGIN, HAYANAGI_ERR_MOVE16_SAME_SQUARE, HAYANAGI_ERR_MOVE16_DROP_PROMOTION,
    HAYANAGI_ERR_MOVE16_UNUSED_BIT, HAYANAGI_ERR_RECORD_GAME_RESULT, HAYANAGI_ERR_RECORD_PADDING,
    HAYANAGI_ERR_RECORD_PLY_ZERO, HAYANAGI_ERR_RECORD_TRUNCATED, HAYANAGI_ERR_TSUME_NO_DEFENDER_KING,
    HAYANAGI_ERR_TSUME_ATTACKER_IN_CHECK,
    /* Game records (hayanagi_records.h). */
    HAYANAGI_ERR_GAME_ENCODING, HAYANAGI_ERR_GAME_SYNTAX, HAYANAGI_ERR_GAME_MOVE_NUMBER,
    HAYANAGI_ERR_GAME_MOVE_AFTER_END, HAYANAGI_ERR_GAME_UNKNOWN_HANDICAP, HAYANAGI_ERR_GAME_POSITION_AFTER_MOVES,
    HAYANAGI_ERR_GAME_NO_DIAGRAM, HAYANAGI_ERR_GAME_ENDING_CONTRADICTS, HAYANAGI_ERR_GAME_VARIATION_PLY,
    HAYANAGI_ERR_GAME_UNSUPPORTED,
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
    CHECK_EQ(sizeof(hayanagi_record_reader), HAYANAGI_RECORD_READER_SIZE);

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
    /* Never NULL: "unknown" for anything else (an error code, a status this build does not have). */
    CHECK_STR(hayanagi_status_name(-1), "unknown");
    CHECK_STR(hayanagi_status_name(7), "unknown");
    CHECK_STR(hayanagi_status_name(HAYANAGI_ERR_NOT_A_POSITION), "unknown");
    CHECK_STR(hayanagi_status_name(INT32_MIN), "unknown");
    CHECK_STR(hayanagi_status_name(INT32_MAX), "unknown");
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
    CHECK_EQ(in_check(&pos), 0);
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

    /* docs/RULES.md R114: both sides hold pieces. */
    CHECK_EQ(from_sfen(&pos, MATSURI), HAYANAGI_OK);
    CHECK_STR(sfen_of(&pos), MATSURI);
    CHECK_EQ(hayanagi_side_to_move(&pos), HAYANAGI_WHITE);
    CHECK_EQ(hayanagi_legal_moves(&pos, moves, HAYANAGI_MAX_MOVES, NULL), 207);
    CHECK_EQ(perft(&pos, 1, 1), 207);
    CHECK_EQ(perft(&pos, 2, 1), 28684);
    CHECK_EQ(perft(&pos, 2, 0), 28684);

    /* docs/RULES.md R19: the richest position, 593 moves; HAYANAGI_MAX_MOVES holds them. */
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
    CHECK_EQ(in_check(&pos), 1);
    CHECK_EQ(hayanagi_status(&pos), HAYANAGI_STATUS_NONE);
    /* Head gold (atama-kin), supported by the pawn: mate. */
    CHECK_EQ(from_sfen(&pos, "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 2"), HAYANAGI_OK);
    CHECK_EQ(in_check(&pos), 1);
    CHECK_EQ(hayanagi_status(&pos), HAYANAGI_STATUS_MATE);
    CHECK_EQ(hayanagi_legal_moves(&pos, moves, 0, NULL), 0); /* no moves fit in no room */
    /* Black has nothing at all: no legal move, not in check. */
    CHECK_EQ(from_sfen(&pos, "4k4/9/9/9/9/9/9/9/9 b - 1"), HAYANAGI_OK);
    CHECK_EQ(in_check(&pos), 0);
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
    {"", HAYANAGI_ERR_SFEN_EMPTY_FIELD, 0}, /* as the header says: the board field is empty */
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
        CHECK_EQ(hayanagi_parse_usi_move(&start, bad->text, strlen(bad->text), &move, &offset), bad->code);
        if (offset != bad->offset) fprintf(stderr, "  move \"%s\"\n", bad->text);
        CHECK_EQ(offset, bad->offset);
        CHECK_EQ(move, 0x1234); /* *move untouched on failure */
        CHECK_EQ(hayanagi_parse_usi_move(&start, bad->text, strlen(bad->text), &move, NULL), bad->code);
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
    CHECK_EQ(hayanagi_parse_usi_move(&pos, "7g7f", SIZE_MAX, &moves[0], NULL), HAYANAGI_ERR_BAD_LENGTH);
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
    CHECK_EQ(hayanagi_parse_usi_move(NULL, "7g7f", 4, &move, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_parse_usi_move(&pos, NULL, 4, &move, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_parse_usi_move(&pos, "7g7f", 4, NULL, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_play(NULL, move, &undo), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_undo(NULL, &undo), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_undo(&pos, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(in_check(NULL), HAYANAGI_ERR_NULL_POINTER);
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
    CHECK_EQ(hayanagi_parse_usi_move(&zero, "7g7f", 4, &move, NULL), HAYANAGI_ERR_NOT_A_POSITION);
    CHECK_EQ(hayanagi_play(&zero, move, &undo), HAYANAGI_ERR_NOT_A_POSITION);
    CHECK_EQ(hayanagi_undo(&zero, &undo), HAYANAGI_ERR_NOT_A_POSITION);
    CHECK_EQ(in_check(&zero), HAYANAGI_ERR_NOT_A_POSITION);
    CHECK_EQ(hayanagi_status(&zero), HAYANAGI_ERR_NOT_A_POSITION);
    CHECK_EQ(hayanagi_side_to_move(&zero), HAYANAGI_ERR_NOT_A_POSITION);
    CHECK_EQ(hayanagi_ply(&zero, &value), HAYANAGI_ERR_NOT_A_POSITION);
    CHECK_EQ(hayanagi_key(&zero, &value), HAYANAGI_ERR_NOT_A_POSITION);
    CHECK_EQ(hayanagi_perft(&zero, 1, 1, &value), HAYANAGI_ERR_NOT_A_POSITION);
    CHECK_EQ(hayanagi_undo(&pos, &zero_undo), HAYANAGI_ERR_NOT_AN_UNDO_RECORD);
    /* Records are told apart: an undo record's bytes are not a position, and the other way round. */
    CHECK_EQ(hayanagi_play(&pos, move, &undo), HAYANAGI_OK);
    CHECK_EQ(in_check((const hayanagi_position *)(const void *)&undo), HAYANAGI_ERR_NOT_A_POSITION);
    CHECK_EQ(hayanagi_undo(&pos, (const hayanagi_undo_record *)(const void *)&pos), HAYANAGI_ERR_NOT_AN_UNDO_RECORD);
    CHECK_EQ(hayanagi_undo(&pos, &undo), HAYANAGI_OK);
    CHECK_STR(sfen_of(&pos), STARTPOS);
}

/* ----- board and hand queries, legality, check ----- */

/* The kind of an SFEN letter (uppercase), or -1. */
static int kind_of_letter(char letter) {
    static const char letters[] = "PLNSGBRK";
    const char *at = strchr(letters, letter);
    return letter != '\0' && at != NULL ? (int)(at - letters) : -1;
}

/* An independent reading of an SFEN's board and hands, from the rules of the format. */
static void read_sfen(const char *sfen, uint8_t board[81], uint8_t hands[14]) {
    int square = 0, promoted = 0;
    const char *c = sfen;
    memset(board, 0, 81);
    memset(hands, 0, 14);
    for (; *c != ' '; c++) {
        if (*c == '/') continue;
        if (*c >= '1' && *c <= '9') {
            square += *c - '0';
        } else if (*c == '+') {
            promoted = 1;
        } else {
            int white = *c >= 'a' && *c <= 'z';
            int kind = kind_of_letter(white ? (char)(*c - 'a' + 'A') : *c);
            /* +P +L +N +S are 8-11, +B +R 12-13: the base kind + 8, gold (4) skipped. */
            if (promoted) kind = kind < HAYANAGI_GOLD ? kind + 8 : kind + 7;
            board[square++] = (uint8_t)HAYANAGI_PIECE(white, kind);
            promoted = 0;
        }
    }
    c += 3; /* " b " */
    while (*c != ' ' && *c != '\0' && *c != '-') {
        int count = 0, white, kind;
        while (*c >= '0' && *c <= '9') count = count * 10 + (*c++ - '0');
        white = *c >= 'a' && *c <= 'z';
        kind = kind_of_letter(white ? (char)(*c - 'a' + 'A') : *c);
        hands[white * HAYANAGI_HAND_KINDS + kind] = (uint8_t)(count ? count : 1);
        c++;
    }
}

static const char *const QUERY_POSITIONS[] = {
    STARTPOS,
    MATSURI,
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    "4k4/9/9/9/4R4/9/9/9/4K4 w - 1",  /* in check */
    "8k/6+R2/9/9/9/9/9/9/4K4 b - 1", /* a dragon */
    "4k4/9/9/9/9/9/9/9/9 b 2P 1",     /* no black king */
};

static void test_queries(void) {
    static unsigned char listed[1 << 16];
    hayanagi_position pos, after;
    uint16_t moves[HAYANAGI_MAX_MOVES];
    uint8_t board[81], expected_board[81], hands[14], expected_hands[14];
    size_t p;
    for (p = 0; p < sizeof QUERY_POSITIONS / sizeof QUERY_POSITIONS[0]; p++) {
        int32_t count, square, color, kind, code;
        CHECK_EQ(from_sfen(&pos, QUERY_POSITIONS[p]), HAYANAGI_OK);
        read_sfen(QUERY_POSITIONS[p], expected_board, expected_hands);
        memset(board, 0xee, sizeof board);
        CHECK_EQ(hayanagi_board(&pos, board), HAYANAGI_OK);
        CHECK(memcmp(board, expected_board, 81) == 0);
        for (square = 0; square < 81; square++) CHECK_EQ(hayanagi_piece_at(&pos, square), expected_board[square]);
        CHECK_EQ(hayanagi_hands(&pos, hands), HAYANAGI_OK);
        CHECK(memcmp(hands, expected_hands, 14) == 0);
        for (color = 0; color < 2; color++) {
            int32_t king = HAYANAGI_NO_SQUARE;
            for (kind = 0; kind < HAYANAGI_HAND_KINDS; kind++)
                CHECK_EQ(hayanagi_hand_count(&pos, color, kind), expected_hands[color * HAYANAGI_HAND_KINDS + kind]);
            for (square = 0; square < 81; square++)
                if (expected_board[square] == HAYANAGI_PIECE(color, HAYANAGI_KING)) king = square;
            CHECK_EQ(hayanagi_king_square(&pos, color), king);
        }
        /* Legality: exactly the listed moves, for every 16-bit value. */
        count = hayanagi_legal_moves(&pos, moves, HAYANAGI_MAX_MOVES, NULL);
        CHECK(count >= 0);
        memset(listed, 0, sizeof listed);
        for (code = 0; code < count; code++) listed[moves[code]] = 1;
        CHECK_EQ(hayanagi_count_legal_moves(&pos), count);
        for (code = 0; code <= 0xffff; code++) {
            int32_t legal = is_legal(&pos, (uint16_t)code);
            if (hayanagi_move_decode((uint16_t)code, NULL, NULL, NULL, NULL) < 0) {
                CHECK_EQ(legal, HAYANAGI_ERR_BAD_MOVE);
                CHECK_EQ(gives_check(&pos, (uint16_t)code), HAYANAGI_ERR_BAD_MOVE);
            } else {
                CHECK_EQ(legal, listed[code]);
                if (!legal) CHECK_EQ(gives_check(&pos, (uint16_t)code), HAYANAGI_ERR_ILLEGAL_MOVE);
            }
        }
        /* A move gives check exactly when the side to move is in check after it. */
        for (code = 0; code < count; code++) {
            after = pos;
            CHECK_EQ(hayanagi_play(&after, moves[code], NULL), HAYANAGI_OK);
            CHECK_EQ(gives_check(&pos, moves[code]), in_check(&after));
        }
    }
    /* Arguments out of range, and NULL. */
    CHECK_EQ(hayanagi_position_startpos(&pos), HAYANAGI_OK);
    CHECK_EQ(hayanagi_piece_at(&pos, HAYANAGI_SQUARE(5, 9)), HAYANAGI_PIECE(HAYANAGI_BLACK, HAYANAGI_KING));
    CHECK_EQ(hayanagi_piece_at(&pos, HAYANAGI_SQUARE(2, 2)), HAYANAGI_PIECE(HAYANAGI_WHITE, HAYANAGI_BISHOP));
    CHECK_EQ(hayanagi_piece_at(&pos, HAYANAGI_SQUARE(5, 5)), HAYANAGI_EMPTY);
    CHECK_EQ(HAYANAGI_PIECE_COLOR(hayanagi_piece_at(&pos, 0)), HAYANAGI_WHITE);
    CHECK_EQ(HAYANAGI_PIECE_KIND(hayanagi_piece_at(&pos, 0)), HAYANAGI_LANCE);
    CHECK_EQ(HAYANAGI_SQUARE_FILE(56), 7);
    CHECK_EQ(HAYANAGI_SQUARE_RANK(56), 7);
    CHECK_EQ(hayanagi_piece_at(&pos, -1), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_piece_at(&pos, 81), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_hand_count(&pos, 2, 0), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_hand_count(&pos, -1, 0), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_hand_count(&pos, 0, HAYANAGI_KING), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_hand_count(&pos, 0, -1), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_king_square(&pos, 2), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_king_square(&pos, HAYANAGI_WHITE), HAYANAGI_SQUARE(5, 1));
    CHECK_EQ(hayanagi_board(&pos, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_hands(&pos, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_board(NULL, board), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_hands(NULL, hands), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_piece_at(NULL, 0), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_hand_count(NULL, 0, 0), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_king_square(NULL, 0), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_count_legal_moves(NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(is_legal(NULL, 0x8000), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(gives_check(NULL, 0x8000), HAYANAGI_ERR_NULL_POINTER);
}

/* ----- move codes ----- */

static void test_move_codes(void) {
    int32_t code, valid = 0;
    char usi[HAYANAGI_USI_BUFFER_SIZE];
    size_t i;
    for (code = 0; code <= 0xffff; code++) {
        int32_t from = -5, to = -5, promote = -5, kind = -5, result, len;
        uint16_t parsed = 0;
        /* The header's layout: bits 0-6 to, 7-13 from (81 + kind for a drop), 14 promotion, 15 set. */
        int32_t raw_to = code & 0x7f, raw_from = code >> 7 & 0x7f, raw_promote = code >> 14 & 1;
        int drop = raw_from >= 81;
        int expected_valid = (code & 0x8000) && raw_to < 81 &&
                             (drop ? raw_from - 81 < HAYANAGI_HAND_KINDS && !raw_promote : raw_from != raw_to);
        result = hayanagi_move_decode((uint16_t)code, &from, &to, &promote, &kind);
        len = hayanagi_move_to_usi((uint16_t)code, usi, sizeof usi, NULL);
        if (!expected_valid) {
            CHECK_EQ(result, HAYANAGI_ERR_BAD_MOVE);
            CHECK(from == -5 && to == -5 && promote == -5 && kind == -5);
            CHECK_EQ(len, HAYANAGI_ERR_BAD_MOVE);
            continue;
        }
        valid++;
        CHECK_EQ(result, HAYANAGI_OK);
        CHECK_EQ(kind == HAYANAGI_NO_KIND, !drop);
        CHECK_EQ(to, raw_to);
        CHECK_EQ(promote, raw_promote);
        CHECK_EQ(from, drop ? HAYANAGI_NO_SQUARE : raw_from);
        CHECK_EQ(kind, drop ? raw_from - 81 : HAYANAGI_NO_KIND);
        CHECK_EQ(drop ? hayanagi_move_drop(kind, to) : hayanagi_move_normal(from, to, promote), code);
        /* USI text both ways. */
        CHECK(len == 4 || len == 5);
        CHECK_EQ(hayanagi_move_from_usi(usi, (size_t)len, &parsed, NULL), HAYANAGI_OK);
        CHECK_EQ(parsed, code);
    }
    /* 81 * 80 board moves, each with and without promotion, and 7 * 81 drops. */
    CHECK_EQ(valid, 81 * 80 * 2 + 7 * 81);
    CHECK_EQ(hayanagi_move_normal(HAYANAGI_SQUARE(7, 7), HAYANAGI_SQUARE(7, 6), 0), 0x8000 | 56 << 7 | 47);
    CHECK_EQ(hayanagi_move_normal(64, 16, 7), 0x8000 | 0x4000 | 64 << 7 | 16); /* any non-zero promotes */
    CHECK_EQ(hayanagi_move_drop(HAYANAGI_PAWN, 40), 0x8000 | 81 << 7 | 40);
    CHECK_EQ(hayanagi_move_normal(-1, 0, 0), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_move_normal(0, 81, 0), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_move_normal(5, 5, 0), HAYANAGI_ERR_MOVE_SAME_SQUARE);
    CHECK_EQ(hayanagi_move_drop(HAYANAGI_KING, 0), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_move_drop(-1, 0), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_move_drop(HAYANAGI_ROOK, 81), HAYANAGI_ERR_OUT_OF_RANGE);
    /* Syntax errors, with offsets, and no position needed: "7g7f+" and "5e5d" parse. */
    for (i = 0; i < sizeof BAD_MOVES / sizeof BAD_MOVES[0]; i++) {
        const struct bad_input *bad = &BAD_MOVES[i];
        size_t offset = 9999;
        uint16_t move = 0x1234;
        int32_t result = hayanagi_move_from_usi(bad->text, strlen(bad->text), &move, &offset);
        if (bad->code == HAYANAGI_ERR_ILLEGAL_MOVE) {
            CHECK_EQ(result, HAYANAGI_OK);
            CHECK_EQ(offset, 9999);
            CHECK(hayanagi_move_to_usi(move, usi, sizeof usi, NULL) > 0 && strcmp(usi, bad->text) == 0);
        } else {
            CHECK_EQ(result, bad->code);
            CHECK_EQ(offset, bad->offset);
            CHECK_EQ(move, 0x1234);
        }
    }
    CHECK_EQ(hayanagi_move_from_usi(NULL, 0, (uint16_t *)usi, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_move_from_usi("7g7f", 4, NULL, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_move_from_usi("7g7f", SIZE_MAX, (uint16_t *)usi, NULL), HAYANAGI_ERR_BAD_LENGTH);
}

/* ----- fast play ----- */

/* The shape the header says hayanagi_play_unchecked requires, from the board and hands. */
static int has_shape(const uint8_t board[81], const uint8_t hands[14], int side, uint16_t move) {
    int32_t from, to, promote, kind;
    if (hayanagi_move_decode(move, &from, &to, &promote, &kind) != HAYANAGI_OK) return 0;
    if (kind != HAYANAGI_NO_KIND) return hands[side * HAYANAGI_HAND_KINDS + kind] > 0 && board[to] == HAYANAGI_EMPTY;
    if (board[from] == HAYANAGI_EMPTY || HAYANAGI_PIECE_COLOR(board[from]) != side) return 0;
    if (promote && (HAYANAGI_PIECE_KIND(board[from]) == HAYANAGI_GOLD || HAYANAGI_PIECE_KIND(board[from]) >= HAYANAGI_KING))
        return 0;
    return board[to] == HAYANAGI_EMPTY ||
           (HAYANAGI_PIECE_COLOR(board[to]) != side && HAYANAGI_PIECE_KIND(board[to]) != HAYANAGI_KING);
}

static void test_play_unchecked(void) {
    hayanagi_position pos;
    hayanagi_undo_record undo;
    uint8_t board[81], hands[14];
    uint16_t moves[HAYANAGI_MAX_MOVES];
    size_t p;
    int32_t code;
    CHECK_EQ(hayanagi_position_startpos(&pos), HAYANAGI_OK);
    CHECK_EQ(c_perft(&pos, 3, hayanagi_play_unchecked), perft(&pos, 3, 0));
    CHECK_STR(sfen_of(&pos), STARTPOS);
    CHECK_EQ(from_sfen(&pos, MATSURI), HAYANAGI_OK);
    CHECK_EQ(c_perft(&pos, 2, hayanagi_play_unchecked), 28684);
    CHECK_STR(sfen_of(&pos), MATSURI);
    CHECK_EQ(c_perft_copy(&pos, 2), 28684);
    CHECK_EQ(hayanagi_position_startpos(&pos), HAYANAGI_OK);
    CHECK_EQ(c_perft_copy(&pos, 3), perft(&pos, 3, 0));

    /* Any value: refused with nothing changed, or played and taken back exactly, with every query
       still answering on the position in between. */
    for (p = 0; p < sizeof QUERY_POSITIONS / sizeof QUERY_POSITIONS[0]; p++) {
        int side;
        char sfen[HAYANAGI_SFEN_BUFFER_SIZE], text[HAYANAGI_SFEN_BUFFER_SIZE];
        uint64_t key;
        CHECK_EQ(from_sfen(&pos, QUERY_POSITIONS[p]), HAYANAGI_OK);
        CHECK_EQ(hayanagi_board(&pos, board), HAYANAGI_OK);
        CHECK_EQ(hayanagi_hands(&pos, hands), HAYANAGI_OK);
        side = hayanagi_side_to_move(&pos);
        strcpy(sfen, sfen_of(&pos));
        key = key_of(&pos);
        for (code = 0; code <= 0xffff; code += 7) {
            int32_t result = hayanagi_play_unchecked(&pos, (uint16_t)code, &undo);
            if (hayanagi_move_decode((uint16_t)code, NULL, NULL, NULL, NULL) < 0) {
                CHECK_EQ(result, HAYANAGI_ERR_BAD_MOVE);
            } else if (!has_shape(board, hands, side, (uint16_t)code)) {
                CHECK_EQ(result, HAYANAGI_ERR_ILLEGAL_MOVE);
            } else {
                CHECK_EQ(result, HAYANAGI_OK);
                CHECK(hayanagi_legal_moves(&pos, moves, HAYANAGI_MAX_MOVES, NULL) >= 0);
                CHECK_EQ(hayanagi_side_to_move(&pos), 1 - side);
                CHECK(hayanagi_position_sfen(&pos, text, sizeof text, NULL) > 0);
                CHECK(hayanagi_status(&pos) >= 0);
                CHECK_EQ(hayanagi_undo(&pos, &undo), HAYANAGI_OK);
            }
            CHECK(key_of(&pos) == key);
            if (result == HAYANAGI_OK) CHECK_STR(sfen_of(&pos), sfen);
        }
        CHECK_STR(sfen_of(&pos), sfen);
    }
    CHECK_EQ(hayanagi_play_unchecked(NULL, 0x8000, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(from_sfen(&pos, "4k4/9/9/9/9/9/9/9/4K4 b - 18446744073709551615"), HAYANAGI_OK);
    CHECK_EQ(hayanagi_play_unchecked(&pos, move_of(&pos, "5i5h"), &undo), HAYANAGI_ERR_PLY_OVERFLOW);
}

/* Copy/make in one call: the same answer as a copy and hayanagi_play_unchecked / hayanagi_play on
   it, for any value; the parent never changes, the child only as the header says. */
static void test_play_into(void) {
    static unsigned char buffer[sizeof(hayanagi_position) + 32];
    hayanagi_position pos, child, copy, garbage;
    size_t p, offset;
    int32_t code;
    CHECK_EQ(hayanagi_position_startpos(&pos), HAYANAGI_OK);
    CHECK_EQ(c_perft_into(&pos, 3), perft(&pos, 3, 0));
    CHECK_STR(sfen_of(&pos), STARTPOS);
    CHECK_EQ(from_sfen(&pos, MATSURI), HAYANAGI_OK);
    CHECK_EQ(c_perft_into(&pos, 2), 28684);
    memset(&garbage, 0xa5, sizeof garbage);
    for (p = 0; p < sizeof QUERY_POSITIONS / sizeof QUERY_POSITIONS[0]; p++) {
        char sfen[HAYANAGI_SFEN_BUFFER_SIZE], expected_sfen[HAYANAGI_SFEN_BUFFER_SIZE];
        uint64_t key;
        int checked;
        CHECK_EQ(from_sfen(&pos, QUERY_POSITIONS[p]), HAYANAGI_OK);
        strcpy(sfen, sfen_of(&pos));
        key = key_of(&pos);
        for (checked = 0; checked < 2; checked++) {
            for (code = (int32_t)p; code <= 0xffff; code += 13) {
                int32_t expected, result;
                copy = pos;
                expected = checked ? hayanagi_play(&copy, (uint16_t)code, NULL)
                                   : hayanagi_play_unchecked(&copy, (uint16_t)code, NULL);
                child = garbage; /* uninitialised memory: any bytes */
                result = checked ? hayanagi_play_into(&pos, (uint16_t)code, &child)
                                 : hayanagi_play_unchecked_into(&pos, (uint16_t)code, &child);
                CHECK_EQ(result, expected);
                /* The child is the played copy, or (the move refused) a copy of the parent. */
                strcpy(expected_sfen, sfen_of(&copy));
                CHECK_STR(sfen_of(&child), expected_sfen);
                CHECK(key_of(&child) == key_of(&copy));
                CHECK_EQ(hayanagi_count_legal_moves(&child), hayanagi_count_legal_moves(&copy));
                CHECK(key_of(&pos) == key);
                /* In place: as the plain play. */
                child = pos;
                result = checked ? hayanagi_play_into(&child, (uint16_t)code, &child)
                                 : hayanagi_play_unchecked_into(&child, (uint16_t)code, &child);
                CHECK_EQ(result, expected);
                CHECK(key_of(&child) == key_of(&copy));
            }
        }
        CHECK_STR(sfen_of(&pos), sfen);
    }
    /* From and into records at any alignment (byte copies). */
    CHECK_EQ(hayanagi_position_startpos(&pos), HAYANAGI_OK);
    for (offset = 0; offset < 32; offset++) {
        hayanagi_position *moved = (hayanagi_position *)(void *)(buffer + offset);
        memcpy(moved, &pos, sizeof pos);
        CHECK_EQ(hayanagi_play_unchecked_into(moved, move_of(moved, "7g7f"), &child), HAYANAGI_OK);
        CHECK_STR(sfen_of(&child), "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
        CHECK_STR(sfen_of(moved), STARTPOS);
        CHECK_EQ(hayanagi_play_into(&child, move_of(&child, "3c3d"), moved), HAYANAGI_OK);
        CHECK_STR(sfen_of(moved), "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
        CHECK_EQ(hayanagi_count_legal_moves(moved), 39);
    }
    /* Errors: NULL and foreign records leave the child as it was. */
    child = garbage;
    CHECK_EQ(hayanagi_play_unchecked_into(NULL, 0x8000, &child), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_play_unchecked_into(&pos, move_of(&pos, "7g7f"), NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_play_into(NULL, 0x8000, &child), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_play_into(&pos, move_of(&pos, "7g7f"), NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_play_unchecked_into(&garbage, 0x8000, &child), HAYANAGI_ERR_NOT_A_POSITION);
    CHECK_EQ(hayanagi_play_into(&garbage, 0x8000, &child), HAYANAGI_ERR_NOT_A_POSITION);
    CHECK_EQ(memcmp(&child, &garbage, sizeof child), 0);
    CHECK_EQ(hayanagi_play_into(&pos, 0, &child), HAYANAGI_ERR_BAD_MOVE);
    CHECK_STR(sfen_of(&child), STARTPOS);
    CHECK_EQ(from_sfen(&pos, "4k4/9/9/9/9/9/9/9/4K4 b - 18446744073709551615"), HAYANAGI_OK);
    CHECK_EQ(hayanagi_play_unchecked_into(&pos, move_of(&pos, "5i5h"), &child), HAYANAGI_ERR_PLY_OVERFLOW);
    CHECK_EQ(hayanagi_play_into(&pos, move_of(&pos, "5i5h"), &child), HAYANAGI_ERR_PLY_OVERFLOW);
}

/* ----- records moved to another alignment ----- */

static void test_moved_records(void) {
    static unsigned char buffer[sizeof(hayanagi_position) + 64];
    hayanagi_position pos, other;
    hayanagi_undo_record undo;
    size_t offset;
    const char *after = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
    CHECK_EQ(hayanagi_position_startpos(&pos), HAYANAGI_OK);
    for (offset = 0; offset < 32; offset++) {
        hayanagi_position *moved = (hayanagi_position *)(void *)(buffer + offset);
        /* A byte copy, wherever it lands: read (through a copy), changed (moved into place), read. */
        memcpy(moved, &pos, sizeof pos);
        CHECK_STR(sfen_of(moved), STARTPOS);
        CHECK_EQ(hayanagi_count_legal_moves(moved), 30);
        CHECK_EQ(hayanagi_play_unchecked(moved, move_of(moved, "7g7f"), &undo), HAYANAGI_OK);
        CHECK_STR(sfen_of(moved), after);
        CHECK_EQ(hayanagi_undo(moved, &undo), HAYANAGI_OK);
        CHECK_STR(sfen_of(moved), STARTPOS);
        /* A failed change writes nothing, even to a record that is not in place. */
        memcpy(moved, &pos, sizeof pos);
        CHECK_EQ(hayanagi_play(moved, 0x8000 | 81 << 7 | 40, NULL), HAYANAGI_ERR_ILLEGAL_MOVE);
        CHECK_EQ(hayanagi_play(moved, 0x8000 | 81 << 7 | 40, NULL), HAYANAGI_ERR_ILLEGAL_MOVE);
        memcpy(&other, moved, sizeof other); /* still not moved into place: read through a copy */
        CHECK_STR(sfen_of(&other), STARTPOS);
        CHECK_STR(sfen_of(moved), STARTPOS);
        /* Copied back: the same position. */
        CHECK_EQ(hayanagi_play(moved, move_of(moved, "7g7f"), NULL), HAYANAGI_OK);
        memcpy(&pos, moved, sizeof pos);
        CHECK_STR(sfen_of(&pos), after);
        CHECK_EQ(hayanagi_position_startpos(&pos), HAYANAGI_OK);
    }
}

/* ----- game history ----- */

/* Plays USI moves through a history; returns the first failure's code. */
static int32_t history_play(hayanagi_history_entry *history, hayanagi_position *pos, const char *moves) {
    char word[8];
    const char *c = moves;
    while (*c != '\0') {
        size_t len = strcspn(c, " ");
        int32_t result;
        memcpy(word, c, len);
        word[len] = '\0';
        result = hayanagi_history_play(history, pos, move_of(pos, word));
        if (result != HAYANAGI_OK) return result;
        c += len;
        if (*c == ' ') c++;
    }
    return HAYANAGI_OK;
}

#define SHUFFLE "6i6h 4a4b 6h6i 4b4a"
#define CHASE "3b3a 1a1b 3a3b 1b1a"

static void test_history(void) {
    hayanagi_history_entry game[HAYANAGI_HISTORY_ENTRIES(16)], copy[HAYANAGI_HISTORY_ENTRIES(16)];
    hayanagi_history_entry small[HAYANAGI_HISTORY_ENTRIES(2)];
    static unsigned char bytes[sizeof game + 1];
    hayanagi_position pos, other;
    uint16_t moves[16], move = 0;
    size_t needed = 0, offset = 9999;
    int i;

    CHECK_EQ(sizeof(hayanagi_history_entry), HAYANAGI_HISTORY_ENTRY_SIZE);
    CHECK_EQ(hayanagi_history_init(game, sizeof game / sizeof game[0]), 16);
    CHECK_EQ(hayanagi_history_len(game), 0);
    CHECK_EQ(hayanagi_position_startpos(&pos), HAYANAGI_OK);
    CHECK_EQ(hayanagi_history_status(game, &pos, 0), HAYANAGI_STATUS_NONE);

    /* Four-fold repetition: the start position for the fourth time after 12 moves. */
    for (i = 0; i < 3; i++) {
        CHECK_EQ(history_play(game, &pos, SHUFFLE), HAYANAGI_OK);
        CHECK_EQ(hayanagi_history_status(game, &pos, 0), i < 2 ? HAYANAGI_STATUS_NONE : HAYANAGI_STATUS_DRAW_REPETITION);
    }
    CHECK_EQ(hayanagi_history_len(game), 12);
    CHECK_STR(sfen_of(&pos), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 13");
    /* The move limit: a repetition counts first; without it, the 12th move drew the game. */
    CHECK_EQ(hayanagi_history_status(game, &pos, 12), HAYANAGI_STATUS_DRAW_REPETITION);
    CHECK_EQ(hayanagi_history_moves(game, moves, 16, &needed), 12);
    CHECK_EQ(needed, 12);
    CHECK_EQ(moves[0], hayanagi_move_normal(HAYANAGI_SQUARE(6, 9), HAYANAGI_SQUARE(6, 8), 0));
    CHECK_EQ(hayanagi_history_moves(game, moves, 11, &needed), HAYANAGI_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ(needed, 12);
    /* A byte copy is the same history. */
    memcpy(copy, game, sizeof game);
    CHECK_EQ(hayanagi_history_status(copy, &pos, 0), HAYANAGI_STATUS_DRAW_REPETITION);
    /* Undo: one move back, no repetition; the position must be the current one. */
    CHECK_EQ(hayanagi_history_undo(game, &pos, &move), HAYANAGI_OK);
    CHECK_EQ(move, moves[11]);
    CHECK_EQ(hayanagi_history_len(game), 11);
    CHECK_EQ(hayanagi_history_status(game, &pos, 0), HAYANAGI_STATUS_NONE);
    CHECK_EQ(hayanagi_history_status(game, &pos, 11), HAYANAGI_STATUS_DRAW_MAX_PLY);
    CHECK_EQ(hayanagi_history_status(game, &pos, 12), HAYANAGI_STATUS_NONE);
    CHECK_EQ(hayanagi_position_startpos(&other), HAYANAGI_OK);
    CHECK_EQ(hayanagi_history_status(game, &other, 0), HAYANAGI_ERR_HISTORY_NOT_CURRENT);
    CHECK_EQ(hayanagi_history_play(game, &other, move_of(&other, "7g7f")), HAYANAGI_ERR_HISTORY_NOT_CURRENT);
    CHECK_EQ(hayanagi_history_undo(game, &other, NULL), HAYANAGI_ERR_HISTORY_NOT_CURRENT);
    CHECK_STR(sfen_of(&other), STARTPOS);
    CHECK_EQ(hayanagi_history_play(game, &pos, 0x8000 | 81 << 7 | 40), HAYANAGI_ERR_ILLEGAL_MOVE);
    CHECK_EQ(hayanagi_history_play(game, &pos, 0), HAYANAGI_ERR_BAD_MOVE);
    CHECK_EQ(hayanagi_history_len(game), 11);
    for (i = 0; i < 11; i++) CHECK_EQ(hayanagi_history_undo(game, &pos, NULL), HAYANAGI_OK);
    CHECK_STR(sfen_of(&pos), STARTPOS);
    CHECK_EQ(hayanagi_history_undo(game, &pos, &move), HAYANAGI_ERR_HISTORY_EMPTY);
    /* Full: nothing recorded, nothing played. */
    CHECK_EQ(hayanagi_history_init(small, sizeof small / sizeof small[0]), 2);
    CHECK_EQ(history_play(small, &pos, "7g7f 3c3d"), HAYANAGI_OK);
    CHECK_EQ(history_play(small, &pos, "2g2f"), HAYANAGI_ERR_HISTORY_FULL);
    CHECK_EQ(ply_of(&pos), 3);
    CHECK_EQ(hayanagi_history_clear(small), HAYANAGI_OK);
    CHECK_EQ(hayanagi_history_len(small), 0);

    /* Perpetual check: the dragon chases the king; at the fourth occurrence the checking side loses. */
    CHECK_EQ(hayanagi_history_init(game, sizeof game / sizeof game[0]), 16);
    CHECK_EQ(from_sfen(&pos, "8k/6+R2/9/9/9/9/9/9/4K4 b - 1"), HAYANAGI_OK);
    for (i = 0; i < 3; i++) CHECK_EQ(history_play(game, &pos, CHASE), HAYANAGI_OK);
    CHECK_EQ(hayanagi_history_status(game, &pos, 0), HAYANAGI_STATUS_LOSS_PERPETUAL_CHECK);
    CHECK_EQ(hayanagi_history_init(game, sizeof game / sizeof game[0]), 16);
    CHECK_EQ(from_sfen(&pos, "6+R1k/9/9/9/9/9/9/9/4K4 w - 1"), HAYANAGI_OK);
    for (i = 0; i < 3; i++) CHECK_EQ(history_play(game, &pos, "1a1b 3a3b 1b1a 3b3a"), HAYANAGI_OK);
    CHECK_EQ(hayanagi_history_status(game, &pos, 0), HAYANAGI_STATUS_WIN_PERPETUAL_CHECK);
    /* Mate counts first. */
    CHECK_EQ(hayanagi_history_init(game, sizeof game / sizeof game[0]), 16);
    CHECK_EQ(from_sfen(&pos, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"), HAYANAGI_OK);
    CHECK_EQ(history_play(game, &pos, "G*5b"), HAYANAGI_OK);
    CHECK_EQ(hayanagi_history_status(game, &pos, 1), HAYANAGI_STATUS_MATE);

    /* A USI command with its history. */
    CHECK_EQ(hayanagi_position_from_usi_with_history(&pos, game, "position startpos moves " SHUFFLE " " SHUFFLE
                                                     " " SHUFFLE, 24 + 3 * 19 + 2, &offset),
             HAYANAGI_OK);
    CHECK_EQ(hayanagi_history_len(game), 12);
    CHECK_EQ(hayanagi_history_status(game, &pos, 0), HAYANAGI_STATUS_DRAW_REPETITION);
    other = pos;
    /* Errors leave both as they were: a bad move, and more moves than the history holds. */
    CHECK_EQ(hayanagi_position_from_usi_with_history(&pos, game, "startpos moves 7g7f 7g7f", 24, &offset),
             HAYANAGI_ERR_ILLEGAL_MOVE);
    CHECK_EQ(offset, 20);
    CHECK_EQ(hayanagi_position_from_usi_with_history(&pos, small, "startpos moves 7g7f 3c3d 2g2f", 29, NULL),
             HAYANAGI_ERR_HISTORY_FULL);
    {
        char expected[HAYANAGI_SFEN_BUFFER_SIZE];
        strcpy(expected, sfen_of(&other));
        CHECK_STR(sfen_of(&pos), expected);
        CHECK(key_of(&pos) == key_of(&other));
    }
    CHECK_EQ(hayanagi_history_len(game), 12);
    CHECK_EQ(hayanagi_history_len(small), 0);
    CHECK_EQ(hayanagi_position_from_usi_with_history(&pos, small, "startpos moves 7g7f 3c3d", 24, NULL), HAYANAGI_OK);
    CHECK_EQ(hayanagi_history_len(small), 2);

    /* Storage that is not a history, or not aligned, or too small; NULL. */
    memset(copy, 0, sizeof copy);
    CHECK_EQ(hayanagi_history_len(copy), HAYANAGI_ERR_NOT_A_HISTORY);
    CHECK_EQ(hayanagi_history_status(copy, &pos, 0), HAYANAGI_ERR_NOT_A_HISTORY);
    CHECK_EQ(hayanagi_history_play(copy, &pos, 0x8000), HAYANAGI_ERR_NOT_A_HISTORY);
    CHECK_EQ(hayanagi_history_undo(copy, &pos, NULL), HAYANAGI_ERR_NOT_A_HISTORY);
    CHECK_EQ(hayanagi_history_moves(copy, moves, 16, NULL), HAYANAGI_ERR_NOT_A_HISTORY);
    CHECK_EQ(hayanagi_history_clear(copy), HAYANAGI_ERR_NOT_A_HISTORY);
    CHECK_EQ(hayanagi_history_len((const hayanagi_history_entry *)(const void *)&pos), HAYANAGI_ERR_NOT_A_HISTORY);
    CHECK_EQ(hayanagi_history_status(game, (const hayanagi_position *)(const void *)game, 0),
             HAYANAGI_ERR_NOT_A_POSITION);
    memcpy(bytes + 1, game, sizeof game);
    CHECK_EQ(hayanagi_history_len((const hayanagi_history_entry *)(const void *)(bytes + 1)), HAYANAGI_ERR_MISALIGNED);
    CHECK_EQ(hayanagi_history_init((hayanagi_history_entry *)(void *)(bytes + 1), 4), HAYANAGI_ERR_MISALIGNED);
    CHECK_EQ(hayanagi_history_init(game, 1), HAYANAGI_ERR_BAD_LENGTH);
    CHECK_EQ(hayanagi_history_init(game, SIZE_MAX), HAYANAGI_ERR_BAD_LENGTH);
    CHECK_EQ(hayanagi_history_init(game, 2), 0);
    CHECK_EQ(hayanagi_history_init(NULL, 4), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_history_len(NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_history_clear(NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_history_play(NULL, &pos, 0x8000), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_history_play(game, NULL, 0x8000), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_history_undo(NULL, &pos, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_history_undo(game, NULL, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_history_moves(NULL, moves, 16, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_history_moves(game, NULL, 16, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_history_status(NULL, &pos, 0), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_history_status(game, NULL, 0), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_position_from_usi_with_history(NULL, game, "startpos", 8, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_position_from_usi_with_history(&pos, NULL, "startpos", 8, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_position_from_usi_with_history(&pos, game, NULL, 8, NULL), HAYANAGI_ERR_NULL_POINTER);
}

/* ----- declaration ----- */

static void test_declaration(void) {
    hayanagi_position pos;
    uint32_t points = 99, pieces = 99, failed = 99;
    /* Black's king on 5b with 10 pieces in the camp (2 rooks, 2 bishops, 3 golds, 3 silvers) and 6
       pawns in hand: 20 + 6 + 6 = 32 points. */
    CHECK_EQ(from_sfen(&pos, "1RRBB4/GGGSK4/SS7/9/9/9/9/9/4k4 b 6Pgs4n4l12p 1"), HAYANAGI_OK);
    CHECK_EQ(hayanagi_declaration(&pos, HAYANAGI_RULE_27_POINTS, &points, &pieces, &failed), HAYANAGI_DECLARATION_WIN);
    CHECK_EQ(points, 32);
    CHECK_EQ(pieces, 10);
    CHECK_EQ(failed, 0);
    CHECK_EQ(hayanagi_declaration(&pos, HAYANAGI_RULE_24_POINTS, NULL, NULL, NULL), HAYANAGI_DECLARATION_WIN);
    /* Without the pawns: 26 points, a draw under the 24-point rule, too few under the 27-point one. */
    CHECK_EQ(from_sfen(&pos, "1RRBB4/GGGSK4/SS7/9/9/9/9/9/4k4 b gs4n4l18p 1"), HAYANAGI_OK);
    CHECK_EQ(hayanagi_declaration(&pos, HAYANAGI_RULE_24_POINTS, &points, NULL, &failed), HAYANAGI_DECLARATION_DRAW);
    CHECK_EQ(points, 26);
    CHECK_EQ(failed, 0);
    CHECK_EQ(hayanagi_declaration(&pos, HAYANAGI_RULE_27_POINTS, NULL, NULL, &failed), HAYANAGI_DECLARATION_INVALID);
    CHECK_EQ(failed, HAYANAGI_DECLARATION_TOO_FEW_POINTS);
    /* In the opening nothing holds but the king being out of check. */
    CHECK_EQ(hayanagi_position_startpos(&pos), HAYANAGI_OK);
    CHECK_EQ(hayanagi_declaration(&pos, HAYANAGI_RULE_27_POINTS, &points, &pieces, &failed),
             HAYANAGI_DECLARATION_INVALID);
    CHECK_EQ(failed, HAYANAGI_DECLARATION_KING_NOT_IN_CAMP | HAYANAGI_DECLARATION_TOO_FEW_PIECES |
                         HAYANAGI_DECLARATION_TOO_FEW_POINTS);
    CHECK_EQ(points, 0);
    CHECK_EQ(pieces, 0);
    points = 99;
    CHECK_EQ(hayanagi_declaration(&pos, 25, &points, NULL, NULL), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(points, 99);
    CHECK_EQ(hayanagi_declaration(NULL, 27, NULL, NULL, NULL), HAYANAGI_ERR_NULL_POINTER);
}

static void test_version(void) {
    char expected[32];
    sprintf(expected, "%d.%d.%d", HAYANAGI_VERSION_MAJOR, HAYANAGI_VERSION_MINOR, HAYANAGI_VERSION_PATCH);
    CHECK_STR(hayanagi_version(), HAYANAGI_VERSION_STRING);
    CHECK_STR(hayanagi_version(), expected);
    CHECK_EQ(HAYANAGI_VERSION_NUMBER,
             HAYANAGI_VERSION_MAJOR * 10000 + HAYANAGI_VERSION_MINOR * 100 + HAYANAGI_VERSION_PATCH);
}


/* ----- typed generation ----- */

/* Whether `filter` selects the legal `move` of *pos, decided from the board and the one-move
   questions (the header's table). */
static int selects(const hayanagi_position *pos, int32_t filter, uint16_t move) {
    int32_t from, to, promote, kind;
    int capture, drop, check;
    CHECK_EQ(hayanagi_move_decode(move, &from, &to, &promote, &kind), HAYANAGI_OK);
    drop = kind != HAYANAGI_NO_KIND;
    capture = !drop && hayanagi_piece_at(pos, to) != HAYANAGI_EMPTY;
    check = gives_check(pos, move) == 1;
    switch (filter) {
    case HAYANAGI_FILTER_ALL: return 1;
    case HAYANAGI_FILTER_CAPTURES: return capture;
    case HAYANAGI_FILTER_NON_CAPTURES: return !capture;
    case HAYANAGI_FILTER_DROPS: return drop;
    case HAYANAGI_FILTER_CHECKS: return check;
    case HAYANAGI_FILTER_QUIET_CHECKS: return check && !capture;
    case HAYANAGI_FILTER_EVASIONS: return in_check(pos) == 1;
    default: return -1;
    }
}

static void test_typed_generation(void) {
    hayanagi_position pos, zero;
    uint16_t all[HAYANAGI_MAX_MOVES], moves[HAYANAGI_MAX_MOVES + 1], small[HAYANAGI_MAX_MOVES];
    unsigned char bytes[2 * HAYANAGI_MAX_MOVES + 2];
    size_t p, needed;
    int32_t filter, count, n, i, j;
    memset(&zero, 0, sizeof zero);
    for (p = 0; p < sizeof QUERY_POSITIONS / sizeof QUERY_POSITIONS[0]; p++) {
        int32_t total = 0;
        CHECK_EQ(from_sfen(&pos, QUERY_POSITIONS[p]), HAYANAGI_OK);
        count = hayanagi_legal_moves(&pos, all, HAYANAGI_MAX_MOVES, NULL);
        CHECK(count >= 0);
        for (filter = HAYANAGI_FILTER_ALL; filter <= HAYANAGI_FILTER_EVASIONS; filter++) {
            /* Exactly the full list filtered by the rule: as many, each one in the list and selected
               (the order is the generator's for the filter: checks come in another order). */
            needed = 12345;
            n = hayanagi_legal_moves_of(&pos, filter, moves, HAYANAGI_MAX_MOVES, &needed);
            CHECK(n >= 0);
            CHECK_EQ(needed, n);
            for (i = 0, j = 0; i < count; i++) j += selects(&pos, filter, all[i]);
            CHECK_EQ(j, n);
            for (i = 0; i < n; i++) {
                int32_t k, found = 0;
                for (k = 0; k < count; k++) found += all[k] == moves[i];
                CHECK_EQ(found, 1);
                CHECK_EQ(selects(&pos, filter, moves[i]), 1);
            }
            if (filter == HAYANAGI_FILTER_CAPTURES || filter == HAYANAGI_FILTER_NON_CAPTURES) total += n;
            /* The array's other paths: just big enough, too small (nothing written), unaligned. */
            memset(small, 0xee, sizeof small);
            CHECK_EQ(hayanagi_legal_moves_of(&pos, filter, small, (size_t)n, NULL), n);
            CHECK(memcmp(small, moves, (size_t)n * sizeof small[0]) == 0);
            if (n > 0) {
                memset(small, 0xee, sizeof small);
                needed = 0;
                CHECK_EQ(hayanagi_legal_moves_of(&pos, filter, small, (size_t)n - 1, &needed),
                         HAYANAGI_ERR_BUFFER_TOO_SMALL);
                CHECK_EQ(needed, n);
                CHECK(small[0] == 0xeeee);
            }
            CHECK_EQ(hayanagi_legal_moves_of(&pos, filter, (uint16_t *)(void *)(bytes + 1), HAYANAGI_MAX_MOVES, NULL), n);
            for (i = 0; i < n; i++) {
                uint16_t code;
                memcpy(&code, bytes + 1 + 2 * i, sizeof code);
                CHECK(code == moves[i]);
            }
        }
        CHECK_EQ(total, count); /* captures and non-captures split the list */
    }
    CHECK_EQ(hayanagi_legal_moves_of(&pos, -1, moves, HAYANAGI_MAX_MOVES, NULL), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_legal_moves_of(&pos, 7, moves, HAYANAGI_MAX_MOVES, NULL), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_legal_moves_of(NULL, 0, moves, HAYANAGI_MAX_MOVES, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_legal_moves_of(&pos, 0, NULL, HAYANAGI_MAX_MOVES, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_legal_moves_of(&zero, 0, moves, HAYANAGI_MAX_MOVES, NULL), HAYANAGI_ERR_NOT_A_POSITION);
}


/* ----- the extended set ----- */

static void test_pass_and_key_after(void) {
    hayanagi_position pos, after, flipped;
    uint16_t moves[HAYANAGI_MAX_MOVES];
    uint64_t key = 0;
    size_t p;
    int32_t count, i;
    char sfen[HAYANAGI_SFEN_BUFFER_SIZE];
    /* A pass is the same position with the other side to move: the SFEN with 'w'. */
    CHECK_EQ(hayanagi_position_startpos(&pos), HAYANAGI_OK);
    CHECK_EQ(hayanagi_pass(&pos), HAYANAGI_OK);
    CHECK_STR(sfen_of(&pos), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
    CHECK_EQ(from_sfen(&flipped, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"), HAYANAGI_OK);
    CHECK_EQ(key_of(&pos), key_of(&flipped));
    CHECK_EQ(hayanagi_pass(&pos), HAYANAGI_OK);
    CHECK_STR(sfen_of(&pos), STARTPOS);
    CHECK_EQ(from_sfen(&pos, "4k4/9/9/9/4R4/9/9/9/4K4 w - 1"), HAYANAGI_OK);
    CHECK_EQ(hayanagi_pass(&pos), HAYANAGI_ERR_PASS_IN_CHECK);
    CHECK_STR(sfen_of(&pos), "4k4/9/9/9/4R4/9/9/9/4K4 w - 1");
    CHECK_EQ(hayanagi_pass(NULL), HAYANAGI_ERR_NULL_POINTER);
    /* key_after is the key after playing, for every legal move. */
    for (p = 0; p < sizeof QUERY_POSITIONS / sizeof QUERY_POSITIONS[0]; p++) {
        CHECK_EQ(from_sfen(&pos, QUERY_POSITIONS[p]), HAYANAGI_OK);
        count = hayanagi_legal_moves(&pos, moves, HAYANAGI_MAX_MOVES, NULL);
        for (i = 0; i < count; i++) {
            after = pos;
            CHECK_EQ(hayanagi_play(&after, moves[i], NULL), HAYANAGI_OK);
            CHECK_EQ(hayanagi_key_after(&pos, moves[i], &key), HAYANAGI_OK);
            CHECK(key == key_of(&after));
        }
    }
    CHECK_EQ(hayanagi_position_startpos(&pos), HAYANAGI_OK);
    CHECK_EQ(hayanagi_key_after(&pos, 0, &key), HAYANAGI_ERR_BAD_MOVE);
    CHECK_EQ(hayanagi_key_after(&pos, move_of(&pos, "7g7f") ^ 1, &key), HAYANAGI_ERR_ILLEGAL_MOVE);
    CHECK_EQ(hayanagi_key_after(&pos, move_of(&pos, "7g7f"), NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_position_sfen(&pos, sfen, sizeof sfen, NULL) > 0, 1);
}

static void test_mate_and_see(void) {
    hayanagi_position pos, after;
    uint16_t move = 0, line[3] = {0, 0, 0};
    int32_t error = 1, value = 0, i, length;
    int32_t flat[14] = {90, 315, 405, 495, 540, 855, 50, 0, 540, 540, 540, 540, 945, 1395};
    char usi[HAYANAGI_USI_BUFFER_SIZE];
    /* Mate in 1: found, and it mates (status after it); none from the start; no mate by a pawn drop. */
    CHECK_EQ(from_sfen(&pos, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"), HAYANAGI_OK);
    CHECK(hayanagi_mate_in_1(&pos, &move, &error));
    CHECK_EQ(error, HAYANAGI_OK);
    after = pos;
    CHECK_EQ(hayanagi_play(&after, move, NULL), HAYANAGI_OK);
    CHECK_EQ(hayanagi_status(&after), HAYANAGI_STATUS_MATE);
    CHECK(hayanagi_mate_in_1(&pos, NULL, NULL));
    CHECK_EQ(hayanagi_position_startpos(&pos), HAYANAGI_OK);
    CHECK(!hayanagi_mate_in_1(&pos, &move, &error));
    CHECK_EQ(error, HAYANAGI_OK);
    CHECK_EQ(hayanagi_mate_in_3(&pos, line), 0);
    CHECK_EQ(from_sfen(&pos, "kn7/9/1G7/9/9/9/9/9/4K4 b P 1"), HAYANAGI_OK);
    CHECK(!hayanagi_mate_in_1(&pos, &move, NULL));
    CHECK(!hayanagi_mate_in_1(NULL, &move, &error));
    CHECK_EQ(error, HAYANAGI_ERR_NULL_POINTER);
    /* Mate in 3: the line is legal move by move and ends in mate. */
    CHECK_EQ(from_sfen(&pos, "k8/9/2R6/9/9/9/9/9/9 b R2B2GS2NL2g3s2n3l18p 1"), HAYANAGI_OK);
    CHECK(!hayanagi_mate_in_1(&pos, &move, NULL));
    length = hayanagi_mate_in_3(&pos, line);
    CHECK_EQ(length, 3);
    after = pos;
    for (i = 0; i < length && i < 3; i++) CHECK_EQ(hayanagi_play(&after, line[i], NULL), HAYANAGI_OK);
    CHECK_EQ(hayanagi_status(&after), HAYANAGI_STATUS_MATE);
    CHECK_EQ(hayanagi_mate_in_3(&pos, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(from_sfen(&pos, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"), HAYANAGI_OK);
    CHECK_EQ(hayanagi_mate_in_3(&pos, line), 1);
    hayanagi_move_to_usi(line[0], usi, sizeof usi, NULL);
    CHECK_STR(usi, "G*5b");
    /* SEE: the rook takes a pawn the silver guards (90 - 990); with a cheap rook it pays. */
    CHECK_EQ(from_sfen(&pos, "4k4/9/4s4/4p4/9/9/9/4R4/4K4 b - 1"), HAYANAGI_OK);
    move = move_of(&pos, "5h5d");
    CHECK_EQ(hayanagi_see(&pos, move, NULL, &value), HAYANAGI_OK);
    CHECK_EQ(value, 90 - 990);
    CHECK(!hayanagi_see_ge(&pos, move, NULL, 0, &error));
    CHECK_EQ(error, HAYANAGI_OK);
    CHECK(hayanagi_see_ge(&pos, move, NULL, 90 - 990, &error));
    CHECK_EQ(hayanagi_see(&pos, move, flat, &value), HAYANAGI_OK);
    CHECK_EQ(value, 90 - 50);
    CHECK(hayanagi_see_ge(&pos, move, flat, 40, NULL));
    flat[3] = HAYANAGI_MAX_SEE_VALUE + 1;
    CHECK_EQ(hayanagi_see(&pos, move, flat, &value), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK(!hayanagi_see_ge(&pos, move, flat, -2000000000, &error));
    CHECK_EQ(error, HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_see(&pos, move_of(&pos, "5h5d") ^ 3, NULL, &value), HAYANAGI_ERR_ILLEGAL_MOVE);
    CHECK_EQ(hayanagi_see(&pos, 0, NULL, &value), HAYANAGI_ERR_BAD_MOVE);
    CHECK_EQ(hayanagi_see(&pos, move, NULL, NULL), HAYANAGI_ERR_NULL_POINTER);
}

static void test_setup_and_handicaps(void) {
    hayanagi_position pos, read;
    uint8_t board[81], hands[14];
    int32_t problems[2 * 4], h;
    size_t p, count = 99;
    for (p = 0; p < sizeof QUERY_POSITIONS / sizeof QUERY_POSITIONS[0]; p++) {
        uint64_t ply = 0;
        CHECK_EQ(from_sfen(&pos, QUERY_POSITIONS[p]), HAYANAGI_OK);
        CHECK_EQ(hayanagi_board(&pos, board), HAYANAGI_OK);
        CHECK_EQ(hayanagi_hands(&pos, hands), HAYANAGI_OK);
        CHECK_EQ(hayanagi_ply(&pos, &ply), HAYANAGI_OK);
        /* What the SFEN reader accepts, setup accepts with the SFEN relaxations, to the same SFEN. */
        count = 99;
        CHECK_EQ(hayanagi_position_setup(&read, board, hands, hayanagi_side_to_move(&pos), ply, HAYANAGI_RELAX_SFEN,
                                         problems, 4, &count),
                 HAYANAGI_OK);
        CHECK_EQ(count, 0);
        CHECK_STR(sfen_of(&read), QUERY_POSITIONS[p]);
    }
    /* Startpos: a game position; without a black king and without relaxations: two problems. */
    CHECK_EQ(hayanagi_position_startpos(&pos), HAYANAGI_OK);
    CHECK_EQ(hayanagi_board(&pos, board), HAYANAGI_OK);
    CHECK_EQ(hayanagi_hands(&pos, hands), HAYANAGI_OK);
    CHECK_EQ(hayanagi_position_setup(&read, board, hands, HAYANAGI_BLACK, 1, HAYANAGI_RELAX_NONE, NULL, 0, NULL),
             HAYANAGI_OK);
    board[HAYANAGI_SQUARE(5, 9)] = HAYANAGI_EMPTY;
    CHECK_EQ(hayanagi_position_setup(&read, board, hands, HAYANAGI_BLACK, 1, HAYANAGI_RELAX_NONE, problems, 4, &count),
             HAYANAGI_ERR_MISSING_KING);
    CHECK_EQ(count, 1); /* the set's missing pieces do not count kings */
    CHECK_EQ(problems[0], HAYANAGI_ERR_MISSING_KING);
    CHECK_EQ(problems[1], HAYANAGI_NO_SQUARE);
    CHECK_EQ(hayanagi_position_setup(&read, board, hands, HAYANAGI_BLACK, 1, HAYANAGI_RELAX_SFEN, problems, 4, &count),
             HAYANAGI_OK);
    CHECK_STR(sfen_of(&read), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG1GSNL b - 1");
    /* A second pawn on a file (nifu), with its square; ply 0; a byte that is no piece. */
    board[HAYANAGI_SQUARE(7, 5)] = HAYANAGI_PIECE(HAYANAGI_BLACK, HAYANAGI_PAWN);
    CHECK_EQ(hayanagi_position_setup(&read, board, hands, HAYANAGI_BLACK, 1, HAYANAGI_RELAX_SFEN, problems, 4, &count),
             HAYANAGI_ERR_SFEN_NIFU);
    CHECK_EQ(count, 2); /* nifu on 7g (the second pawn in reading order), and 19 pawns */
    CHECK_EQ(problems[1], HAYANAGI_SQUARE(7, 7));
    CHECK_EQ(problems[2], HAYANAGI_ERR_SFEN_TOO_MANY_PIECES);
    board[HAYANAGI_SQUARE(7, 5)] = HAYANAGI_EMPTY;
    CHECK_EQ(hayanagi_position_setup(&read, board, hands, HAYANAGI_BLACK, 0, HAYANAGI_RELAX_SFEN, NULL, 0, &count),
             HAYANAGI_ERR_SFEN_PLY_ZERO);
    board[HAYANAGI_SQUARE(1, 1)] = 15; /* 1 + 14: no kind 14 */
    CHECK_EQ(hayanagi_position_setup(&read, board, hands, HAYANAGI_BLACK, 1, HAYANAGI_RELAX_SFEN, problems, 4, &count),
             HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(count, 1);
    CHECK_EQ(problems[1], HAYANAGI_SQUARE(1, 1));
    CHECK_EQ(hayanagi_position_setup(&read, board, hands, 2, 1, 0, NULL, 0, NULL), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_position_setup(&read, board, hands, 0, 1, 4, NULL, 0, NULL), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_position_setup(&read, NULL, hands, 0, 1, 0, NULL, 0, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_position_setup(NULL, board, hands, 0, 1, 0, NULL, 0, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_position_setup(&read, board, NULL, 0, 1, 0, NULL, 0, NULL), HAYANAGI_ERR_NULL_POINTER);
    /* The 16 handicaps: each recognised as itself, White to move, pieces missing from the set only. */
    for (h = HAYANAGI_HANDICAP_LANCE; h <= HAYANAGI_HANDICAP_THREE_PAWNS; h++) {
        uint64_t ply = 0;
        CHECK_EQ(hayanagi_position_handicap(&pos, h), HAYANAGI_OK);
        CHECK_EQ(hayanagi_handicap_of(&pos), h);
        CHECK_EQ(hayanagi_side_to_move(&pos), HAYANAGI_WHITE);
        CHECK(strcmp(hayanagi_handicap_name(h, 0), "unknown") != 0);
        CHECK(strcmp(hayanagi_handicap_name(h, 1), "unknown") != 0);
        CHECK_EQ(hayanagi_board(&pos, board), HAYANAGI_OK);
        CHECK_EQ(hayanagi_hands(&pos, hands), HAYANAGI_OK);
        CHECK_EQ(hayanagi_ply(&pos, &ply), HAYANAGI_OK);
        CHECK_EQ(hayanagi_position_setup(&read, board, hands, HAYANAGI_WHITE, ply, HAYANAGI_RELAX_NONE, NULL, 0, NULL),
                 HAYANAGI_ERR_MISSING_PIECES);
        CHECK_EQ(hayanagi_position_setup(&read, board, hands, HAYANAGI_WHITE, ply,
                                         HAYANAGI_RELAX_INCOMPLETE_MATERIAL, NULL, 0, NULL),
                 HAYANAGI_OK);
    }
    CHECK_EQ(hayanagi_position_handicap(&pos, HAYANAGI_HANDICAP_ROOK), HAYANAGI_OK);
    CHECK_STR(sfen_of(&pos), "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
    CHECK_STR(hayanagi_handicap_name(HAYANAGI_HANDICAP_ROOK_LANCE, 0), "rook-lance");
    CHECK_STR(hayanagi_handicap_name(HAYANAGI_HANDICAP_ROOK_LANCE, 1), "\xe9\xa3\x9b\xe9\xa6\x99\xe8\x90\xbd\xe3\x81\xa1");
    CHECK_STR(hayanagi_handicap_name(16, 0), "unknown");
    CHECK_STR(hayanagi_handicap_name(-1, 1), "unknown");
    CHECK_EQ(hayanagi_position_handicap(&pos, 16), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_position_handicap(NULL, 0), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_position_startpos(&pos), HAYANAGI_OK);
    CHECK_EQ(hayanagi_handicap_of(&pos), HAYANAGI_NO_HANDICAP);
    CHECK_EQ(hayanagi_handicap_of(NULL), HAYANAGI_ERR_NULL_POINTER);
}

static void test_move_text(void) {
    hayanagi_position pos;
    uint16_t moves[HAYANAGI_MAX_MOVES], move;
    char text[HAYANAGI_JAPANESE_BUFFER_SIZE], csa[HAYANAGI_CSA_BUFFER_SIZE];
    size_t p, offset, read, needed;
    int32_t count, i, style, len;
    /* Every legal move: CSA and both Japanese styles (with and without a previous move) read back to
       the move, within the header's buffer sizes. */
    for (p = 0; p < sizeof QUERY_POSITIONS / sizeof QUERY_POSITIONS[0]; p++) {
        CHECK_EQ(from_sfen(&pos, QUERY_POSITIONS[p]), HAYANAGI_OK);
        count = hayanagi_legal_moves(&pos, moves, HAYANAGI_MAX_MOVES, NULL);
        for (i = 0; i < count; i++) {
            int32_t to;
            len = hayanagi_move_to_csa(&pos, moves[i], csa, sizeof csa, &needed);
            CHECK_EQ(len, 7);
            CHECK_EQ(needed, 8);
            move = 0;
            CHECK_EQ(hayanagi_parse_csa_move(&pos, csa, (size_t)len, &move, NULL), HAYANAGI_OK);
            CHECK_EQ(move, moves[i]);
            CHECK_EQ(hayanagi_move_decode(moves[i], NULL, &to, NULL, NULL), HAYANAGI_OK);
            for (style = HAYANAGI_STYLE_KIF; style <= HAYANAGI_STYLE_KI2; style++) {
                int32_t previous;
                for (previous = 0; previous < 2; previous++) {
                    int32_t prev = previous ? to : HAYANAGI_NO_SQUARE;
                    len = hayanagi_move_to_japanese(&pos, moves[i], prev, style, text, sizeof text, NULL);
                    CHECK(len > 0 && len < HAYANAGI_JAPANESE_BUFFER_SIZE);
                    move = 0;
                    read = 0;
                    CHECK_EQ(hayanagi_parse_japanese_move(&pos, text, (size_t)len, prev, &move, &read, NULL),
                             HAYANAGI_OK);
                    CHECK_EQ(move, moves[i]);
                    CHECK_EQ(read, len);
                }
            }
        }
    }
    CHECK_EQ(hayanagi_position_startpos(&pos), HAYANAGI_OK);
    move = move_of(&pos, "7g7f");
    CHECK_EQ(hayanagi_move_to_csa(&pos, move, csa, sizeof csa, NULL), 7);
    CHECK_STR(csa, "+7776FU");
    CHECK_EQ(hayanagi_move_to_japanese(&pos, move, HAYANAGI_NO_SQUARE, HAYANAGI_STYLE_KIF, text, sizeof text, NULL), 13);
    CHECK_STR(text, "\xef\xbc\x97\xe5\x85\xad\xe6\xad\xa9(77)"); /* ７六歩(77) */
    CHECK_EQ(hayanagi_move_to_japanese(&pos, move, HAYANAGI_NO_SQUARE, HAYANAGI_STYLE_KI2, text, sizeof text, NULL), 12);
    CHECK_STR(text, "\xe2\x96\xb2\xef\xbc\x97\xe5\x85\xad\xe6\xad\xa9"); /* ▲７六歩 */
    CHECK_EQ(hayanagi_move_to_japanese(&pos, move, HAYANAGI_NO_SQUARE, HAYANAGI_STYLE_KI2, text, 12, &needed),
             HAYANAGI_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ(needed, 13);
    CHECK_EQ(hayanagi_move_to_japanese(&pos, move, HAYANAGI_NO_SQUARE, 2, text, sizeof text, NULL), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_move_to_japanese(&pos, move, 82, 0, text, sizeof text, NULL), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_move_to_csa(&pos, move ^ 1, csa, sizeof csa, NULL), HAYANAGI_ERR_ILLEGAL_MOVE);
    CHECK_EQ(hayanagi_move_to_csa(&pos, 0, csa, sizeof csa, NULL), HAYANAGI_ERR_BAD_MOVE);
    /* Errors with their offsets. */
    offset = 99;
    CHECK_EQ(hayanagi_parse_csa_move(&pos, "-3334FU", 7, &move, &offset), HAYANAGI_ERR_CSA_WRONG_SIDE);
    CHECK_EQ(offset, 0);
    CHECK_EQ(hayanagi_parse_csa_move(&pos, "+7776F", 6, &move, &offset), HAYANAGI_ERR_CSA_TRUNCATED);
    CHECK_EQ(hayanagi_parse_csa_move(&pos, "+7775FU", 7, &move, &offset), HAYANAGI_ERR_ILLEGAL_MOVE);
    CHECK_EQ(hayanagi_parse_csa_move(&pos, "+7776FU", 7, NULL, &offset), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_parse_japanese_move(&pos, "\xe5\x90\x8c\xe6\xad\xa9", 6, HAYANAGI_NO_SQUARE, &move, NULL, &offset),
             HAYANAGI_ERR_JAPANESE_NO_PREVIOUS_MOVE); /* 同歩 */
    CHECK_EQ(hayanagi_parse_japanese_move(&pos, "\xe2\x96\xb3", 3, HAYANAGI_NO_SQUARE, &move, NULL, &offset),
             HAYANAGI_ERR_JAPANESE_WRONG_SIDE); /* △ */
    offset = 99;
    CHECK_EQ(hayanagi_parse_japanese_move(&pos, "\xef\xbc\x97\xff", 4, HAYANAGI_NO_SQUARE, &move, NULL, &offset),
             HAYANAGI_ERR_NOT_UTF8);
    CHECK_EQ(offset, 3);
    CHECK_EQ(hayanagi_parse_japanese_move(&pos, "7g7f", SIZE_MAX, HAYANAGI_NO_SQUARE, &move, NULL, NULL),
             HAYANAGI_ERR_BAD_LENGTH);
    CHECK_EQ(hayanagi_parse_japanese_move(NULL, "x", 1, HAYANAGI_NO_SQUARE, &move, NULL, NULL), HAYANAGI_ERR_NULL_POINTER);
}

static void test_packed(void) {
    hayanagi_position pos, read;
    uint8_t packed[HAYANAGI_PACKED_SIZE], records[4 * HAYANAGI_PSV_SIZE], board[81], board_read[81];
    uint16_t moves[HAYANAGI_MAX_MOVES], move = 0;
    size_t p, offset;
    int32_t format, eval = 0, result = 9, n = 0, i;
    for (p = 0; p < sizeof QUERY_POSITIONS / sizeof QUERY_POSITIONS[0]; p++) {
        int both_kings;
        CHECK_EQ(from_sfen(&pos, QUERY_POSITIONS[p]), HAYANAGI_OK);
        both_kings = hayanagi_king_square(&pos, 0) != HAYANAGI_NO_SQUARE && hayanagi_king_square(&pos, 1) != HAYANAGI_NO_SQUARE;
        for (format = HAYANAGI_PACKED_HCP; format <= HAYANAGI_PACKED_SFEN; format++) {
            int32_t written = hayanagi_position_pack(&pos, format, packed, sizeof packed);
            if (!both_kings) {
                CHECK_EQ(written, HAYANAGI_ERR_PACK_MISSING_KING);
                continue;
            }
            CHECK_EQ(written, HAYANAGI_PACKED_SIZE);
            CHECK_EQ(hayanagi_position_unpack(&read, format, packed, sizeof packed, NULL), HAYANAGI_OK);
            /* The same position, at ply 1. */
            CHECK_EQ(hayanagi_board(&read, board_read), HAYANAGI_OK);
            CHECK_EQ(hayanagi_board(&pos, board), HAYANAGI_OK);
            CHECK(memcmp(board, board_read, 81) == 0);
            CHECK_EQ(ply_of(&read), 1);
            CHECK_EQ(hayanagi_side_to_move(&read), hayanagi_side_to_move(&pos));
        }
    }
    CHECK_EQ(hayanagi_position_startpos(&pos), HAYANAGI_OK);
    CHECK_EQ(hayanagi_position_pack(&pos, 2, packed, sizeof packed), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_position_pack(&pos, 0, packed, 31), HAYANAGI_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ(hayanagi_position_pack(&pos, 0, NULL, 32), HAYANAGI_ERR_NULL_POINTER);
    memset(packed, 0, sizeof packed);
    offset = 99;
    CHECK_EQ(hayanagi_position_unpack(&read, HAYANAGI_PACKED_SFEN, packed, 32, &offset), HAYANAGI_ERR_UNPACK_KINGS_ON_ONE_SQUARE);
    offset = 99;
    CHECK_EQ(hayanagi_position_unpack(&read, HAYANAGI_PACKED_SFEN, packed, 31, &offset), HAYANAGI_ERR_RECORD_TRUNCATED);
    CHECK_EQ(offset, 31);
    CHECK_EQ(hayanagi_position_unpack(&read, HAYANAGI_PACKED_SFEN, NULL, 32, &offset), HAYANAGI_ERR_NULL_POINTER);
    /* Records: written one after another into an array, read back by index. */
    CHECK_EQ(hayanagi_position_startpos(&pos), HAYANAGI_OK);
    CHECK_EQ(hayanagi_legal_moves(&pos, moves, HAYANAGI_MAX_MOVES, NULL), 30);
    for (i = 0; i < 3; i++) {
        CHECK_EQ(hayanagi_hcpe_write(&pos, -35 + i, moves[i], i, records + i * HAYANAGI_HCPE_SIZE,
                                     sizeof records - (size_t)i * HAYANAGI_HCPE_SIZE),
                 HAYANAGI_HCPE_SIZE);
    }
    for (i = 0; i < 3; i++) {
        CHECK_EQ(hayanagi_hcpe_read(records, 3 * HAYANAGI_HCPE_SIZE, (size_t)i, &read, &eval, &move, &result, NULL),
                 HAYANAGI_OK);
        CHECK_STR(sfen_of(&read), STARTPOS);
        CHECK(eval == -35 + i && move == moves[i] && result == i);
    }
    CHECK_EQ(hayanagi_hcpe_read(records, 3 * HAYANAGI_HCPE_SIZE, 3, &read, NULL, NULL, NULL, NULL), HAYANAGI_ERR_OUT_OF_RANGE);
    offset = 0;
    CHECK_EQ(hayanagi_hcpe_read(records, 3 * HAYANAGI_HCPE_SIZE - 1, 2, &read, NULL, NULL, NULL, &offset),
             HAYANAGI_ERR_RECORD_TRUNCATED);
    CHECK_EQ(offset, 3 * HAYANAGI_HCPE_SIZE - 1);
    records[HAYANAGI_HCPE_SIZE + 36] = 3; /* record 1: no such game result */
    CHECK_EQ(hayanagi_hcpe_read(records, 3 * HAYANAGI_HCPE_SIZE, 1, &read, NULL, NULL, NULL, &offset),
             HAYANAGI_ERR_RECORD_GAME_RESULT);
    CHECK_EQ(offset, HAYANAGI_HCPE_SIZE + 36);
    CHECK_EQ(hayanagi_hcpe_write(&pos, 40000, moves[0], 0, records, sizeof records), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_hcpe_write(&pos, 0, moves[0], 3, records, sizeof records), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_hcpe_write(&pos, 0, (uint16_t)hayanagi_move_normal(HAYANAGI_SQUARE(5, 9), HAYANAGI_SQUARE(5, 5), 0),
                                 0, records, sizeof records),
             HAYANAGI_ERR_ILLEGAL_MOVE);
    CHECK_EQ(hayanagi_hcpe_write(&pos, 0, moves[0], 0, records, HAYANAGI_HCPE_SIZE - 1), HAYANAGI_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ(hayanagi_hcpe_read(records, 38, 0, NULL, NULL, NULL, NULL, NULL), HAYANAGI_ERR_NULL_POINTER);
    /* PSV keeps the ply. */
    CHECK_EQ(from_usi(&pos, "position startpos moves 7g7f 3c3d"), HAYANAGI_OK);
    n = hayanagi_legal_moves(&pos, moves, HAYANAGI_MAX_MOVES, NULL);
    CHECK(n > 0);
    CHECK_EQ(hayanagi_psv_write(&pos, 12, moves[0], HAYANAGI_PSV_LOSS, records, sizeof records), HAYANAGI_PSV_SIZE);
    CHECK_EQ(hayanagi_psv_read(records, HAYANAGI_PSV_SIZE, 0, &read, &eval, &move, &result, NULL), HAYANAGI_OK);
    CHECK_STR(sfen_of(&read), sfen_of(&pos));
    CHECK(eval == 12 && move == moves[0] && result == HAYANAGI_PSV_LOSS);
    records[36] = records[37] = 0; /* game ply 0 */
    CHECK_EQ(hayanagi_psv_read(records, HAYANAGI_PSV_SIZE, 0, &read, NULL, NULL, NULL, &offset), HAYANAGI_ERR_RECORD_PLY_ZERO);
    CHECK_EQ(offset, 36);
    CHECK_EQ(hayanagi_psv_write(&pos, 0, moves[0], 2, records, sizeof records), HAYANAGI_ERR_OUT_OF_RANGE);
}


/* Record streams in chunks: every chunk size from 1 byte to more than two records, and an uneven
   pattern, give the records hayanagi_hcpe_read / hayanagi_psv_read give for the whole array; a bad
   record is named by number and stream offset, and reading goes on after it; the end of the stream
   inside a record is RECORD_TRUNCATED. */
#define STREAM_RECORDS 6
static void check_stream(int32_t format, const uint8_t *stream, size_t len, size_t chunk, int32_t bad, size_t bad_at) {
    hayanagi_record_reader reader, copy;
    hayanagi_position pos, expected;
    size_t at = 0, used, size = format == HAYANAGI_RECORDS_HCPE ? HAYANAGI_HCPE_SIZE : HAYANAGI_PSV_SIZE;
    uint64_t index, offset, next = 0, records = 99;
    int32_t value, result, expected_value, expected_result, rc, expected_rc;
    uint16_t move, expected_move;
    CHECK_EQ(hayanagi_record_reader_init(&reader, format), HAYANAGI_OK);
    while (at < len) {
        /* A chunk of `chunk` bytes, or (chunk 0) of 1, 2, 3, ... bytes in turn. */
        size_t n = chunk ? chunk : 1 + (at * 7 + 3) % (2 * size + 5), left;
        if (n > len - at) n = len - at;
        left = n;
        while (left > 0) {
            const uint8_t *p = stream + at + (n - left);
            copy = reader; /* a byte copy is the same reader */
            rc = hayanagi_record_reader_next(&copy, p, left, &used, &pos, &value, &move, &result, &index, &offset);
            CHECK(used > 0 && used <= left && used <= size);
            left -= used;
            reader = copy;
            if (rc == 0) {
                CHECK_EQ(left, 0);
                continue;
            }
            CHECK(index == next);
            expected_rc = format == HAYANAGI_RECORDS_HCPE
                              ? hayanagi_hcpe_read(stream, len, (size_t)next, &expected, &expected_value, &expected_move,
                                                   &expected_result, &bad_at)
                              : hayanagi_psv_read(stream, len, (size_t)next, &expected, &expected_value, &expected_move,
                                                  &expected_result, &bad_at);
            if (expected_rc == HAYANAGI_OK) {
                char sfen[HAYANAGI_SFEN_BUFFER_SIZE];
                CHECK_EQ(rc, 1);
                strcpy(sfen, sfen_of(&expected));
                CHECK_STR(sfen_of(&pos), sfen);
                CHECK(value == expected_value && move == expected_move && result == expected_result);
            } else {
                CHECK_EQ(rc, expected_rc);
                CHECK_EQ(rc, bad);
                CHECK(offset == (uint64_t)bad_at);
            }
            next++;
        }
        at += n;
    }
    rc = hayanagi_record_reader_finish(&reader, &records, &offset);
    if (len % size == 0) {
        CHECK_EQ(rc, HAYANAGI_OK);
    } else {
        CHECK_EQ(rc, HAYANAGI_ERR_RECORD_TRUNCATED);
        CHECK(offset == (uint64_t)len);
    }
    CHECK(records == (uint64_t)(len / size) && next == records);
}

static void test_record_reader(void) {
    static uint8_t stream[STREAM_RECORDS * HAYANAGI_PSV_SIZE + 7];
    hayanagi_record_reader reader;
    hayanagi_position pos;
    uint16_t moves[HAYANAGI_MAX_MOVES], move;
    size_t chunk, used = 99, size, len;
    uint64_t index, offset, records;
    int32_t format, i, n;
    const char *games[] = {"position startpos", "position startpos moves 7g7f 3c3d 8h2b+",
                           "position sfen " MATSURI};
    for (format = HAYANAGI_RECORDS_HCPE; format <= HAYANAGI_RECORDS_PSV; format++) {
        size = format == HAYANAGI_RECORDS_HCPE ? HAYANAGI_HCPE_SIZE : HAYANAGI_PSV_SIZE;
        for (i = 0; i < STREAM_RECORDS; i++) {
            CHECK_EQ(from_usi(&pos, games[i % 3]), HAYANAGI_OK);
            n = hayanagi_legal_moves(&pos, moves, HAYANAGI_MAX_MOVES, NULL);
            CHECK(n > i);
            CHECK_EQ(format == HAYANAGI_RECORDS_HCPE
                         ? hayanagi_hcpe_write(&pos, 100 * i - 250, moves[i], i % 3, stream + (size_t)i * size, size)
                         : hayanagi_psv_write(&pos, 100 * i - 250, moves[i], i % 3 - 1, stream + (size_t)i * size, size),
                     (int32_t)size);
        }
        len = STREAM_RECORDS * size;
        for (chunk = 0; chunk <= 2 * size + 3; chunk++) check_stream(format, stream, len, chunk, 0, 0);
        /* Ends inside record 6. */
        check_stream(format, stream, len + 5, 7, 0, 0);
        check_stream(format, stream, len + 5, 0, 0, 0);
        /* Record 3 refused (a padding byte, or a PSV game ply of 0), the others read. */
        if (format == HAYANAGI_RECORDS_HCPE) {
            stream[3 * size + 37] = 1;
        } else {
            stream[3 * size + 36] = stream[3 * size + 37] = 0;
        }
        for (chunk = 0; chunk <= size + 1; chunk += 3) {
            check_stream(format, stream, len, chunk,
                         format == HAYANAGI_RECORDS_HCPE ? HAYANAGI_ERR_RECORD_PADDING : HAYANAGI_ERR_RECORD_PLY_ZERO, 0);
        }
    }
    /* Arguments. */
    memset(&reader, 0, sizeof reader);
    CHECK_EQ(hayanagi_record_reader_next(&reader, stream, 1, &used, &pos, NULL, NULL, NULL, NULL, NULL),
             HAYANAGI_ERR_NOT_A_READER);
    CHECK_EQ(hayanagi_record_reader_finish(&reader, NULL, NULL), HAYANAGI_ERR_NOT_A_READER);
    CHECK_EQ(hayanagi_record_reader_init(NULL, HAYANAGI_RECORDS_HCPE), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_record_reader_init(&reader, 2), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_record_reader_init(&reader, -1), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_record_reader_init(&reader, HAYANAGI_RECORDS_HCPE), HAYANAGI_OK);
    CHECK_EQ(hayanagi_record_reader_next(NULL, stream, 1, &used, &pos, NULL, NULL, NULL, NULL, NULL),
             HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_record_reader_next(&reader, NULL, 1, &used, &pos, NULL, NULL, NULL, NULL, NULL),
             HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_record_reader_next(&reader, stream, 1, NULL, &pos, NULL, NULL, NULL, NULL, NULL),
             HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_record_reader_next(&reader, stream, 1, &used, NULL, NULL, NULL, NULL, NULL, NULL),
             HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_record_reader_next(&reader, stream, SIZE_MAX, &used, &pos, NULL, NULL, NULL, NULL, NULL),
             HAYANAGI_ERR_BAD_LENGTH);
    CHECK_EQ(hayanagi_record_reader_next(&reader, NULL, 0, &used, &pos, NULL, NULL, NULL, NULL, NULL), 0);
    CHECK_EQ(used, 0);
    CHECK_EQ(hayanagi_record_reader_finish(NULL, NULL, NULL), HAYANAGI_ERR_NULL_POINTER);
    /* Without the optional out-parameters; a split record. */
    CHECK_EQ(hayanagi_record_reader_next(&reader, stream, 30, &used, &pos, NULL, NULL, NULL, NULL, NULL), 0);
    CHECK_EQ(used, 30);
    CHECK_EQ(hayanagi_record_reader_finish(&reader, &records, &offset), HAYANAGI_ERR_RECORD_TRUNCATED);
    CHECK(records == 0 && offset == 30);
    CHECK_EQ(hayanagi_record_reader_next(&reader, stream + 30, 100, &used, &pos, NULL, &move, NULL, &index, NULL), 1);
    CHECK(used == 8 && index == 0);
    CHECK_EQ(hayanagi_record_reader_finish(&reader, &records, NULL), HAYANAGI_OK);
    CHECK(records == 1);
}

static void test_tsume(void) {
    static hayanagi_tsume_entry table[4096];
    hayanagi_position pos, after;
    uint16_t line[HAYANAGI_TSUME_MAX_LINE];
    size_t len = 0, i;
    uint64_t nodes = 0;
    int32_t answer;
    CHECK_EQ(hayanagi_tsume_init(table, sizeof table / sizeof table[0]), HAYANAGI_OK);
    CHECK_EQ(from_sfen(&pos, "k8/9/2R6/9/9/9/9/9/9 b R2B2GS2NL2g3s2n3l18p 1"), HAYANAGI_OK);
    answer = hayanagi_tsume_solve(&pos, table, sizeof table / sizeof table[0], UINT64_MAX, 400, line,
                                  HAYANAGI_TSUME_MAX_LINE, &len, &nodes);
    CHECK_EQ(answer, HAYANAGI_TSUME_MATE);
    CHECK(len % 2 == 1 && len >= 3 && nodes > 0);
    /* The line: legal move by move, every attacker move a check, ending in mate. */
    after = pos;
    for (i = 0; i < len && i < HAYANAGI_TSUME_MAX_LINE; i++) {
        if (i % 2 == 0) CHECK_EQ(gives_check(&after, line[i]), 1);
        CHECK_EQ(hayanagi_play(&after, line[i], NULL), HAYANAGI_OK);
    }
    CHECK_EQ(hayanagi_status(&after), HAYANAGI_STATUS_MATE);
    /* A line longer than the room; a node limit; a table reused. */
    CHECK_EQ(hayanagi_tsume_init(table, sizeof table / sizeof table[0]), HAYANAGI_OK);
    CHECK_EQ(hayanagi_tsume_solve(&pos, table, sizeof table / sizeof table[0], UINT64_MAX, 400, line, 1, NULL, NULL),
             HAYANAGI_TSUME_LINE_TOO_LONG);
    CHECK_EQ(hayanagi_tsume_init(table, sizeof table / sizeof table[0]), HAYANAGI_OK);
    CHECK_EQ(hayanagi_tsume_solve(&pos, table, sizeof table / sizeof table[0], 1, 400, line, 16, NULL, NULL),
             HAYANAGI_TSUME_NODE_LIMIT);
    /* No mate: a lone gold cannot mate a free king. */
    CHECK_EQ(from_sfen(&pos, "9/9/9/9/4k4/9/9/9/9 b G2r2b3g4s4n4l18p 1"), HAYANAGI_OK);
    CHECK_EQ(hayanagi_tsume_solve(&pos, table, sizeof table / sizeof table[0], 100000, 400, line, 16, NULL, NULL),
             HAYANAGI_TSUME_NO_MATE);
    /* Errors. */
    CHECK_EQ(from_sfen(&pos, "9/9/9/9/9/9/9/9/4K4 b G 1"), HAYANAGI_OK);
    CHECK_EQ(hayanagi_tsume_solve(&pos, table, 16, 1000, 400, line, 16, NULL, NULL), HAYANAGI_ERR_TSUME_NO_DEFENDER_KING);
    CHECK_EQ(from_sfen(&pos, "4k4/9/9/9/4r4/9/9/9/4K4 b G 1"), HAYANAGI_OK);
    CHECK_EQ(hayanagi_tsume_solve(&pos, table, 16, 1000, 400, line, 16, NULL, NULL), HAYANAGI_ERR_TSUME_ATTACKER_IN_CHECK);
    CHECK_EQ(hayanagi_tsume_solve(&pos, (hayanagi_tsume_entry *)(void *)((char *)table + 4), 16, 1000, 400, line, 16,
                                  NULL, NULL),
             HAYANAGI_ERR_MISALIGNED);
    CHECK_EQ(hayanagi_tsume_init((hayanagi_tsume_entry *)(void *)((char *)table + 4), 16), HAYANAGI_ERR_MISALIGNED);
    CHECK_EQ(hayanagi_tsume_init(NULL, 16), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_tsume_init(table, SIZE_MAX), HAYANAGI_ERR_BAD_LENGTH);
    CHECK_EQ(hayanagi_tsume_solve(&pos, table, 16, 1000, 400, NULL, 16, NULL, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_tsume_solve(NULL, table, 16, 1000, 400, line, 16, NULL, NULL), HAYANAGI_ERR_NULL_POINTER);
}

/* A move count, checked not to be an error. */
static int32_t legal_count(int32_t result) {
    CHECK(result >= 0);
    return result < 0 ? 0 : result;
}

/* Brute force: does the attacker to move in *pos mate within `plies` (1 or 3), every move a check? */
static int mates_within(const hayanagi_position *pos, int plies) {
    uint16_t givers[HAYANAGI_TSUME_MAX_LINE], replies[HAYANAGI_TSUME_MAX_LINE];
    size_t n = 0, m = 0, i, j;
    n = (size_t)legal_count(hayanagi_legal_moves_of(pos, HAYANAGI_FILTER_CHECKS, givers, HAYANAGI_TSUME_MAX_LINE, NULL));
    for (i = 0; i < n; i++) {
        hayanagi_position child = *pos;
        int all = 1;
        CHECK_EQ(hayanagi_play(&child, givers[i], NULL), HAYANAGI_OK);
        if (hayanagi_status(&child) == HAYANAGI_STATUS_MATE) return 1;
        if (plies < 3) continue;
        m = (size_t)legal_count(hayanagi_legal_moves(&child, replies, HAYANAGI_TSUME_MAX_LINE, NULL));
        for (j = 0; j < m && all; j++) {
            hayanagi_position grandchild = child;
            CHECK_EQ(hayanagi_play(&grandchild, replies[j], NULL), HAYANAGI_OK);
            all = mates_within(&grandchild, plies - 2);
        }
        if (all && m > 0) return 1;
    }
    return 0;
}

/* The alternatives of a strict shortest mate of at most 3 plies against brute force: exactly the
   other givers at each attacker's ply that still mate within the plies left. Returns how many. */
static size_t check_alternatives(const char *sfen, uint32_t expect_length) {
    static hayanagi_tsume_entry table[4096];
    hayanagi_position pos, at;
    uint16_t line[HAYANAGI_TSUME_MAX_LINE], moves[HAYANAGI_TSUME_MAX_ALTERNATIVES];
    uint16_t givers[HAYANAGI_TSUME_MAX_LINE];
    size_t plies[HAYANAGI_TSUME_MAX_ALTERNATIVES];
    size_t len = 0, count = 12345, n = 0, i, k, expected = 0, p;
    uint32_t length = 0;
    int32_t minimal = -1;
    CHECK_EQ(from_sfen(&pos, sfen), HAYANAGI_OK);
    CHECK_EQ(hayanagi_tsume_init(table, sizeof table / sizeof table[0]), HAYANAGI_OK);
    CHECK_EQ(hayanagi_tsume_solve_shortest(&pos, table, sizeof table / sizeof table[0], UINT64_MAX, 400,
                                           HAYANAGI_TSUME_COUNTING_STRICT, line, HAYANAGI_TSUME_MAX_LINE, &len, &length,
                                           &minimal, NULL),
             HAYANAGI_TSUME_MATE);
    CHECK(length == expect_length && len == length && minimal == 1);
    CHECK_EQ(hayanagi_tsume_alternatives(&pos, table, sizeof table / sizeof table[0], UINT64_MAX, 400,
                                         HAYANAGI_TSUME_COUNTING_STRICT, line, len, length, plies, moves,
                                         HAYANAGI_TSUME_MAX_ALTERNATIVES, &count),
             HAYANAGI_OK);
    at = pos;
    for (p = 0; p < len && p < HAYANAGI_TSUME_MAX_LINE; p++) {
        if (p % 2 == 0) {
            n = (size_t)legal_count(
                hayanagi_legal_moves_of(&at, HAYANAGI_FILTER_CHECKS, givers, HAYANAGI_TSUME_MAX_LINE, NULL));
            for (i = 0; i < n; i++) {
                hayanagi_position child = at;
                int mates, listed = 0;
                uint16_t replies[HAYANAGI_TSUME_MAX_LINE];
                size_t m = 0, j;
                if (givers[i] == line[p]) continue;
                CHECK_EQ(hayanagi_play(&child, givers[i], NULL), HAYANAGI_OK);
                mates = hayanagi_status(&child) == HAYANAGI_STATUS_MATE;
                if (!mates && len - p >= 3) {
                    m = (size_t)legal_count(hayanagi_legal_moves(&child, replies, HAYANAGI_TSUME_MAX_LINE, NULL));
                    mates = m > 0;
                    for (j = 0; j < m && mates; j++) {
                        hayanagi_position grandchild = child;
                        CHECK_EQ(hayanagi_play(&grandchild, replies[j], NULL), HAYANAGI_OK);
                        mates = mates_within(&grandchild, (int)(len - p) - 2);
                    }
                }
                for (k = 0; k < count && k < HAYANAGI_TSUME_MAX_ALTERNATIVES; k++) {
                    if (plies[k] == p && moves[k] == givers[i]) listed++;
                }
                CHECK_EQ(listed, mates);
                expected += (size_t)mates;
            }
        }
        CHECK_EQ(hayanagi_play(&at, line[p], NULL), HAYANAGI_OK);
    }
    CHECK(count == expected);
    return count;
}

static void test_tsume_shortest(void) {
    static hayanagi_tsume_entry table[4096];
    hayanagi_position pos;
    uint16_t line[HAYANAGI_TSUME_MAX_LINE], moves[4];
    size_t len = 0, plies[4], count = 12345;
    uint32_t length = 0;
    int32_t minimal = -1;
    uint64_t nodes = 0;
    /* 将棋図巧 #26 three moves before its recorded end (Open Tsume, CC0): strictly a mate in 5; with the
       convention 3, and the line shows the useless interposition and its capture (5 plies). */
    CHECK_EQ(from_sfen(&pos, "5k2n/3pp2+R+N/5p2r/9/6G2/5Lpp1/9/9/9 b P2b3g4s2n3l12p 23"), HAYANAGI_OK);
    CHECK_EQ(hayanagi_tsume_init(table, sizeof table / sizeof table[0]), HAYANAGI_OK);
    CHECK_EQ(hayanagi_tsume_solve_shortest(&pos, table, sizeof table / sizeof table[0], UINT64_MAX, 400,
                                           HAYANAGI_TSUME_COUNTING_STRICT, line, HAYANAGI_TSUME_MAX_LINE, &len, &length,
                                           &minimal, &nodes),
             HAYANAGI_TSUME_MATE);
    CHECK(length == 5 && len == 5 && minimal == 1 && nodes > 0);
    CHECK_EQ(hayanagi_tsume_solve_shortest(&pos, table, sizeof table / sizeof table[0], UINT64_MAX, 400,
                                           HAYANAGI_TSUME_COUNTING_USELESS_INTERPOSITIONS_FREE, line,
                                           HAYANAGI_TSUME_MAX_LINE, &len, &length, &minimal, NULL),
             HAYANAGI_TSUME_MATE);
    CHECK(length == 3 && len == 5 && minimal == 1);
    {
        hayanagi_position after = pos;
        size_t i;
        for (i = 0; i < len && i < HAYANAGI_TSUME_MAX_LINE; i++) {
            if (i % 2 == 0) CHECK_EQ(gives_check(&after, line[i]), 1);
            CHECK_EQ(hayanagi_play(&after, line[i], NULL), HAYANAGI_OK);
        }
        CHECK_EQ(hayanagi_status(&after), HAYANAGI_STATUS_MATE);
    }
    /* No alternative mate: G*5b is the only mate in 1. */
    CHECK_EQ(check_alternatives("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", 1), 0);
    /* A mate in 3 whose every other check fails, by brute force. */
    CHECK_EQ(check_alternatives("k8/9/2R6/9/9/9/9/9/9 b R2B2GS2NL2g3s2n3l18p 1", 3), 0);
    /* Two mates in 1 (G*9b and G*8b, each guarded by the gold on 8c): one alternative. */
    CHECK_EQ(check_alternatives("k8/9/1G7/9/9/9/9/9/9 b G 1", 1), 1);
    /* A line that is not a mate; no room for the alternative; errors. */
    CHECK_EQ(from_sfen(&pos, "k8/9/1G7/9/9/9/9/9/9 b G 1"), HAYANAGI_OK);
    CHECK_EQ(hayanagi_tsume_solve_shortest(&pos, table, sizeof table / sizeof table[0], UINT64_MAX, 400,
                                           HAYANAGI_TSUME_COUNTING_STRICT, line, HAYANAGI_TSUME_MAX_LINE, &len, &length,
                                           NULL, NULL),
             HAYANAGI_TSUME_MATE);
    CHECK_EQ(hayanagi_tsume_alternatives(&pos, table, sizeof table / sizeof table[0], UINT64_MAX, 400, 0, line, len,
                                         length, plies, moves, 0, &count),
             HAYANAGI_OK);
    CHECK(count == 0);
    CHECK_EQ(from_sfen(&pos, "k8/9/2R6/9/9/9/9/9/9 b R2B2GS2NL2g3s2n3l18p 1"), HAYANAGI_OK);
    CHECK_EQ(hayanagi_tsume_solve_shortest(&pos, table, sizeof table / sizeof table[0], UINT64_MAX, 400,
                                           HAYANAGI_TSUME_COUNTING_STRICT, line, HAYANAGI_TSUME_MAX_LINE, &len, &length,
                                           NULL, NULL),
             HAYANAGI_TSUME_MATE);
    CHECK_EQ(hayanagi_tsume_alternatives(&pos, table, sizeof table / sizeof table[0], UINT64_MAX, 400, 0, line, 1,
                                         length, plies, moves, 4, &count),
             HAYANAGI_TSUME_LINE_NOT_FOUND);
    CHECK_EQ(hayanagi_tsume_alternatives(&pos, table, sizeof table / sizeof table[0], UINT64_MAX, 400, 2, line, len,
                                         length, plies, moves, 4, &count),
             HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_tsume_alternatives(&pos, table, sizeof table / sizeof table[0], UINT64_MAX, 400, 0, NULL, len,
                                         length, plies, moves, 4, &count),
             HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_tsume_alternatives(&pos, table, sizeof table / sizeof table[0], UINT64_MAX, 400, 0, line,
                                         HAYANAGI_TSUME_MAX_LINE + 1, length, plies, moves, 4, &count),
             HAYANAGI_ERR_BAD_LENGTH);
    CHECK_EQ(hayanagi_tsume_solve_shortest(&pos, table, sizeof table / sizeof table[0], UINT64_MAX, 400, -1, line,
                                           HAYANAGI_TSUME_MAX_LINE, &len, &length, NULL, NULL),
             HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_tsume_solve_shortest(&pos, table, sizeof table / sizeof table[0], UINT64_MAX, 400, 0, NULL,
                                           HAYANAGI_TSUME_MAX_LINE, &len, &length, NULL, NULL),
             HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(from_sfen(&pos, "9/9/3B3G1/6+p1n/7+p1/7k1/5BL1p/7G1/7+R+r b N2P2g4s2n3l13p 1"), HAYANAGI_OK);
    CHECK_EQ(hayanagi_tsume_init(table, sizeof table / sizeof table[0]), HAYANAGI_OK);
    CHECK_EQ(hayanagi_tsume_solve_shortest(&pos, table, sizeof table / sizeof table[0], 100, 400, 0, line,
                                           HAYANAGI_TSUME_MAX_LINE, &len, &length, NULL, NULL),
             HAYANAGI_TSUME_NODE_LIMIT);
    CHECK_EQ(from_sfen(&pos, "4k4/9/9/9/4r4/9/9/9/4K4 b G 1"), HAYANAGI_OK);
    CHECK_EQ(hayanagi_tsume_solve_shortest(&pos, table, 16, 1000, 400, 0, line, 16, NULL, NULL, NULL, NULL),
             HAYANAGI_ERR_TSUME_ATTACKER_IN_CHECK);
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
    test_queries();
    test_typed_generation();
    test_move_codes();
    test_play_unchecked();
    test_play_into();
    test_record_reader();
    test_moved_records();
    test_history();
    test_declaration();
    test_version();
    test_pass_and_key_after();
    test_mate_and_see();
    test_setup_and_handicaps();
    test_move_text();
    test_packed();
    test_tsume();
    test_tsume_shortest();
    printf("hayanagi C API: %d checks, %d failed\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
