"""pnp studio: the app over plain HTTP (refusals, caps, no path to the file system, the same
bytes as the command line), and the page in Debian's Chromium driven by Selenium."""

from __future__ import annotations

import dataclasses
import hashlib
import http.client
import json
import os
import shlex
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.app import params as P
from generator.games import all_games
from generator.ui import studio
from generator.ui.cli import main

PNP = [sys.executable, "-m", "generator.ui.cli"]


@pytest.fixture(scope="module")
def server():
    """The studio on loopback, on a free port, in a thread."""
    httpd = studio.make_studio_server(0)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def get(host: str, path: str, method: str = "GET", headers: dict | None = None):
    """A raw request: the path goes out exactly as written, dots and all."""
    connection = http.client.HTTPConnection(host, timeout=60)
    connection.request(method, path, headers=headers or {})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, dict(response.getheaders()), body


def query(**values) -> str:
    return urllib.parse.urlencode(values, doseq=True)


def cli_error(*args: str) -> str:
    """What the command line says on stderr, without `pnp: `; it must refuse."""
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 2, result.output
    line = result.stderr.strip()
    assert line.startswith("pnp: ") and "\n" not in line
    return line.removeprefix("pnp: ")


def one_line_refusal(status: int, headers: dict, body: bytes, code: int = 400) -> str:
    assert status == code, body
    assert headers["Content-Type"].startswith("text/plain")
    text = body.decode()
    assert text.endswith("\n") and text.count("\n") == 1, text
    assert "Traceback" not in text and "File \"" not in text
    return text.strip()


# --- the form comes from the games -------------------------------------------------------


def test_the_form_offers_every_game_item_and_option():
    spec = studio.spec()
    assert [g["key"] for g in spec["games"]] == list(all_games())
    for entry in spec["games"]:
        game = all_games()[entry["key"]]
        items = [i["key"] for i in entry["items"]]
        assert items == [*game.items, "kit", "booklet"]
        for item in entry["items"]:
            fields = {f["name"]: f for f in item["fields"]}
            if item["key"] == "booklet":
                assert set(fields) == {"paper", "palette", "extras", "lang"}
                continue
            # Every field of the game's options that changes the printed item (and no
            # other), with its help and choices.
            read = P.reads(game, item["key"], P.PRINTED)
            assert [n for n in fields if n in P.option_names(game)] == read
            for option in dataclasses.fields(game.options):
                if option.name not in read:
                    continue
                shown = fields[option.name]
                assert shown["help"] == option.metadata["help"]
                assert tuple(shown["choices"]) == tuple(option.metadata["choices"])
                assert shown["game_option"]
            assert {"paper", "palette", "lang"} <= set(fields)
            assert ("copies" in fields) == (item["key"] != "rules")
            assert ("cell" in fields) == ("tile" in fields) == (item["key"] == "board")


def test_the_page_the_browser_gets(server):
    status, headers, body = get(server, "/")
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    page = body.decode()
    for asset in ("studio.css", "studio.js"):
        assert f'"{asset}"' in page
        status, headers, _ = get(server, f"/{asset}")
        assert status == 200
    # The spec rides in the page as JSON that the HTML parser cannot end early.
    tag = '<script type="application/json" id="spec">'
    start = page.index(tag) + len(tag)
    spec = json.loads(page[start:page.index("</script>", start)])
    assert spec == json.loads(json.dumps(studio.spec()))


def test_each_game_and_item_previews_its_own_pages(server):
    titles = set()
    for key, game in all_games().items():
        for item in ("board", "kit"):
            status, _, body = get(server, "/preview?" + query(game=key, item=item))
            assert status == 200
            preview = json.loads(body)
            assert preview["title"].startswith(game.title)
            assert preview["svg"].startswith("<svg") or preview["svg"].startswith("<?xml")
            titles.add(preview["title"])
    assert len(titles) == 2 * len(all_games())


# --- refusals: one line, status 400, the command line's sentence ----------------------------


@pytest.mark.parametrize("path", [
    "/preview?" + query(game="chess"),
    "/preview?" + query(game="nex", item="puzzle"),
    "/preview?" + query(game="nex", item="board", bogus=1),
    "/preview?" + query(game="nex", item="board", size=[11, 13]),
    "/preview?" + query(game="nex", item="board", page="two"),
    "/preview?" + query(game="nex", item="board", page=9),
    "/preview?" + query(game="nex", item="board", coordinates="maybe"),
    "/preview?game=nex&item=board&size=%ff",
    "/preview?" + query(game="nex", item="board", paper="a4" * 1200),
    "/download?" + query(game="nex", item="board", format="json"),
    "/download?" + query(game="nex", item="booklet", format="svg"),
    "/preview",
])
def test_a_malformed_request_gets_one_line_and_400(server, path):
    one_line_refusal(*get(server, path))


def test_only_get(server):
    one_line_refusal(*get(server, "/preview?game=nex", method="POST"), code=405)


def test_only_loopback_names(server):
    assert get(server, "/", headers={"Host": f"localhost:{server.split(':')[1]}"})[0] == 200
    one_line_refusal(*get(server, "/", headers={"Host": "studio.example.com"}))


@pytest.mark.parametrize("path", [
    "/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/studio.css/../../pyproject.toml",
    "/..%2fpyproject.toml", "/blind-hex-rules.md.j2", "/studio.html.j2", "/templates/studio.js",
    "//etc/passwd", "/studio.js%00.css", "/generator/studio.py",
])
def test_no_file_outside_the_studio_is_served(server, path):
    status, _, body = get(server, path)
    assert status == 404, body[:200]
    assert b"root:" not in body and b"[project]" not in body and b"{%" not in body


def test_the_control_request_does_reach_the_files_it_may(server):
    # The refusals above are not a server that refuses everything.
    status, _, body = get(server, "/studio.js")
    assert status == 200 and body == (Path(studio.__file__).parent / "studio.js").read_bytes()


def as_query(args: tuple[str, ...]) -> dict[str, str]:
    """`pnp ITEM GAME --name value --flag` as the studio's query."""
    item, game, *rest = args
    values = {"game": game, "item": item}
    while rest:
        name = rest.pop(0).removeprefix("--")
        values[name] = "true" if name == "tile" else rest.pop(0)
    return values


@pytest.mark.parametrize("args", [
    ("board", "blind-hex", "--size", "99"),
    ("board", "blind-hex", "--size", "abc"),
    ("board", "blind-hex", "--numbers", "1"),
    ("pad", "blind-hex", "--edition", "tokens"),
    ("board", "hex-kb", "--window", "9"),
    ("board", "hex-kb", "--window", "-1"),
    ("board", "blinq", "--neutral", "z9"),
    ("board", "nex", "--paper", "9x9"),
    ("board", "nex", "--paper", "a9"),
    ("board", "nex", "--tile"),
    ("board", "nex", "--cell", "2", "--tile"),
    ("board", "nex", "--cell", "30"),
    ("board", "nex", "--copies", "0"),
    ("booklet", "nex", "--paper", "a3"),
])
def test_a_value_out_of_range_is_refused_with_the_command_lines_sentence(server, args):
    said = one_line_refusal(*get(server, "/preview?" + query(**as_query(args))))
    assert said == cli_error(*args)


@settings(max_examples=15)
@given(size=st.integers(-3, 40), window=st.one_of(st.none(), st.integers(-2, 8)))
def test_the_studio_refuses_exactly_what_the_command_line_refuses(size, window):
    request = {"game": ["hex-kb"], "item": ["board"], "size": [str(size)]}
    args = ["board", "hex-kb", "--size", str(size)]
    if window is not None:
        request["window"] = [str(window)]
        args += ["--window", str(window)]
    try:
        options = studio.request_from(request).checked().options
        refused = None
    except studio.UserError as err:
        refused = str(err)
    with tempfile.TemporaryDirectory() as folder:
        result = CliRunner().invoke(main, [*args, "-o", f"{folder}/board.json"])
    if refused is None:
        assert result.exit_code == 0, result.stderr
        assert options.size == size
    else:
        assert result.exit_code == 2
        assert result.stderr.strip() == f"pnp: {refused}"


def test_work_is_capped(server):
    said = one_line_refusal(*get(server, "/preview?" + query(game="nex", item="pad",
                                                             copies=11)))
    assert "up to 10 copies" in said
    said = one_line_refusal(*get(server, "/preview?" + query(
        game="hex-kb", item="board", size=25, cell=40, tile="true")))
    assert "more than 24 sheets" in said
    # Controls: at the caps, the same requests are made.
    assert get(server, "/preview?" + query(game="nex", item="pad", copies=10))[0] == 200
    status, _, body = get(server, "/preview?" + query(game="nex", item="board", cell=40,
                                                      tile="true"))
    assert status == 200 and 1 < json.loads(body)["pages"] <= studio.MAX_PAGES


# --- downloads are the command line's files ------------------------------------------------


def run_command(command: str, folder: Path) -> Path:
    args = shlex.split(command)
    assert args[0] == "pnp"
    result = subprocess.run([*PNP, *args[1:]], cwd=folder, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return folder / result.stdout.split()[0]


@pytest.mark.parametrize("values", [
    {"game": "blind-hex", "item": "kit", "size": 13, "palette": "ink-saver"},
    {"game": "nex", "item": "booklet", "extras": ["board", "pad"], "paper": "letter"},
    {"game": "blinq", "item": "board", "neutral": "b2", "cell": 30, "tile": "true"},
])
def test_a_download_is_the_command_lines_file(server, tmp_path, values):
    status, _, body = get(server, "/preview?" + query(**values))
    preview = json.loads(body)
    status, headers, pdf = get(server, f"/download?{preview['query']}&format=pdf")
    assert status == 200 and headers["Content-Type"] == "application/pdf"
    name = headers["Content-Disposition"].split('filename="')[1].rstrip('"')
    assert name == preview["files"]["pdf"]
    written = run_command(preview["command"], tmp_path)
    assert written.name == name
    assert hashlib.sha256(pdf).digest() == hashlib.sha256(written.read_bytes()).digest()
    (tmp_path / "got.pdf").write_bytes(pdf)
    subprocess.run(["qpdf", "--check", str(tmp_path / "got.pdf")], check=True,
                   capture_output=True)


def test_an_svg_download_is_the_page_the_command_line_writes(server, tmp_path):
    values = {"game": "hex-kb", "item": "rules", "size": 13, "page": 2, "format": "svg"}
    status, headers, svg = get(server, "/download?" + query(**values))
    assert status == 200 and 'filename="hex-kb-rules-2.svg"' in headers["Content-Disposition"]
    run_command("pnp rules hex-kb --size 13 --format svg", tmp_path)
    assert svg == (tmp_path / "hex-kb-rules-2.svg").read_bytes()
    assert svg != (tmp_path / "hex-kb-rules-1.svg").read_bytes()   # control


# --- in the browser -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    os.environ["SE_AVOID_STATS"] = "true"
    os.environ["SE_OFFLINE"] = "true"
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service
    if not Path("/usr/bin/chromedriver").exists():
        pytest.fail("chromedriver is missing (make test installs chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"):
        options.add_argument(flag)
    profile = tmp_path_factory.mktemp("chromium-profile")
    downloads = tmp_path_factory.mktemp("downloads")
    options.add_argument(f"--user-data-dir={profile}")
    options.add_experimental_option("prefs", {"download.default_directory": str(downloads),
                                              "download.prompt_for_download": False})
    driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"),
                              options=options)
    driver.set_window_size(1280, 900)
    driver.downloads = downloads
    yield driver
    driver.quit()


def wait(condition, timeout: float = 20.0, what: str = ""):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = condition()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def preview_svg(driver) -> str:
    return driver.execute_script(
        "const s = document.querySelector('#preview svg'); return s ? s.outerHTML : '';")


def settled(driver) -> bool:
    return driver.execute_script(
        "return document.getElementById('preview').getAttribute('aria-busy') === 'false'")


def open_studio(driver, server, path=""):
    driver.get(f"http://{server}/{path}")
    wait(lambda: settled(driver) and preview_svg(driver), what="the first preview")


def type_into(driver, name: str, text: str):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    field = driver.find_element(By.ID, f"f-{name}")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.BACKSPACE)
    field.send_keys(text)
    return field


def choose(driver, element_id: str, value: str):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
    Select(driver.find_element(By.ID, element_id)).select_by_value(value)


def test_a_new_size_redraws_the_preview_in_place(browser, server, tmp_path):
    from selenium.webdriver.common.by import By
    open_studio(browser, server, "?game=blind-hex&item=board")
    browser.execute_script("window.samePage = true")     # gone if the page reloaded
    before = preview_svg(browser)
    # Control: the same size again leaves the drawing as it was.
    type_into(browser, "size", "11")
    time.sleep(0.8)
    wait(lambda: settled(browser), what="the preview")
    assert preview_svg(browser) == before
    type_into(browser, "size", "13")
    after = wait(lambda: (s := preview_svg(browser)) != before and settled(browser) and s,
                 what="a new preview")
    assert "13 × 13" in after and "13 × 13" not in before
    assert browser.execute_script("return window.samePage") is True
    # The figures follow the drawing: the options' label, then the board's balance.
    figures = wait(lambda: "spread" in (t := browser.find_element(By.ID, "figures").text) and t,
                   what="the figures")
    assert "13 × 13" in figures and "Blind Hex board 13x13" in figures
    assert browser.find_element(By.ID, "command").text == "pnp board blind-hex --size 13"
    browser.save_screenshot(str(tmp_path / "desktop-1280.png"))


def test_switching_game_item_and_page(browser, server):
    from selenium.webdriver.common.by import By
    open_studio(browser, server)
    choose(browser, "game", "hex-kb")
    wait(lambda: "Hex KB" in preview_svg(browser) and settled(browser), what="Hex KB")
    wait(lambda: "gaps:" in browser.find_element(By.ID, "figures").text, what="Hex KB gaps")
    choose(browser, "item", "rules")
    wait(lambda: "Hex KB: rules" in preview_svg(browser) and settled(browser), what="rules")
    pager = browser.find_element(By.ID, "page")
    assert pager.is_enabled() and len(pager.find_elements(By.TAG_NAME, "option")) == 2
    first = preview_svg(browser)
    browser.find_element(By.ID, "next").click()
    wait(lambda: "(2/2)" in preview_svg(browser) and settled(browser), what="page 2")
    assert preview_svg(browser) != first
    assert browser.find_element(By.ID, "download-svg").get_attribute("download") == \
        "hex-kb-rules-2.svg"
    # Every item of the game is offered, and nothing else.
    offered = [o.get_attribute("value") for o in
               browser.find_element(By.ID, "item").find_elements(By.TAG_NAME, "option")]
    assert offered == [*all_games()["hex-kb"].items, "kit", "booklet"]


def test_a_downloaded_pdf_is_the_command_lines(browser, server, tmp_path):
    from selenium.webdriver.common.by import By
    open_studio(browser, server, "?game=nex&item=pad")
    type_into(browser, "size", "15")
    wait(lambda: "15 × 15" in preview_svg(browser) and settled(browser), what="15 x 15")
    link = browser.find_element(By.ID, "download-pdf")
    assert link.get_attribute("download") == "nex-pad.pdf"
    for old in browser.downloads.glob("*"):
        old.unlink()
    link.click()
    saved = wait(lambda: [p for p in browser.downloads.glob("nex-pad*.pdf")], what="download")
    wait(lambda: not list(browser.downloads.glob("*.crdownload")), what="download to end")
    pdf = saved[0].read_bytes()
    subprocess.run(["qpdf", "--check", str(saved[0])], check=True, capture_output=True)
    command = browser.find_element(By.ID, "command").text
    assert command == "pnp pad nex --size 15"
    written = run_command(command, tmp_path)
    assert pdf == written.read_bytes()
    # Control: the command line's file for another size is not these bytes.
    other = run_command("pnp pad nex --size 13 -o other.pdf", tmp_path)
    assert pdf != other.read_bytes()


def test_a_value_out_of_range_shows_the_command_lines_sentence(browser, server):
    from selenium.webdriver.common.by import By
    open_studio(browser, server, "?game=blind-hex&item=pad")
    message = browser.find_element(By.ID, "message")
    assert not message.is_displayed()          # control: no message while all is well
    field = type_into(browser, "size", "99")
    wait(lambda: message.is_displayed(), what="the message")
    assert message.text == cli_error("pad", "blind-hex", "--size", "99")
    assert field.get_attribute("aria-invalid") == "true"
    assert browser.find_element(By.ID, "download-pdf").get_attribute("aria-disabled") == "true"
    type_into(browser, "size", "9")
    wait(lambda: not message.is_displayed(), what="the message to go")
    assert field.get_attribute("aria-invalid") is None


def overflow(driver) -> int:
    return driver.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth")


def test_on_a_phone_the_form_and_preview_fit_the_width(browser, server, tmp_path):
    from selenium.webdriver.common.by import By
    browser.set_window_size(375, 812)
    try:
        open_studio(browser, server, "?game=blind-hex&item=board")
        width = browser.execute_script("return window.innerWidth")
        assert width == 375
        assert overflow(browser) == 0
        for element_id in ("form", "preview", "fields", "command", "download-pdf"):
            box = browser.find_element(By.ID, element_id).rect
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, element_id
        drawn = browser.find_element(By.CSS_SELECTOR, "#preview svg").rect
        assert drawn["width"] > 250
        height = browser.execute_script("return document.documentElement.scrollHeight")
        browser.set_window_size(375, height + 140)
        browser.save_screenshot(str(tmp_path / "phone-375.png"))
        # Control: something too wide for the phone is caught by the same measure.
        browser.execute_script(
            "document.getElementById('fields').style.minWidth = '600px'")
        assert overflow(browser) > 0
    finally:
        browser.set_window_size(1280, 900)


def test_the_keyboard_reaches_every_control_with_its_label(browser, server):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    open_studio(browser, server, "?game=hex-kb&item=board")
    controls = browser.find_elements(By.CSS_SELECTOR, "#form input, #form select")
    for control in controls:
        if control.get_attribute("type") == "checkbox" and not control.get_attribute("id"):
            assert control.find_element(By.XPATH, "..").tag_name == "label"
            continue
        label = browser.find_elements(By.CSS_SELECTOR,
                                      f"label[for='{control.get_attribute('id')}']")
        assert label and label[0].text.strip(), control.get_attribute("id")
    # Tab from the top lands on the game, then the item, then the first option.
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.TAB)   # the skip link
    reached = []
    for _ in range(4):
        browser.switch_to.active_element.send_keys(Keys.TAB)
        reached.append(browser.switch_to.active_element.get_attribute("id"))
    assert reached[:3] == ["game", "item", "f-size"]


def test_pnp_studio_serves_on_loopback_until_stopped(server):
    process = subprocess.Popen([*PNP, "studio", "--no-browser", "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        assert line.startswith("pnp studio at http://127.0.0.1:"), line
        host = line.split("http://")[1].split("/")[0]
        status, _, body = get(host, "/")
        assert status == 200 and b"pnp studio" in body
        # A port in use is one line and exit status 2, as every user error.
        taken = subprocess.run([*PNP, "studio", "--no-browser", "--port", host.split(":")[1]],
                               capture_output=True, text=True, timeout=30)
        assert taken.returncode == 2 and taken.stderr.startswith("pnp: cannot serve on")
        assert taken.stderr.count("\n") == 1
    finally:
        process.terminate()
        process.wait(timeout=10)
