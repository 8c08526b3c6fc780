// pnp studio: the form's controls, built from the spec's fields.
import {
  TYPING_PAUSE, element, hooks, inches, localPaper, state, value,
} from "./studio-state.js";

function help(field, id) {
  return field.help ? element("p", { class: "help", id, text: field.help }) : null;
}

function errorLine(id) {
  return element("p", { class: "error", id: `${id}-error`, hidden: true });
}

export function control(field) {
  const id = `f-${field.name}`;
  const helpId = `${id}-help`;
  const described = field.help ? helpId : null;
  const current = value(field);
  if (field.control === "checkbox") {
    const input = element("input", { type: "checkbox", id, name: field.name,
                                     "aria-describedby": described });
    input.checked = current === "true";
    input.addEventListener("change", () => hooks.changed(field, input.checked ? "true" : "false", 0));
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
        hooks.changed(field, chosen, 0);
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
    input.addEventListener("change", () => hooks.changed(field, input.value, 0));
  } else {
    const list = field.choices.length ? `${id}-list` : null;
    input = element("input", {
      type: "text", id, name: field.name, inputmode: field.inputmode, list,
      placeholder: field.placeholder || null,
      spellcheck: "false", autocapitalize: "off", autocomplete: "off",
      "aria-describedby": described,
    });
    input.value = current;
    input.addEventListener("input", () => hooks.changed(field, input.value, TYPING_PAUSE));
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
    if (select.value === "other") { size.focus(); hooks.changed(field, typed(), 0); }
    else hooks.changed(field, select.value, 0);
  });
  size.addEventListener("input", () => hooks.changed(field, typed(), TYPING_PAUSE));
  unit.addEventListener("change", () => hooks.changed(field, typed(), 0));
  return element("div", { class: "control wide", id: `${id}-box` },
                 element("label", { for: id, text: field.label }), select, other,
                 errorLine(id), help(field, `${id}-help`));
}

// A played game's record (the record item): a file chosen, or text pasted (SGF, a Trmph or
// HexWorld link). Either one replaces the other; the page keeps it as given and sends it,
// untouched, in the body of the preview's and the downloads' requests.
export function recordControl(words) {
  const id = "f-record";
  const file = element("input", { type: "file", id: `${id}-file`, name: "record-file",
                                   accept: ".sgf,.txt,text/plain,application/x-go-sgf",
                                   "aria-describedby": `${id}-help` });
  const text = element("textarea", { id, name: "record", rows: 4, spellcheck: "false",
                                     autocapitalize: "off", autocomplete: "off",
                                     placeholder: words.placeholder,
                                     "aria-describedby": `${id}-help` });
  // A file input cannot be given a file again: the one chosen is named under it.
  const shown = element("p", { class: "help", id: `${id}-chosen` });
  const named = () => {
    const name = state.record && state.record.name;
    shown.textContent = name ? `Chosen: ${name}` : "";
    shown.hidden = !name;
  };
  if (state.record && !state.record.name) text.value = state.record.body;
  named();
  file.addEventListener("change", () => {
    const chosen = file.files[0];
    if (!chosen) return;
    text.value = "";
    state.record = { name: chosen.name, body: chosen };
    named();
    hooks.given(0);
  });
  text.addEventListener("input", () => {
    file.value = "";
    state.record = text.value.trim() ? { name: "", body: text.value } : null;
    named();
    hooks.given(TYPING_PAUSE);
  });
  return element("fieldset", { class: "control wide record", id: `${id}-box` },
    element("legend", { text: words.label }),
    element("label", { for: `${id}-file`, text: words.file_label }), file, shown,
    element("label", { for: id, text: words.text_label }), text,
    errorLine(id), help(words, `${id}-help`));
}
