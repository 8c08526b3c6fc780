"""The catalogue page, opened in headless Chromium from a local web server: every link
resolves and every SVG thumbnail draws something."""

import functools
import http.server
import io
import json
import threading
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest
from chromium import reset
from PIL import Image

from generator.app.index_page import WHOLE_ZIP
from generator.render.zipped import write_zip

pytest_plugins = ["shared_browser"]      # the worker's one browser

# Loaded beside the catalogue: opens index.html in a frame, asks the server for every link,
# draws every thumbnail onto a canvas and counts the pixels that are not white.
CHECK_PAGE = """<!DOCTYPE html><html><body><pre id="result">pending</pre>
<iframe id="page" src="index.html" width="1200" height="900"></iframe>
<script>
document.getElementById('page').onload = async () => {
  const doc = document.getElementById('page').contentDocument;
  const links = [...doc.querySelectorAll('a')].map(a => a.getAttribute('href'));
  const status = {};
  for (const href of new Set(links)) {
    const r = await fetch(href, {method: 'HEAD'});
    status[href] = r.status;
  }
  const thumbnails = {};
  for (const img of doc.querySelectorAll('img')) {
    await img.decode().catch(() => null);
    const canvas = document.createElement('canvas');
    canvas.width = 170; canvas.height = 220;
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff'; ctx.fillRect(0, 0, 170, 220);
    let inked = 0;
    if (img.naturalWidth > 0) {
      ctx.drawImage(img, 0, 0, 170, 220);
      const px = ctx.getImageData(0, 0, 170, 220).data;
      for (let i = 0; i < px.length; i += 4)
        if (px[i] < 200 || px[i+1] < 200 || px[i+2] < 200) inked++;
    }
    thumbnails[img.getAttribute('src')] = {width: img.naturalWidth, inked: inked};
  }
  document.getElementById('result').textContent = JSON.stringify({links: status, thumbnails});
};
</script></body></html>"""


class Handler(http.server.SimpleHTTPRequestHandler):
    def do_GET(self):
        if self.path == "/__check.html":
            body = CHECK_PAGE.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        else:
            super().do_GET()

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def served(catalogue_folder):
    out = catalogue_folder
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Handler, directory=str(out)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield out, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="module")
def browser(shared_chromium):
    yield shared_chromium
    shared_chromium.execute_cdp_cmd("Emulation.setScrollbarsHidden", {"hidden": False})
    reset(shared_chromium)


# Resolves with the check page's result once its script has written it: at once if it has,
# else when it does (a MutationObserver on the result), so the test waits on the event.
RESULT = """
const done = arguments[arguments.length - 1], shown = document.getElementById('result');
const ready = () => shown.textContent !== 'pending';
if (ready()) { done(shown.textContent); return; }
const seen = new MutationObserver(() => {
  if (ready()) { seen.disconnect(); done(shown.textContent); } });
seen.observe(shown, {childList: true, characterData: true, subtree: true});
"""


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.images = [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "a":
            self.links.append(attrs["href"])
        if tag == "img":
            self.images.append(attrs["src"])


def test_the_catalogue_lists_every_file_it_built(served):
    out, _ = served
    parser = Links()
    parser.feed((out / "index.html").read_text())
    # The rule sheets' web editions too (.html), but not the index pages themselves.
    files = {p.relative_to(out).as_posix() for p in out.rglob("*")
             if p.suffix in (".pdf", ".svg", ".html") and p.name != "index.html"}
    assert set(parser.links) == files | {WHOLE_ZIP}
    assert all(src.endswith(".svg") for src in parser.images)


def zip_differences(out: Path, whole: Path) -> list[str]:
    """What the zip of the whole catalogue holds otherwise than the folder OUT: files it
    lacks or has over, and files whose bytes differ."""
    on_disk = {p.relative_to(out).as_posix(): p for p in out.rglob("*")
               if p.is_file() and p != whole}
    with zipfile.ZipFile(whole) as archive:
        held = set(archive.namelist())
        found = [f"missing {name}" for name in sorted(on_disk.keys() - held)]
        found += [f"not built {name}" for name in sorted(held - on_disk.keys())]
        found += [f"differs {name}" for name in sorted(held & on_disk.keys())
                  if archive.read(name) != on_disk[name].read_bytes()]
    return found


def test_the_whole_catalogue_is_one_zip_of_every_file_as_built(served):
    out, _ = served
    assert zip_differences(out, out / WHOLE_ZIP) == []


def test_the_zip_check_sees_a_file_left_out_or_changed(tmp_path):
    # Control: a zip of all but one file, then one of a file since changed.
    (tmp_path / "a.pdf").write_bytes(b"%PDF-1.7 a")
    (tmp_path / "b.svg").write_text("<svg/>")
    whole = tmp_path / WHOLE_ZIP
    write_zip(whole, [("a.pdf", tmp_path / "a.pdf")])
    assert zip_differences(tmp_path, whole) == ["missing b.svg"]
    write_zip(whole, [("a.pdf", tmp_path / "a.pdf"), ("b.svg", tmp_path / "b.svg")])
    assert zip_differences(tmp_path, whole) == []
    (tmp_path / "b.svg").write_text("<svg></svg>")
    assert zip_differences(tmp_path, whole) == ["differs b.svg"]


def test_in_chromium_every_link_resolves_and_every_thumbnail_draws(served, browser):
    out, url = served
    browser.get(f"{url}/__check.html")
    browser.set_script_timeout(60)
    result = json.loads(browser.execute_async_script(RESULT))
    parser = Links()
    parser.feed((out / "index.html").read_text())
    assert set(result["links"]) == set(parser.links)
    assert all(code == 200 for code in result["links"].values()), result["links"]
    assert set(result["thumbnails"]) == set(parser.images)
    for src, seen in result["thumbnails"].items():
        assert seen["width"] > 0 and seen["inked"] > 170 * 220 * 0.005, (src, seen)


def test_a_screenshot_of_the_catalogue_is_not_blank(served, browser):
    _, url = served
    browser.set_window_size(1200, 1600)
    browser.execute_cdp_cmd("Emulation.setScrollbarsHidden", {"hidden": True})
    browser.get(f"{url}/index.html")     # returns once the page and its images have loaded
    image = Image.open(io.BytesIO(browser.get_screenshot_as_png())).convert("L")
    dark = sum(n for v, n in enumerate(image.histogram()) if v < 200)
    assert dark / (image.width * image.height) > 0.02
