# The compiled kernel's one function (_kernel.c), for the type checker.

def analyse(columns: int, rows: int, black: bytes, white: bytes, to_move: int, fulls: int,
            semis: int, or_depth: int, /
            ) -> tuple[bytes, bytes, int, tuple[int, ...], bytes]: ...
