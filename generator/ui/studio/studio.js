// pnp studio: builds the form from the spec the server made from the games and the command
// line, asks the server for the current page as SVG on every change, and shows it in place.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const spec = JSON.parse($("spec").textContent);
  const TYPING_PAUSE = 120;   // ms after the last keystroke before the preview is asked for
  const state = {
    game: spec.games[0].key,
    item: null,
    page: 1,
    values: {},         // by store key (see keyOf): what the person set
    notice: "",         // what was wrong with the address the page was opened at
  };
  // Papers measured in inches, and the regions that print on Letter (the rest on A4).
  const INCH_PAPERS = ["letter", "8.5x14in", "tabloid"];
  const LETTER_REGIONS = ["US", "CA", "MX", "PH", "CL", "CO", "VE", "GT", "CR", "PA", "SV",
                          "NI", "HN", "DO", "PR", "BZ"];
  function localPaper() {
    try {
      const region = new Intl.Locale(navigator.language || "en-GB").maximize().region;
      return LETTER_REGIONS.includes(region) ? "letter" : "a4";
    } catch (err) { return "a4"; }
  }
  const inches = (paper) => INCH_PAPERS.includes(paper) || /in$/i.test(paper || "");
  let fields = [];
  let lastChanged = null;   // the field the person changed last: a refusal naming it goes there
  let pending = null;   // the preview request in flight
  let timer = null;
  let asked = 0;
  let shown = null;     // the last preview shown
  let announced = "";

  const game = () => spec.games.find((g) => g.key === state.game);
  const item = () => game().items.find((i) => i.key === state.item);
  const allFields = () => [...fields, ...spec.downloads];

  // Where a value is kept: a game's options per game; options of one item (copies, cell
  // size, tiling, a booklet's extras) until the item changes; the booklet's sheets apart
  // from the items' paper; the rest (paper, colours, language, downloads) for every item.
  function keyOf(field) {
    if (field.per_item) return `item:${field.name}`;
    if (field.game_option) return `${state.game}:${field.name}`;
    if (state.item === "booklet" && field.name === "paper") return "booklet:paper";
    return field.name;
  }

  function value(field) {
    const stored = state.values[keyOf(field)];
    if (stored !== undefined) return stored;
    // The booklet's sheets follow the paper chosen for the items (Letter for inch papers).
    if (keyOf(field) === "booklet:paper") {
      return inches(state.values.paper ?? localPaper()) ? "letter" : "a4";
    }
    if (field.name === "paper") return localPaper();
    return field.control === "checkboxes" ? [] : field.default;
  }

  function forgetItemOptions() {
    for (const key of Object.keys(state.values)) {
      if (key.startsWith("item:")) delete state.values[key];
    }
  }

  function element(tag, attrs = {}, ...children) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (v === false || v === null || v === undefined) continue;
      if (k === "text") el.textContent = v; else el.setAttribute(k, v === true ? "" : v);
    }
    for (const child of children) if (child) el.append(child);
    return el;
  }

  function help(field, id) {
    return field.help ? element("p", { class: "help", id, text: field.help }) : null;
  }

  function errorLine(id) {
    return element("p", { class: "error", id: `${id}-error`, hidden: true });
  }

  function control(field) {
    const id = `f-${field.name}`;
    const helpId = `${id}-help`;
    const described = field.help ? helpId : null;
    const current = value(field);
    if (field.control === "checkbox") {
      const input = element("input", { type: "checkbox", id, name: field.name,
                                       "aria-describedby": described });
      input.checked = current === "true";
      input.addEventListener("change", () => changed(field, input.checked ? "true" : "false", 0));
      return element("div", { class: "control check wide", id: `${id}-box` }, input,
        element("div", { class: "text" }, element("label", { for: id, text: field.label }),
                errorLine(id), help(field, helpId)));
    }
    if (field.control === "checkboxes") {
      const box = element("div", { class: "choices" });
      field.choices.forEach((choice, i) => {
        const input = element("input", { type: "checkbox", name: field.name, value: choice,
                                         id: `${id}-${choice}` });
        input.checked = current.includes(choice);
        input.addEventListener("change", () => {
          const chosen = [...box.querySelectorAll("input:checked")].map((c) => c.value);
          changed(field, chosen, 0);
        });
        box.append(element("label", { for: `${id}-${choice}` }, input,
                           field.choice_labels[i]));
      });
      return element("fieldset", { class: "control wide", id, "aria-describedby": described },
        element("legend", { text: field.label }), box, errorLine(id), help(field, helpId));
    }
    if (field.control === "paper") return paperControl(field, id, described);
    let input;
    let datalist = null;
    if (field.control === "select") {
      input = element("select", { id, name: field.name, "aria-describedby": described });
      field.choices.forEach((choice, i) => input.append(
        element("option", { value: choice, text: field.choice_labels[i],
                            lang: field.choice_langs[i] || null })));
      input.value = current;
      input.addEventListener("change", () => changed(field, input.value, 0));
    } else {
      const list = field.choices.length ? `${id}-list` : null;
      input = element("input", {
        type: "text", id, name: field.name, inputmode: field.inputmode, list,
        placeholder: field.placeholder || null,
        spellcheck: "false", autocapitalize: "off", autocomplete: "off",
        "aria-describedby": described,
      });
      input.value = current;
      input.addEventListener("input", () => changed(field, input.value, TYPING_PAUSE));
      if (list) {
        datalist = element("datalist", { id: list });
        field.choices.forEach((choice, i) => datalist.append(
          element("option", { value: choice, label: field.choice_labels[i] })));
      }
    }
    return element("div", { class: "control", id: `${id}-box` },
                   element("label", { for: id, text: field.label }), input, datalist,
                   errorLine(id), help(field, helpId));
  }

  // The paper: a list of sizes, and "Other size" with width × height and its unit.
  function paperControl(field, id, described) {
    const current = value(field);
    const named = field.choices.includes(current);
    const select = element("select", { id, name: field.name, "aria-describedby": described });
    field.choices.forEach((choice, i) => select.append(
      element("option", { value: choice, text: field.choice_labels[i] })));
    select.append(element("option", { value: "other", text: "Other size…" }));
    select.value = named ? current : "other";
    const found = named ? null : /^(.*?)\s*(mm|in)?$/i.exec(current);
    const size = element("input", {
      type: "text", id: `${id}-custom`, inputmode: "decimal", placeholder: "210x297",
      spellcheck: "false", autocapitalize: "off", autocomplete: "off",
      "aria-describedby": `${id}-custom-help`,
    });
    size.value = found ? found[1] : "";
    const unit = element("select", { id: `${id}-unit` },
      element("option", { value: "mm", text: "mm" }), element("option", { value: "in", text: "in" }));
    unit.value = found && found[2] ? found[2].toLowerCase() : inches(localPaper()) ? "in" : "mm";
    const other = element("div", { class: "paper-other", id: `${id}-custom-box`, hidden: named },
      element("label", { for: `${id}-custom`, text: "Width × height" }), size,
      element("label", { for: `${id}-unit`, class: "visually-hidden", text: "Unit" }), unit,
      element("p", { class: "help", id: `${id}-custom-help`,
                     text: "For example 200x300 mm or 8.5x14 in." }));
    const typed = () => {
      const text = size.value.trim();
      return text && unit.value === "in" && !/(mm|in)$/i.test(text) ? `${text}in` : text;
    };
    select.addEventListener("change", () => {
      other.hidden = select.value !== "other";
      if (select.value === "other") { size.focus(); changed(field, typed(), 0); }
      else changed(field, select.value, 0);
    });
    size.addEventListener("input", () => changed(field, typed(), TYPING_PAUSE));
    unit.addEventListener("change", () => changed(field, typed(), 0));
    return element("div", { class: "control wide", id: `${id}-box` },
                   element("label", { for: id, text: field.label }), select, other,
                   errorLine(id), help(field, `${id}-help`));
  }

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
    $("fields").replaceChildren(...fields.map(control));
    $("options").hidden = fields.length === 0;
  }

  // The downloads, each with its settings beside it (the PNG's resolution, the bleed).
  const DOWNLOADS = [
    { format: "pdf", text: "PDF", primary: true },
    { format: "svg", text: "SVG of this page" },
    { format: "png", text: "PNG of this page", field: "dpi" },
    { format: "html", text: "Web edition of the rules (HTML)" },
    { format: "print-shop", text: "PDF for a print shop", field: "bleed" },
  ];

  function buildDownloads() {
    $("downloads").replaceChildren(...DOWNLOADS.map((d) => {
      const link = element("a", { id: `download-${d.format}`, class: `button${d.primary ? " primary" : ""}`,
                                  download: "", "aria-disabled": "true" }, d.text);
      const setting = d.field ? spec.downloads.find((f) => f.name === d.field) : null;
      return element("li", { id: `get-${d.format}`, class: setting ? "with-setting" : "" },
                     link, setting ? control(setting) : null);
    }));
  }

  function changed(field, newValue, delay) {
    state.values[keyOf(field)] = newValue;
    lastChanged = field.name;
    state.notice = "";
    schedule(delay);
  }

  // body[data-state]: "busy" from a change until its preview and figures are shown, then
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
    return q;
  }

  async function refresh() {
    settle(true);
    const mine = ++asked;
    if (pending) pending.abort();
    pending = new AbortController();
    $("preview").setAttribute("aria-busy", "true");
    let response;
    try {
      response = await fetch(`preview?${query({ page: state.page })}`,
                             { signal: pending.signal });
    } catch (err) {
      if (err.name !== "AbortError" && mine === asked) {
        refused("The studio does not answer: is pnp studio still running?", null);
      }
      return;
    }
    if (mine !== asked) return;
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

  function clearErrors() {
    for (const el of document.querySelectorAll("[aria-invalid]")) {
      el.removeAttribute("aria-invalid");
      const described = (el.getAttribute("aria-describedby") || "").split(" ")
        .filter((id) => id && !id.endsWith("-error"));
      if (described.length) el.setAttribute("aria-describedby", described.join(" "));
      else el.removeAttribute("aria-describedby");
    }
    for (const el of document.querySelectorAll(".error")) { el.hidden = true; el.textContent = ""; }
    document.querySelectorAll(".control.invalid").forEach((el) => el.classList.remove("invalid"));
  }

  function announce(text) {
    if (text === announced) return;   // the same refusal again is not news
    announced = text;
    $("alert").textContent = text;
  }

  // A refusal: next to its field where it has one, else under the game and item.
  function fieldError(name, text) {
    const line = $(`f-${name}-error`);
    const custom = $(`f-${name}-custom-box`);
    const input = custom && !custom.hidden ? $(`f-${name}-custom`) : $(`f-${name}`);
    if (!line || !input) return false;
    line.textContent = text;
    line.hidden = false;
    input.setAttribute("aria-invalid", "true");
    const described = (input.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
    input.setAttribute("aria-describedby", [...described, line.id].join(" "));
    $(`f-${name}-box`)?.classList.add("invalid");
    const box = line.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) line.scrollIntoView({ block: "nearest" });
    return true;
  }

  function showMessage(text) {
    const message = $("message");
    message.textContent = text;
    message.hidden = !text;
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

  function disable(link) {
    link.setAttribute("aria-disabled", "true");
    link.removeAttribute("href");
  }

  function showPage(data) {
    const parsed = new DOMParser().parseFromString(data.svg, "image/svg+xml");
    const svg = parsed.documentElement;
    if (svg.nodeName !== "svg") return;
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("focusable", "false");
    svg.setAttribute("aria-hidden", "true");
    const sheet = $("sheet");
    // The sheet at the page's own shape: as wide as the column, or as tall as the window.
    const ratio = data.width / data.height;
    sheet.style.aspectRatio = `${data.width} / ${data.height}`;
    sheet.style.width = `min(100%, calc(var(--sheet-height) * ${ratio.toFixed(5)}))`;
    sheet.replaceChildren(document.importNode(svg, true));
  }

  function showPager(data) {
    const page = $("page");
    page.replaceChildren(...Array.from({ length: data.pages }, (_, i) => element(
      "option", { value: i + 1, text: `Page ${i + 1} of ${data.pages}` })));
    page.value = String(data.page);
    page.disabled = data.pages < 2;
    // aria-disabled, not disabled: a button that turns off keeps the focus on it.
    $("previous").setAttribute("aria-disabled", String(data.page <= 1));
    $("next").setAttribute("aria-disabled", String(data.page >= data.pages));
    $("pager").hidden = data.pages < 2;
    const sameDocument = shown && shown.query === data.query && shown.pages === data.pages;
    if (sameDocument && shown.page !== data.page) {
      $("status").textContent = `Page ${data.page} of ${data.pages}`;
    }
  }

  function showDownloads(data) {
    const commands = [];
    for (const d of data.downloads) {
      const link = $(`download-${d.format}`);
      const row = $(`get-${d.format}`);
      row.hidden = false;
      const label = DOWNLOADS.find((x) => x.format === d.format).text;
      const what = d.page && data.pages > 1 ? label.replace("this page", `page ${d.page}`) : label;
      link.replaceChildren(element("span", { text: what }),
                           element("span", { class: "file", text: d.name }));
      if (d.error) {
        disable(link);
        if (d.field) fieldError(d.field, d.error);
      } else {
        link.href = d.href;
        link.download = d.name;
        link.removeAttribute("aria-disabled");
        if (d.format !== "pdf") commands.push(d.command);
      }
    }
    const offered = new Set(data.downloads.map((d) => d.format));
    for (const d of DOWNLOADS) if (!offered.has(d.format)) $(`get-${d.format}`).hidden = true;
    $("command").textContent = data.command;
    $("copy").removeAttribute("aria-disabled");
    $("commands").replaceChildren(...commands.map((c) => element("li", {}, element("code", { text: c }))));
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
    const mine = asked;
    fetch(`figures?${data.query}`).then((r) => (r.ok ? r.json() : null)).then((more) => {
      if (more && shown === data) showFigures(more);
    }).catch(() => {}).finally(() => { if (mine === asked) settle(false); });
    showDownloads(data);
    $("read").href = data.read;
    shown = data;
    const here = data.page > 1 ? `${data.query}&page=${data.page}` : data.query;
    history.replaceState(null, "", `?${here}`);
  }

  function showFigures(data) {
    $("figures").replaceChildren(...data.figures.map((t) => element("li", { text: t })));
    $("warnings").replaceChildren(...data.warnings.map((t) => element("li", { text: `Warning: ${t}` })));
    $("figures-title").parentElement.hidden = data.figures.length === 0;
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
    if (button.getAttribute("aria-disabled") === "true" || !shown) return;
    const next = Math.min(Math.max(state.page + by, 1), shown.pages);
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
    if (link) e.preventDefault();
  });
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

  fromAddress();
  buildItems();
  buildFields();
  buildDownloads();
  refresh();
})();
