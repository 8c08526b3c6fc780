"""The solver's optional compiled kernel (generator/games/hex/solver/_kernel.c): built where
a C compiler and Python's headers are at hand, and left out, without a word of failure to
the install, where they are not; the solver then runs on its Python modules alone, which
give the same answers more slowly (docs/solver.md). Everything else is in pyproject.toml."""

from setuptools import Extension, setup

setup(ext_modules=[Extension("generator.games.hex.solver._kernel",
                             ["generator/games/hex/solver/_kernel.c"],
                             depends=["generator/games/hex/solver/_kernel_body.h"],
                             extra_compile_args=["-O2"], optional=True)])
