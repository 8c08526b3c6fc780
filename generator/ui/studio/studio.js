// pnp studio: builds the form from the spec the server made from the games and the command
// line, asks the server for the current page as SVG on every change, and shows it in place.
// An ES module; the others it imports are served beside it (app.py's ASSETS).
import { control, recordControl } from "./studio-controls.js";
import { announce, clearErrors, disable, fieldError, showMessage } from "./studio-messages.js";
import { DOWNLOADS, buildDownloads, showDownloads, showFigures, showPage, showPager } from "./studio-show.js";
import {
  $, element, forgetItemOptions, game, hooks, item, keyOf, spec, state, value,
} from "./studio-state.js";

let fields = [];
let lastChanged = null;   // the field the person changed last: a refusal naming it goes there
let pending = null;   // the preview request in flight
let timer = null;
let again = null;   // asking again for a puzzle book still being solved
let asked = 0;

const allFields = () => [...fields, ...spec.downloads];

function buildItems() {
  const select = $("item");
  const keys = game().items.map((i) => i.key);
  if (!keys.includes(state.item)) state.item = keys.includes("board") ? "board" : keys[0];
  select.replaceChildren(...game().items.map(
    (i) => element("option", { value: i.key, text: i.label })));
  select.value = state.item;
  $("game").value = state.game;
  $("game-by").textContent = game().by ? `By ${game().by}` : "";
}

function buildFields() {
  fields = item().fields;
  $("item-help").textContent = item().help;
  const record = item().record ? [recordControl(item().record)] : [];
  $("fields").replaceChildren(...record, ...fields.map(control));
  $("options").hidden = fields.length === 0 && !record.length;
}

function changed(field, newValue, delay) {
  state.values[keyOf(field)] = newValue;
  lastChanged = field.name;
  state.notice = "";
  schedule(delay);
}

// body[data-state]: "busy" from a change until its preview and figures are state.shown, then
// "idle" (what tests and the latency benchmark wait for). Never idle while a change waits
// out the typing pause: an earlier preview arriving then is not the one asked for last.
const settle = (busy) => {
  document.body.dataset.state = busy || timer !== null ? "busy" : "idle";
};

function schedule(delay) {
  clearTimeout(timer);
  timer = setTimeout(() => { timer = null; refresh(); }, delay);
  settle(true);
}

function query(extra = {}) {
  const q = new URLSearchParams({ game: state.game, item: state.item });
  for (const field of allFields()) {
    const v = value(field);
    if (field.control === "checkboxes") v.forEach((one) => q.append(field.name, one));
    else if (v !== "" && v !== field.default) q.append(field.name, v);
  }
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  if (item().record && state.record && state.record.name) q.set("file", state.record.name);
  return q;
}

// A record travels in the body of its preview's and downloads' requests (POST), as given.
const sent = (signal) => (item().record
  ? { method: "POST", body: state.record ? state.record.body : "", signal } : { signal });

async function refresh() {
  settle(true);
  clearTimeout(again);
  const mine = ++asked;
  if (pending) pending.abort();
  pending = new AbortController();
  $("preview").setAttribute("aria-busy", "true");
  let response;
  try {
    response = await fetch(`preview?${query({ page: state.page })}`, sent(pending.signal));
  } catch (err) {
    if (err.name !== "AbortError" && mine === asked) {
      refused("The studio does not answer: is pnp studio still running?", null);
    }
    return;
  }
  if (mine !== asked) return;
  if (response.status === 503 && response.headers.has("X-Studio-Solving")) {
    const text = (await response.text()).trim();
    if (mine === asked) solving(text, Number(response.headers.get("Retry-After")) || 1);
    return;
  }
  if (!response.ok) {
    const text = (await response.text()).trim();
    if (mine !== asked) return;
    const named = (response.headers.get("X-Studio-Fields") || "").split(" ").filter(Boolean);
    const field = named.includes(lastChanged) ? lastChanged : response.headers.get("X-Studio-Field");
    if (field === "page" && state.page !== 1) {
      // The page asked for is gone (fewer pages now): the first. Said only when the
      // address asked for it.
      if (state.fromAddress) state.notice = [state.notice, `${text} Showing page 1.`].join(" ").trim();
      state.page = 1;
      refresh();
      return;
    }
    refused(text, field);
    return;
  }
  const data = await response.json();
  if (mine !== asked) return;
  state.fromAddress = false;
  show(data);
}

// A puzzle book's puzzles still being solved: how far, above the form, the downloads off
// until the book is shown, and the preview asked for again (the page stays busy).
function solving(text, seconds) {
  clearErrors();
  showMessage([state.notice, text].filter(Boolean).join(" "), true);
  if ($("status").textContent !== "Solving the puzzles") $("status").textContent = "Solving the puzzles";
  $("preview").classList.add("stale");
  $("preview").setAttribute("aria-busy", "true");
  for (const d of DOWNLOADS) disable($(`download-${d.format}`));
  const mine = asked;
  again = setTimeout(() => { if (mine === asked) refresh(); }, seconds * 1000);
}

function refused(text, field) {
  clearErrors();
  const placed = field && fieldError(field, text);
  showMessage([state.notice, placed ? "" : text].filter(Boolean).join(" "));
  if (!placed) {
    const box = $("message").getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) $("message").scrollIntoView({ block: "nearest" });
  }
  announce(text);
  $("preview").classList.add("stale");
  $("preview").setAttribute("aria-busy", "false");
  for (const d of DOWNLOADS) disable($(`download-${d.format}`));
  $("copy").setAttribute("aria-disabled", "true");
  $("command").textContent = "—";
  $("commands").replaceChildren();
  settle(false);
}

function show(data) {
  clearErrors();
  showMessage(state.notice);
  const problems = data.downloads.filter((d) => d.error).map((d) => d.error);
  announce(problems.join(" "));
  showPage(data);
  const preview = $("preview");
  preview.classList.remove("stale");
  preview.setAttribute("aria-busy", "false");
  preview.setAttribute("aria-label", `Preview: ${data.title}, page ${data.page} of ${data.pages}`);
  state.page = data.page;
  showPager(data);
  showFigures(data);
  showDownloads(data);
  $("read").href = data.read;
  state.shown = data;
  const here = data.page > 1 ? `${data.query}&page=${data.page}` : data.query;
  history.replaceState(null, "", `?${here}`);
  const mine = asked;
  if (!data.figures_later) { settle(false); return; }   // a record's came with its page
  fetch(`figures?${data.query}`).then((r) => (r.ok ? r.json() : null)).then((more) => {
    if (more && state.shown === data) showFigures(more);
  }).catch(() => {}).finally(() => { if (mine === asked) settle(false); });
}

// The address a page was opened at (a link someone shared): what it asks for, and a
// sentence for what the studio does not have.
function fromAddress() {
  const q = new URLSearchParams(location.search);
  if (![...q.keys()].length) return;
  const problems = [];
  const wanted = spec.games.find((g) => g.key === q.get("game"));
  if (q.has("game") && !wanted) {
    problems.push(`The studio has no game “${q.get("game").slice(0, 40)}”; it has ` +
                  `${spec.games.map((g) => g.title).join(", ")}.`);
  }
  const chosen = wanted || spec.games[0];
  state.game = chosen.key;
  const asked = q.get("item");
  const found = chosen.items.find((i) => i.key === asked);
  if (asked && !found) {
    problems.push(`${chosen.title} has no “${asked.slice(0, 40)}” to print.`);
  }
  const keys = chosen.items.map((i) => i.key);
  state.item = found ? found.key : keys.includes("board") ? "board" : keys[0];
  const page = q.get("page");
  if (page !== null) {
    if (/^[1-9][0-9]{0,2}$/.test(page)) {
      state.page = Number(page);
      state.fromAddress = true;
    } else {
      problems.push(`There is no page “${page.slice(0, 20)}”.`);
    }
  }
  const known = new Set(["game", "item", "page", "format", "for"]);
  for (const field of [...item().fields, ...spec.downloads]) {
    known.add(field.name);
    if (field.control === "checkboxes") state.values[keyOf(field)] = q.getAll(field.name);
    else if (q.has(field.name)) state.values[keyOf(field)] = q.get(field.name);
  }
  const unknown = [...new Set(q.keys())].filter((k) => !known.has(k));
  if (unknown.length) {
    problems.push(`Settings the studio does not know were left out: ${unknown.join(", ").slice(0, 80)}.`);
  }
  state.notice = problems.join(" ");
}

function turn(by) {
  const button = by < 0 ? $("previous") : $("next");
  if (button.getAttribute("aria-disabled") === "true" || !state.shown) return;
  const next = Math.min(Math.max(state.page + by, 1), state.shown.pages);
  if (next !== state.page) { state.page = next; refresh(); }
}

$("game").addEventListener("change", (e) => {
  state.game = e.target.value; state.page = 1; state.notice = "";
  forgetItemOptions();
  buildItems(); buildFields(); refresh();
});
$("item").addEventListener("change", (e) => {
  state.item = e.target.value; state.page = 1; state.notice = "";
  forgetItemOptions();
  buildFields(); refresh();
});
$("page").addEventListener("change", (e) => { state.page = Number(e.target.value); refresh(); });
$("previous").addEventListener("click", () => turn(-1));
$("next").addEventListener("click", () => turn(1));
document.addEventListener("click", (e) => {
  const link = e.target.closest("a[aria-disabled=true]");
  if (link) { e.preventDefault(); return; }
  const posted = e.target.closest("a[data-post=true]");
  if (posted) { e.preventDefault(); downloadRecord(posted); }
});

// A record's download: asked for with the record in the body, then handed to the browser
// as a file of the name the server gave; a refusal is shown as the preview's are.
async function downloadRecord(link) {
  if (!state.record) return;
  settle(true);
  let response;
  try {
    response = await fetch(link.getAttribute("href"), { method: "POST", body: state.record.body });
  } catch (err) {
    refused("The studio does not answer: is pnp studio still running?", null);
    return;
  }
  if (!response.ok) {
    refused((await response.text()).trim(), response.headers.get("X-Studio-Field"));
    return;
  }
  const file = URL.createObjectURL(await response.blob());
  const save = element("a", { href: file, download: link.download });
  save.hidden = true;
  document.body.append(save);
  save.click();
  save.remove();
  // The browser reads the file once the download starts; the address is let go after.
  setTimeout(() => URL.revokeObjectURL(file), 60000);
  announce(`Downloading ${link.download}`);
  settle(false);
}
$("copy").addEventListener("click", async () => {
  if ($("copy").getAttribute("aria-disabled") === "true") return;
  const text = $("command").textContent;
  const button = $("copy");
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = "Copied";
  } catch (err) {
    const range = document.createRange();
    range.selectNodeContents($("command"));
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    button.textContent = "Selected";
  }
  setTimeout(() => { button.textContent = "Copy"; }, 1500);
});

hooks.changed = changed;
hooks.given = (delay) => { state.notice = ""; state.page = 1; schedule(delay); };
fromAddress();
buildItems();
buildFields();
buildDownloads();
// The PDF's bar stays at the foot of the window; what the keyboard focuses is scrolled clear
// of it by the page's scroll padding (studio.css), which follows the bar's height as the
// bar wraps or its file name changes.
const bar = $("get-pdf");
new ResizeObserver(() => {
  document.documentElement.style.setProperty("--bar-height", `${bar.offsetHeight}px`);
}).observe(bar);
refresh();
