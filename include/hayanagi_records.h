/*
 * hayanagi_records.h - game records for the C API of hayanagi: KIF, KI2, CSA, JKF and USI texts read
 * and written (the Rust crate hayanagi-records), the game kept in memory the caller owns.
 *
 * C99; also compiles as C++. These functions are in the records library, libhayanagi_records: the
 * library of hayanagi.h with these functions added (link it instead of libhayanagi, not beside it;
 * it is built by `cargo build --release --features records` in capi/, and capi/install.sh installs
 * it: pkg-config hayanagi_records, CMake hayanagi::records; its SONAME is libhayanagi_records.so.ABI,
 * under hayanagi.h's ABI policy). Its codes and sizes are #defined in hayanagi.h ("game records").
 *
 * MEMORY: NOT THE RULE OF hayanagi.h
 *   The records library keeps hayanagi.h's rules for all of hayanagi.h's functions. The functions
 *   below differ: while one runs it builds the record on the heap (the C library's malloc and free)
 *   and frees all of it before it returns; a failed allocation aborts the program. What is kept is
 *   in the caller's memory: a game, the bytes of a caller's arena (any alignment), written by
 *   hayanagi_game_read or hayanagi_game_new and changed by hayanagi_game_add_*, _set_ending and
 *   hayanagi_game_variation_add_move and _set_ending.
 *   A game takes hayanagi_game_size bytes of its arena; copy those bytes (memcpy) and the copy is the
 *   same game. When an arena is too small, the call returns HAYANAGI_ERR_BUFFER_TOO_SMALL with the
 *   size needed in *needed (if not NULL) and changes nothing. The strings an accessor gives (keys,
 *   values, comments) are inside the game: valid while the game's bytes are unchanged.
 *   A `game` argument points to a game, or to at least 16 readable bytes (which are refused with
 *   HAYANAGI_ERR_NOT_A_GAME unless they carry a game's tag: as for positions, the tag is no checksum).
 *   These functions are reentrant and thread-safe as hayanagi.h's are (hayanagi-records keeps only
 *   read-only tables, built once).
 *   A game holds the main line and the variations of a KIF, KI2 or JKF text (変化, forks: a tree,
 *   hayanagi_game_variation), which hayanagi_game_write writes back in KIF, KI2 and JKF (CSA and
 *   USI hold the main line only).
 *
 * ERRORS
 *   As in hayanagi.h: 0 or a non-negative result on success, a negative HAYANAGI_ERR_* code on
 *   failure. The functions with a `hayanagi_game_error *error` (optional) fill it in on success too
 *   (code HAYANAGI_OK, an empty message): on failure with the code, the line and column in the text
 *   (reading; from 1, the column in characters; 0 when the error is not in the text), the ply
 *   (writing and adding; from 1, one past the last move for the ending) and hayanagi-records' message
 *   ("line 6, column 2: CSA move: no piece of the side to move on the from square"), cut at a
 *   character to fit HAYANAGI_GAME_MESSAGE_SIZE bytes with its NUL.
 *   Text passed in is a pointer and a length in bytes (no NUL needed); strings given out are UTF-8
 *   and NUL-terminated, with their length.
 */
#ifndef HAYANAGI_RECORDS_H
#define HAYANAGI_RECORDS_H

#include "hayanagi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Why a game call failed, and where. */
typedef struct hayanagi_game_error {
    int32_t code;   /* the code the call returned */
    int32_t line;   /* reading: the line, from 1 (0: none) */
    int32_t column; /* reading: the column in characters, from 1 (0: none) */
    int32_t ply;    /* writing, adding: the ply, from 1 (0: none) */
    char message[HAYANAGI_GAME_MESSAGE_SIZE];
} hayanagi_game_error;

/* One move of a game's main line. */
typedef struct hayanagi_game_move_info {
    uint16_t move;       /* the move's code (hayanagi.h's MOVES) */
    int32_t has_time;    /* 1 if the record gives the time spent on it */
    uint64_t time_ms;    /* that time in milliseconds (0 without one) */
    const char *comment; /* the comments after it, lines joined by '\n' ("" for none) */
    size_t comment_len;  /* its length in bytes */
} hayanagi_game_move_info;

/* How a game ended. */
typedef struct hayanagi_game_outcome {
    int32_t ending;   /* HAYANAGI_ENDING_* (HAYANAGI_ENDING_NONE: the record gives none) */
    int32_t winner;   /* HAYANAGI_BLACK, HAYANAGI_WHITE or HAYANAGI_NO_WINNER */
    int32_t has_time; /* 1 if the record gives the time spent on the ending */
    uint64_t time_ms; /* that time in milliseconds (0 without one) */
} hayanagi_game_outcome;

/* One variation of a game (hayanagi_game_variation): another line from a ply of its parent line. */
typedef struct hayanagi_game_variation_info {
    int32_t parent;                /* the index of the variation it branches from, -1: the main line */
    int32_t ply;                   /* the ply (from 1) of its first move */
    int32_t move_count;            /* its moves (hayanagi_game_variation_move) */
    hayanagi_game_outcome outcome; /* its ending (HAYANAGI_ENDING_NONE: none) */
    const char *comment;           /* the comments before its first move, lines joined by '\n' ("" for none) */
    size_t comment_len;            /* their length in bytes */
    const char *end_comment;       /* the comments after its ending ("" for none) */
    size_t end_comment_len;        /* their length in bytes */
} hayanagi_game_variation_info;

/* Reads the record text[0..len) into the arena game[0..size): its encoding (HAYANAGI_GAME_ENCODING_*,
   or _DETECT), its format (HAYANAGI_GAME_FORMAT_*, or _DETECT), every move checked for legality, the
   first game of a CSA file of several (hayanagi_game_read_all reads them all). Returns the format
   read (HAYANAGI_GAME_FORMAT_*). *needed (if
   not NULL) receives the game's size when the text was read (HAYANAGI_OK or BUFFER_TOO_SMALL).
   Errors: NULL_POINTER (text, game), BAD_LENGTH, OUT_OF_RANGE (format, encoding), BUFFER_TOO_SMALL,
   the record's errors (GAME_*, CSA_*, JAPANESE_*, SFEN_*, USI_*, MOVE_*, ILLEGAL_MOVE, PLY_OVERFLOW)
   with their line and column. */
int32_t hayanagi_game_read(const char *text, size_t len, int32_t format, int32_t encoding, void *game,
                           size_t size, size_t *needed, hayanagi_game_error *error);

/* Reads every game of the record text[0..len) into the arena games[0..size), one after another:
   the games of a CSA file of several (separated by `/` lines), or the one game of the other formats,
   each as hayanagi_game_read reads it (encoding and format detected or given once for the text).
   Game i + 1 starts hayanagi_game_size(game i) bytes after game i, the first at `games`; each is a
   game on its own (a byte copy of its hayanagi_game_size bytes is that game). Returns the number of
   games (at least 1). *needed (if not NULL) receives the bytes of all of them when the text was read
   (HAYANAGI_OK or BUFFER_TOO_SMALL: then the arena is unchanged).
   Errors: as hayanagi_game_read; the line of a record's error is the line in the whole text. */
int32_t hayanagi_game_read_all(const char *text, size_t len, int32_t format, int32_t encoding, void *games,
                               size_t size, size_t *needed, hayanagi_game_error *error);

/* Writes a game with no moves from *start into the arena game[0..size).
   Errors: NULL_POINTER (start, game), NOT_A_POSITION, BAD_LENGTH, BUFFER_TOO_SMALL. */
int32_t hayanagi_game_new(const hayanagi_position *start, void *game, size_t size, size_t *needed);

/* Appends `move` to the main line of the game in game[0..size) (the arena, which may be larger than
   the game), with the time spent on it (time_ms < 0: none) and a comment (comment[0..comment_len),
   UTF-8, '\n' between lines; NULL with length 0: none).
   Errors: NULL_POINTER (game, comment with comment_len > 0), NOT_A_GAME, BAD_LENGTH (size less
   than the game's size), BAD_MOVE, NOT_UTF8, ILLEGAL_MOVE and GAME_MOVE_AFTER_END (a game without
   legal moves, or one with an ending), BUFFER_TOO_SMALL. */
int32_t hayanagi_game_add_move(void *game, size_t size, uint16_t move, int64_t time_ms, const char *comment,
                               size_t comment_len, size_t *needed, hayanagi_game_error *error);

/* Appends the header field key: value (UTF-8; KIF's names, 先手, 後手, 棋戦, ..., are the ones every
   format writes; hayanagi_game_read gives CSA's names so too).
   Errors: NULL_POINTER (game, key, value), NOT_A_GAME, BAD_LENGTH, NOT_UTF8, BUFFER_TOO_SMALL. */
int32_t hayanagi_game_add_header(void *game, size_t size, const char *key, size_t key_len, const char *value,
                                 size_t value_len, size_t *needed);

/* Sets the ending (HAYANAGI_ENDING_*; _NONE removes it), its winner (HAYANAGI_BLACK, _WHITE,
   HAYANAGI_NO_WINNER, or HAYANAGI_DEFAULT_WINNER: the ending's usual winner with the side to move at
   the end) and the time spent on it (time_ms < 0: none).
   Errors: NULL_POINTER (game), NOT_A_GAME, BAD_LENGTH, OUT_OF_RANGE (ending, winner),
   GAME_ENDING_CONTRADICTS (詰み where the side to move is not mated, or as its win),
   GAME_VARIATION_PLY (removing an ending a variation replaces), BUFFER_TOO_SMALL. */
int32_t hayanagi_game_set_ending(void *game, size_t size, int32_t ending, int32_t winner, int64_t time_ms,
                                 size_t *needed, hayanagi_game_error *error);

/* Adds a variation to the game in game[0..size): a new line from ply `ply` of its parent line
   (`parent`: a variation's index, or HAYANAGI_GAME_MAIN_LINE), with no moves yet and the comment
   before its first move (comment[0..comment_len), UTF-8, '\n' between lines; NULL with length 0:
   none). Its first move replaces the parent line's move of that ply: a ply the parent line has, after
   a parent variation's first ply, or one past the parent line's last move if the parent has an ending
   (the variation replaces it). hayanagi_game_variation_add_move and _variation_set_ending give it its
   moves and ending (a variation with neither is written by KIF and KI2 only: JKF has no empty fork).
   Returns its index (>= 0): the variations are numbered depth-first, so the new one comes after its
   parent's other variations and theirs, and the variations numbered from there on move up by one.
   Errors: NULL_POINTER (game, comment with comment_len > 0), NOT_A_GAME, BAD_LENGTH, NOT_UTF8,
   OUT_OF_RANGE (parent, ply < 0), GAME_VARIATION_PLY (a ply the parent line does not have),
   BUFFER_TOO_SMALL. */
int32_t hayanagi_game_add_variation(void *game, size_t size, int32_t parent, int32_t ply, const char *comment,
                                    size_t comment_len, size_t *needed, hayanagi_game_error *error);

/* Appends `move` to variation `variation` of the game, as hayanagi_game_add_move appends to the main
   line: legal after the parent line's moves before the variation's ply and the variation's own moves.
   Errors: as hayanagi_game_add_move, and OUT_OF_RANGE (variation). */
int32_t hayanagi_game_variation_add_move(void *game, size_t size, size_t variation, uint16_t move, int64_t time_ms,
                                         const char *comment, size_t comment_len, size_t *needed,
                                         hayanagi_game_error *error);

/* Sets the ending of variation `variation`, as hayanagi_game_set_ending sets the main line's (the
   usual winner with the side to move at the variation's end). Removing an ending another variation
   replaces is refused (GAME_VARIATION_PLY).
   Errors: as hayanagi_game_set_ending, OUT_OF_RANGE (variation), GAME_VARIATION_PLY. */
int32_t hayanagi_game_variation_set_ending(void *game, size_t size, size_t variation, int32_t ending, int32_t winner,
                                           int64_t time_ms, size_t *needed, hayanagi_game_error *error);

/* Writes the game as text in `format` (HAYANAGI_GAME_FORMAT_*, not _DETECT) and `encoding`
   (HAYANAGI_GAME_ENCODING_UTF8 or _SHIFT_JIS; JKF is always UTF-8), declaring the encoding as the
   format's readers recognise it, into buf[0..size) with a NUL; returns its length without the NUL.
   *needed (if not NULL) receives length + 1 (HAYANAGI_OK or BUFFER_TOO_SMALL, buf unchanged).
   Errors: NULL_POINTER (game, buf), NOT_A_GAME, BAD_LENGTH, OUT_OF_RANGE (format, encoding),
   BUFFER_TOO_SMALL. */
int32_t hayanagi_game_write(const void *game, int32_t format, int32_t encoding, char *buf, size_t size,
                            size_t *needed, hayanagi_game_error *error);

/* The bytes the game takes in its arena (what a copy must copy).
   Errors: NULL_POINTER, NOT_A_GAME. */
int32_t hayanagi_game_size(const void *game);

/* The moves of the main line. Errors: NULL_POINTER, NOT_A_GAME. */
int32_t hayanagi_game_move_count(const void *game);

/* Move `index` (from 0) of the main line into *out.
   Errors: NULL_POINTER (game, out), NOT_A_GAME, OUT_OF_RANGE (index). */
int32_t hayanagi_game_move(const void *game, size_t index, hayanagi_game_move_info *out);

/* The position before the first move into *out. Errors: NULL_POINTER (game, out), NOT_A_GAME. */
int32_t hayanagi_game_start(const void *game, hayanagi_position *out);

/* How the game ended into *out. Errors: NULL_POINTER (game, out), NOT_A_GAME. */
int32_t hayanagi_game_ending(const void *game, hayanagi_game_outcome *out);

/* The header fields, in the text's order. Errors: NULL_POINTER, NOT_A_GAME. */
int32_t hayanagi_game_header_count(const void *game);

/* Header field `index` (from 0): *key and *value (NUL-terminated, inside the game), their lengths in
   *key_len and *value_len (each if not NULL).
   Errors: NULL_POINTER (game, key, value), NOT_A_GAME, OUT_OF_RANGE (index). */
int32_t hayanagi_game_header(const void *game, size_t index, const char **key, size_t *key_len,
                             const char **value, size_t *value_len);

/* The comments before the first move (HAYANAGI_GAME_COMMENTS_START) or after the ending (_END), lines
   joined by '\n', NUL-terminated, inside the game ("" for none); *len (if not NULL) its length.
   Errors: NULL_POINTER (game, text), NOT_A_GAME, OUT_OF_RANGE (which). */
int32_t hayanagi_game_comment(const void *game, int32_t which, const char **text, size_t *len);

/* The variations (変化, forks), every level counted: hayanagi_game_variation's indices are 0 to this
   count - 1. Errors: NULL_POINTER, NOT_A_GAME. */
int32_t hayanagi_game_variation_count(const void *game);

/* Variation `index` (from 0) into *out. The variations are numbered depth-first: each comes before
   the variations that branch from its own moves, siblings in the text's order (KIF's 変化 blocks
   as written: Kifu for Windows writes the latest branch first; JKF's forks by ply) or in the order
   hayanagi_game_add_variation added them, so a parent's index is below its children's. A
   variation's first move replaces the move of ply `ply` of its parent line
   (the main line, or the parent variation, whose moves are plies parent.ply, parent.ply + 1, ...;
   one past the parent line's last move, it replaces the line's ending): its moves are legal in the
   position after the parent line's moves before `ply`, which are (for a parent variation) that
   variation's parent line's moves before parent.ply and then the parent's own.
   Errors: NULL_POINTER (game, out), NOT_A_GAME, OUT_OF_RANGE (index). */
int32_t hayanagi_game_variation(const void *game, size_t index, hayanagi_game_variation_info *out);

/* Move `index` (from 0) of variation `variation` into *out (its ply: the variation's ply + index).
   Errors: NULL_POINTER (game, out), NOT_A_GAME, OUT_OF_RANGE (variation, index). */
int32_t hayanagi_game_variation_move(const void *game, size_t variation, size_t index,
                                     hayanagi_game_move_info *out);

#ifdef __cplusplus
}
#endif

#endif /* HAYANAGI_RECORDS_H */
