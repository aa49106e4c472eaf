//! Hand-written records for the breakages real files show (the list: a comment line
//! between moves, time and handicap lines, Shift_JIS versus UTF-8, 不成, KI2 modifiers), one named
//! test each, plus the cases where cshogi or python-shogi departs from a clear format, and the
//! errors' lines and columns.

use hayanagi::Color;
use hayanagi_records::{Ending, Format, ReadErrorKind, Record, TextEncoding, decode};

fn usi(record: &Record) -> String {
    record.moves.iter().map(|m| m.mv.to_string()).collect::<Vec<_>>().join(" ")
}

fn read(text: &str) -> Record {
    Record::read_str(text, None).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn how(record: &Record) -> Option<(Ending, Option<Color>)> {
    record.outcome.map(|o| (o.ending, o.winner))
}

// cshogi#35: a comment line between two moves must not make a move disappear.
#[test]
fn kif_comment_line_between_moves_keeps_every_move() {
    let kif = "手合割：平手\n   1 ７六歩(77)\n*一手目のコメント\n**二つ目\n   2 ３四歩(33)\n   3 ２六歩(27)\n";
    let record = read(kif);
    assert_eq!(usi(&record), "7g7f 3c3d 2g2f");
    assert_eq!(record.moves[0].comments, ["一手目のコメント", "*二つ目"]);
    let csa = "V2.2\nPI\n+\n+7776FU\n'a comment\n-3334FU\n+2726FU\n";
    assert_eq!(usi(&read(csa)), "7g7f 3c3d 2g2f");
}

// cshogi#38, #49, #60, python-shogi#16, #27: time fields of every width and handicap lines.
#[test]
fn kif_time_fields_and_handicap_lines() {
    let kif = "開始日時：2024/01/02\n手合割：香落ち\n上手：A\n下手：B\n手数----指手---------消費時間--\n\
               1 ３四歩(33)   ( 0:01/00:00:01)\n   2 ７六歩(77)   (12:34/01:02:03)\n   3 ８四歩(83)(0:05/0:00:06)\n\
               4 投了 ( 1:00:00/ 1:00:00:00)\nまで3手で上手の勝ち\n";
    let record = read(kif);
    assert_eq!(record.start.sfen().to_string(), "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
    assert_eq!(usi(&record), "3c3d 7g7f 8c8d");
    assert_eq!(record.moves.iter().map(|m| m.time_ms).collect::<Vec<_>>(), [Some(1_000), Some(754_000), Some(5_000)]);
    assert_eq!(record.outcome.unwrap().time_ms, Some(3_600_000));
    // Black to move at the end resigns: White (上手) wins.
    assert_eq!(how(&record), Some((Ending::Resign, Some(Color::White))));
    assert_eq!(record.header("上手"), Some("A"));
}

#[test]
fn every_handicap_name_reads_and_writes_back() {
    for name in [
        "平手",
        "香落ち",
        "右香落ち",
        "角落ち",
        "飛車落ち",
        "飛香落ち",
        "二枚落ち",
        "三枚落ち",
        "四枚落ち",
        "五枚落ち",
        "左五枚落ち",
        "六枚落ち",
        "左七枚落ち",
        "右七枚落ち",
        "八枚落ち",
        "十枚落ち",
    ] {
        let record = read(&format!("手合割：{name}\n"));
        assert_eq!(record.start.side_to_move() == Color::Black, name == "平手", "{name}");
        assert!(record.write(Format::Kif).unwrap().contains(&format!("手合割：{name}\n")), "{name}");
        let csa = record.write(Format::Csa).unwrap();
        assert_eq!(read(&csa).start, record.start, "{name}: {csa}");
        assert!(csa.contains("PI"), "{name}");
    }
    let err = Record::read_str("手合割：九枚落ち\n", Some(Format::Kif)).unwrap_err();
    assert_eq!((err.line, err.column, err.kind), (1, 5, ReadErrorKind::UnknownHandicap("九枚落ち".into())));
    // その他 says a board diagram gives the start: without one it is an error (tests/real_files.rs).
    assert!(Record::read_str("手合割：その他\n", None).is_err());
}

// python-shogi#34, shogihome#403: .kif files are Shift_JIS, .kifu files UTF-8; a reader tells.
#[test]
fn shift_jis_and_utf8_read_the_same() {
    let kif = "先手：羽生善治\n手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n";
    let sjis = TextEncoding::ShiftJis.encode(kif);
    assert!(std::str::from_utf8(&sjis).is_err());
    let from_sjis = Record::read_bytes(&sjis, None).unwrap();
    let from_utf8 = Record::read_bytes(kif.as_bytes(), None).unwrap();
    assert_eq!(from_sjis, from_utf8);
    assert_eq!(from_sjis.header("先手"), Some("羽生善治"));
    let bom = [b"\xef\xbb\xbf".as_slice(), kif.as_bytes()].concat();
    assert_eq!(Record::read_bytes(&bom, None).unwrap(), from_utf8);
    let declared = format!("#KIF version=2.0 encoding=UTF-8\n{kif}");
    assert_eq!(decode(declared.as_bytes(), None).unwrap().1, TextEncoding::Utf8);
    let declared = TextEncoding::ShiftJis.encode(&format!("#KIF version=2.0 encoding=Shift_JIS\n{kif}"));
    assert_eq!(decode(&declared, None).unwrap().1, TextEncoding::ShiftJis);
    // Told the wrong encoding: the error names where the bytes stop being text.
    let err = Record::read_bytes(&sjis, Some(TextEncoding::Utf8)).unwrap_err();
    assert_eq!((err.line, err.column, err.kind), (1, 1, ReadErrorKind::Encoding(TextEncoding::Utf8)));
    let csa = TextEncoding::ShiftJis.encode("'CSA encoding=SHIFT_JIS\nV3.0\nN+羽生\nPI\n+\n");
    assert_eq!(Record::read_bytes(&csa, None).unwrap().header("先手"), Some("羽生"));
}

// shogi-kifu-converter#24; cshogi's KIF reader drops such moves (its pattern has no 不成): a
// named case where the format wins.
#[test]
fn kif_non_promotion_is_read_and_cshogi_would_drop_it() {
    let kif = "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角不成(88)\n   4 同　銀(31)\n";
    let record = read(kif);
    assert_eq!(usi(&record), "7g7f 3c3d 8h2b 3a2b");
    // Written back, KIF leaves 不成 out (the from square is exact) and KI2 writes it.
    assert!(record.write(Format::Kif).unwrap().contains("   3 ２二角(88)\n"));
    assert!(record.write(Format::Ki2).unwrap().contains("▲２二角不成"));
}

// cshogi's KIF reader ignores 持ち駒 lines and board diagrams; python-shogi's takes the side to
// move of a diagram wrongly. The format is clear: these are the position.
#[test]
fn kif_board_diagram_with_hands_and_side_to_move() {
    let kif = "後手の持駒：飛　角　金四　銀三　桂四　香四　歩十七　\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n\
               | ・ ・ ・ ・ ・ ・ ・ ・v玉|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n| ・ ・ ・ ・ ・ ・ ・ 歩 ・|三\n\
               | ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n\
               | ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n\
               +---------------------------+\n先手の持駒：銀\n後手番\n手数----指手---------消費時間--\n   1 １二玉(11)\n";
    let record = read(kif);
    assert_eq!(record.start.sfen().to_string(), "8k/9/7P1/9/9/9/9/9/4K4 w Srb4g3s4n4l17p 1");
    assert_eq!(usi(&record), "1a1b");
    assert_eq!(read(&record.write(Format::Kif).unwrap()).start, record.start);
    assert_eq!(read(&record.write(Format::Csa).unwrap()).start, record.start);
}

// cshogi's KIF exporter writes "まで{n}手で" naming the winner by the parity of n, wrong in
// handicap games; the side to move resigns, whatever that line says.
#[test]
fn kif_resignation_is_the_side_to_move_whatever_the_summary_says() {
    let kif = "手合割：香落ち\n   1 ３四歩(33)\n   2 投了\nまで1手で後手の勝ち\n";
    assert_eq!(how(&read(kif)), Some((Ending::Resign, Some(Color::White))));
    let kif = "手合割：香落ち\n   1 ３四歩(33)\n   2 投了\nまで1手で先手の勝ち\n";
    assert_eq!(how(&read(kif)), Some((Ending::Resign, Some(Color::White))));
    // Fouls too: 反則勝ち is the side to move's win (tests/real_files.rs).
    let kif = "手合割：平手\n   1 ７六歩(77)\n   2 反則勝ち\nまで1手で先手の反則勝ち\n";
    assert_eq!(how(&read(kif)), Some((Ending::IllegalAction, Some(Color::White))));
}

#[test]
fn kif_variations_are_read_as_a_tree() {
    let kif = "手合割：平手\n   1 ７六歩(77)   ( 0:01/00:00:01)+\n   2 ３四歩(33)\n   3 投了\nまで2手で後手の勝ち\n\n\
               変化：2手\n   2 ８四歩(83)\n   3 ２六歩(27)\n\n変化：1手\n   1 ２六歩(27)\n";
    let record = read(kif);
    assert_eq!(usi(&record), "7g7f 3c3d");
    let plies: Vec<(u32, usize)> = record.variations.iter().map(|v| (v.ply, v.moves.len())).collect();
    assert_eq!(plies, [(2, 2), (1, 1)], "in file order");
    assert_eq!(record.variations[0].moves[1].mv.to_string(), "2g2f");
}

#[test]
fn ki2_reads_modifiers_same_square_and_results() {
    let ki2 = "手合割：平手\n先手：A\n\n▲７六歩    △３四歩    ▲２二角成    △同　銀\n*同銀のコメント\n▲４八銀    △８八角打\nまで6手で後手の勝ち\n";
    let record = read(ki2);
    assert_eq!(usi(&record), "7g7f 3c3d 8h2b+ 3a2b 3i4h B*8h");
    assert_eq!(record.moves[3].comments, ["同銀のコメント"]);
    assert_eq!(how(&record), Some((Ending::Resign, Some(Color::White))));
    // No bishop on the board can go to 8八, so KI2 writes the drop without 打.
    assert!(record.write(Format::Ki2).unwrap().contains("△８八角\n"));
    let err = Record::read_str("▲７六歩 △３四歩 ▲５八金\n", Some(Format::Ki2)).unwrap_err();
    assert_eq!((err.line, err.column), (1, 11));
    assert!(matches!(err.kind, ReadErrorKind::JapaneseMove(_)), "{err}");
}

#[test]
fn csa_statements_on_one_line_rows_hands_and_all() {
    let csa = "'CSA encoding=UTF-8\nV3.0\nN+先手\nN-後手\n$EVENT:test\n$START_TIME:2024/01/02 10:00:00\n\
               P1 *  *  *  *  *  *  *  * -OU\nP2 *  *  *  *  *  *  *  *  * \nP3 *  *  *  *  *  *  * +FU * \n\
               P4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \n\
               P7 *  *  *  *  *  *  *  *  * \nP8 *  *  *  *  *  *  *  *  * \nP9 *  *  *  * +OU *  *  *  * \n\
               P+00GI\nP-00AL\n-\n-1112OU,T1.5,+0055GI,T12\n%KACHI\n";
    let record = read(csa);
    assert_eq!(record.start.sfen().to_string(), "8k/9/7P1/9/9/9/9/9/4K4 w S2r2b4g3s4n4l17p 1");
    assert_eq!(usi(&record), "1a1b S*5e");
    assert_eq!(record.moves.iter().map(|m| m.time_ms).collect::<Vec<_>>(), [Some(1_500), Some(12_000)]);
    assert_eq!(how(&record), Some((Ending::Declaration, Some(Color::White))));
    assert_eq!(record.header("棋戦"), Some("test"));
    let written = record.write(Format::Csa).unwrap();
    assert!(written.contains("P-00HI00HI00KA00KA00KI00KI00KI00KI00GI00GI00GI"), "{written}");
    assert!(written.starts_with("'CSA encoding=UTF-8\nV3.0\n") && written.contains("T1.500\n"), "{written}");
    assert_eq!(read(&written).moves, record.moves);
}

#[test]
fn csa_every_ending_and_its_winner() {
    for (code, ending, winner) in [
        ("%TORYO", Ending::Resign, Some(Color::White)),
        ("%CHUDAN", Ending::Abort, None),
        ("%SENNICHITE", Ending::Repetition, None),
        ("%JISHOGI", Ending::Impasse, None),
        ("%MAX_MOVES", Ending::MaxMoves, None),
        ("%TIME_UP", Ending::TimeUp, Some(Color::White)),
        ("%ILLEGAL_MOVE", Ending::IllegalMove, Some(Color::White)),
        ("%+ILLEGAL_ACTION", Ending::IllegalAction, Some(Color::White)),
        ("%-ILLEGAL_ACTION", Ending::IllegalAction, Some(Color::Black)),
        ("%KACHI", Ending::Declaration, Some(Color::Black)),
    ] {
        let record = read(&format!("V2.2\nPI\n+\n+7776FU\n-3334FU\n{code}\n"));
        assert_eq!(how(&record), Some((ending, winner)), "{code}");
        // A foul keeps its winner; its word depends on the format (CSA names who fouled, KIF the
        // side to move's win or loss).
        let foul = |h: Option<(Ending, Option<Color>)>| {
            h.map(|(e, w)| if e == Ending::IllegalMove { (Ending::IllegalAction, w) } else { (e, w) })
        };
        for format in [Format::Csa, Format::Kif, Format::Ki2] {
            assert_eq!(
                foul(how(&read(&record.write(format).unwrap()))),
                foul(Some((ending, winner))),
                "{code} as {format:?}"
            );
        }
    }
}

#[test]
fn kif_every_ending_word() {
    for (word, ending) in [
        ("投了", Ending::Resign),
        ("中断", Ending::Abort),
        ("千日手", Ending::Repetition),
        ("持将棋", Ending::Impasse),
        ("切れ負け", Ending::TimeUp),
        ("反則勝ち", Ending::IllegalAction),
        ("反則負け", Ending::IllegalMove),
        ("入玉勝ち", Ending::Declaration),
        ("宣言勝ち", Ending::Declaration),
        ("不戦勝", Ending::WinByDefault),
        ("不戦敗", Ending::LossByDefault),
        ("不詰", Ending::NoMate),
    ] {
        let record = read(&format!("手合割：平手\n   1 ７六歩(77)\n   2 {word}\n"));
        let got = how(&record);
        assert_eq!(got.map(|g| g.0), Some(ending), "{word}");
        for format in [Format::Csa, Format::Kif, Format::Ki2] {
            let again = how(&read(&record.write(format).unwrap()));
            if format == Format::Csa && matches!(ending, Ending::WinByDefault | Ending::LossByDefault | Ending::NoMate)
            {
                continue; // CSA has no code for these (written as %CHUDAN / %FUZUMI).
            }
            let normal = |h: Option<(Ending, Option<Color>)>| {
                h.map(|(e, w)| if e == Ending::IllegalMove { (Ending::IllegalAction, w) } else { (e, w) })
            };
            assert_eq!(normal(again), normal(got), "{word} as {format:?}");
        }
    }
}

#[test]
fn errors_name_line_column_and_what() {
    let cases: [(&str, Format, (usize, usize), &str); 6] = [
        ("手合割：平手\n   1 ７六歩(77)\n   3 ３四歩(33)\n", Format::Kif, (3, 4), "expected move number 2, found 3"),
        ("手合割：平手\n   1 ７六歩(77)\n   2 ７六歩(77)\n", Format::Kif, (3, 6), "move: no legal move fits"),
        ("手合割：平手\n   1 ７六歩(77) (x)\n", Format::Kif, (2, 14), "expected a time such as ( 0:01/00:00:01)"),
        (
            "V2.2\nPI\n+\n+7776FU\n-3334FU\n+7674FU\n",
            Format::Csa,
            (6, 1),
            "illegal move 7f7d: the piece cannot go there (not its move, or blocked)",
        ),
        ("V2.2\nP1-KY\n", Format::Csa, (2, 6), "expected 9 cells of 3 characters (+FU, -KY, ' * ')"),
        ("V2.2\nPI\n+\n%TORYO\n+7776FU\n", Format::Csa, (5, 1), "a move after the ending"),
    ];
    for (text, format, (line, column), message) in cases {
        let err = Record::read_str(text, Some(format)).unwrap_err();
        assert_eq!((err.line, err.column), (line, column), "{text}: {err}");
        assert_eq!(err.kind.to_string(), message, "{text}");
    }
}

#[test]
fn usi_lines_read_and_write() {
    let record = Record::read_str("position startpos moves 7g7f 3c3d", None).unwrap();
    assert_eq!(record.write(Format::Usi).unwrap(), "startpos moves 7g7f 3c3d\n");
    let record = Record::read_str("sfen 8k/9/7P1/9/9/9/9/9/4K4 w Srb4g3s4n4l17p 1 moves 1a1b", None).unwrap();
    assert_eq!(record.write(Format::Usi).unwrap(), "sfen 8k/9/7P1/9/9/9/9/9/4K4 w Srb4g3s4n4l17p 1 moves 1a1b\n");
    let err = Record::read_str("startpos moves 7g7f 7g7f", None).unwrap_err();
    assert_eq!((err.line, err.column), (1, 21));
    // A typed error, not a message: the move and the rule it breaks.
    assert!(matches!(err.kind, ReadErrorKind::Illegal { why: hayanagi::Illegality::NoPiece, .. }), "{err:?}");
    assert_eq!(
        err.to_string(),
        "line 1, column 21: illegal move 7g7f: no piece of the side to move on the from square (read as USI: its first word is position, startpos or sfen)"
    );
    let err = Record::read_str("startpos moves 7g7e", None).unwrap_err();
    assert!(matches!(err.kind, ReadErrorKind::Illegal { why: hayanagi::Illegality::Unreachable, .. }), "{err:?}");
    // Malformed moves keep the core's USI error.
    let err = Record::read_str("startpos moves 7g7x", None).unwrap_err();
    assert!(matches!(err.kind, ReadErrorKind::Usi(_)), "{err:?}");
    // The start moves back to where the record began; a trailing blank is no part of the command.
    let record = Record::read_str("sfen 4k4/9/9/9/9/9/9/9/4K4 b G 7 moves G*5b 5a5b \r\n", Some(Format::Usi)).unwrap();
    assert_eq!(record.start.sfen().to_string(), "4k4/9/9/9/9/9/9/9/4K4 b G 7");
    assert_eq!(record.moves.len(), 2);
    let err = Record::read_str("sfen 4k4/9/9/9/9/9/9/9/4K4 b G 0", Some(Format::Usi)).unwrap_err();
    assert_eq!((err.line, err.column), (1, 32));
    assert_eq!(err.kind.to_string(), "USI: sfen ply: ply 0 (the first move is ply 1)");
}

// 詰み / %TSUMI says the side to move is mated: read and written where it is, an error where not.
#[test]
fn mate_ending_only_where_the_side_to_move_is_mated() {
    // A gold dropped on 5b, held by the pawn on 5c, mates the king on 5a.
    let csa = "V2.2\nP+59OU\nP-51OU\nP+00KI\nP+53FU\n+\n+0052KI\n%TSUMI\n";
    let record = read(csa);
    assert_eq!(how(&record), Some((Ending::Mate, Some(Color::Black))));
    for format in [Format::Csa, Format::Kif, Format::Ki2] {
        assert_eq!(how(&read(&record.write(format).unwrap())), how(&record), "{format:?}");
    }
    let err = Record::read_str("V2.2\nPI\n+\n+7776FU\n%TSUMI\n", None).unwrap_err();
    assert_eq!((err.line, err.kind), (5, ReadErrorKind::EndingContradicts(Ending::Mate)));
    let err = Record::read_str("手合割：平手\n   1 ７六歩(77)\n   2 詰み\n", None).unwrap_err();
    assert_eq!((err.line, err.kind), (3, ReadErrorKind::EndingContradicts(Ending::Mate)));
}
