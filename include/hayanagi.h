/*
 * hayanagi.h - the C API of hayanagi, a shogi core (legal moves, SFEN/USI, Zobrist keys, perft).
 *
 * C99; also compiles as C++. Link with the static library built from capi/ (README, "Linking from C"):
 *
 *     gcc -std=c99 -Wall -Wextra -Werror -I include app.c libhayanagi_capi.a
 *
 * MEMORY AND OWNERSHIP
 *   The library allocates nothing and keeps no global state. Every object it works on is memory the
 *   caller owns and passes in: positions (hayanagi_position), undo records (hayanagi_undo_record),
 *   text, move arrays. They may live on the stack, in static storage, in arrays or inside other
 *   structs; they have no alignment requirement (the library copies them in and out byte-wise) and
 *   need no clean-up. The library keeps no pointer after a call returns.
 *
 *   A position is a plain value: copy it with memcpy or assignment, throw it away by forgetting it.
 *   Its bytes mean something only to the same build of the library (do not store them in files or
 *   send them to another program: store the SFEN). Do not compare positions with memcmp (padding
 *   bytes are unspecified): compare hayanagi_key, or the SFEN.
 *
 *   A position or undo record must have been written by a successful call of this library (or be
 *   a byte copy of one) before it is read. A record that was not (a zeroed struct, for example) is
 *   detected by a tag in its first bytes and rejected with HAYANAGI_ERR_NOT_A_POSITION /
 *   HAYANAGI_ERR_NOT_AN_UNDO_RECORD; uninitialised or overwritten bytes that happen to carry the tag
 *   are undefined behaviour, as for any C object.
 *
 * THREADS
 *   Every function is reentrant and thread-safe: there is no global or static mutable state. Two
 *   threads may use two positions at the same time, and may read one position at the same time
 *   (functions taking `const hayanagi_position *`); a position that one thread modifies
 *   (hayanagi_play, hayanagi_undo, the hayanagi_position_* constructors) must not be used by another
 *   thread without synchronisation, as for any C object.
 *
 * ERRORS
 *   No function aborts, panics, unwinds or calls back. Every function checks its pointers: a NULL
 *   where a pointer is required returns HAYANAGI_ERR_NULL_POINTER (the out-parameters a comment below
 *   calls optional, "if ... is not NULL", may be NULL). Functions return an int32_t: 0 (HAYANAGI_OK)
 *   or a non-negative result on success, one of the negative HAYANAGI_ERR_* codes below on failure;
 *   on failure no output is written except the documented ones (needed sizes, error offsets).
 *   hayanagi_error_message turns a code into a short English message.
 *
 *   Text passed in is a pointer and a length in bytes (no terminating NUL needed; any byte that is
 *   not printable ASCII is an error). Text written out is NUL-terminated.
 *
 * MOVES
 *   A move is a uint16_t (the Rust library's Move::to_bits): bits 0-6 the destination square,
 *   bits 7-13 the origin square (81 + hand kind for a drop: P L N S G B R = 0..6), bit 14 promotion,
 *   bit 15 always set, so 0 is never a move. Squares are numbered row * 9 + column, row 0 = rank a,
 *   column 0 = file 9: 9a = 0, 1a = 8, 7g = 56, 1i = 80. Stable across versions.
 */
#ifndef HAYANAGI_H
#define HAYANAGI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ----- sizes ----- */

/* sizeof(hayanagi_position): a tag, then the position. */
#define HAYANAGI_POSITION_SIZE 512
/* sizeof(hayanagi_undo_record): a tag, the move, and what taking it back needs. */
#define HAYANAGI_UNDO_RECORD_SIZE 96
/* Bytes that always hold a position's SFEN and its terminating NUL (172 + 1). */
#define HAYANAGI_SFEN_BUFFER_SIZE 173
/* Bytes that always hold a move in USI ("8h2b+") and its terminating NUL. */
#define HAYANAGI_USI_BUFFER_SIZE 6
/* Moves that always hold every legal move of a position: a proven bound for every position the
   library accepts, kings or not (the richest known position with both kings has 593). */
#define HAYANAGI_MAX_MOVES 1024
/* The deepest perft accepted: each level keeps a move list (about 2 KiB) on the stack. */
#define HAYANAGI_MAX_PERFT_DEPTH 32

/* ----- colours (hayanagi_side_to_move) ----- */

#define HAYANAGI_BLACK 0 /* sente, uppercase in SFEN, moves first */
#define HAYANAGI_WHITE 1 /* gote, lowercase in SFEN */

/* ----- game status (hayanagi_status; the spelling is hayanagi_status_name's) ----- */

#define HAYANAGI_STATUS_NONE 0     /* "none": the game goes on */
#define HAYANAGI_STATUS_MATE 1     /* "mate": in check, no legal move */
#define HAYANAGI_STATUS_NO_MOVES 2 /* "no_moves": not in check, no legal move */
/* The next four need the game's history and are never returned by hayanagi_status, which sees
   only the position; they are reserved so that the numbering matches the Rust library's Status. */
#define HAYANAGI_STATUS_DRAW_REPETITION 3      /* "draw_repetition" */
#define HAYANAGI_STATUS_WIN_PERPETUAL_CHECK 4  /* "win_perpetual_check" */
#define HAYANAGI_STATUS_LOSS_PERPETUAL_CHECK 5 /* "loss_perpetual_check" */
#define HAYANAGI_STATUS_DRAW_MAX_PLY 6         /* "draw_max_ply" */

/* ----- result and error codes ----- */

#define HAYANAGI_OK 0
/* Arguments and records. */
#define HAYANAGI_ERR_NULL_POINTER (-1)       /* a required pointer is NULL */
#define HAYANAGI_ERR_BAD_LENGTH (-2)         /* a length larger than PTRDIFF_MAX */
#define HAYANAGI_ERR_NOT_A_POSITION (-3)     /* the position record was not written by this library */
#define HAYANAGI_ERR_NOT_AN_UNDO_RECORD (-4) /* the undo record was not written by hayanagi_play */
#define HAYANAGI_ERR_BUFFER_TOO_SMALL (-5)   /* the size needed is in the `needed` out-parameter */
/* Moves and positions. */
#define HAYANAGI_ERR_BAD_MOVE (-6)          /* the uint16_t is not a move encoding */
#define HAYANAGI_ERR_ILLEGAL_MOVE (-7)      /* the move is not legal in the position */
#define HAYANAGI_ERR_UNDO_MISMATCH (-8)     /* the undo record is not of the last move played here */
#define HAYANAGI_ERR_PLY_OVERFLOW (-9)      /* a move would take the ply beyond 2^64 - 1 */
#define HAYANAGI_ERR_DEPTH_TOO_LARGE (-10)  /* perft depth above HAYANAGI_MAX_PERFT_DEPTH */
#define HAYANAGI_ERR_NON_PRINTABLE (-11)    /* a byte of the text is not printable ASCII */
/* SFEN (also inside a USI position command). */
#define HAYANAGI_ERR_SFEN_MISSING_FIELD (-20)           /* the text ends before a field */
#define HAYANAGI_ERR_SFEN_EMPTY_FIELD (-21)             /* two spaces, or a space at the start or end */
#define HAYANAGI_ERR_SFEN_TRAILING_TEXT (-22)           /* text after the last field */
#define HAYANAGI_ERR_SFEN_RANK_COUNT (-23)              /* the board has not 9 ranks */
#define HAYANAGI_ERR_SFEN_FILE_COUNT (-24)              /* a rank does not cover 9 squares */
#define HAYANAGI_ERR_SFEN_ZERO_DIGIT (-25)              /* the digit 0 on the board */
#define HAYANAGI_ERR_SFEN_UNKNOWN_PIECE (-26)           /* not a piece letter */
#define HAYANAGI_ERR_SFEN_BAD_PROMOTION (-27)           /* '+' before K, G or not before a piece */
#define HAYANAGI_ERR_SFEN_BAD_SIDE (-28)                /* the side to move is not 'b' or 'w' */
#define HAYANAGI_ERR_SFEN_HAND_ZERO_COUNT (-29)         /* a hand count of 0 */
#define HAYANAGI_ERR_SFEN_HAND_LEADING_ZERO (-30)       /* a hand count with a leading 0 */
#define HAYANAGI_ERR_SFEN_HAND_COUNT_WITHOUT_PIECE (-31) /* a hand count with no piece after it */
#define HAYANAGI_ERR_SFEN_HAND_PROMOTED (-32)           /* a promoted piece in hand */
#define HAYANAGI_ERR_SFEN_HAND_KING (-33)               /* a king in hand */
#define HAYANAGI_ERR_SFEN_HAND_REPEATED (-34)           /* a hand piece given twice */
#define HAYANAGI_ERR_SFEN_HAND_DASH (-35)               /* '-' with pieces, or twice */
#define HAYANAGI_ERR_SFEN_TOO_MANY_PIECES (-36)         /* more of a kind than the set has */
#define HAYANAGI_ERR_SFEN_TWO_KINGS (-37)               /* a second king of one colour */
#define HAYANAGI_ERR_SFEN_DEAD_PIECE (-38)              /* a piece that could never move again */
#define HAYANAGI_ERR_SFEN_NIFU (-39)                    /* two unpromoted pawns of a colour on a file */
#define HAYANAGI_ERR_SFEN_OPPONENT_IN_CHECK (-40)       /* the side not to move is in check */
#define HAYANAGI_ERR_SFEN_PLY_ZERO (-41)                /* the ply is 0 */
#define HAYANAGI_ERR_SFEN_PLY_LEADING_ZERO (-42)        /* the ply has a leading 0 */
#define HAYANAGI_ERR_SFEN_PLY_NOT_DIGIT (-43)           /* the ply is not decimal digits */
#define HAYANAGI_ERR_SFEN_PLY_OVERFLOW (-44)            /* the ply is above 2^64 - 1 */
/* USI position command. */
#define HAYANAGI_ERR_USI_KEYWORD (-50)  /* neither "startpos" nor "sfen" */
#define HAYANAGI_ERR_USI_TRAILING (-51) /* text after the position that is not " moves ..." */
/* USI move syntax (hayanagi_move_from_usi, and the moves of a USI position command). */
#define HAYANAGI_ERR_MOVE_EMPTY (-60)          /* the move is empty */
#define HAYANAGI_ERR_MOVE_TRUNCATED (-61)      /* the move ends early */
#define HAYANAGI_ERR_MOVE_FILE (-62)           /* not a file digit 1-9 */
#define HAYANAGI_ERR_MOVE_RANK (-63)           /* not a rank letter a-i */
#define HAYANAGI_ERR_MOVE_LOWERCASE_DROP (-64) /* a lowercase drop letter ("p*5e") */
#define HAYANAGI_ERR_MOVE_DROP_PIECE (-65)     /* not a droppable piece letter */
#define HAYANAGI_ERR_MOVE_STAR (-66)           /* no '*' after the drop letter */
#define HAYANAGI_ERR_MOVE_DROP_PROMOTION (-67) /* '+' after a drop */
#define HAYANAGI_ERR_MOVE_SAME_SQUARE (-68)    /* from and to are the same square */
#define HAYANAGI_ERR_MOVE_TRAILING (-69)       /* text after the move */

/* ----- types ----- */

/* A position: board, hands, side to move, ply, and the state derived from them. Caller-allocated,
   no alignment requirement; written by the hayanagi_position_* constructors. */
typedef struct hayanagi_position {
    unsigned char opaque[HAYANAGI_POSITION_SIZE];
} hayanagi_position;

/* What hayanagi_undo needs to take back a move: written by hayanagi_play, caller-allocated. */
typedef struct hayanagi_undo_record {
    unsigned char opaque[HAYANAGI_UNDO_RECORD_SIZE];
} hayanagi_undo_record;

/* ----- functions ----- */

/* A static, NUL-terminated English message for a code returned by this library ("a required pointer
   is NULL"); for any other value, "unknown hayanagi error code". Never NULL. */
const char *hayanagi_error_message(int32_t code);

/* The library's sizeof(hayanagi_position) and sizeof(hayanagi_undo_record), for callers (and the WASM
   wrapper) that load the library at run time and check that their header matches it. */
size_t hayanagi_position_size(void);
size_t hayanagi_undo_record_size(void);

/* Writes the start position (Black to move, ply 1) into *out.
   Errors: NULL_POINTER. */
int32_t hayanagi_position_startpos(hayanagi_position *out);

/* Reads an SFEN, "<board> <side> <hands> [<ply>]" (ply 1 when missing), strictly: every rule
   violation is rejected. On success writes *out and returns HAYANAGI_OK; on failure returns the
   HAYANAGI_ERR_NON_PRINTABLE or HAYANAGI_ERR_SFEN_* code and, if error_offset is not NULL, writes the
   byte offset of the problem into *error_offset (the end of the text for a missing field).
   Errors: NULL_POINTER (out, sfen), BAD_LENGTH, NON_PRINTABLE, SFEN_*. */
int32_t hayanagi_position_from_sfen(hayanagi_position *out, const char *sfen, size_t len,
                                    size_t *error_offset);

/* Reads a USI position command, "[position ]startpos[ moves m1 m2 ...]" or
   "[position ]sfen <board> <side> <hands> <ply>[ moves ...]" (all 4 SFEN fields required), playing
   its moves, each of which must be legal. Words are separated by exactly one space. Offsets are into
   the whole command.
   Errors: NULL_POINTER (out, command), BAD_LENGTH, NON_PRINTABLE, SFEN_*, USI_KEYWORD, USI_TRAILING,
   MOVE_* (a malformed move; the offset is at the problem), ILLEGAL_MOVE (the offset is at the move),
   PLY_OVERFLOW. */
int32_t hayanagi_position_from_usi(hayanagi_position *out, const char *command, size_t len,
                                   size_t *error_offset);

/* Writes the SFEN of *pos (4 fields) and a NUL into buf, which holds `size` bytes, and returns its
   length without the NUL. If it does not fit (length + 1 > size) returns HAYANAGI_ERR_BUFFER_TOO_SMALL
   and leaves buf unchanged. If needed is not NULL, *needed receives length + 1 in both cases.
   HAYANAGI_SFEN_BUFFER_SIZE bytes are always enough.
   Errors: NULL_POINTER (pos, buf), NOT_A_POSITION, BAD_LENGTH, BUFFER_TOO_SMALL. */
int32_t hayanagi_position_sfen(const hayanagi_position *pos, char *buf, size_t size, size_t *needed);

/* Writes every legal move of the side to move into moves[0..count) and returns count. If capacity is
   smaller than count returns HAYANAGI_ERR_BUFFER_TOO_SMALL and writes nothing into moves. If needed is
   not NULL, *needed receives count in both cases. HAYANAGI_MAX_MOVES is always enough. The order is
   the generator's (not sorted).
   Errors: NULL_POINTER (pos, moves), NOT_A_POSITION, BUFFER_TOO_SMALL. */
int32_t hayanagi_legal_moves(const hayanagi_position *pos, uint16_t *moves, size_t capacity, size_t *needed);

/* Writes a move in USI ("7g7f", "8h2b+", "P*5e") and a NUL into buf (`size` bytes) and returns the
   length without the NUL; the text does not depend on a position. Short buffer as in
   hayanagi_position_sfen. HAYANAGI_USI_BUFFER_SIZE bytes are always enough.
   Errors: BAD_MOVE, NULL_POINTER (buf), BAD_LENGTH, BUFFER_TOO_SMALL. */
int32_t hayanagi_move_to_usi(uint16_t move, char *buf, size_t size, size_t *needed);

/* Reads a USI move and accepts it only if it is legal in *pos; writes it into *move.
   Errors: NULL_POINTER (pos, text, move), NOT_A_POSITION, BAD_LENGTH, MOVE_* (with the byte offset
   of the problem in *error_offset if that is not NULL), ILLEGAL_MOVE (a well-formed move that is not
   legal here; offset 0). */
int32_t hayanagi_move_from_usi(const hayanagi_position *pos, const char *text, size_t len, uint16_t *move,
                               size_t *error_offset);

/* Plays `move` if it is legal in *pos (otherwise leaves *pos unchanged). If undo is not NULL, writes
   into *undo what hayanagi_undo needs to take the move back.
   Errors: NULL_POINTER (pos), NOT_A_POSITION, BAD_MOVE, ILLEGAL_MOVE, PLY_OVERFLOW. */
int32_t hayanagi_play(hayanagi_position *pos, uint16_t move, hayanagi_undo_record *undo);

/* Takes back the move recorded in *undo, which must be the last move played on *pos (checked: the
   position's key and ply must be the ones right after that move; otherwise *pos is left unchanged).
   Errors: NULL_POINTER (pos, undo), NOT_A_POSITION, NOT_AN_UNDO_RECORD, UNDO_MISMATCH. */
int32_t hayanagi_undo(hayanagi_position *pos, const hayanagi_undo_record *undo);

/* 1 if the side to move is in check, 0 if not.
   Errors: NULL_POINTER, NOT_A_POSITION. */
int32_t hayanagi_in_check(const hayanagi_position *pos);

/* The game status judged from the position alone: HAYANAGI_STATUS_NONE, _MATE or _NO_MOVES.
   (Repetition and perpetual check need the moves that led here, which a position does not hold.)
   Errors: NULL_POINTER, NOT_A_POSITION. */
int32_t hayanagi_status(const hayanagi_position *pos);

/* The static NUL-terminated spelling of a HAYANAGI_STATUS_* code ("none", "mate", "no_moves",
   "draw_repetition", "win_perpetual_check", "loss_perpetual_check", "draw_max_ply"); NULL for any
   other value. */
const char *hayanagi_status_name(int32_t status);

/* HAYANAGI_BLACK or HAYANAGI_WHITE.
   Errors: NULL_POINTER, NOT_A_POSITION. */
int32_t hayanagi_side_to_move(const hayanagi_position *pos);

/* Writes the move number (1 for the first move of a game, as in SFEN) into *ply.
   Errors: NULL_POINTER (pos, ply), NOT_A_POSITION. */
int32_t hayanagi_ply(const hayanagi_position *pos, uint64_t *ply);

/* Writes the Zobrist key of board, hands and side to move (not of the ply) into *key. Equal
   positions have equal keys; the same across builds and platforms.
   Errors: NULL_POINTER (pos, key), NOT_A_POSITION. */
int32_t hayanagi_key(const hayanagi_position *pos, uint64_t *key);

/* Counts the legal move sequences of length `depth` from *pos into *nodes (depth 0 counts 1). With
   bulk non-zero the last ply is counted without playing its moves (faster, same count). *pos is not
   modified. Startpos gives 30, 900, 25470, 719731 for depths 1-4.
   Errors: NULL_POINTER (pos, nodes), NOT_A_POSITION, DEPTH_TOO_LARGE. */
int32_t hayanagi_perft(const hayanagi_position *pos, uint32_t depth, int32_t bulk, uint64_t *nodes);

#ifdef __cplusplus
}
#endif

#endif /* HAYANAGI_H */
