#!/usr/bin/env python3
"""Checks a chess PGN written by `jiangjun match --game chess` with python-chess, an
independent rules implementation: every game parses, every SAN move is legal in its position,
lines stay under 80 columns, and the result agrees with the final position whenever the board
decides it (checkmate, stalemate, insufficient material, fifty moves, threefold repetition).

Usage: scripts/check-chess-pgn.py FILE.pgn [--games N]
Exit status 0 when every game passes; the first problems are printed otherwise.
"""
import sys

import chess
import chess.pgn


def board_result(board, termination_comment):
    """The result the rules impose on the final position, or None if they do not decide it."""
    if board.is_checkmate():
        return "0-1" if board.turn == chess.WHITE else "1-0"
    if board.is_stalemate() or board.is_insufficient_material():
        return "1/2-1/2"
    # Claimable draws end a game only when the arbiter says it applied them.
    if "repetition" in termination_comment and board.can_claim_threefold_repetition():
        return "1/2-1/2"
    if "fifty-move" in termination_comment and board.can_claim_fifty_moves():
        return "1/2-1/2"
    return None


def check_game(game):
    problems = []
    if game.errors:
        problems += [f"parse error: {e}" for e in game.errors]
    board = game.board()
    plies = 0
    for move in game.mainline_moves():
        if not board.is_legal(move):
            problems.append(f"ply {plies + 1}: illegal {move.uci()}")
            break
        board.push(move)
        plies += 1
    result = game.headers.get("Result", "?")
    comment = game.end().comment if game.end() is not game else game.comment
    want = board_result(board, comment)
    if want is not None and want != result:
        problems.append(f"result {result}, but the final position says {want} ({comment})")
    if "checkmate" in comment and not board.is_checkmate():
        problems.append("the comment says checkmate, the board does not")
    if "stalemate" in comment and not board.is_stalemate():
        problems.append("the comment says stalemate, the board does not")
    if "repetition" in comment and not board.can_claim_threefold_repetition():
        problems.append("the comment says repetition, python-chess sees none")
    if "fifty-move" in comment and not board.can_claim_fifty_moves():
        problems.append("the comment says fifty moves, python-chess disagrees")
    if "insufficient" in comment and not board.is_insufficient_material():
        problems.append("the comment says insufficient material, python-chess disagrees")
    return plies, result, problems


def main():
    args = sys.argv[1:]
    if not args or args[0].startswith("-"):
        sys.exit(__doc__.strip())
    path = args[0]
    expected = int(args[args.index("--games") + 1]) if "--games" in args else None
    with open(path, encoding="utf-8") as f:
        text = f.read()
    long_lines = [i + 1 for i, l in enumerate(text.splitlines()) if len(l) >= 80]
    bad = 0
    games = 0
    plies = 0
    results = {}
    with open(path, encoding="utf-8") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            games += 1
            n, result, problems = check_game(game)
            plies += n
            results[result] = results.get(result, 0) + 1
            if problems:
                bad += 1
                for p in problems[:5]:
                    print(f"game {games} (round {game.headers.get('Round')}): {p}")
    print(f"{games} games, {plies} plies, {games - bad} passed python-chess "
          f"{chess.__version__}; results: "
          + ", ".join(f"{r} {n}" for r, n in sorted(results.items())))
    if long_lines:
        print(f"lines of 80 columns or more: {long_lines[:10]}")
    if expected is not None and games != expected:
        print(f"expected {expected} games")
    sys.exit(1 if bad or long_lines or (expected is not None and games != expected) else 0)


if __name__ == "__main__":
    main()
