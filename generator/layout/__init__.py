"""Drawing shared by the games: hex boards, sheets and tables, cut sheets, rule-sheet text,
booklet imposition and tiling."""
