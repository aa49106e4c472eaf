/* The game-record functions of include/hayanagi_records.h, from C: the 120 cshogi-written files of
 * records/tests/data/cshogi (CSA, and KIF in Shift_JIS) read and compared with what cshogi says
 * they hold (expected.txt: the start, the moves, the ending and winner); every game written in KIF,
 * KI2, CSA, JKF and USI, in UTF-8 and Shift_JIS, and read back the same; games built move by move;
 * variations (a tree) reached from C, each line legal where it branches, written back and read the
 * same; every game of a CSA file of several read into one arena;
 * every error path (too-small arenas and buffers change nothing, errors name the line, column or
 * ply). Run from the repository root (capi/check.sh runs it natively and under valgrind), or with
 * the data directory as its argument. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hayanagi_records.h"

static int failures = 0;
static int checks = 0;

#define CHECK(cond)                                                                                  \
    do {                                                                                             \
        checks++;                                                                                    \
        if (!(cond)) {                                                                               \
            failures++;                                                                              \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);                 \
        }                                                                                            \
    } while (0)

#define CHECK_EQ(a, b)                                                                               \
    do {                                                                                             \
        long long a_ = (long long)(a), b_ = (long long)(b);                                          \
        checks++;                                                                                    \
        if (a_ != b_) {                                                                              \
            failures++;                                                                              \
            fprintf(stderr, "%s:%d: %s == %lld, expected %s == %lld\n", __FILE__, __LINE__, #a, a_, #b, b_); \
        }                                                                                            \
    } while (0)

/* Arenas: games here fit in 64 KiB; the largest text written too. */
#define ARENA 65536
static unsigned char arena[ARENA];
static unsigned char arena2[ARENA + 1];
static char text[4 * ARENA];

static long read_file(const char *path, char *buf, size_t size) {
    FILE *f = fopen(path, "rb");
    size_t n;
    if (!f) return -1;
    n = fread(buf, 1, size, f);
    fclose(f);
    return n == size ? -1 : (long)n;
}

static const char *ending_name(int32_t ending) {
    static const char *names[] = {"None", "Resign", "Abort", "Repetition", "Impasse", "MaxMoves", "Mate",
                                  "NoMate", "TimeUp", "IllegalMove", "IllegalAction", "Declaration",
                                  "WinByDefault", "LossByDefault", "Error", "TakeBack", "Sealed"};
    return ending >= 0 && ending <= 16 ? names[ending] : "?";
}

/* The SFEN of a position without its ply (expected.txt's form). */
static void sfen_without_ply(const hayanagi_position *pos, char *out) {
    char *space;
    CHECK(hayanagi_position_sfen(pos, out, HAYANAGI_SFEN_BUFFER_SIZE, NULL) > 0);
    space = strrchr(out, ' ');
    if (space) *space = 0;
}

/* Two games hold the same main line: start, moves, times, comments, ending, headers; says what differs. */
#define DIFFERS(what)                                                                                \
    do {                                                                                             \
        fprintf(stderr, "the games differ: %s\n", what);                                             \
        return 0;                                                                                    \
    } while (0)
#define SAME_TIMES 1
#define SAME_HEADERS 2
#define SAME_ENDING 4
static int same_game(const void *a, const void *b, int what) {
    hayanagi_position pa, pb;
    hayanagi_game_outcome ea, eb;
    uint64_t ka, kb, plya, plyb;
    int32_t n = hayanagi_game_move_count(a), i;
    const char *ca, *cb;
    size_t la, lb;
    if (n < 0 || n != hayanagi_game_move_count(b)) DIFFERS("move count");
    if (hayanagi_game_start(a, &pa) != 0 || hayanagi_game_start(b, &pb) != 0) DIFFERS("start");
    if (hayanagi_key(&pa, &ka) != 0 || hayanagi_key(&pb, &kb) != 0 || ka != kb) DIFFERS("start key");
    if (hayanagi_ply(&pa, &plya) != 0 || hayanagi_ply(&pb, &plyb) != 0 || plya != plyb) DIFFERS("start ply");
    for (i = 0; i < n; i++) {
        hayanagi_game_move_info ma, mb;
        if (hayanagi_game_move(a, (size_t)i, &ma) != 0 || hayanagi_game_move(b, (size_t)i, &mb) != 0) DIFFERS("move");
        if (ma.move != mb.move) DIFFERS("move");
        if ((what & SAME_TIMES) && (ma.has_time != mb.has_time || ma.time_ms != mb.time_ms)) DIFFERS("move time");
        if (ma.comment_len != mb.comment_len || memcmp(ma.comment, mb.comment, ma.comment_len) != 0) DIFFERS("comment");
    }
    if (hayanagi_game_ending(a, &ea) != 0 || hayanagi_game_ending(b, &eb) != 0) DIFFERS("ending");
    if (((what & SAME_ENDING) && ea.ending != eb.ending) || ea.winner != eb.winner) DIFFERS("ending kind");
    if (hayanagi_game_comment(a, HAYANAGI_GAME_COMMENTS_START, &ca, &la) != 0 ||
        hayanagi_game_comment(b, HAYANAGI_GAME_COMMENTS_START, &cb, &lb) != 0 || la != lb || memcmp(ca, cb, la) != 0)
        DIFFERS("start comments");
    if (what & SAME_HEADERS) {
        int32_t h = hayanagi_game_header_count(a);
        if (h != hayanagi_game_header_count(b)) DIFFERS("header count");
        for (i = 0; i < h; i++) {
            const char *ka, *va, *kb, *vb;
            size_t kla, vla, klb, vlb;
            hayanagi_game_header(a, (size_t)i, &ka, &kla, &va, &vla);
            hayanagi_game_header(b, (size_t)i, &kb, &klb, &vb, &vlb);
            if (kla != klb || vla != vlb || memcmp(ka, kb, kla) || memcmp(va, vb, vla)) DIFFERS("header");
        }
    }
    return 1;
}

/* The cshogi files: each read, compared with expected.txt, and written back in every format. */
static void real_files(const char *dir) {
    char path[1024], line[16384];
    FILE *expected;
    int files = 0;
    snprintf(path, sizeof path, "%s/expected.txt", dir);
    expected = fopen(path, "r");
    CHECK(expected != NULL);
    if (!expected) return;
    while (fgets(line, sizeof line, expected)) {
        char *field[5], *at = line;
        char *name, *sfen, *moves, *ending, *winner;
        char start_sfen[HAYANAGI_SFEN_BUFFER_SIZE], *usi, *rest;
        long len;
        size_t needed = 0;
        hayanagi_game_error error;
        hayanagi_position start, pos;
        hayanagi_game_outcome end;
        int32_t format, n, i, f, e, r;
        /* Five tab-separated fields (the moves may be empty). */
        for (i = 0; i < 5; i++) {
            field[i] = at;
            at += strcspn(at, "\t\n");
            if (*at) *at++ = 0;
        }
        name = field[0], sfen = field[1], moves = field[2], ending = field[3], winner = field[4];
        if (!*name) continue;
        snprintf(path, sizeof path, "%s/%s", dir, name);
        len = read_file(path, text, sizeof text);
        CHECK(len > 0);
        if (len <= 0) continue;
        format = hayanagi_game_read(text, (size_t)len, HAYANAGI_GAME_FORMAT_DETECT, HAYANAGI_GAME_ENCODING_DETECT,
                                    arena, ARENA, &needed, &error);
        if (format < 0) fprintf(stderr, "%s: %s\n", name, error.message);
        CHECK_EQ(format, strstr(name, ".csa") ? HAYANAGI_GAME_FORMAT_CSA : HAYANAGI_GAME_FORMAT_KIF);
        CHECK_EQ(error.code, HAYANAGI_OK);
        CHECK_EQ((size_t)hayanagi_game_size(arena), needed);
        files++;
        /* The start, the moves (as USI), the ending and the winner, as cshogi read them. */
        CHECK_EQ(hayanagi_game_start(arena, &start), HAYANAGI_OK);
        sfen_without_ply(&start, start_sfen);
        CHECK(strcmp(start_sfen, sfen) == 0);
        pos = start;
        n = hayanagi_game_move_count(arena);
        for (i = 0, rest = moves; *rest; i++) {
            hayanagi_game_move_info m;
            char written[HAYANAGI_USI_BUFFER_SIZE];
            usi = rest;
            rest += strcspn(rest, " ");
            if (*rest) *rest++ = 0;
            CHECK(i < n);
            if (i >= n) break;
            CHECK_EQ(hayanagi_game_move(arena, (size_t)i, &m), HAYANAGI_OK);
            CHECK(hayanagi_move_to_usi(m.move, written, sizeof written, NULL) > 0);
            CHECK(strcmp(written, usi) == 0);
            CHECK(hayanagi_is_legal(&pos, m.move, NULL));
            CHECK_EQ(hayanagi_play(&pos, m.move, NULL), HAYANAGI_OK);
            CHECK_EQ(m.comment[m.comment_len], 0);
        }
        CHECK_EQ(i, n);
        CHECK_EQ(hayanagi_game_ending(arena, &end), HAYANAGI_OK);
        CHECK(strcmp(ending_name(end.ending), ending) == 0);
        CHECK_EQ(end.winner, winner[0] == 'b' ? HAYANAGI_BLACK : winner[0] == 'w' ? HAYANAGI_WHITE : HAYANAGI_NO_WINNER);
        CHECK(hayanagi_game_header_count(arena) >= 0);
        /* Written in every format and encoding, and read back the same. */
        for (f = HAYANAGI_GAME_FORMAT_CSA; f <= HAYANAGI_GAME_FORMAT_JKF; f++) {
            for (e = HAYANAGI_GAME_ENCODING_UTF8; e <= HAYANAGI_GAME_ENCODING_SHIFT_JIS; e++) {
                int32_t written = hayanagi_game_write(arena, f, e, text, sizeof text, &needed, &error);
                CHECK(written > 0);
                CHECK_EQ(needed, (size_t)written + 1);
                CHECK_EQ(text[written], 0);
                r = hayanagi_game_read(text, (size_t)written, HAYANAGI_GAME_FORMAT_DETECT,
                                       HAYANAGI_GAME_ENCODING_DETECT, arena2, sizeof arena2, NULL, &error);
                /* A KI2 text without moves is taken for KIF (no line starts with ▲ or △). */
                CHECK_EQ(r, f == HAYANAGI_GAME_FORMAT_KI2 && n == 0 ? HAYANAGI_GAME_FORMAT_KIF : f);
                /* USI keeps no times, comments, ending or headers: compare its moves. */
                if (f == HAYANAGI_GAME_FORMAT_USI) {
                    CHECK_EQ(hayanagi_game_move_count(arena2), n);
                } else if (!same_game(arena, arena2,
                                      (f == HAYANAGI_GAME_FORMAT_KI2 ? 0 : SAME_TIMES) | (f == format ? SAME_HEADERS : 0) |
                                          /* KIF writes 反則勝ち (CSA's %+ILLEGAL_ACTION) as 反則負け
                                             with the winner in its まで line */
                                          (f == HAYANAGI_GAME_FORMAT_KIF && end.ending == HAYANAGI_ENDING_ILLEGAL_ACTION
                                               ? 0
                                               : SAME_ENDING))) {
                    CHECK(!"read back the same");
                    fprintf(stderr, "%s written in format %d, encoding %d\n", name, (int)f, (int)e);
                }
            }
        }
    }
    fclose(expected);
    CHECK_EQ(files, 120);
    printf("records: %d cshogi files read and compared, each written and read back in 5 formats x 2 encodings\n",
           files);
}

/* A record with everything the arena keeps: headers, comments, times, an ending, a variation. */
static const char KIF[] =
    "#KIF version=2.0 encoding=UTF-8\n"
    "開始日時：2026/12/02 10:00:00\n"
    "手合割：平手\n"
    "先手：羽生\n"
    "後手：藤井\n"
    "*対局前のコメント\n"
    "手数----指手---------消費時間--\n"
    "   1 ７六歩(77)   ( 0:01/00:00:01)\n"
    "*初手\n"
    "*二行目\n"
    "   2 ３四歩(33)   ( 0:02/00:00:02)\n"
    "   3 投了         ( 0:05/00:00:06)\n"
    "まで2手で後手の勝ち\n"
    "\n"
    "変化：2手\n"
    "   2 ８四歩(83)   ( 0:03/00:00:03)\n";

static void accessors(void) {
    size_t needed = 0, len = 0, kl, vl;
    hayanagi_game_error error;
    hayanagi_game_move_info m;
    hayanagi_game_outcome end;
    hayanagi_position pos;
    const char *s, *key, *value;
    char usi[HAYANAGI_USI_BUFFER_SIZE];
    int32_t r = hayanagi_game_read(KIF, sizeof KIF - 1, HAYANAGI_GAME_FORMAT_DETECT, HAYANAGI_GAME_ENCODING_DETECT,
                                   arena, ARENA, &needed, &error);
    CHECK_EQ(r, HAYANAGI_GAME_FORMAT_KIF);
    CHECK_EQ(error.code, 0);
    CHECK_EQ(error.message[0], 0);
    CHECK_EQ(hayanagi_game_move_count(arena), 2);
    CHECK_EQ(hayanagi_game_variation_count(arena), 1);
    CHECK_EQ(hayanagi_game_move(arena, 0, &m), HAYANAGI_OK);
    hayanagi_move_to_usi(m.move, usi, sizeof usi, NULL);
    CHECK(strcmp(usi, "7g7f") == 0);
    CHECK_EQ(m.has_time, 1);
    CHECK_EQ(m.time_ms, 1000);
    CHECK(strcmp(m.comment, "初手\n二行目") == 0 && m.comment_len == strlen("初手\n二行目"));
    CHECK_EQ(hayanagi_game_move(arena, 1, &m), HAYANAGI_OK);
    CHECK_EQ(m.time_ms, 2000);
    CHECK_EQ(m.comment_len, 0);
    CHECK(strcmp(m.comment, "") == 0);
    CHECK_EQ(hayanagi_game_move(arena, 2, &m), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_game_move(arena, 0, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_game_ending(arena, &end), HAYANAGI_OK);
    CHECK_EQ(end.ending, HAYANAGI_ENDING_RESIGN);
    CHECK_EQ(end.winner, HAYANAGI_WHITE);
    CHECK_EQ(end.has_time, 1);
    CHECK_EQ(end.time_ms, 5000);
    CHECK_EQ(hayanagi_game_comment(arena, HAYANAGI_GAME_COMMENTS_START, &s, &len), HAYANAGI_OK);
    CHECK(strcmp(s, "対局前のコメント") == 0 && len == strlen(s));
    CHECK_EQ(hayanagi_game_comment(arena, HAYANAGI_GAME_COMMENTS_END, &s, NULL), HAYANAGI_OK);
    CHECK(strcmp(s, "") == 0);
    CHECK_EQ(hayanagi_game_comment(arena, 2, &s, NULL), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_game_comment(arena, 0, NULL, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_game_header_count(arena), 3); /* 手合割 is the start */
    CHECK_EQ(hayanagi_game_header(arena, 1, &key, &kl, &value, &vl), HAYANAGI_OK);
    CHECK(strcmp(key, "先手") == 0 && kl == strlen(key) && strcmp(value, "羽生") == 0 && vl == strlen(value));
    CHECK_EQ(hayanagi_game_header(arena, 3, &key, NULL, &value, NULL), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_game_header(arena, 0, NULL, NULL, &value, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_game_start(arena, &pos), HAYANAGI_OK);
    {
        uint64_t ply = 0;
        CHECK_EQ(hayanagi_ply(&pos, &ply), HAYANAGI_OK);
        CHECK_EQ(ply, 1);
    }
    CHECK_EQ(hayanagi_game_start(arena, NULL), HAYANAGI_ERR_NULL_POINTER);
    /* A byte copy at another alignment is the same game. */
    memcpy(arena2 + 1, arena, (size_t)hayanagi_game_size(arena));
    CHECK(same_game(arena, arena2 + 1, SAME_TIMES | SAME_HEADERS | SAME_ENDING));
    /* Written: KI2 keeps the comments, CSA the times. */
    r = hayanagi_game_write(arena, HAYANAGI_GAME_FORMAT_KI2, HAYANAGI_GAME_ENCODING_UTF8, text, sizeof text, &needed,
                            &error);
    CHECK(r > 0 && strstr(text, "▲７六歩\n*初手\n*二行目\n") != NULL);
    CHECK(strstr(text, "先手：羽生\n") != NULL);
    r = hayanagi_game_write(arena, HAYANAGI_GAME_FORMAT_CSA, HAYANAGI_GAME_ENCODING_UTF8, text, sizeof text, NULL,
                            NULL);
    CHECK(r > 0 && strstr(text, "+7776FU\nT1\n'初手\n'二行目\n-3334FU\nT2\n%TORYO\nT5\n") != NULL);
    /* Shift_JIS: declared, and not UTF-8. */
    r = hayanagi_game_write(arena, HAYANAGI_GAME_FORMAT_KIF, HAYANAGI_GAME_ENCODING_SHIFT_JIS, text, sizeof text,
                            NULL, NULL);
    CHECK(r > 0 && strncmp(text, "#KIF version=2.0 encoding=Shift_JIS\n", 36) == 0);
    CHECK_EQ(hayanagi_game_read(text, (size_t)r, HAYANAGI_GAME_FORMAT_KIF, HAYANAGI_GAME_ENCODING_UTF8, arena2,
                                sizeof arena2, NULL, &error),
             HAYANAGI_ERR_GAME_ENCODING);
    CHECK_EQ(error.code, HAYANAGI_ERR_GAME_ENCODING);
    CHECK(error.line >= 1 && error.column >= 1);
    CHECK_EQ(hayanagi_game_read(text, (size_t)r, HAYANAGI_GAME_FORMAT_DETECT, HAYANAGI_GAME_ENCODING_SHIFT_JIS,
                                arena2, sizeof arena2, NULL, NULL),
             HAYANAGI_GAME_FORMAT_KIF);
    CHECK(same_game(arena, arena2, SAME_TIMES | SAME_HEADERS | SAME_ENDING));
}

/* Too small: the size needed, nothing written. */
static void too_small(void) {
    size_t needed = 0, size, text_needed = 0;
    int32_t r, written;
    hayanagi_game_error error;
    r = hayanagi_game_read(KIF, sizeof KIF - 1, HAYANAGI_GAME_FORMAT_DETECT, HAYANAGI_GAME_ENCODING_DETECT, arena,
                           ARENA, &size, NULL);
    CHECK_EQ(r, HAYANAGI_GAME_FORMAT_KIF);
    CHECK(size > HAYANAGI_GAME_FIXED_SIZE);
    memset(arena2, 0xa5, sizeof arena2);
    r = hayanagi_game_read(KIF, sizeof KIF - 1, HAYANAGI_GAME_FORMAT_DETECT, HAYANAGI_GAME_ENCODING_DETECT, arena2,
                           size - 1, &needed, &error);
    CHECK_EQ(r, HAYANAGI_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ(needed, size);
    CHECK_EQ(error.code, HAYANAGI_ERR_BUFFER_TOO_SMALL);
    CHECK(arena2[0] == 0xa5 && arena2[size - 2] == 0xa5);
    CHECK_EQ(hayanagi_game_move_count(arena2), HAYANAGI_ERR_NOT_A_GAME);
    r = hayanagi_game_read(KIF, sizeof KIF - 1, HAYANAGI_GAME_FORMAT_DETECT, HAYANAGI_GAME_ENCODING_DETECT, arena2,
                           size, &needed, NULL);
    CHECK_EQ(r, HAYANAGI_GAME_FORMAT_KIF);
    CHECK_EQ(arena2[size], 0xa5);
    /* Writing: needed, buffer unchanged. */
    written = hayanagi_game_write(arena, HAYANAGI_GAME_FORMAT_KIF, HAYANAGI_GAME_ENCODING_UTF8, text, sizeof text,
                                  &text_needed, NULL);
    CHECK(written > 0);
    memset(text, 0x5a, 64);
    CHECK_EQ(hayanagi_game_write(arena, HAYANAGI_GAME_FORMAT_KIF, HAYANAGI_GAME_ENCODING_UTF8, text, (size_t)written,
                                 &needed, &error),
             HAYANAGI_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ(needed, (size_t)written + 1);
    CHECK_EQ(text[0], 0x5a);
    /* Adding to a full arena: the game is unchanged. */
    {
        hayanagi_position start;
        size_t game_size;
        uint16_t move;
        CHECK_EQ(hayanagi_move_from_usi("7g7f", 4, &move, NULL), HAYANAGI_OK);
        CHECK_EQ(hayanagi_position_startpos(&start), HAYANAGI_OK);
        CHECK_EQ(hayanagi_game_new(&start, arena2, HAYANAGI_GAME_FIXED_SIZE - 1, &needed), HAYANAGI_ERR_BUFFER_TOO_SMALL);
        CHECK_EQ(needed, HAYANAGI_GAME_FIXED_SIZE + 2); /* two empty comment strings */
        CHECK_EQ(hayanagi_game_new(&start, arena2, needed, &needed), HAYANAGI_OK);
        game_size = needed;
        CHECK_EQ(hayanagi_game_add_move(arena2, game_size, move, -1, NULL, 0, &needed, &error),
                 HAYANAGI_ERR_BUFFER_TOO_SMALL);
        CHECK_EQ(needed, game_size + 24 + 1);
        CHECK_EQ(hayanagi_game_move_count(arena2), 0);
        CHECK_EQ(hayanagi_game_add_move(arena2, game_size - 1, move, -1, NULL, 0, &needed, &error),
                 HAYANAGI_ERR_BAD_LENGTH);
    }
}

/* Built move by move, with a header and an ending, then written. */
static void building(void) {
    hayanagi_position start;
    hayanagi_game_error error;
    size_t needed;
    uint16_t moves[4];
    const char *usi[4] = {"7g7f", "3c3d", "8h2b+", "3a2b"};
    int32_t i, r;
    CHECK_EQ(hayanagi_position_startpos(&start), HAYANAGI_OK);
    CHECK_EQ(hayanagi_game_new(&start, arena, ARENA, &needed), HAYANAGI_OK);
    CHECK_EQ(hayanagi_game_add_header(arena, ARENA, "先手", strlen("先手"), "A", 1, NULL), HAYANAGI_OK);
    for (i = 0; i < 4; i++) {
        CHECK_EQ(hayanagi_move_from_usi(usi[i], strlen(usi[i]), &moves[i], NULL), HAYANAGI_OK);
        CHECK_EQ(hayanagi_game_add_move(arena, ARENA, moves[i], i * 1000, i == 2 ? "角交換" : NULL,
                                        i == 2 ? strlen("角交換") : 0, &needed, &error),
                 HAYANAGI_OK);
        CHECK_EQ(error.code, HAYANAGI_OK);
    }
    CHECK_EQ((size_t)hayanagi_game_size(arena), needed);
    /* An illegal move names its ply. */
    CHECK_EQ(hayanagi_game_add_move(arena, ARENA, moves[0], -1, NULL, 0, NULL, &error), HAYANAGI_ERR_ILLEGAL_MOVE);
    CHECK_EQ(error.ply, 5);
    CHECK(strstr(error.message, "ply 5: illegal move 7g7f") != NULL);
    CHECK_EQ(hayanagi_game_move_count(arena), 4);
    CHECK_EQ(hayanagi_game_add_move(arena, ARENA, 0, -1, NULL, 0, NULL, &error), HAYANAGI_ERR_BAD_MOVE);
    CHECK_EQ(hayanagi_game_add_move(arena, ARENA, moves[0], -1, "\xff", 1, NULL, &error), HAYANAGI_ERR_NOT_UTF8);
    CHECK_EQ(hayanagi_game_add_move(arena, ARENA, moves[0], -1, NULL, 1, NULL, &error), HAYANAGI_ERR_NULL_POINTER);
    /* 詰み where the side to move is not mated. */
    CHECK_EQ(hayanagi_game_set_ending(arena, ARENA, HAYANAGI_ENDING_MATE, HAYANAGI_DEFAULT_WINNER, -1, NULL, &error),
             HAYANAGI_ERR_GAME_ENDING_CONTRADICTS);
    CHECK_EQ(error.ply, 5);
    CHECK_EQ(hayanagi_game_set_ending(arena, ARENA, 17, HAYANAGI_NO_WINNER, -1, NULL, &error),
             HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_game_set_ending(arena, ARENA, HAYANAGI_ENDING_RESIGN, 2, -1, NULL, &error),
             HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_game_set_ending(arena, ARENA, HAYANAGI_ENDING_RESIGN, HAYANAGI_DEFAULT_WINNER, 7000, NULL,
                                      &error),
             HAYANAGI_OK);
    {
        hayanagi_game_outcome end;
        CHECK_EQ(hayanagi_game_ending(arena, &end), HAYANAGI_OK);
        CHECK_EQ(end.ending, HAYANAGI_ENDING_RESIGN);
        CHECK_EQ(end.winner, HAYANAGI_WHITE); /* Black to move resigns */
        CHECK_EQ(end.time_ms, 7000);
    }
    CHECK_EQ(hayanagi_game_add_move(arena, ARENA, moves[0], -1, NULL, 0, NULL, &error),
             HAYANAGI_ERR_GAME_MOVE_AFTER_END);
    r = hayanagi_game_write(arena, HAYANAGI_GAME_FORMAT_KIF, HAYANAGI_GAME_ENCODING_UTF8, text, sizeof text, NULL,
                            &error);
    CHECK(r > 0);
    CHECK(strstr(text, "先手：A\n") != NULL);
    CHECK(strstr(text, "   3 ２二角成(88)  ( 0:02/00:00:02)\n*角交換\n   4 同　銀(31)    ( 0:03/00:00:04)\n") != NULL);
    CHECK(strstr(text, "   5 投了          ( 0:07/00:00:09)\nまで4手で後手の勝ち\n") != NULL);
    r = hayanagi_game_write(arena, HAYANAGI_GAME_FORMAT_USI, HAYANAGI_GAME_ENCODING_UTF8, text, sizeof text, NULL,
                            &error);
    CHECK(r > 0 && strcmp(text, "startpos moves 7g7f 3c3d 8h2b+ 3a2b\n") == 0);
    r = hayanagi_game_write(arena, HAYANAGI_GAME_FORMAT_JKF, HAYANAGI_GAME_ENCODING_SHIFT_JIS, text, sizeof text,
                            NULL, &error);
    CHECK(r > 0 && text[0] == '{' && strstr(text, "\"先手\":\"A\"") != NULL); /* JKF is UTF-8 always */
    CHECK_EQ(hayanagi_game_read(text, (size_t)r, HAYANAGI_GAME_FORMAT_DETECT, HAYANAGI_GAME_ENCODING_DETECT, arena2,
                                sizeof arena2, NULL, &error),
             HAYANAGI_GAME_FORMAT_JKF);
    CHECK(same_game(arena, arena2, SAME_TIMES | SAME_HEADERS | SAME_ENDING));
    /* Removing the ending. */
    CHECK_EQ(hayanagi_game_set_ending(arena, ARENA, HAYANAGI_ENDING_NONE, HAYANAGI_NO_WINNER, -1, NULL, NULL),
             HAYANAGI_OK);
    CHECK_EQ(hayanagi_game_add_move(arena, ARENA, moves[0], -1, NULL, 0, NULL, &error), HAYANAGI_ERR_ILLEGAL_MOVE);
}

/* Errors name what and where. */
static void errors(void) {
    hayanagi_game_error error;
    size_t needed = 7;
    static const char csa[] = "V2.2\nPI\n+\n+7776FU\n-3334FU\n+7776FU\n";
    static const char kif[] = "   1 ７六歩(77)\n   3 ３四歩(33)\n";
    static const char ki2[] = "▲７六歩 △３四歩 ▲７六歩\n";
    static const char usi[] = "startpos moves 7g7f 7f7e";
    int32_t r = hayanagi_game_read(csa, sizeof csa - 1, HAYANAGI_GAME_FORMAT_DETECT, HAYANAGI_GAME_ENCODING_DETECT,
                                   arena2, sizeof arena2, &needed, &error);
    CHECK_EQ(r, HAYANAGI_ERR_CSA_NO_PIECE);
    CHECK_EQ(error.code, r);
    CHECK_EQ(error.line, 6);
    CHECK_EQ(error.column, 2);
    CHECK_EQ(needed, 7); /* not read: needed untouched */
    CHECK(strstr(error.message, "line 6, column 2: CSA move: no piece of the side to move on the from square") ==
          error.message);
    CHECK(strstr(error.message, "(read as CSA: its first line is a CSA line)") != NULL);
    r = hayanagi_game_read(kif, sizeof kif - 1, HAYANAGI_GAME_FORMAT_KIF, HAYANAGI_GAME_ENCODING_UTF8, arena2,
                           sizeof arena2, NULL, &error);
    CHECK_EQ(r, HAYANAGI_ERR_GAME_MOVE_NUMBER);
    CHECK_EQ(error.line, 2);
    r = hayanagi_game_read(ki2, sizeof ki2 - 1, HAYANAGI_GAME_FORMAT_KI2, HAYANAGI_GAME_ENCODING_DETECT, arena2,
                           sizeof arena2, NULL, &error);
    CHECK_EQ(r, HAYANAGI_ERR_JAPANESE_NO_SUCH_MOVE);
    CHECK_EQ(error.line, 1);
    CHECK_EQ(error.column, 11);
    r = hayanagi_game_read(usi, sizeof usi - 1, HAYANAGI_GAME_FORMAT_DETECT, HAYANAGI_GAME_ENCODING_DETECT, arena2,
                           sizeof arena2, NULL, &error);
    CHECK_EQ(r, HAYANAGI_ERR_ILLEGAL_MOVE);
    CHECK_EQ(error.column, 21);
    r = hayanagi_game_read("手合割：ない\n", strlen("手合割：ない\n"), HAYANAGI_GAME_FORMAT_KIF,
                           HAYANAGI_GAME_ENCODING_DETECT, arena2, sizeof arena2, NULL, &error);
    CHECK_EQ(r, HAYANAGI_ERR_GAME_UNKNOWN_HANDICAP);
    r = hayanagi_game_read("{\"header\":", 10, HAYANAGI_GAME_FORMAT_DETECT, HAYANAGI_GAME_ENCODING_DETECT, arena2,
                           sizeof arena2, NULL, &error);
    CHECK_EQ(r, HAYANAGI_ERR_GAME_SYNTAX);
    CHECK(strstr(error.message, "expected") != NULL);
    /* Arguments. */
    CHECK_EQ(hayanagi_game_read(NULL, 0, -1, -1, arena2, sizeof arena2, NULL, &error), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(error.code, HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_game_read(csa, 4, -1, -1, NULL, 0, NULL, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_game_read(csa, (size_t)-1, -1, -1, arena2, sizeof arena2, NULL, NULL), HAYANAGI_ERR_BAD_LENGTH);
    CHECK_EQ(hayanagi_game_read(csa, 4, 5, -1, arena2, sizeof arena2, NULL, NULL), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_game_read(csa, 4, -1, 2, arena2, sizeof arena2, NULL, NULL), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_game_read(csa, 4, -2, -1, arena2, sizeof arena2, NULL, NULL), HAYANAGI_ERR_OUT_OF_RANGE);
    /* Not a game: a zeroed arena, NULL. */
    memset(arena2, 0, sizeof arena2);
    CHECK_EQ(hayanagi_game_move_count(arena2), HAYANAGI_ERR_NOT_A_GAME);
    CHECK_EQ(hayanagi_game_size(NULL), HAYANAGI_ERR_NULL_POINTER);
    {
        unsigned char small[16] = {0}; /* 16 bytes are enough to be refused */
        CHECK_EQ(hayanagi_game_size(small), HAYANAGI_ERR_NOT_A_GAME);
    }
    CHECK_EQ(hayanagi_game_write(arena2, 0, 0, text, sizeof text, NULL, &error), HAYANAGI_ERR_NOT_A_GAME);
    CHECK_EQ(hayanagi_game_add_header(arena2, sizeof arena2, "a", 1, "b", 1, NULL), HAYANAGI_ERR_NOT_A_GAME);
    CHECK_EQ(hayanagi_game_add_header(arena2, 10, "a", 1, "b", 1, NULL), HAYANAGI_ERR_NOT_A_GAME);
    CHECK_EQ(hayanagi_game_new(NULL, arena2, sizeof arena2, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_game_new((const hayanagi_position *)arena2, arena, ARENA, NULL), HAYANAGI_ERR_NOT_A_POSITION);
    /* Writing arguments. */
    {
        hayanagi_position start;
        hayanagi_position_startpos(&start);
        hayanagi_game_new(&start, arena, ARENA, NULL);
        CHECK_EQ(hayanagi_game_write(arena, HAYANAGI_GAME_FORMAT_DETECT, 0, text, sizeof text, NULL, &error),
                 HAYANAGI_ERR_OUT_OF_RANGE);
        CHECK_EQ(hayanagi_game_write(arena, 0, HAYANAGI_GAME_ENCODING_DETECT, text, sizeof text, NULL, &error),
                 HAYANAGI_ERR_OUT_OF_RANGE);
        CHECK_EQ(hayanagi_game_write(arena, 0, 0, NULL, 0, NULL, &error), HAYANAGI_ERR_NULL_POINTER);
        CHECK_EQ(hayanagi_game_add_header(arena, ARENA, NULL, 0, "b", 1, NULL), HAYANAGI_ERR_NULL_POINTER);
        CHECK_EQ(hayanagi_game_add_header(arena, ARENA, "\xff", 1, "b", 1, NULL), HAYANAGI_ERR_NOT_UTF8);
    }
    CHECK(strcmp(hayanagi_error_message(HAYANAGI_ERR_GAME_MOVE_NUMBER),
                 "game record: a KIF move number that is not the next one") == 0);
}

/* Variations: a KIF text with a variation of a variation and two from the main line, kept in the
   game and reached from C; each line's moves legal where it branches; written back and read the same. */
static const char VARIATIONS[] =
    "手合割：平手\n"
    "   1 ７六歩(77)\n"
    "   2 ３四歩(33)\n"
    "   3 ２六歩(27)\n"
    "   4 投了\n"
    "\n"
    "変化：2手\n"
    "   2 ８四歩(83)\n"
    "*分岐の手\n"
    "   3 ６八銀(79)\n"
    "\n"
    "変化：3手\n"
    "   3 ２六歩(27)\n"
    "\n"
    "変化：1手\n"
    "   1 ５六歩(57)\n"
    "   2 中断\n";

/* The position where variation `v` branches: its parent line's moves before its ply played from the
   start (the parent's own parent line first). 0 on a failed call. */
static int branch_position(const void *game, int32_t v, hayanagi_position *pos) {
    hayanagi_game_variation_info info, parent;
    hayanagi_game_move_info m;
    int32_t i;
    if (hayanagi_game_variation(game, (size_t)v, &info) != HAYANAGI_OK) return 0;
    if (info.parent < 0) {
        if (hayanagi_game_start(game, pos) != HAYANAGI_OK) return 0;
        for (i = 0; i + 1 < info.ply; i++) {
            if (hayanagi_game_move(game, (size_t)i, &m) != HAYANAGI_OK) return 0;
            if (hayanagi_play(pos, m.move, NULL) != HAYANAGI_OK) return 0;
        }
        return 1;
    }
    if (info.parent >= v || !branch_position(game, info.parent, pos)) return 0;
    if (hayanagi_game_variation(game, (size_t)info.parent, &parent) != HAYANAGI_OK) return 0;
    for (i = 0; parent.ply + i < info.ply; i++) {
        if (hayanagi_game_variation_move(game, (size_t)info.parent, (size_t)i, &m) != HAYANAGI_OK) return 0;
        if (hayanagi_play(pos, m.move, NULL) != HAYANAGI_OK) return 0;
    }
    return 1;
}

/* Two games have the same variations (parents, plies, moves, endings, comments). */
static int same_variations(const void *a, const void *b) {
    int32_t n = hayanagi_game_variation_count(a), v, i;
    if (n < 0 || n != hayanagi_game_variation_count(b)) DIFFERS("variation count");
    for (v = 0; v < n; v++) {
        hayanagi_game_variation_info va, vb;
        if (hayanagi_game_variation(a, (size_t)v, &va) != 0 || hayanagi_game_variation(b, (size_t)v, &vb) != 0)
            DIFFERS("variation");
        if (va.parent != vb.parent || va.ply != vb.ply || va.move_count != vb.move_count) DIFFERS("variation shape");
        if (va.outcome.ending != vb.outcome.ending || va.outcome.winner != vb.outcome.winner) DIFFERS("variation ending");
        if (va.comment_len != vb.comment_len || memcmp(va.comment, vb.comment, va.comment_len) != 0 ||
            va.end_comment_len != vb.end_comment_len || memcmp(va.end_comment, vb.end_comment, va.end_comment_len) != 0)
            DIFFERS("variation comments");
        for (i = 0; i < va.move_count; i++) {
            hayanagi_game_move_info ma, mb;
            if (hayanagi_game_variation_move(a, (size_t)v, (size_t)i, &ma) != 0 ||
                hayanagi_game_variation_move(b, (size_t)v, (size_t)i, &mb) != 0)
                DIFFERS("variation move");
            if (ma.move != mb.move || ma.comment_len != mb.comment_len || memcmp(ma.comment, mb.comment, ma.comment_len))
                DIFFERS("variation move");
        }
    }
    return 1;
}

static void variations(void) {
    hayanagi_game_variation_info info;
    hayanagi_game_move_info m;
    hayanagi_position pos;
    char usi[HAYANAGI_USI_BUFFER_SIZE];
    int32_t v, i, r, format;
    /* The main line's variations in file order, each followed by its own. */
    static const int32_t parents[] = {-1, 0, -1}, plies[] = {2, 3, 1}, counts[] = {2, 1, 1};
    static const char *const first[] = {"8c8d", "2g2f", "5g5f"};
    CHECK_EQ(hayanagi_game_read(VARIATIONS, sizeof VARIATIONS - 1, HAYANAGI_GAME_FORMAT_DETECT,
                                HAYANAGI_GAME_ENCODING_DETECT, arena, ARENA, NULL, NULL),
             HAYANAGI_GAME_FORMAT_KIF);
    CHECK_EQ(hayanagi_game_move_count(arena), 3);
    CHECK_EQ(hayanagi_game_variation_count(arena), 3);
    for (v = 0; v < 3; v++) {
        CHECK_EQ(hayanagi_game_variation(arena, (size_t)v, &info), HAYANAGI_OK);
        CHECK_EQ(info.parent, parents[v]);
        CHECK_EQ(info.ply, plies[v]);
        CHECK_EQ(info.move_count, counts[v]);
        CHECK_EQ(info.outcome.ending, v == 2 ? HAYANAGI_ENDING_ABORT : HAYANAGI_ENDING_NONE);
        CHECK_EQ(info.outcome.winner, HAYANAGI_NO_WINNER);
        CHECK(strcmp(info.comment, "") == 0 && info.comment_len == 0);
        CHECK(strcmp(info.end_comment, "") == 0 && info.end_comment_len == 0);
        CHECK_EQ(hayanagi_game_variation_move(arena, (size_t)v, 0, &m), HAYANAGI_OK);
        hayanagi_move_to_usi(m.move, usi, sizeof usi, NULL);
        CHECK(strcmp(usi, first[v]) == 0);
        /* Every move legal where the line branches, each after the one before. */
        CHECK(branch_position(arena, v, &pos));
        for (i = 0; i < info.move_count; i++) {
            CHECK_EQ(hayanagi_game_variation_move(arena, (size_t)v, (size_t)i, &m), HAYANAGI_OK);
            CHECK_EQ(hayanagi_play(&pos, m.move, NULL), HAYANAGI_OK);
        }
        CHECK_EQ(hayanagi_game_variation_move(arena, (size_t)v, (size_t)info.move_count, &m), HAYANAGI_ERR_OUT_OF_RANGE);
    }
    CHECK_EQ(hayanagi_game_variation_move(arena, 0, 0, &m), HAYANAGI_OK);
    CHECK(strcmp(m.comment, "分岐の手") == 0 && m.comment_len == strlen("分岐の手"));
    CHECK_EQ(hayanagi_game_variation(arena, 3, &info), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_game_variation(arena, 0, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_game_variation(NULL, 0, &info), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_game_variation_move(arena, 3, 0, &m), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_game_variation_move(arena, 0, 0, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_game_variation_move(text, 0, 0, &m), HAYANAGI_ERR_NOT_A_GAME);
    /* A byte copy at another alignment has them too. */
    memcpy(arena2 + 1, arena, (size_t)hayanagi_game_size(arena));
    CHECK(same_variations(arena, arena2 + 1));
    /* KIF, KI2 and JKF write them, in both encodings, and read them back the same; CSA and USI do not. */
    for (format = 0; format < 5; format++) {
        for (i = 0; i < 2; i++) {
            r = hayanagi_game_write(arena, format, i, text, sizeof text, NULL, NULL);
            CHECK(r > 0);
            CHECK_EQ(hayanagi_game_read(text, (size_t)r, format, HAYANAGI_GAME_ENCODING_DETECT, arena2, sizeof arena2,
                                        NULL, NULL),
                     format);
            /* USI writes no ending. */
            if (format != HAYANAGI_GAME_FORMAT_USI) CHECK(same_game(arena, arena2, SAME_ENDING));
            CHECK_EQ(hayanagi_game_move_count(arena2), 3);
            if (format == HAYANAGI_GAME_FORMAT_CSA || format == HAYANAGI_GAME_FORMAT_USI) {
                CHECK_EQ(hayanagi_game_variation_count(arena2), 0);
            } else if (format == HAYANAGI_GAME_FORMAT_JKF) {
                /* JKF puts forks on the move they replace: by ply. Written on in KIF (latest branch
                   first, as the text was) it reads to the same tree. */
                CHECK_EQ(hayanagi_game_variation(arena2, 0, &info), HAYANAGI_OK);
                CHECK_EQ(info.ply, 1);
                r = hayanagi_game_write(arena2, HAYANAGI_GAME_FORMAT_KIF, i, text, sizeof text, NULL, NULL);
                CHECK(r > 0);
                CHECK_EQ(hayanagi_game_read(text, (size_t)r, HAYANAGI_GAME_FORMAT_KIF, HAYANAGI_GAME_ENCODING_DETECT,
                                            arena2, sizeof arena2, NULL, NULL),
                         HAYANAGI_GAME_FORMAT_KIF);
                CHECK(same_variations(arena, arena2));
            } else {
                CHECK(same_variations(arena, arena2));
            }
        }
    }
    /* Changes to the game keep them. */
    CHECK_EQ(hayanagi_game_add_header(arena, ARENA, "棋戦", strlen("棋戦"), "x", 1, NULL), HAYANAGI_OK);
    CHECK_EQ(hayanagi_game_set_ending(arena, ARENA, HAYANAGI_ENDING_NONE, HAYANAGI_NO_WINNER, -1, NULL, NULL),
             HAYANAGI_OK);
    CHECK_EQ(hayanagi_game_read(VARIATIONS, sizeof VARIATIONS - 1, HAYANAGI_GAME_FORMAT_KIF,
                                HAYANAGI_GAME_ENCODING_UTF8, arena2, sizeof arena2, NULL, NULL),
             HAYANAGI_GAME_FORMAT_KIF);
    CHECK(same_variations(arena, arena2));
}

/* A move's code from USI (a test's own moves are well-formed). */
static uint16_t usi_move(const char *usi) {
    uint16_t move = 0;
    CHECK_EQ(hayanagi_move_from_usi(usi, strlen(usi), &move, NULL), HAYANAGI_OK);
    return move;
}

/* Variations built from C: the tree of VARIATIONS, a variation of a variation included, built move
   by move is the game read from that text, and writes the same text; every refusal changes nothing. */
static void building_variations(void) {
    static unsigned char built[ARENA];
    hayanagi_position start;
    hayanagi_game_error error;
    hayanagi_game_variation_info info;
    size_t needed = 0;
    int32_t r, v2, v3, v1;
    static const char *const main_line[] = {"7g7f", "3c3d", "2g2f"};
    char written[2][8192];
    int i;
    CHECK_EQ(hayanagi_position_startpos(&start), HAYANAGI_OK);
    CHECK_EQ(hayanagi_game_new(&start, built, sizeof built, NULL), HAYANAGI_OK);
    for (i = 0; i < 3; i++) {
        CHECK_EQ(hayanagi_game_add_move(built, sizeof built, usi_move(main_line[i]), -1, NULL, 0, NULL, NULL),
                 HAYANAGI_OK);
    }
    CHECK_EQ(hayanagi_game_set_ending(built, sizeof built, HAYANAGI_ENDING_RESIGN, HAYANAGI_DEFAULT_WINNER, -1, NULL,
                                      NULL),
             HAYANAGI_OK);
    /* From ply 2 of the main line: index 0. */
    v2 = hayanagi_game_add_variation(built, sizeof built, HAYANAGI_GAME_MAIN_LINE, 2, NULL, 0, &needed, &error);
    CHECK_EQ(v2, 0);
    CHECK_EQ(error.code, HAYANAGI_OK);
    CHECK_EQ((size_t)hayanagi_game_size(built), needed);
    CHECK_EQ(hayanagi_game_variation_count(built), 1);
    CHECK_EQ(hayanagi_game_variation(built, 0, &info), HAYANAGI_OK);
    CHECK(info.parent == -1 && info.ply == 2 && info.move_count == 0 && info.outcome.ending == HAYANAGI_ENDING_NONE);
    CHECK_EQ(hayanagi_game_variation_add_move(built, sizeof built, (size_t)v2, usi_move("8c8d"), -1, "分岐の手",
                                              strlen("分岐の手"), NULL, &error),
             HAYANAGI_OK);
    /* Each move legal where the variation is: Black's 7i6h at its ply 3, not White's. */
    CHECK_EQ(hayanagi_game_variation_add_move(built, sizeof built, (size_t)v2, usi_move("4a3b"), -1, NULL, 0, NULL,
                                              &error),
             HAYANAGI_ERR_ILLEGAL_MOVE);
    CHECK_EQ(error.ply, 3);
    CHECK(strstr(error.message, "ply 3: illegal move 4a3b") != NULL);
    CHECK_EQ(hayanagi_game_variation_add_move(built, sizeof built, (size_t)v2, usi_move("7i6h"), -1, NULL, 0, NULL,
                                              NULL),
             HAYANAGI_OK);
    /* From ply 3 of that variation: index 1, its parent 0. */
    v3 = hayanagi_game_add_variation(built, sizeof built, v2, 3, NULL, 0, NULL, NULL);
    CHECK_EQ(v3, 1);
    CHECK_EQ(hayanagi_game_variation_add_move(built, sizeof built, (size_t)v3, usi_move("2g2f"), -1, NULL, 0, NULL,
                                              NULL),
             HAYANAGI_OK);
    /* From ply 1 of the main line, after the others: index 2, with an ending of its own. */
    v1 = hayanagi_game_add_variation(built, sizeof built, HAYANAGI_GAME_MAIN_LINE, 1, NULL, 0, NULL, NULL);
    CHECK_EQ(v1, 2);
    CHECK_EQ(hayanagi_game_variation_add_move(built, sizeof built, (size_t)v1, usi_move("5g5f"), -1, NULL, 0, NULL,
                                              NULL),
             HAYANAGI_OK);
    CHECK_EQ(hayanagi_game_variation_set_ending(built, sizeof built, (size_t)v1, HAYANAGI_ENDING_ABORT,
                                                HAYANAGI_DEFAULT_WINNER, -1, NULL, &error),
             HAYANAGI_OK);
    CHECK_EQ(hayanagi_game_variation(built, 2, &info), HAYANAGI_OK);
    CHECK(info.outcome.ending == HAYANAGI_ENDING_ABORT && info.outcome.winner == HAYANAGI_NO_WINNER);
    /* The game read from the text that has this tree. */
    CHECK_EQ(hayanagi_game_read(VARIATIONS, sizeof VARIATIONS - 1, HAYANAGI_GAME_FORMAT_KIF,
                                HAYANAGI_GAME_ENCODING_UTF8, arena2, sizeof arena2, NULL, NULL),
             HAYANAGI_GAME_FORMAT_KIF);
    CHECK(same_game(built, arena2, SAME_ENDING));
    CHECK(same_variations(built, arena2));
    for (i = 0; i < 2; i++) {
        r = hayanagi_game_write(i ? (const void *)arena2 : built, HAYANAGI_GAME_FORMAT_KIF,
                                HAYANAGI_GAME_ENCODING_UTF8, written[i], sizeof written[i], NULL, NULL);
        CHECK(r > 0);
    }
    CHECK(strcmp(written[0], written[1]) == 0);
    CHECK(strstr(written[0], "\n変化：2手\n   2 ８四歩(83)\n*分岐の手\n   3 ６八銀(79)+\n\n変化：3手\n") != NULL);
    /* A second variation of variation 0 comes after its others: index 2, and the one from ply 1 is 3. */
    memcpy(arena, built, (size_t)hayanagi_game_size(built));
    CHECK_EQ(hayanagi_game_add_variation(arena, ARENA, v2, 3, "又は", strlen("又は"), NULL, NULL), 2);
    CHECK_EQ(hayanagi_game_variation(arena, 2, &info), HAYANAGI_OK);
    CHECK(info.parent == 0 && info.ply == 3 && strcmp(info.comment, "又は") == 0);
    CHECK_EQ(hayanagi_game_variation(arena, 3, &info), HAYANAGI_OK);
    CHECK(info.parent == -1 && info.ply == 1);
    /* Refusals change nothing. */
    memcpy(arena, built, (size_t)hayanagi_game_size(built));
    {
        static const struct {
            int32_t parent, ply, code, error_ply;
        } bad[] = {
            {3, 2, HAYANAGI_ERR_OUT_OF_RANGE, 0},          /* no variation 3 */
            {-2, 2, HAYANAGI_ERR_OUT_OF_RANGE, 0},         /* no line -2 */
            {HAYANAGI_GAME_MAIN_LINE, -1, HAYANAGI_ERR_OUT_OF_RANGE, 0},
            {HAYANAGI_GAME_MAIN_LINE, 0, HAYANAGI_ERR_GAME_VARIATION_PLY, 0},
            {HAYANAGI_GAME_MAIN_LINE, 5, HAYANAGI_ERR_GAME_VARIATION_PLY, 5}, /* past the ending at ply 4 */
            {0, 2, HAYANAGI_ERR_GAME_VARIATION_PLY, 2},    /* the ply of variation 0's own first move */
            {0, 4, HAYANAGI_ERR_GAME_VARIATION_PLY, 4},    /* past its last move, and it has no ending */
            {1, 3, HAYANAGI_ERR_GAME_VARIATION_PLY, 3},
        };
        size_t k;
        for (k = 0; k < sizeof bad / sizeof bad[0]; k++) {
            error.code = 99;
            CHECK_EQ(hayanagi_game_add_variation(arena, ARENA, bad[k].parent, bad[k].ply, NULL, 0, NULL, &error),
                     bad[k].code);
            CHECK_EQ(error.code, bad[k].code);
            CHECK_EQ(error.ply, bad[k].error_ply);
        }
    }
    CHECK_EQ(hayanagi_game_add_variation(arena, ARENA, -1, 2, "\xff", 1, NULL, NULL), HAYANAGI_ERR_NOT_UTF8);
    CHECK_EQ(hayanagi_game_add_variation(arena, ARENA, -1, 2, NULL, 1, NULL, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_game_add_variation(NULL, ARENA, -1, 2, NULL, 0, NULL, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_game_add_variation(text, ARENA, -1, 2, NULL, 0, NULL, NULL), HAYANAGI_ERR_NOT_A_GAME);
    /* A too-small arena: the size needed, nothing written. */
    needed = 0;
    CHECK_EQ(hayanagi_game_add_variation(arena, (size_t)hayanagi_game_size(built), -1, 2, NULL, 0, &needed, NULL),
             HAYANAGI_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ(needed, (size_t)hayanagi_game_size(built) + 48 + 2); /* an entry, and its two comments' NULs */
    CHECK_EQ(hayanagi_game_variation_add_move(arena, (size_t)hayanagi_game_size(built), 2, usi_move("2c2d"), -1,
                                              NULL, 0, &needed, NULL),
             HAYANAGI_ERR_GAME_MOVE_AFTER_END); /* variation 2 has ended */
    CHECK_EQ(hayanagi_game_variation_add_move(arena, ARENA, 3, usi_move("2c2d"), -1, NULL, 0, NULL, NULL),
             HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_game_variation_add_move(arena, ARENA, 0, 0, -1, NULL, 0, NULL, NULL), HAYANAGI_ERR_BAD_MOVE);
    CHECK_EQ(hayanagi_game_variation_set_ending(arena, ARENA, 0, HAYANAGI_ENDING_MATE, HAYANAGI_DEFAULT_WINNER, -1,
                                                NULL, &error),
             HAYANAGI_ERR_GAME_ENDING_CONTRADICTS);
    CHECK_EQ(error.ply, 4);
    CHECK_EQ(hayanagi_game_variation_set_ending(arena, ARENA, 3, HAYANAGI_ENDING_ABORT, HAYANAGI_NO_WINNER, -1, NULL,
                                                NULL),
             HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_game_variation_set_ending(arena, ARENA, 0, 17, HAYANAGI_NO_WINNER, -1, NULL, NULL),
             HAYANAGI_ERR_OUT_OF_RANGE);
    /* The main line's ending, which a variation replaces, cannot go while it does. */
    CHECK_EQ(hayanagi_game_add_variation(arena, ARENA, -1, 4, NULL, 0, NULL, NULL), 3);
    CHECK_EQ(hayanagi_game_set_ending(arena, ARENA, HAYANAGI_ENDING_NONE, HAYANAGI_NO_WINNER, -1, NULL, &error),
             HAYANAGI_ERR_GAME_VARIATION_PLY);
    CHECK_EQ(error.ply, 4);
    /* Nor a variation's. */
    CHECK_EQ(hayanagi_game_add_variation(arena, ARENA, 2, 2, NULL, 0, NULL, NULL), 3);
    CHECK_EQ(hayanagi_game_variation_set_ending(arena, ARENA, 2, HAYANAGI_ENDING_NONE, HAYANAGI_NO_WINNER, -1, NULL,
                                                &error),
             HAYANAGI_ERR_GAME_VARIATION_PLY);
    CHECK_EQ(hayanagi_game_variation_count(arena), 5);
    memcpy(arena2, arena, (size_t)hayanagi_game_size(arena));
    CHECK_EQ(hayanagi_game_variation_set_ending(arena, 10, 0, HAYANAGI_ENDING_ABORT, HAYANAGI_NO_WINNER, -1, NULL,
                                                NULL),
             HAYANAGI_ERR_BAD_LENGTH);
    /* (The same game: its bytes are not compared, a position's padding in them being undefined.) */
    CHECK_EQ(hayanagi_game_size(arena), hayanagi_game_size(arena2));
    CHECK(same_game(arena, arena2, SAME_TIMES | SAME_HEADERS | SAME_ENDING) && same_variations(arena, arena2));
}

/* Every game of a CSA file of several, one after another in one arena. */
static const char CSA_GAMES[] =
    "V2.2\n"
    "N+A\n"
    "PI\n"
    "+\n"
    "+7776FU\n"
    "/\n"
    "N+B\n"
    "PI\n"
    "+\n"
    "+2726FU\n"
    "-8384FU\n"
    "%TORYO\n"
    "/\n"
    "PI\n"
    "-\n"
    "-3334FU\n";

static void read_all(void) {
    size_t needed = 0, again = 0, at = 0, len;
    hayanagi_game_error error;
    hayanagi_game_outcome end;
    const char *key, *value;
    static const int32_t moves[] = {1, 2, 1};
    /* The third game with a move from an empty square on line 14 of the whole text. */
    static const char BAD[] = "V2.2\nPI\n+\n+7776FU\n/\nPI\n+\n+7776FU\n/\nPI\n+\n+7776FU\n-3334FU\n+7776FU\n";
    int32_t r = hayanagi_game_read_all(CSA_GAMES, sizeof CSA_GAMES - 1, HAYANAGI_GAME_FORMAT_DETECT,
                                       HAYANAGI_GAME_ENCODING_DETECT, arena, ARENA, &needed, &error);
    int32_t g;
    CHECK_EQ(r, 3);
    CHECK_EQ(error.code, HAYANAGI_OK);
    for (g = 0; g < 3 && at < needed; g++) {
        const unsigned char *game = arena + at;
        CHECK_EQ(hayanagi_game_move_count(game), moves[g]);
        CHECK_EQ(hayanagi_game_ending(game, &end), HAYANAGI_OK);
        CHECK_EQ(end.ending, g == 1 ? HAYANAGI_ENDING_RESIGN : HAYANAGI_ENDING_NONE);
        if (g < 2) {
            /* Its 先手 (N+) header. */
            int32_t h, found = 0;
            for (h = 0; h < hayanagi_game_header_count(game); h++) {
                CHECK_EQ(hayanagi_game_header(game, (size_t)h, &key, NULL, &value, &len), HAYANAGI_OK);
                if (strcmp(key, "先手") == 0) found = strcmp(value, g == 0 ? "A" : "B") == 0 ? 1 : -1;
            }
            CHECK_EQ(found, 1);
        }
        CHECK(hayanagi_game_size(game) > 0);
        at += (size_t)hayanagi_game_size(game);
    }
    CHECK_EQ(g, 3);
    CHECK_EQ(at, needed);
    /* The first is hayanagi_game_read's game; each alone, copied, is the same game. */
    CHECK_EQ(hayanagi_game_read(CSA_GAMES, sizeof CSA_GAMES - 1, HAYANAGI_GAME_FORMAT_CSA,
                                HAYANAGI_GAME_ENCODING_UTF8, arena2, sizeof arena2, NULL, NULL),
             HAYANAGI_GAME_FORMAT_CSA);
    CHECK(same_game(arena, arena2, SAME_TIMES | SAME_HEADERS | SAME_ENDING));
    at = (size_t)hayanagi_game_size(arena);
    memcpy(arena2 + 1, arena + at, (size_t)hayanagi_game_size(arena + at));
    CHECK(same_game(arena + at, arena2 + 1, SAME_TIMES | SAME_HEADERS | SAME_ENDING));
    /* Too small by one byte: the size needed, the arena unchanged. */
    memset(arena2, 0xa5, sizeof arena2);
    CHECK_EQ(hayanagi_game_read_all(CSA_GAMES, sizeof CSA_GAMES - 1, HAYANAGI_GAME_FORMAT_DETECT,
                                    HAYANAGI_GAME_ENCODING_DETECT, arena2, needed - 1, &again, &error),
             HAYANAGI_ERR_BUFFER_TOO_SMALL);
    CHECK_EQ(again, needed);
    CHECK_EQ(error.code, HAYANAGI_ERR_BUFFER_TOO_SMALL);
    CHECK(arena2[0] == 0xa5 && arena2[needed - 2] == 0xa5);
    /* One game of the other formats. */
    CHECK_EQ(hayanagi_game_read_all(KIF, sizeof KIF - 1, HAYANAGI_GAME_FORMAT_DETECT, HAYANAGI_GAME_ENCODING_DETECT,
                                    arena2, sizeof arena2, &again, NULL),
             1);
    CHECK_EQ((long long)again, hayanagi_game_size(arena2));
    CHECK_EQ(hayanagi_game_variation_count(arena2), 1);
    /* An error names its line in the whole text; nothing is written. */
    memset(arena2, 0xa5, sizeof arena2);
    again = 7;
    CHECK_EQ(hayanagi_game_read_all(BAD, sizeof BAD - 1, HAYANAGI_GAME_FORMAT_DETECT, HAYANAGI_GAME_ENCODING_DETECT,
                                    arena2, sizeof arena2, &again, &error),
             HAYANAGI_ERR_CSA_NO_PIECE);
    CHECK_EQ(error.code, HAYANAGI_ERR_CSA_NO_PIECE);
    CHECK_EQ(error.line, 14);
    CHECK_EQ(again, 7);
    CHECK(arena2[0] == 0xa5);
    CHECK_EQ(hayanagi_game_read(BAD, sizeof BAD - 1, HAYANAGI_GAME_FORMAT_DETECT, HAYANAGI_GAME_ENCODING_DETECT,
                                arena2, sizeof arena2, NULL, NULL),
             HAYANAGI_GAME_FORMAT_CSA); /* the first game alone is fine */
    CHECK_EQ(hayanagi_game_read_all(NULL, 1, -1, -1, arena2, sizeof arena2, NULL, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_game_read_all(BAD, 1, -1, -1, NULL, 0, NULL, NULL), HAYANAGI_ERR_NULL_POINTER);
    CHECK_EQ(hayanagi_game_read_all(BAD, 1, 5, -1, arena2, sizeof arena2, NULL, NULL), HAYANAGI_ERR_OUT_OF_RANGE);
    CHECK_EQ(hayanagi_game_read_all(BAD, 1, -1, 2, arena2, sizeof arena2, NULL, NULL), HAYANAGI_ERR_OUT_OF_RANGE);
}

int main(int argc, char **argv) {
    const char *dir = argc > 1 ? argv[1] : "records/tests/data/cshogi";
    accessors();
    too_small();
    building();
    errors();
    variations();
    building_variations();
    read_all();
    real_files(dir);
    printf("records: %d checks, %d failed\n", checks, failures);
    return failures != 0;
}
