"""Numbers typed as numbers are written: the digits 0-9, once. Python's int() and float()
also take digit groups (1_3 is 13, 1_0 is 10), which the command line and the studio once
took as the number; they are refused in one line. The control: the same value in plain
digits is taken."""

import pytest
from click.testing import CliRunner

from generator.app import params
from generator.ui.cli import main


@pytest.mark.parametrize(("args", "plain"), [
    (["stats", "hex-kb", "--size", "1_3"], "13"),
    (["board", "hex", "--for", "print-shop", "--bleed", "1_0", "-o", "-"], "1.0"),
])
def test_digit_groups_are_refused_and_plain_digits_taken(args: list[str], plain: str) -> None:
    refused = CliRunner().invoke(main, args)
    assert refused.exit_code == 2
    assert "is not a number: digits without '_'" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1
    grouped = next(a for a in args if "_" in a)
    taken = CliRunner().invoke(main, [plain if a == grouped else a for a in args])
    assert taken.exit_code == 0, taken.stderr


def test_a_params_conversion_refuses_digit_groups() -> None:
    with pytest.raises(params.ParamError):
        params.DPI.convert("3_00")
    assert params.DPI.convert("300") == 300
