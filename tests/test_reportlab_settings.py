"""reportlab's RL_<setting> environment variables are set aside, said in one line once the
command has done its work (docs/commands.md): no traceback from a value reportlab cannot
convert, the same bytes whatever they say, and a refusal still one line."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

PNP = [sys.executable, "-m", "generator.ui.cli"]


def run(env_extra: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RL_")}
    return subprocess.run([*PNP, *args], capture_output=True, text=True, timeout=120,
                          env={**env, **env_extra})


def test_reportlab_itself_stumbles_on_these_values():
    """The control: reportlab really reads the variables the tests below set, and one it
    cannot convert is a traceback from its import."""
    env = {**os.environ, "RL_invariant": "abc"}
    done = subprocess.run([sys.executable, "-c", "import reportlab.rl_config"], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode != 0 and "Traceback" in done.stderr
    env["RL_invariant"] = "0"
    done = subprocess.run([sys.executable, "-c", "from reportlab import rl_config; "
                           "print(rl_config.invariant)"], env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.stdout.strip() == "0"


@pytest.mark.parametrize("settings", [
    {"RL_invariant": "abc"},
    {"RL_invariant": "0", "RL_pageCompression": "0"},
    {"RL_defaultPageSize": "nonsense", "RL_TTFSearchPath": "/nowhere", "RL_x": "1",
     "RL_shapeChecking": "maybe"},
])
def test_rl_settings_are_ignored_with_one_line_and_change_nothing(tmp_path, settings):
    plain = run({}, "board", "hex", "-o", str(tmp_path / "plain.pdf"))
    assert plain.returncode == 0 and plain.stderr == "", plain.stderr
    done = run(settings, "board", "hex", "-o", str(tmp_path / "set.pdf"))
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("pnp: ignored RL_"), \
        done.stderr
    assert "Traceback" not in done.stderr
    assert (tmp_path / "set.pdf").read_bytes() == (tmp_path / "plain.pdf").read_bytes()


def test_every_command_sets_them_aside_the_same_way():
    done = run({"RL_invariant": "abc"}, "judge", "hex", "--help")
    assert done.returncode == 0 and "Usage" in done.stdout
    assert done.stderr.startswith("pnp: ignored RL_invariant:"), done.stderr


@pytest.mark.parametrize("settings", [{"RL_invariant": "abc"}, {"RL_invariant": "0"}])
def test_a_refusal_with_rl_settings_set_is_still_one_line(settings):
    """Bad input is one line and status 2 whatever the environment: the line that names the
    settings set aside is said only by a run that did its work."""
    done = run(settings, "board", "nex", "--size", "3")
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("pnp: --size") and "RL_" not in done.stderr
    # The control: the same refusal without them is the same line.
    assert run({}, "board", "nex", "--size", "3").stderr == done.stderr
