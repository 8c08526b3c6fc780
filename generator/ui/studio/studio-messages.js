// pnp studio: refusals under their fields, the message above the form, announcements.
import { $ } from "./studio-state.js";

let announced = "";

export function clearErrors() {
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

export function announce(text) {
  if (text === announced) return;   // the same refusal again is not news
  announced = text;
  $("alert").textContent = text;
}

// A refusal: next to its field where it has one, else under the game and item.
export function fieldError(name, text) {
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

// A message above the form: a refusal or a notice, or work under way (`working`).
export function showMessage(text, working = false) {
  const message = $("message");
  message.textContent = text;
  message.hidden = !text;
  message.classList.toggle("working", working);
}

export function disable(link) {
  link.setAttribute("aria-disabled", "true");
  link.removeAttribute("href");
}
