// pnp studio: what the page knows and keeps (the spec, the person's choices), shared by
// its modules.

export const $ = (id) => document.getElementById(id);
export const spec = JSON.parse($("spec").textContent);
export const TYPING_PAUSE = 120;   // ms after the last keystroke before the preview is asked for
export const state = {
  game: spec.games[0].key,
  item: null,
  page: 1,
  values: {},         // by store key (see keyOf): what the person set
  notice: "",         // what was wrong with the address the page was opened at
  shown: null,        // the last preview shown
  record: null,       // the record given: { name: its file's ("" pasted), body: a File or text }
};
// Papers measured in inches, and the regions that print on Letter (the rest on A4).
const INCH_PAPERS = ["letter", "8.5x14in", "tabloid"];
const LETTER_REGIONS = ["US", "CA", "MX", "PH", "CL", "CO", "VE", "GT", "CR", "PA", "SV",
                        "NI", "HN", "DO", "PR", "BZ"];
export function localPaper() {
  try {
    const region = new Intl.Locale(navigator.language || "en-GB").maximize().region;
    return LETTER_REGIONS.includes(region) ? "letter" : "a4";
  } catch (err) { return "a4"; }
}
export const inches = (paper) => INCH_PAPERS.includes(paper) || /in$/i.test(paper || "");

// What the modules call back into: the studio's own `changed` (studio.js).
export const hooks = { changed: (field, value, delay) => {}, given: (delay) => {} };

export const game = () => spec.games.find((g) => g.key === state.game);
export const item = () => game().items.find((i) => i.key === state.item);

// Where a value is kept: a game's options per game; options of one item (copies, cell
// size, tiling, a booklet's extras) until the item changes; the booklet's sheets apart
// from the items' paper; the rest (paper, colours, language, downloads) for every item.
export function keyOf(field) {
  if (field.per_item) return `item:${field.name}`;
  if (field.game_option) return `${state.game}:${field.name}`;
  if (state.item === "booklet" && field.name === "paper") return "booklet:paper";
  return field.name;
}

export function value(field) {
  const stored = state.values[keyOf(field)];
  if (stored !== undefined) return stored;
  // The booklet's sheets follow the paper chosen for the items (Letter for inch papers).
  if (keyOf(field) === "booklet:paper") {
    return inches(state.values.paper ?? localPaper()) ? "letter" : "a4";
  }
  if (field.name === "paper") return localPaper();
  return field.control === "checkboxes" ? [] : field.default;
}

export function forgetItemOptions() {
  for (const key of Object.keys(state.values)) {
    if (key.startsWith("item:")) delete state.values[key];
  }
}

export function element(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k === "text") el.textContent = v; else el.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children) if (child) el.append(child);
  return el;
}
