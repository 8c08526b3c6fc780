// pnp studio: builds the form from the spec the server made from the games and the command
// line, asks the server for the current page as SVG on every change, and shows it in place.
"use strict";

(() => {
  const spec = JSON.parse(document.getElementById("spec").textContent);
  const $ = (id) => document.getElementById(id);
  const state = {
    game: spec.games[0].key,
    item: null,
    page: 1,
    common: {},         // paper, palette, copies, ...: kept when the game changes
    perGame: {},        // game key -> its options' values
  };
  let fields = [];
  let pending = null;   // the preview request in flight
  let timer = null;
  let asked = 0;

  const game = () => spec.games.find((g) => g.key === state.game);
  const item = () => game().items.find((i) => i.key === state.item);
  const store = (field) => field.game_option
    ? (state.perGame[state.game] ||= {}) : state.common;

  function value(field) {
    const stored = store(field)[field.name];
    if (stored !== undefined) return stored;
    return field.control === "checkboxes" ? [] : field.default;
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
      return element("div", { class: "control check wide" }, input,
        element("div", { class: "text" }, element("label", { for: id, text: field.label }),
                help(field, helpId)));
    }
    if (field.control === "checkboxes") {
      const box = element("div", { class: "choices" });
      for (const choice of field.choices) {
        const input = element("input", { type: "checkbox", name: field.name, value: choice });
        input.checked = current.includes(choice);
        input.addEventListener("change", () => {
          const chosen = [...box.querySelectorAll("input:checked")].map((i) => i.value);
          changed(field, chosen, 0);
        });
        box.append(element("label", {}, input, choice));
      }
      return element("fieldset", { class: "control wide", id, "aria-describedby": described },
        element("legend", { text: field.label }), box, help(field, helpId));
    }
    let input;
    if (field.control === "select") {
      input = element("select", { id, name: field.name, "aria-describedby": described });
      for (const choice of field.choices) {
        input.append(element("option", { value: choice, text: choice }));
      }
      input.value = current;
      input.addEventListener("change", () => changed(field, input.value, 0));
    } else {
      const list = field.choices.length ? `${id}-list` : null;
      input = element("input", {
        type: "text", id, name: field.name, inputmode: field.inputmode, list,
        placeholder: field.default === "" ? "default" : field.default,
        spellcheck: "false", autocapitalize: "off", "aria-describedby": described,
      });
      input.value = current;
      input.addEventListener("input", () => changed(field, input.value, 350));
      if (list) {
        const datalist = element("datalist", { id: list });
        for (const choice of field.choices) datalist.append(element("option", { value: choice }));
        input.after(datalist);
        return element("div", { class: "control" },
          element("label", { for: id, text: field.label }), input, datalist,
          help(field, helpId));
      }
    }
    return element("div", { class: "control" }, element("label", { for: id, text: field.label }),
                   input, help(field, helpId));
  }

  function buildItems() {
    const select = $("item");
    const keys = game().items.map((i) => i.key);
    if (!keys.includes(state.item)) state.item = keys.includes("board") ? "board" : keys[0];
    select.replaceChildren(...game().items.map(
      (i) => element("option", { value: i.key, text: i.label })));
    select.value = state.item;
    $("game").value = state.game;
    $("game-by").textContent = game().by ? `by ${game().by}` : "";
  }

  function buildFields() {
    fields = item().fields;
    $("item-help").textContent = item().help;
    $("fields").replaceChildren(...fields.map(control));
    $("options").hidden = fields.length === 0;
  }

  function changed(field, newValue, delay) {
    store(field)[field.name] = newValue;
    schedule(delay);
  }

  function schedule(delay) {
    clearTimeout(timer);
    timer = setTimeout(refresh, delay);
  }

  function query(extra = {}) {
    const q = new URLSearchParams({ game: state.game, item: state.item });
    for (const field of fields) {
      const v = value(field);
      if (field.control === "checkboxes") v.forEach((one) => q.append(field.name, one));
      else if (v !== "" && v !== field.default) q.append(field.name, v);
    }
    for (const [k, v] of Object.entries(extra)) q.set(k, v);
    return q;
  }

  async function refresh() {
    const mine = ++asked;
    if (pending) pending.abort();
    pending = new AbortController();
    const preview = $("preview");
    preview.setAttribute("aria-busy", "true");
    let response;
    try {
      response = await fetch(`preview?${query({ page: state.page })}`,
                             { signal: pending.signal });
    } catch (err) {
      if (err.name !== "AbortError" && mine === asked) refused("The studio does not answer: is pnp studio still running?");
      return;
    }
    if (mine !== asked) return;
    if (!response.ok) {
      const text = (await response.text()).trim();
      if (mine !== asked) return;
      if (state.page !== 1 && text.startsWith("page must be")) {
        state.page = 1;
        refresh();
        return;
      }
      refused(text);
      return;
    }
    const data = await response.json();
    if (mine !== asked) return;
    show(data);
  }

  function refused(text) {
    const message = $("message");
    message.textContent = text;
    message.hidden = false;
    for (const el of document.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
    const flag = (text.match(/--[a-z][a-z-]*/) || [])[0];
    const field = fields.find((f) => f.flag === flag || f.off_flag === flag);
    if (field) {
      const input = $(`f-${field.name}`);
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-errormessage", "message");
    }
    $("preview").classList.add("stale");
    $("preview").setAttribute("aria-busy", "false");
    for (const id of ["download-pdf", "download-svg", "copy"]) $(id).setAttribute("aria-disabled", "true");
    $("command").classList.add("stale");
  }

  function show(data) {
    const message = $("message");
    message.hidden = true;
    message.textContent = "";
    for (const el of document.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
    const parsed = new DOMParser().parseFromString(data.svg, "image/svg+xml");
    const svg = parsed.documentElement;
    const preview = $("preview");
    if (svg.nodeName === "svg") {
      svg.removeAttribute("width");
      svg.removeAttribute("height");
      svg.setAttribute("focusable", "false");
      svg.setAttribute("aria-hidden", "true");
      preview.replaceChildren(document.importNode(svg, true));
    }
    preview.classList.remove("stale");
    preview.setAttribute("aria-busy", "false");
    preview.setAttribute("aria-label", `Preview: ${data.title}, page ${data.page} of ${data.pages}`);
    preview.dataset.page = data.page;
    preview.dataset.pages = data.pages;
    state.page = data.page;

    const page = $("page");
    page.replaceChildren(...Array.from({ length: data.pages }, (_, i) => element(
      "option", { value: i + 1, text: `Page ${i + 1} of ${data.pages}` })));
    page.value = String(data.page);
    page.disabled = data.pages < 2;
    $("previous").disabled = data.page <= 1;
    $("next").disabled = data.page >= data.pages;

    showFigures(data);
    fetch(`figures?${data.query}`).then((r) => (r.ok ? r.json() : null)).then((more) => {
      if (more && $("command").textContent === data.command) showFigures(more);
    }).catch(() => {});

    $("command").textContent = data.command;
    $("command").classList.remove("stale");
    const pdf = $("download-pdf");
    pdf.href = `download?${data.query}&format=pdf`;
    pdf.download = data.files.pdf;
    pdf.textContent = `PDF · ${data.files.pdf}`;
    pdf.removeAttribute("aria-disabled");
    const svgLink = $("download-svg");
    if (data.files.svg) {
      svgLink.hidden = false;
      svgLink.href = `download?${data.query}&format=svg&page=${data.page}`;
      svgLink.download = data.files.svg;
      svgLink.textContent = `SVG · ${data.files.svg}`;
      svgLink.removeAttribute("aria-disabled");
    } else {
      svgLink.hidden = true;
    }
    $("copy").removeAttribute("aria-disabled");
    const here = data.page > 1 ? `${data.query}&page=${data.page}` : data.query;
    history.replaceState(null, "", `?${here}`);
  }

  function showFigures(data) {
    $("figures").replaceChildren(...data.figures.map((t) => element("li", { text: t })));
    $("warnings").replaceChildren(...data.warnings.map((t) => element("li", { text: `warning: ${t}` })));
    $("figures-title").parentElement.hidden = data.figures.length === 0;
  }

  function fromAddress() {
    const q = new URLSearchParams(location.search);
    const asked = spec.games.find((g) => g.key === q.get("game"));
    if (!asked) return;
    state.game = asked.key;
    state.item = q.get("item");
    state.page = Number(q.get("page")) || 1;
    const chosen = asked.items.find((i) => i.key === state.item) || asked.items[0];
    for (const field of chosen.fields) {
      const target = field.game_option ? (state.perGame[asked.key] ||= {}) : state.common;
      if (field.control === "checkboxes") target[field.name] = q.getAll(field.name);
      else if (q.has(field.name)) target[field.name] = q.get(field.name);
    }
  }

  function turn(by) {
    const pages = Number($("preview").dataset.pages || 1);
    const next = Math.min(Math.max(state.page + by, 1), pages);
    if (next !== state.page) { state.page = next; refresh(); }
  }

  $("game").addEventListener("change", (e) => {
    state.game = e.target.value; state.page = 1;
    buildItems(); buildFields(); refresh();
  });
  $("item").addEventListener("change", (e) => {
    state.item = e.target.value; state.page = 1;
    buildFields(); refresh();
  });
  $("page").addEventListener("change", (e) => { state.page = Number(e.target.value); refresh(); });
  $("previous").addEventListener("click", () => turn(-1));
  $("next").addEventListener("click", () => turn(1));
  $("form").addEventListener("submit", (e) => { e.preventDefault(); schedule(0); });
  $("copy").addEventListener("click", async () => {
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
  refresh();
})();
