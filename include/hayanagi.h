/*
 * hayanagi.h - the C API of hayanagi, a shogi core (legal moves, SFEN/USI, Zobrist keys, perft).
 *
 * C99; also compiles as C++. Install it with `bash capi/install.sh --prefix DIR` and build with
 * pkg-config or CMake (README, "Using it from C"):
 *
 *     cc -std=c99 app.c $(pkg-config --cflags --libs hayanagi)          (shared, libhayanagi.so.0.1)
 *     cc -std=c99 app.c $(pkg-config --cflags --libs --static hayanagi) (static, libhayanagi.a)
 *     find_package(hayanagi 0.1 REQUIRED)  target_link_libraries(app PRIVATE hayanagi::hayanagi)
 *
 * MEMORY AND OWNERSHIP
 *   The library allocates nothing and keeps no global state. Every object it works on is memory the
 *   caller owns and passes in: positions (hayanagi_position), undo records (hayanagi_undo_record),
 *   game histories (hayanagi_history_entry arrays), text, move arrays. They may live on the stack, in
 *   static storage, in arrays or inside other structs, and need no clean-up. The library keeps no
 *   pointer after a call returns. The objects passed to one call must not overlap (as for memcpy).
 *
 *   Positions and undo records have no alignment requirement. The library works on a position in
 *   place, inside its record, at the first 16-byte aligned address after the tag; a record byte-copied
 *   to an address of another alignment is still read correctly (through a copy, a little slower) and
 *   is moved into place inside its record by the next call that changes it. A history's entries are
 *   uint64_t-aligned by their type (checked: HAYANAGI_ERR_MISALIGNED).
 *
 *   A position is a plain value: copy it with memcpy or assignment, throw it away by forgetting it.
 *   Its bytes mean something only to the same build of the library (do not store them in files or
 *   send them to another program: store the SFEN). Do not compare positions with memcmp (padding
 *   bytes are unspecified): compare hayanagi_key, or the SFEN.
 *
 *   A position, undo record or history must have been written by a successful call of this library
 *   (or be a byte copy of one) before it is read. One that was not (a zeroed struct, for example) is
 *   recognised by the tag in its first bytes and rejected with HAYANAGI_ERR_NOT_A_POSITION,
 *   HAYANAGI_ERR_NOT_AN_UNDO_RECORD or HAYANAGI_ERR_NOT_A_HISTORY. The tag is not a checksum: bytes
 *   overwritten after the tag (or uninitialised bytes that happen to carry it) are not detected and
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
 *   Predicates (hayanagi_in_check, hayanagi_is_legal, hayanagi_gives_check, ...) return a bool that
 *   is true only for a true answer, so `if (hayanagi_is_legal(pos, move, NULL))` cannot be fooled by
 *   an error: on an error they return false. Their last argument, `int32_t *error`, is optional: if
 *   it is not NULL it receives HAYANAGI_OK or the error code. Functions that cannot fail (for
 *   example hayanagi_status_name, hayanagi_error_message, hayanagi_version) return no error at all.
 *
 *   Text passed in is a pointer and a length in bytes (no terminating NUL needed; any byte that is
 *   not printable ASCII is an error). Text written out is NUL-terminated.
 *
 * MOVES
 *   A move is a uint16_t (the Rust library's Move::to_bits): bits 0-6 the destination square,
 *   bits 7-13 the origin square (81 + hand kind for a drop: P L N S G B R = 0..6), bit 14 promotion,
 *   bit 15 always set, so 0 is never a move. Squares are numbered row * 9 + column, row 0 = rank a,
 *   column 0 = file 9: 9a = 0, 1a = 8, 7g = 56, 1i = 80 (HAYANAGI_SQUARE(file, rank)). Stable across
 *   versions. hayanagi_move_normal, hayanagi_move_drop and hayanagi_move_decode build and take apart
 *   codes; hayanagi_move_to_usi and hayanagi_move_from_usi convert them to and from USI text.
 *
 * PIECES
 *   A piece kind is 0-13: P L N S G B R (0-6, the kinds a hand holds, as in the move encoding), K (7),
 *   +P +L +N +S +B +R (8-13). A piece on the board is 1 + kind + 16 * colour (HAYANAGI_PIECE), 0 for
 *   an empty square: Black's pawn 1, king 8, dragon 14; White's pawn 17, dragon 30.
 *
 * ABI AND VERSIONS (the policy; capi/check.sh checks what can be checked)
 *   - The SONAME names the ABI: libhayanagi.so.0.MINOR while the version is 0.x (a 0.x minor release
 *     may break the ABI, as in semver), libhayanagi.so.MAJOR from 1.0 on. A program keeps working
 *     with every library of the SONAME it was linked against, and is refused by the loader for any
 *     other (macOS: the install name @rpath/libhayanagi.0.MINOR.dylib). The CMake package and
 *     pkg-config give the same promise at build time (find_package(hayanagi 0.1) accepts 0.1.x only).
 *   - Within one SONAME (patch releases 0.MINOR.x): no function is removed or changes its signature or
 *     meaning; no #define changes its value; the sizes a caller bakes into its binary
 *     (HAYANAGI_POSITION_SIZE, HAYANAGI_UNDO_RECORD_SIZE, HAYANAGI_HISTORY_ENTRY_SIZE, the buffer sizes,
 *     HAYANAGI_MAX_MOVES) stay the same; new functions and new #defines may be added. A new error code
 *     may be returned only by a new function: treat any negative value as an error
 *     (hayanagi_error_message names the unknown ones "unknown hayanagi error code").
 *   - What may change with the SONAME (a new 0.x minor): anything above, including record sizes.
 *     Callers that load the library at run time compare hayanagi_position_size() and
 *     hayanagi_undo_record_size() with their header's sizes.
 *   - Never: the move encoding (MOVES above), the square and piece numbering, the SFEN and USI texts,
 *     the Zobrist keys (equal across builds and platforms). The bytes of a position or undo record are
 *     private to one build: do not store or send them (store the SFEN or the move codes).
 *   - Symbols: both libraries export exactly the functions declared here (every global symbol is a
 *     hayanagi_* function; the static library's helpers from the Rust runtime are made local when it
 *     is installed), so the library links beside other Rust or C libraries without clashes.
 */
#ifndef HAYANAGI_H
#define HAYANAGI_H

#include <stddef.h>
#include <stdint.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

/* ----- version (hayanagi_version gives the library's) ----- */

#define HAYANAGI_VERSION_MAJOR 0
#define HAYANAGI_VERSION_MINOR 1
#define HAYANAGI_VERSION_PATCH 0
#define HAYANAGI_VERSION_STRING "0.1.0"
/* MAJOR * 10000 + MINOR * 100 + PATCH, for #if comparisons. */
#define HAYANAGI_VERSION_NUMBER 100

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
/* sizeof(hayanagi_history_entry): one recorded move. */
#define HAYANAGI_HISTORY_ENTRY_SIZE 16
/* The entries at the start of a history's storage that hold its state (tag, capacity, length). */
#define HAYANAGI_HISTORY_HEADER_ENTRIES 2
/* Entries that hold a history of `moves` moves: hayanagi_history_entry game[HAYANAGI_HISTORY_ENTRIES(512)]. */
#define HAYANAGI_HISTORY_ENTRIES(moves) ((moves) + HAYANAGI_HISTORY_HEADER_ENTRIES)
/* The most moves a history holds (results are int32_t). */
#define HAYANAGI_MAX_HISTORY_MOVES 2147483647

/* ----- squares ----- */

/* The square of a file (1-9) and a rank (1-9, rank a = 1): HAYANAGI_SQUARE(7, 7) is 7g = 56. */
#define HAYANAGI_SQUARE(file, rank) (((rank) - 1) * 9 + 9 - (file))
/* The file (1-9) and rank (1-9) of a square 0-80. */
#define HAYANAGI_SQUARE_FILE(square) (9 - (square) % 9)
#define HAYANAGI_SQUARE_RANK(square) ((square) / 9 + 1)
/* No square: the king square of a side without a king, the origin of a drop (hayanagi_move_decode). */
#define HAYANAGI_NO_SQUARE 81

/* ----- piece kinds and pieces ----- */

#define HAYANAGI_PAWN 0
#define HAYANAGI_LANCE 1
#define HAYANAGI_KNIGHT 2
#define HAYANAGI_SILVER 3
#define HAYANAGI_GOLD 4
#define HAYANAGI_BISHOP 5
#define HAYANAGI_ROOK 6
#define HAYANAGI_KING 7
#define HAYANAGI_PRO_PAWN 8
#define HAYANAGI_PRO_LANCE 9
#define HAYANAGI_PRO_KNIGHT 10
#define HAYANAGI_PRO_SILVER 11
#define HAYANAGI_HORSE 12
#define HAYANAGI_DRAGON 13
/* The number of kinds a hand holds (P L N S G B R), and of kinds in all. */
#define HAYANAGI_HAND_KINDS 7
#define HAYANAGI_KINDS 14
/* No kind: what hayanagi_move_decode gives as the dropped kind of a board move. */
#define HAYANAGI_NO_KIND 14
/* An empty square, in hayanagi_piece_at and hayanagi_board. */
#define HAYANAGI_EMPTY 0
/* The code of a piece of a colour and kind on the board, and the colour and kind of a code (not 0). */
#define HAYANAGI_PIECE(color, kind) (1 + (kind) + 16 * (color))
#define HAYANAGI_PIECE_COLOR(piece) (((piece) - 1) / 16)
#define HAYANAGI_PIECE_KIND(piece) (((piece) - 1) % 16)

/* ----- entering-king declaration (hayanagi_declaration) ----- */

/* The rule: its number. */
#define HAYANAGI_RULE_27_POINTS 27 /* CSA: Black needs 28 points, White 27; a valid declaration wins */
#define HAYANAGI_RULE_24_POINTS 24 /* 31 points or more win, 24-30 draw, fewer cannot declare */
/* The outcome. */
#define HAYANAGI_DECLARATION_INVALID 0 /* some condition fails */
#define HAYANAGI_DECLARATION_WIN 1
#define HAYANAGI_DECLARATION_DRAW 2
/* The conditions that fail, as bits of *failed. */
#define HAYANAGI_DECLARATION_KING_NOT_IN_CAMP 1 /* the king is not in the enemy camp (or there is none) */
#define HAYANAGI_DECLARATION_TOO_FEW_PIECES 2   /* fewer than 10 other pieces in the enemy camp */
#define HAYANAGI_DECLARATION_IN_CHECK 4         /* the king is in check */
#define HAYANAGI_DECLARATION_TOO_FEW_POINTS 8   /* fewer points than the rule requires to declare */

/* ----- move filters (hayanagi_legal_moves_of; the Rust library's MoveFilter) ----- */

#define HAYANAGI_FILTER_ALL 0          /* every legal move */
#define HAYANAGI_FILTER_CAPTURES 1     /* board moves onto an enemy piece */
#define HAYANAGI_FILTER_NON_CAPTURES 2 /* board moves onto an empty square, and drops */
#define HAYANAGI_FILTER_DROPS 3        /* drops */
#define HAYANAGI_FILTER_CHECKS 4       /* moves that give check (direct or discovered; drops too) */
#define HAYANAGI_FILTER_QUIET_CHECKS 5 /* checks that capture nothing */
#define HAYANAGI_FILTER_EVASIONS 6     /* every legal move when in check; none when not */

/* ----- setup and handicaps (hayanagi_position_setup, hayanagi_position_handicap) ----- */

/* Rules a setup may relax, as bits (the Rust library's Relaxations). */
#define HAYANAGI_RELAX_NONE 0                /* a game position: both kings, all 40 pieces */
#define HAYANAGI_RELAX_MISSING_KINGS 1       /* a colour may have no king (tsume, studies) */
#define HAYANAGI_RELAX_INCOMPLETE_MATERIAL 2 /* pieces may be missing from board and hands */
#define HAYANAGI_RELAX_SFEN 3                /* both: what an SFEN may describe */
/* The 16 handicaps (White gives up pieces and moves first), as the Rust library's Handicap. */
#define HAYANAGI_HANDICAP_LANCE 0
#define HAYANAGI_HANDICAP_RIGHT_LANCE 1
#define HAYANAGI_HANDICAP_BISHOP 2
#define HAYANAGI_HANDICAP_ROOK 3
#define HAYANAGI_HANDICAP_ROOK_LANCE 4
#define HAYANAGI_HANDICAP_TWO_PIECES 5
#define HAYANAGI_HANDICAP_THREE_PIECES 6
#define HAYANAGI_HANDICAP_FOUR_PIECES 7
#define HAYANAGI_HANDICAP_FIVE_PIECES 8
#define HAYANAGI_HANDICAP_LEFT_FIVE_PIECES 9
#define HAYANAGI_HANDICAP_SIX_PIECES 10
#define HAYANAGI_HANDICAP_LEFT_SEVEN_PIECES 11
#define HAYANAGI_HANDICAP_RIGHT_SEVEN_PIECES 12
#define HAYANAGI_HANDICAP_EIGHT_PIECES 13
#define HAYANAGI_HANDICAP_TEN_PIECES 14
#define HAYANAGI_HANDICAP_THREE_PAWNS 15
/* What hayanagi_handicap_of answers for a position that starts no handicap game. */
#define HAYANAGI_NO_HANDICAP 16

/* ----- move text and packed data (hayanagi_move_to_csa, _japanese, _position_pack, _hcpe_*, _psv_*) ----- */

/* Bytes that always hold a move in CSA ("+7776FU") and its NUL. */
#define HAYANAGI_CSA_BUFFER_SIZE 8
/* Bytes that always hold a move in Japanese (UTF-8, "▲７六歩") and its NUL. */
#define HAYANAGI_JAPANESE_BUFFER_SIZE 32
/* Japanese styles: KIF ("７六歩(77)", 打 on every drop) and KI2 ("▲７六歩", modifiers, 不成). */
#define HAYANAGI_STYLE_KIF 0
#define HAYANAGI_STYLE_KI2 1
/* Packed position layouts, 32 bytes: HCP (Apery/cshogi, in hcpe records), PackedSfen (YaneuraOu, in
   PSV records). */
#define HAYANAGI_PACKED_HCP 0
#define HAYANAGI_PACKED_SFEN 1
#define HAYANAGI_PACKED_SIZE 32
/* Record sizes: hcpe (dlshogi: HCP, eval, best move, game result, padding), PSV (YaneuraOu
   PackedSfenValue: PackedSfen, score, move, game ply, result, padding). */
#define HAYANAGI_HCPE_SIZE 38
#define HAYANAGI_PSV_SIZE 40
/* hcpe game results (by colour) and PSV results (for the side to move). */
#define HAYANAGI_GAME_DRAW 0
#define HAYANAGI_GAME_BLACK_WIN 1
#define HAYANAGI_GAME_WHITE_WIN 2
#define HAYANAGI_PSV_LOSS (-1)
#define HAYANAGI_PSV_DRAW 0
#define HAYANAGI_PSV_WIN 1
/* Record streams read in chunks (hayanagi_record_reader_*): the format, and sizeof(hayanagi_record_reader). */
#define HAYANAGI_RECORDS_HCPE 0
#define HAYANAGI_RECORDS_PSV 1
#define HAYANAGI_RECORD_READER_SIZE 64
/* The largest piece value (either sign) hayanagi_see takes. */
#define HAYANAGI_MAX_SEE_VALUE 1048576

/* ----- the tsume solver (hayanagi_tsume_solve) ----- */

/* sizeof(hayanagi_tsume_entry): one slot of the solver's table. */
#define HAYANAGI_TSUME_ENTRY_SIZE 16
/* The longest mate line hayanagi_tsume_solve gives. */
#define HAYANAGI_TSUME_MAX_LINE 1024
/* Its answers: no mate, mate (the line is written), or no answer and why. */
#define HAYANAGI_TSUME_NO_MATE 0
#define HAYANAGI_TSUME_MATE 1
#define HAYANAGI_TSUME_NODE_LIMIT 2     /* the node limit was reached */
#define HAYANAGI_TSUME_DEPTH_LIMIT 3    /* a line was cut off by max_depth: a mate is not ruled out */
#define HAYANAGI_TSUME_TOO_MANY_MOVES 4 /* a position had more moves than a ply of the search holds */
#define HAYANAGI_TSUME_STALLED 5        /* the search made no progress */
#define HAYANAGI_TSUME_LINE_TOO_LONG 6  /* mate proved, the line is longer than `capacity` */
#define HAYANAGI_TSUME_LINE_NOT_FOUND 7 /* mate proved, the line could not be read back (small table) */
/* How hayanagi_tsume_solve_shortest and hayanagi_tsume_alternatives count a mate's length: every
   defence (strict), or the composers' convention, useless interpositions (無駄合) not counted. */
#define HAYANAGI_TSUME_COUNTING_STRICT 0
#define HAYANAGI_TSUME_COUNTING_USELESS_INTERPOSITIONS_FREE 1
/* The most alternatives hayanagi_tsume_alternatives writes in one call. */
#define HAYANAGI_TSUME_MAX_ALTERNATIVES 256

/* ----- colours (hayanagi_side_to_move) ----- */

#define HAYANAGI_BLACK 0 /* sente, uppercase in SFEN, moves first */
#define HAYANAGI_WHITE 1 /* gote, lowercase in SFEN */

/* ----- game status (hayanagi_status; the spelling is hayanagi_status_name's) ----- */

#define HAYANAGI_STATUS_NONE 0     /* "none": the game goes on */
#define HAYANAGI_STATUS_MATE 1     /* "mate": in check, no legal move */
#define HAYANAGI_STATUS_NO_MOVES 2 /* "no_moves": not in check, no legal move */
/* The next four need the game's history: hayanagi_history_status returns them, hayanagi_status
   (which sees only the position) never does. */
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
#define HAYANAGI_ERR_PLY_OVERFLOW (-9)      /* the ply is 2^64 - 1: no move can be played from it */
#define HAYANAGI_ERR_DEPTH_TOO_LARGE (-10)  /* perft depth above HAYANAGI_MAX_PERFT_DEPTH */
#define HAYANAGI_ERR_NON_PRINTABLE (-11)    /* a byte of the text is not printable ASCII */
#define HAYANAGI_ERR_OUT_OF_RANGE (-12)     /* a square, colour, kind, filter or rule argument out of range */
#define HAYANAGI_ERR_MISALIGNED (-13)       /* history storage not aligned for uint64_t */
#define HAYANAGI_ERR_NOT_A_HISTORY (-14)    /* the history storage was not set up by hayanagi_history_init */
#define HAYANAGI_ERR_NOT_A_READER (-15)     /* the record reader was not set up by hayanagi_record_reader_init */
#define HAYANAGI_ERR_NOT_A_GAME (-16)       /* the game arena was not written by hayanagi_game_read or _new */
/* SFEN (also inside a USI position command). */
#define HAYANAGI_ERR_SFEN_MISSING_FIELD (-20)           /* the text ends before a field */
#define HAYANAGI_ERR_SFEN_EMPTY_FIELD (-21)             /* two spaces, a space at the start or end, or "" */
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
/* Rules of positions an SFEN relaxes (reported by readers that keep them). */
#define HAYANAGI_ERR_MISSING_KING (-45)   /* a colour has no king */
#define HAYANAGI_ERR_MISSING_PIECES (-46) /* pieces of the set are missing from board and hands */
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
/* Game history. */
#define HAYANAGI_ERR_HISTORY_FULL (-70)        /* every entry of the history's storage is used */
#define HAYANAGI_ERR_HISTORY_NOT_CURRENT (-71) /* the position is not the one the history has reached */
#define HAYANAGI_ERR_HISTORY_EMPTY (-72)       /* no move to take back */
/* Moves and text (extended). */
#define HAYANAGI_ERR_PASS_IN_CHECK (-73) /* the side to move is in check and cannot pass */
#define HAYANAGI_ERR_NOT_UTF8 (-74)      /* text that must be UTF-8 (Japanese) is not */
/* CSA move text (hayanagi_parse_csa_move). */
#define HAYANAGI_ERR_CSA_TRUNCATED (-80)      /* the move ends before its 7 bytes */
#define HAYANAGI_ERR_CSA_SIGN (-81)           /* not '+' or '-' where the move begins */
#define HAYANAGI_ERR_CSA_WRONG_SIDE (-82)     /* the sign is not the side to move's */
#define HAYANAGI_ERR_CSA_SQUARE (-83)         /* not a square (digits 1-9; 00 is a drop's origin) */
#define HAYANAGI_ERR_CSA_PIECE (-84)          /* not one of the 14 piece codes FU ... RY */
#define HAYANAGI_ERR_CSA_TRAILING (-85)       /* text after the seventh byte */
#define HAYANAGI_ERR_CSA_NO_PIECE (-86)       /* no piece of the side to move on the from square */
#define HAYANAGI_ERR_CSA_PIECE_MISMATCH (-87) /* the code is neither the piece there nor its promotion */
#define HAYANAGI_ERR_CSA_SAME_SQUARE (-88)    /* the destination is the from square */
/* Japanese move text (hayanagi_parse_japanese_move). */
#define HAYANAGI_ERR_JAPANESE_DESTINATION (-90)      /* not a destination square or "same" */
#define HAYANAGI_ERR_JAPANESE_NO_PREVIOUS_MOVE (-91) /* "same" with no previous move */
#define HAYANAGI_ERR_JAPANESE_PIECE (-92)            /* not a piece name */
#define HAYANAGI_ERR_JAPANESE_FROM_SQUARE (-93)      /* a from square that is not (two digits 1-9) */
#define HAYANAGI_ERR_JAPANESE_WRONG_SIDE (-94)       /* the sign is not the side to move's */
#define HAYANAGI_ERR_JAPANESE_NO_SUCH_MOVE (-95)     /* no legal move fits the text */
#define HAYANAGI_ERR_JAPANESE_AMBIGUOUS (-96)        /* several legal moves fit the text */
/* Packed positions (HCP, PackedSfen). */
#define HAYANAGI_ERR_PACK_MISSING_KING (-100)         /* the layouts need both kings */
#define HAYANAGI_ERR_PACK_TOO_MANY_PIECES (-101)      /* more pieces of a kind than the set has */
#define HAYANAGI_ERR_PACK_PLY_TOO_LARGE (-102)        /* a PSV record's ply does not fit 16 bits */
#define HAYANAGI_ERR_UNPACK_NO_KING (-103)            /* a king square of 81 (no king) */
#define HAYANAGI_ERR_UNPACK_BAD_KING_SQUARE (-104)    /* a king square above 81 */
#define HAYANAGI_ERR_UNPACK_KINGS_ON_ONE_SQUARE (-105) /* both kings on one square */
#define HAYANAGI_ERR_UNPACK_BAD_HAND_CODE (-106)      /* bits that start no hand code */
#define HAYANAGI_ERR_UNPACK_HAND_ORDER (-107)         /* hand codes out of the layout's order */
#define HAYANAGI_ERR_UNPACK_TRUNCATED (-108)          /* a code that runs past bit 256 */
/* 16-bit moves of packed records (cshogi / YaneuraOu layouts). */
#define HAYANAGI_ERR_MOVE16_NO_MOVE (-110)        /* the code 0 */
#define HAYANAGI_ERR_MOVE16_BAD_SQUARE (-111)     /* a destination above 80 */
#define HAYANAGI_ERR_MOVE16_BAD_ORIGIN (-112)     /* an origin that is neither a square nor a drop */
#define HAYANAGI_ERR_MOVE16_SAME_SQUARE (-113)    /* origin = destination (YaneuraOu's special codes) */
#define HAYANAGI_ERR_MOVE16_DROP_PROMOTION (-114) /* a drop with the promotion bit */
#define HAYANAGI_ERR_MOVE16_UNUSED_BIT (-115)     /* bit 15 set in a cshogi code */
/* Packed records (hcpe, PSV). */
#define HAYANAGI_ERR_RECORD_GAME_RESULT (-120) /* a game result outside the format's values */
#define HAYANAGI_ERR_RECORD_PADDING (-121)     /* a padding byte that is not 0 */
#define HAYANAGI_ERR_RECORD_PLY_ZERO (-122)    /* a PSV game ply of 0 */
#define HAYANAGI_ERR_RECORD_TRUNCATED (-123)   /* the bytes end inside the record */
/* The tsume solver (hayanagi_tsume_solve). */
#define HAYANAGI_ERR_TSUME_NO_DEFENDER_KING (-124)  /* the defender (side not to move) has no king */
#define HAYANAGI_ERR_TSUME_ATTACKER_IN_CHECK (-125) /* the attacker (side to move) is in check */
/* Game records (hayanagi_records.h); the hayanagi_game_error's line, column, ply and message say
   where and what. A record's CSA and Japanese moves give the HAYANAGI_ERR_CSA_* and _JAPANESE_*
   codes, its start position the SFEN rule codes, an illegal move HAYANAGI_ERR_ILLEGAL_MOVE. */
#define HAYANAGI_ERR_GAME_ENCODING (-130)            /* the bytes are not text in the encoding */
#define HAYANAGI_ERR_GAME_SYNTAX (-131)              /* something else was expected (the message says what) */
#define HAYANAGI_ERR_GAME_MOVE_NUMBER (-132)         /* a KIF move number that is not the next one */
#define HAYANAGI_ERR_GAME_MOVE_AFTER_END (-133)      /* a move after the end of the game */
#define HAYANAGI_ERR_GAME_UNKNOWN_HANDICAP (-134)    /* an unknown 手合割 name */
#define HAYANAGI_ERR_GAME_POSITION_AFTER_MOVES (-135) /* a start position line after the first move */
#define HAYANAGI_ERR_GAME_NO_DIAGRAM (-136)          /* a 手合割 that needs a board diagram, without one */
#define HAYANAGI_ERR_GAME_ENDING_CONTRADICTS (-137)  /* 詰み where the side to move is not mated */
#define HAYANAGI_ERR_GAME_VARIATION_PLY (-138)       /* a variation at a ply its line does not have */
#define HAYANAGI_ERR_GAME_UNSUPPORTED (-139)         /* a kind this build has no code for (see the message) */

/* ----- game records (the functions are in hayanagi_records.h, the records library) ----- */

/* Formats: hayanagi_game_read's `format` (DETECT: guessed as the records crate guesses) and result. */
#define HAYANAGI_GAME_FORMAT_DETECT (-1)
#define HAYANAGI_GAME_FORMAT_CSA 0
#define HAYANAGI_GAME_FORMAT_KIF 1
#define HAYANAGI_GAME_FORMAT_KI2 2
#define HAYANAGI_GAME_FORMAT_USI 3
#define HAYANAGI_GAME_FORMAT_JKF 4
/* Text encodings (DETECT when reading: a BOM or declaration, else UTF-8 if valid, else Shift_JIS). */
#define HAYANAGI_GAME_ENCODING_DETECT (-1)
#define HAYANAGI_GAME_ENCODING_UTF8 0
#define HAYANAGI_GAME_ENCODING_SHIFT_JIS 1
/* How a game ended (hayanagi_game_ending, hayanagi_game_set_ending). */
#define HAYANAGI_ENDING_NONE 0
#define HAYANAGI_ENDING_RESIGN 1          /* 投了, %TORYO */
#define HAYANAGI_ENDING_ABORT 2           /* 中断, %CHUDAN */
#define HAYANAGI_ENDING_REPETITION 3      /* 千日手, %SENNICHITE */
#define HAYANAGI_ENDING_IMPASSE 4         /* 持将棋, %JISHOGI */
#define HAYANAGI_ENDING_MAX_MOVES 5       /* 最大手数, %MAX_MOVES */
#define HAYANAGI_ENDING_MATE 6            /* 詰み, %TSUMI */
#define HAYANAGI_ENDING_NO_MATE 7         /* 不詰, %FUZUMI */
#define HAYANAGI_ENDING_TIME_UP 8         /* 切れ負け, %TIME_UP */
#define HAYANAGI_ENDING_ILLEGAL_MOVE 9    /* 反則負け, %ILLEGAL_MOVE */
#define HAYANAGI_ENDING_ILLEGAL_ACTION 10 /* 反則勝ち, %+ILLEGAL_ACTION / %-ILLEGAL_ACTION */
#define HAYANAGI_ENDING_DECLARATION 11    /* 入玉勝ち, %KACHI */
#define HAYANAGI_ENDING_WIN_BY_DEFAULT 12 /* 不戦勝 */
#define HAYANAGI_ENDING_LOSS_BY_DEFAULT 13 /* 不戦敗 */
#define HAYANAGI_ENDING_ERROR 14          /* %ERROR */
#define HAYANAGI_ENDING_TAKE_BACK 15      /* 待った, %MATTA */
#define HAYANAGI_ENDING_SEALED 16         /* 封じ手 */
/* A variation's parent when it branches from the main line (hayanagi_game_add_variation; the
   parent hayanagi_game_variation gives). */
#define HAYANAGI_GAME_MAIN_LINE (-1)
/* A winner beside HAYANAGI_BLACK and HAYANAGI_WHITE; DEFAULT: the ending's usual winner. */
#define HAYANAGI_NO_WINNER (-1)
#define HAYANAGI_DEFAULT_WINNER (-2)
/* hayanagi_game_comment's `which`. */
#define HAYANAGI_GAME_COMMENTS_START 0 /* before the first move */
#define HAYANAGI_GAME_COMMENTS_END 1   /* after the ending */
/* The bytes of hayanagi_game_error's message, its NUL included. */
#define HAYANAGI_GAME_MESSAGE_SIZE 256
/* The bytes of a game with no move, header or comment; each move takes 24 more, each header 16, each
   variation 48 and each of its moves 24, and each string its length + 1. */
#define HAYANAGI_GAME_FIXED_SIZE 576

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

/* One slot of the tsume solver's transposition table: an array of them, of any length, is the
   table (HAYANAGI_TSUME_ENTRY_SIZE bytes each, uint64_t-aligned by the type). */
typedef struct hayanagi_tsume_entry {
    uint64_t opaque[2];
} hayanagi_tsume_entry;

/* One element of a game history's storage: an array of HAYANAGI_HISTORY_ENTRIES(moves) of them holds
   the history's state and up to `moves` moves (16 bytes each). Set up by hayanagi_history_init. */
typedef struct hayanagi_history_entry {
    uint64_t opaque[2];
} hayanagi_history_entry;

/* The state of a chunked reader of hcpe or PSV records (hayanagi_record_reader_init): the partial
   record between chunks and the count of records read. Caller-allocated, no alignment requirement;
   a byte copy is the same reader at the same point of the stream. */
typedef struct hayanagi_record_reader {
    unsigned char opaque[HAYANAGI_RECORD_READER_SIZE];
} hayanagi_record_reader;

/* ----- functions ----- */

/* The library's version, "0.1.0": HAYANAGI_VERSION_STRING of the header it was built with. Static,
   NUL-terminated, never NULL. */
const char *hayanagi_version(void);

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
   the generator's (not sorted). With capacity >= HAYANAGI_MAX_MOVES (the usual array) the moves are
   generated straight into the array, which is fastest.
   Errors: NULL_POINTER (pos, moves), NOT_A_POSITION, BUFFER_TOO_SMALL. */
int32_t hayanagi_legal_moves(const hayanagi_position *pos, uint16_t *moves, size_t capacity, size_t *needed);

/* hayanagi_legal_moves for the legal moves that `filter` (HAYANAGI_FILTER_*) selects: exactly the
   moves of the full list that the filter's rule selects, in the generator's order for that filter
   (checks may come in another order than in the full list).
   Errors: OUT_OF_RANGE (filter), and those of hayanagi_legal_moves. */
int32_t hayanagi_legal_moves_of(const hayanagi_position *pos, int32_t filter, uint16_t *moves, size_t capacity,
                                size_t *needed);

/* Writes a move in USI ("7g7f", "8h2b+", "P*5e") and a NUL into buf (`size` bytes) and returns the
   length without the NUL; the text does not depend on a position. Short buffer as in
   hayanagi_position_sfen. HAYANAGI_USI_BUFFER_SIZE bytes are always enough.
   Errors: BAD_MOVE, NULL_POINTER (buf), BAD_LENGTH, BUFFER_TOO_SMALL. */
int32_t hayanagi_move_to_usi(uint16_t move, char *buf, size_t size, size_t *needed);

/* Reads a USI move and accepts it only if it is legal in *pos; writes it into *move (the Rust
   library's Position::parse_usi_move; hayanagi_move_from_usi reads the syntax only).
   Errors: NULL_POINTER (pos, text, move), NOT_A_POSITION, BAD_LENGTH, MOVE_* (with the byte offset
   of the problem in *error_offset if that is not NULL), ILLEGAL_MOVE (a well-formed move that is not
   legal here; offset 0). */
int32_t hayanagi_parse_usi_move(const hayanagi_position *pos, const char *text, size_t len, uint16_t *move,
                                size_t *error_offset);

/* Plays `move` if it is legal in *pos (otherwise leaves *pos unchanged). If undo is not NULL, writes
   into *undo what hayanagi_undo needs to take the move back.
   Errors: NULL_POINTER (pos), NOT_A_POSITION, BAD_MOVE, ILLEGAL_MOVE, PLY_OVERFLOW. */
int32_t hayanagi_play(hayanagi_position *pos, uint16_t move, hayanagi_undo_record *undo);

/* Takes back the move recorded in *undo, which must be the last move played on *pos (checked: the
   position's key and ply must be the ones right after that move; otherwise *pos is left unchanged).
   Errors: NULL_POINTER (pos, undo), NOT_A_POSITION, NOT_AN_UNDO_RECORD, UNDO_MISMATCH. */
int32_t hayanagi_undo(hayanagi_position *pos, const hayanagi_undo_record *undo);

/* True if the side to move is in check. False on an error, whose code goes to *error if that is not
   NULL (HAYANAGI_OK otherwise).
   Errors: NULL_POINTER (pos), NOT_A_POSITION. */
bool hayanagi_in_check(const hayanagi_position *pos, int32_t *error);

/* The game status judged from the position alone: HAYANAGI_STATUS_NONE, _MATE or _NO_MOVES.
   (Repetition and perpetual check need the moves that led here, which a position does not hold:
   hayanagi_history_status judges them.)
   Errors: NULL_POINTER, NOT_A_POSITION. */
int32_t hayanagi_status(const hayanagi_position *pos);

/* The static NUL-terminated spelling of a HAYANAGI_STATUS_* code ("none", "mate", "no_moves",
   "draw_repetition", "win_perpetual_check", "loss_perpetual_check", "draw_max_ply"); "unknown" for
   any other value (an error code, say). Never NULL. */
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

/* ----- more questions about a position ----- */

/* True if `move` is legal in *pos (exactly when hayanagi_legal_moves lists it). False on an error,
   whose code goes to *error if that is not NULL (HAYANAGI_OK otherwise).
   Errors: NULL_POINTER (pos), NOT_A_POSITION, BAD_MOVE (not a move encoding). */
bool hayanagi_is_legal(const hayanagi_position *pos, uint16_t move, int32_t *error);

/* True if the legal move `move` gives check (directly or by uncovering a slider). False on an error,
   whose code goes to *error if that is not NULL (HAYANAGI_OK otherwise).
   Errors: NULL_POINTER (pos), NOT_A_POSITION, BAD_MOVE, ILLEGAL_MOVE. */
bool hayanagi_gives_check(const hayanagi_position *pos, uint16_t move, int32_t *error);

/* The number of legal moves, without a list (0 to HAYANAGI_MAX_MOVES).
   Errors: NULL_POINTER, NOT_A_POSITION. */
int32_t hayanagi_count_legal_moves(const hayanagi_position *pos);

/* The piece on `square` (0-80): HAYANAGI_EMPTY or HAYANAGI_PIECE(colour, kind).
   Errors: NULL_POINTER, NOT_A_POSITION, OUT_OF_RANGE. */
int32_t hayanagi_piece_at(const hayanagi_position *pos, int32_t square);

/* Writes the piece on every square into board[0..81), in square order (board[HAYANAGI_SQUARE(7, 7)]
   is 7g), as hayanagi_piece_at gives them.
   Errors: NULL_POINTER (pos, board), NOT_A_POSITION. */
int32_t hayanagi_board(const hayanagi_position *pos, uint8_t board[81]);

/* How many pieces of `kind` (HAYANAGI_PAWN .. HAYANAGI_ROOK) `color` holds in hand.
   Errors: NULL_POINTER, NOT_A_POSITION, OUT_OF_RANGE. */
int32_t hayanagi_hand_count(const hayanagi_position *pos, int32_t color, int32_t kind);

/* Writes both hands into counts[0..14): counts[color * HAYANAGI_HAND_KINDS + kind].
   Errors: NULL_POINTER (pos, counts), NOT_A_POSITION. */
int32_t hayanagi_hands(const hayanagi_position *pos, uint8_t counts[14]);

/* The square of `color`'s king (0-80), or HAYANAGI_NO_SQUARE if it has none (tsume positions).
   Errors: NULL_POINTER, NOT_A_POSITION, OUT_OF_RANGE. */
int32_t hayanagi_king_square(const hayanagi_position *pos, int32_t color);

/* Judges an entering-king declaration (nyugyoku sengen) by the side to move under `rule`
   (HAYANAGI_RULE_27_POINTS or HAYANAGI_RULE_24_POINTS): returns HAYANAGI_DECLARATION_WIN, _DRAW or
   _INVALID. If not NULL, *points receives its points (big pieces 5, others 1, in the enemy camp and
   in hand), *pieces_in_camp how many of its pieces other than the king are in the enemy camp, and
   *failed the HAYANAGI_DECLARATION_* bits of the conditions that fail (0 unless _INVALID). Conditions
   outside the position (time left) are the caller's.
   Errors: NULL_POINTER (pos), NOT_A_POSITION, OUT_OF_RANGE (rule). */
int32_t hayanagi_declaration(const hayanagi_position *pos, int32_t rule, uint32_t *points,
                             uint32_t *pieces_in_camp, uint32_t *failed);

/* ----- move codes ----- */

/* The code of the board move from `from` to `to` (squares 0-80), promoting if `promote` is non-zero
   (32768 to 65535; it says nothing about legality).
   Errors: OUT_OF_RANGE (a square), MOVE_SAME_SQUARE. */
int32_t hayanagi_move_normal(int32_t from, int32_t to, int32_t promote);

/* The code of the drop of `kind` (HAYANAGI_PAWN .. HAYANAGI_ROOK) on `to` (0-80).
   Errors: OUT_OF_RANGE (the kind or the square). */
int32_t hayanagi_move_drop(int32_t kind, int32_t to);

/* Takes a move code apart: returns HAYANAGI_OK, and each out-parameter that is not NULL receives:
   *from the origin square (HAYANAGI_NO_SQUARE for a drop), *to the destination, *promote 1 or 0,
   *drop_kind the dropped kind (HAYANAGI_NO_KIND for a board move).
   Errors: BAD_MOVE. */
int32_t hayanagi_move_decode(uint16_t move, int32_t *from, int32_t *to, int32_t *promote, int32_t *drop_kind);

/* Reads a USI move ("7g7f", "8h2b+", "P*5e") without a position, checking its syntax only, into *move
   (the Rust library's Move::from_usi; hayanagi_parse_usi_move also checks that it is legal).
   Errors: NULL_POINTER (text, move), BAD_LENGTH, MOVE_* (with the byte offset of the problem in
   *error_offset if that is not NULL). */
int32_t hayanagi_move_from_usi(const char *text, size_t len, uint16_t *move, size_t *error_offset);

/* ----- fast play ----- */

/* Plays `move` like hayanagi_play, without the full legality test: for moves the library generated
   for this very position (hayanagi_legal_moves, or accepted by hayanagi_is_legal), about 3 times
   faster in a search or perft loop. The contract holds for every value, legal or not, and is never
   undefined behaviour:
   - It checks the code (BAD_MOVE), the ply (PLY_OVERFLOW), and the move's shape: a board move must
     start from a piece of the side to move, promote only if that kind promotes (not a gold, king or
     promoted piece), and must not land on a piece of its own or on a king; a drop must be of a piece
     in hand onto an empty square. A move failing these returns ILLEGAL_MOVE
     and changes nothing.
   - A move of the right shape that is not legal (a piece moving where it cannot, jumping over
     pieces, leaving its king in check, nifu, uchifuzume, a piece left without moves) is played as
     given: the position is then outside the rules but still one the library works on safely (the
     same pieces on the board and in hand, at most one king per colour): every function keeps its
     contract on it, hayanagi_undo with the record restores the position exactly, and
     hayanagi_legal_moves lists what the generator finds there. Such a position is not one a game
     can reach; its SFEN may be refused by hayanagi_position_from_sfen.
   Errors: NULL_POINTER (pos), NOT_A_POSITION, BAD_MOVE, ILLEGAL_MOVE (shape), PLY_OVERFLOW. */
int32_t hayanagi_play_unchecked(hayanagi_position *pos, uint16_t move, hayanagi_undo_record *undo);

/* Copy/make in one call: writes into *child the position *pos leads to by `move`, leaving *pos
   unchanged (as `*child = *pos` then hayanagi_play_unchecked on the child, without copying a
   record's unused bytes or checking the child's old contents: *child may be uninitialised memory).
   hayanagi_play_into tests legality as hayanagi_play does; hayanagi_play_unchecked_into makes the
   shape checks of hayanagi_play_unchecked only, with the same contract for every value. On an error
   the move is not played: *child is unchanged after NULL_POINTER and NOT_A_POSITION, and holds a
   copy of *pos after the others. `child` may be `pos` (then the move is played in place, and an
   error changes nothing); otherwise the two must not overlap.
   Errors: NULL_POINTER (pos, child), NOT_A_POSITION (pos), BAD_MOVE, ILLEGAL_MOVE, PLY_OVERFLOW. */
int32_t hayanagi_play_into(const hayanagi_position *pos, uint16_t move, hayanagi_position *child);
int32_t hayanagi_play_unchecked_into(const hayanagi_position *pos, uint16_t move, hayanagi_position *child);

/* ----- game history (repetition, perpetual check, move limit) ----- */

/* Sets up a game history in `storage`, an array of `entries` hayanagi_history_entry
   (HAYANAGI_HISTORY_ENTRIES(moves) for room for `moves` moves), and returns its capacity in moves.
   The history records the moves played through it and judges repetition (the fourth occurrence of a
   position, confirmed against the whole position) and perpetual check, as the Rust library's
   History does (docs/RULES.md R44-R47). It holds no position: the caller keeps the position and passes it
   with each call, which checks that it is the one the history has reached. The storage is the
   history's whole state: a byte copy of all `entries` entries is the same history.
   Errors: NULL_POINTER, MISALIGNED, BAD_LENGTH (fewer than HAYANAGI_HISTORY_HEADER_ENTRIES entries, or
   more than HAYANAGI_HISTORY_ENTRIES(HAYANAGI_MAX_HISTORY_MOVES)). */
int32_t hayanagi_history_init(hayanagi_history_entry *storage, size_t entries);

/* The number of moves recorded.
   Errors: NULL_POINTER, MISALIGNED, NOT_A_HISTORY. */
int32_t hayanagi_history_len(const hayanagi_history_entry *history);

/* Forgets every move: the history can record another game.
   Errors: NULL_POINTER, MISALIGNED, NOT_A_HISTORY. */
int32_t hayanagi_history_clear(hayanagi_history_entry *history);

/* Plays the legal move `move` on *pos (the position the history has reached; any position before the
   first move) and records it. On an error neither changes.
   Errors: NULL_POINTER, MISALIGNED, NOT_A_HISTORY, NOT_A_POSITION, BAD_MOVE, ILLEGAL_MOVE,
   PLY_OVERFLOW, HISTORY_NOT_CURRENT, HISTORY_FULL. */
int32_t hayanagi_history_play(hayanagi_history_entry *history, hayanagi_position *pos, uint16_t move);

/* Takes back the last move recorded, on *pos (the position the history has reached), and forgets
   it; writes the move into *move if that is not NULL. On an error neither changes.
   Errors: NULL_POINTER (history, pos), MISALIGNED, NOT_A_HISTORY, NOT_A_POSITION, HISTORY_EMPTY,
   HISTORY_NOT_CURRENT. */
int32_t hayanagi_history_undo(hayanagi_history_entry *history, hayanagi_position *pos, uint16_t *move);

/* Writes the recorded moves, first to last, into moves[0..count) and returns count; a short array
   as in hayanagi_legal_moves (BUFFER_TOO_SMALL, *needed).
   Errors: NULL_POINTER (history, moves), MISALIGNED, NOT_A_HISTORY, BUFFER_TOO_SMALL. */
int32_t hayanagi_history_moves(const hayanagi_history_entry *history, uint16_t *moves, size_t capacity,
                               size_t *needed);

/* The status of *pos, the position the history has reached: HAYANAGI_STATUS_MATE or _NO_MOVES (as
   hayanagi_status), else _DRAW_REPETITION, _WIN_PERPETUAL_CHECK (the opponent gave check with every
   move since the first of the four occurrences: the side to move wins), _LOSS_PERPETUAL_CHECK (the
   side to move did), else _DRAW_MAX_PLY if max_ply is not 0 and the move numbered max_ply has been
   played (the ply of *pos is above max_ply: 256 draws a game from startpos after its 256th move),
   else _NONE.
   Errors: NULL_POINTER, MISALIGNED, NOT_A_HISTORY, NOT_A_POSITION, HISTORY_NOT_CURRENT. */
int32_t hayanagi_history_status(const hayanagi_history_entry *history, const hayanagi_position *pos,
                                uint64_t max_ply);

/* Reads a USI position command as hayanagi_position_from_usi does, and records its moves in the
   history, which is cleared first: an engine's `position ... moves ...` gives the position and the
   history that judges repetition in it. On an error *out and the history are unchanged.
   Errors: those of hayanagi_position_from_usi and hayanagi_history_init's MISALIGNED,
   NOT_A_HISTORY, HISTORY_FULL (the offset is at the move that did not fit). */
int32_t hayanagi_position_from_usi_with_history(hayanagi_position *out, hayanagi_history_entry *history,
                                                const char *command, size_t len, size_t *error_offset);

/* ----- more moves: pass, the key after a move ----- */

/* Passes the turn (a null move, for search): the side to move changes, the ply stays, the key
   changes by the side-to-move key. Take it back with a second pass.
   Errors: NULL_POINTER, NOT_A_POSITION, PASS_IN_CHECK (the side to move is in check; *pos unchanged). */
int32_t hayanagi_pass(hayanagi_position *pos);

/* Writes into *key the Zobrist key of the position the legal move `move` leads to, without playing it
   (what hayanagi_key gives after hayanagi_play).
   Errors: NULL_POINTER (pos, key), NOT_A_POSITION, BAD_MOVE, ILLEGAL_MOVE. */
int32_t hayanagi_key_after(const hayanagi_position *pos, uint16_t move, uint64_t *key);

/* ===== The extended set: present in the C libraries; the npm package's core WebAssembly module is
   built without it (capi's cargo feature "extended"). ===== */

/* ----- mate search, static exchange evaluation ----- */

/* True if the side to move mates at once: a legal move after which the opponent is in check with no
   legal reply (a pawn drop never mates: uchifuzume). If move is not NULL it receives that move (one of
   them when several mate). False on an error, whose code goes to *error if that is not NULL.
   Errors: NULL_POINTER (pos), NOT_A_POSITION. */
bool hayanagi_mate_in_1(const hayanagi_position *pos, uint16_t *move, int32_t *error);

/* Looks for a forced mate in at most 3 plies (every defence answered): returns its length, 1 or 3, and
   writes the line (attacker, defender, attacker) into line[0..length); 0 if there is none.
   Errors: NULL_POINTER (pos, line), NOT_A_POSITION. */
int32_t hayanagi_mate_in_3(const hayanagi_position *pos, uint16_t line[3]);

/* The static exchange evaluation of the legal move `move` into *value: what it wins on its target
   square when both sides then capture there with their least valuable piece while it pays. `values`
   gives the 14 piece values by kind (each within +-HAYANAGI_MAX_SEE_VALUE), NULL for the defaults
   (P 90, L 315, N 405, S 495, G 540, B 855, R 990, K 0, +P +L +N +S 540, +B 945, +R 1395).
   Errors: NULL_POINTER (pos, value), NOT_A_POSITION, OUT_OF_RANGE (a value), BAD_MOVE, ILLEGAL_MOVE. */
int32_t hayanagi_see(const hayanagi_position *pos, uint16_t move, const int32_t values[14], int32_t *value);

/* True if hayanagi_see of `move` is at least `threshold`. False on an error, whose code goes to
   *error if that is not NULL.
   Errors: those of hayanagi_see but NULL value. */
bool hayanagi_see_ge(const hayanagi_position *pos, uint16_t move, const int32_t values[14], int32_t threshold,
                     int32_t *error);

/* ----- typed setup and handicaps ----- */

/* Builds a position from board[81] (HAYANAGI_EMPTY or HAYANAGI_PIECE codes, square order), hands[14]
   (counts, [color * HAYANAGI_HAND_KINDS + kind], as hayanagi_hands writes them), the side to move,
   the ply and the rules `relax` relaxes (HAYANAGI_RELAX_* bits), and checks every rule: on success
   writes *out. Otherwise returns the first problem's code and, if problems is not NULL, writes up to
   `capacity` problems as pairs problems[2i] = code, problems[2i + 1] = the square it is about (or
   HAYANAGI_NO_SQUARE), in the order the rules are checked (board problems from 9a to 1i first); *count
   (if not NULL) receives how many problems there are (0 on success). A board byte that is no piece
   code is OUT_OF_RANGE, reported as the one problem with its square.
   Codes: SFEN_TWO_KINGS, SFEN_TOO_MANY_PIECES, SFEN_DEAD_PIECE, SFEN_NIFU, SFEN_OPPONENT_IN_CHECK,
   SFEN_PLY_ZERO, MISSING_KING, MISSING_PIECES (the rules, named as the SFEN reader reports them).
   Errors: NULL_POINTER (out, board, hands), BAD_LENGTH (capacity), OUT_OF_RANGE (side, relax bits, a
   board byte), and the codes above. */
int32_t hayanagi_position_setup(hayanagi_position *out, const uint8_t board[81], const uint8_t hands[14],
                                int32_t side, uint64_t ply, uint32_t relax, int32_t *problems, size_t capacity,
                                size_t *count);

/* Writes the start position of a handicap game (HAYANAGI_HANDICAP_*: White moves first) into *out.
   Errors: NULL_POINTER, OUT_OF_RANGE. */
int32_t hayanagi_position_handicap(hayanagi_position *out, int32_t handicap);

/* The handicap whose start position *pos is (board, hands and side; any ply), or HAYANAGI_NO_HANDICAP
   (the even start position too).
   Errors: NULL_POINTER, NOT_A_POSITION. */
int32_t hayanagi_handicap_of(const hayanagi_position *pos);

/* The static NUL-terminated name of a handicap: with japanese 0 the name the CLI reads ("rook-lance"),
   otherwise the Japanese one in UTF-8 ("飛香落ち", as KIF's 手合割 writes it); "unknown" for any other
   value. Never NULL. */
const char *hayanagi_handicap_name(int32_t handicap, int32_t japanese);

/* ----- CSA and Japanese move text ----- */

/* Writes the legal move `move` of *pos in CSA ("+7776FU": sign, from square (00 for a drop), to square,
   the piece after the move) and a NUL into buf; a short buffer as in hayanagi_position_sfen.
   HAYANAGI_CSA_BUFFER_SIZE bytes are always enough.
   Errors: NULL_POINTER (pos, buf), NOT_A_POSITION, BAD_MOVE, ILLEGAL_MOVE, BAD_LENGTH, BUFFER_TOO_SMALL. */
int32_t hayanagi_move_to_csa(const hayanagi_position *pos, uint16_t move, char *buf, size_t size, size_t *needed);

/* Reads a CSA move (exactly 7 bytes) that must be legal in *pos into *move.
   Errors: NULL_POINTER (pos, text, move), NOT_A_POSITION, BAD_LENGTH, CSA_* (the byte offset in
   *error_offset if that is not NULL), ILLEGAL_MOVE. */
int32_t hayanagi_parse_csa_move(const hayanagi_position *pos, const char *text, size_t len, uint16_t *move,
                                size_t *error_offset);

/* Writes the legal move `move` of *pos in Japanese, UTF-8, in `style` (HAYANAGI_STYLE_KIF or _KI2),
   and a NUL into buf; a short buffer as in hayanagi_position_sfen. previous_to is the destination of
   the move before (0-80, for 同 "same square") or HAYANAGI_NO_SQUARE. HAYANAGI_JAPANESE_BUFFER_SIZE
   bytes are always enough.
   Errors: NULL_POINTER (pos, buf), NOT_A_POSITION, OUT_OF_RANGE (style, previous_to), BAD_MOVE,
   ILLEGAL_MOVE, BAD_LENGTH, BUFFER_TOO_SMALL. */
int32_t hayanagi_move_to_japanese(const hayanagi_position *pos, uint16_t move, int32_t previous_to, int32_t style,
                                  char *buf, size_t size, size_t *needed);

/* Reads a Japanese move (UTF-8; KIF or KI2: "▲７六歩", "７六歩(77)", "同　銀", "５八金右") that must be
   legal in *pos into *move; reading stops at the first character that belongs to no move (a space, a
   time field), and *read (if not NULL) receives the bytes read. previous_to as in
   hayanagi_move_to_japanese. This text may hold any UTF-8 (the one exception to printable ASCII).
   Errors: NULL_POINTER (pos, text, move), NOT_A_POSITION, BAD_LENGTH, OUT_OF_RANGE (previous_to),
   NOT_UTF8, JAPANESE_* (with the byte offset in *error_offset if that is not NULL), ILLEGAL_MOVE. */
int32_t hayanagi_parse_japanese_move(const hayanagi_position *pos, const char *text, size_t len,
                                     int32_t previous_to, uint16_t *move, size_t *read, size_t *error_offset);

/* ----- packed positions and training records (hcpe, PSV) ----- */

/* Writes *pos in a packed layout (HAYANAGI_PACKED_HCP or _SFEN) into out[0..32) and returns 32.
   Errors: NULL_POINTER (pos, out), NOT_A_POSITION, OUT_OF_RANGE (format), BUFFER_TOO_SMALL (size <
   32), PACK_MISSING_KING (the layouts need both kings), PACK_TOO_MANY_PIECES. */
int32_t hayanagi_position_pack(const hayanagi_position *pos, int32_t format, uint8_t *out, size_t size);

/* Reads a packed position (ply 1) from bytes[0..32) into *out; exactly what hayanagi_position_pack
   writes is accepted.
   Errors: NULL_POINTER (out, bytes), OUT_OF_RANGE (format), BAD_LENGTH, RECORD_TRUNCATED (len < 32;
   offset len), UNPACK_* and the setup codes of hayanagi_position_setup (the byte offset of the
   offending code in *error_offset if that is not NULL). */
int32_t hayanagi_position_unpack(hayanagi_position *out, int32_t format, const uint8_t *bytes, size_t len,
                                 size_t *error_offset);

/* Reads record `index` (from 0) of an array of hcpe records, bytes[0..len) (a file's contents; records
   need no alignment): the position into *pos (ply 1) and, each if not NULL, *eval, *best_move (legal
   in *pos), *result (HAYANAGI_GAME_*).
   Errors: NULL_POINTER (pos, bytes), BAD_LENGTH, OUT_OF_RANGE (no record starts at index),
   RECORD_TRUNCATED (the bytes end inside it), the codes of hayanagi_position_unpack, MOVE16_*,
   ILLEGAL_MOVE (the best move), RECORD_GAME_RESULT, RECORD_PADDING; but OUT_OF_RANGE, the byte offset
   in the array of the field in *error_offset if that is not NULL. */
int32_t hayanagi_hcpe_read(const uint8_t *bytes, size_t len, size_t index, hayanagi_position *pos, int32_t *eval,
                           uint16_t *best_move, int32_t *result, size_t *error_offset);

/* Writes an hcpe record of *pos (eval fits int16_t, best_move legal in *pos, result HAYANAGI_GAME_*)
   into out[0..HAYANAGI_HCPE_SIZE) and returns HAYANAGI_HCPE_SIZE.
   Errors: NULL_POINTER (pos, out), NOT_A_POSITION, OUT_OF_RANGE (eval, result), BAD_MOVE,
   ILLEGAL_MOVE, BUFFER_TOO_SMALL, PACK_*. */
int32_t hayanagi_hcpe_write(const hayanagi_position *pos, int32_t eval, uint16_t best_move, int32_t result,
                            uint8_t *out, size_t size);

/* hayanagi_hcpe_read for PSV records: the position with the record's game ply, *score, *move,
   *result (HAYANAGI_PSV_*: for the side to move); also RECORD_PLY_ZERO. */
int32_t hayanagi_psv_read(const uint8_t *bytes, size_t len, size_t index, hayanagi_position *pos, int32_t *score,
                          uint16_t *move, int32_t *result, size_t *error_offset);

/* hayanagi_hcpe_write for PSV records (the ply of *pos as the game ply, at most 65535:
   PACK_PLY_TOO_LARGE), into out[0..HAYANAGI_PSV_SIZE). */
int32_t hayanagi_psv_write(const hayanagi_position *pos, int32_t score, uint16_t move, int32_t result, uint8_t *out,
                           size_t size);

/* Record streams too large for memory (a training file read in chunks of any size: fread, a socket,
   a decompressor's output). Records may be split anywhere between two chunks: the reader keeps the
   bytes of the partial record. A loop:

       hayanagi_record_reader reader;
       hayanagi_record_reader_init(&reader, HAYANAGI_RECORDS_HCPE);
       while ((len = fread(buf, 1, sizeof buf, file)) > 0) {
           const uint8_t *p = buf;
           while (len > 0) {
               rc = hayanagi_record_reader_next(&reader, p, len, &used, &pos, &eval, &move, &result,
                                                &index, &offset);
               p += used, len -= used;
               if (rc == 1) ...record `index` is in pos, eval, move, result...
               else if (rc < 0) ...record `index` is bad at byte `offset` of the stream: stop, or go on...
           }
       }
       rc = hayanagi_record_reader_finish(&reader, &count, &offset);   (RECORD_TRUNCATED: a partial record)

   Sets up *reader at the start of a stream of `format` (HAYANAGI_RECORDS_HCPE or _PSV) records.
   Errors: NULL_POINTER, OUT_OF_RANGE (format). */
int32_t hayanagi_record_reader_init(hayanagi_record_reader *reader, int32_t format);

/* Reads the next record of the stream from the chunk bytes[0..len) (bytes may be NULL when len is
   0), after the bytes of a partial record the reader holds. Returns 1 when a record is complete:
   as hayanagi_hcpe_read / hayanagi_psv_read, its position into *pos and, each if not NULL, *value
   (eval or score), *move, *result, and its number in the stream (from 0) into *index. Returns 0
   when the chunk ends before the record does: its bytes are kept in the reader for the next chunk.
   *consumed receives how many bytes of the chunk were used (at most one record's), whatever the
   result: pass the rest of the chunk to the next call. A record that does not decode returns its
   error, with its number in *index and the byte offset in the whole stream of the offending field
   in *error_offset (each if not NULL); it is consumed all the same, so the next call reads the next
   record. *pos changes only when 1 is returned.
   Errors: NULL_POINTER (reader, bytes with len > 0, consumed, pos), NOT_A_READER, BAD_LENGTH, and
   the record errors of hayanagi_hcpe_read / hayanagi_psv_read (UNPACK_*, the setup codes, MOVE16_*,
   ILLEGAL_MOVE, RECORD_GAME_RESULT, RECORD_PADDING, RECORD_PLY_ZERO). After NULL_POINTER,
   NOT_A_READER and BAD_LENGTH nothing was consumed or written. */
int32_t hayanagi_record_reader_next(hayanagi_record_reader *reader, const uint8_t *bytes, size_t len, size_t *consumed,
                                    hayanagi_position *pos, int32_t *value, uint16_t *move, int32_t *result,
                                    uint64_t *index, uint64_t *error_offset);

/* Ends the stream: *records (if not NULL) receives the records completed (read or refused). Returns
   HAYANAGI_OK, or RECORD_TRUNCATED if the stream ended inside a record (*error_offset, if not NULL,
   receives the stream's length, where it ended). The reader is not changed.
   Errors: NULL_POINTER (reader), NOT_A_READER, RECORD_TRUNCATED. */
int32_t hayanagi_record_reader_finish(const hayanagi_record_reader *reader, uint64_t *records, uint64_t *error_offset);

/* ----- the tsume solver ----- */

/* Empties a solver table of `entries` entries (do this once; a table may then serve any number of
   searches, which reuse what earlier ones stored).
   Errors: NULL_POINTER, MISALIGNED, BAD_LENGTH. */
int32_t hayanagi_tsume_init(hayanagi_tsume_entry *table, size_t entries);

/* Solves the tsume (mating problem) of *pos: the side to move attacks, giving check with every
   move, the defender answers with its longest defence (df-pn search over `table`, whose size bounds
   its memory; the Rust library's TsumeSolver). At most node_limit positions (0: none, UINT64_MAX:
   unbounded) and max_depth plies (400 is the Rust default). Returns HAYANAGI_TSUME_MATE and writes
   the line (attacker first, odd length, ending in mate, checked move by move) into line[0..*len)
   (len if not NULL), HAYANAGI_TSUME_NO_MATE, or the HAYANAGI_TSUME_* reason there is no answer;
   *nodes (if not NULL) receives the positions searched.
   Errors: NULL_POINTER (pos, table, line), NOT_A_POSITION, MISALIGNED, BAD_LENGTH,
   TSUME_NO_DEFENDER_KING, TSUME_ATTACKER_IN_CHECK. */
int32_t hayanagi_tsume_solve(const hayanagi_position *pos, hayanagi_tsume_entry *table, size_t entries,
                             uint64_t node_limit, uint32_t max_depth, uint16_t *line, size_t capacity, size_t *len,
                             uint64_t *nodes);

/* The shortest mate of *pos (the Rust TsumeSolver::solve_shortest): after the first proof, mates two
   plies shorter are asked for until one is disproved. `counting` is HAYANAGI_TSUME_COUNTING_*.
   Returns as hayanagi_tsume_solve; on a mate also *length (the counted length: with the convention a
   line ending in a useless interposition and its capture is two plies longer than it) and *minimal
   (1: no shorter mate exists; 0: a limit stopped the shortening, *length is the shortest found),
   each if not NULL. The line: the attacker plays a shortest mate, the defender its longest defence.
   Errors: as hayanagi_tsume_solve, and OUT_OF_RANGE (counting). */
int32_t hayanagi_tsume_solve_shortest(const hayanagi_position *pos, hayanagi_tsume_entry *table, size_t entries,
                                      uint64_t node_limit, uint32_t max_depth, int32_t counting, uint16_t *line,
                                      size_t capacity, size_t *len, uint32_t *length, int32_t *minimal,
                                      uint64_t *nodes);

/* The alternative mates (余詰) along line[0..line_len), a mate of counted `length` from *pos (as
   hayanagi_tsume_solve_shortest gives; the Rust TsumeSolver::alternatives): at each attacker's ply,
   every other check that still mates within the plies the line has left from there. Writes up to
   `capacity` of them (at most HAYANAGI_TSUME_MAX_ALTERNATIVES) as plies[i] (0: the first move) and
   moves[i]; *count (if not NULL) receives how many. Returns HAYANAGI_OK when every ply was searched,
   HAYANAGI_TSUME_LINE_NOT_FOUND when the line is not a mating line from *pos, or the HAYANAGI_TSUME_*
   reason a search stopped (the alternatives found before are written).
   Errors: NULL_POINTER (pos, table, line, plies, moves), NOT_A_POSITION, MISALIGNED, BAD_LENGTH
   (line_len above HAYANAGI_TSUME_MAX_LINE, length above 65535), BAD_MOVE, OUT_OF_RANGE (counting). */
int32_t hayanagi_tsume_alternatives(const hayanagi_position *pos, hayanagi_tsume_entry *table, size_t entries,
                                    uint64_t node_limit, uint32_t max_depth, int32_t counting, const uint16_t *line,
                                    size_t line_len, uint32_t length, size_t *plies, uint16_t *moves,
                                    size_t capacity, size_t *count);

#ifdef __cplusplus
}
#endif

#endif /* HAYANAGI_H */
