// pnp studio: what a preview shows: the page, the pager, the downloads and the figures.
import { control } from "./studio-controls.js";
import { disable, fieldError } from "./studio-messages.js";
import { $, element, spec, state } from "./studio-state.js";

// The downloads, each with its settings beside it (the PNG's resolution, the bleed).
export const DOWNLOADS = [
  { format: "pdf", text: "PDF", primary: true },
  { format: "svg", text: "SVG of this page" },
  { format: "png", text: "PNG of this page", field: "dpi" },
  { format: "html", text: "Web edition of the rules (HTML)" },
  { format: "print-shop", text: "For a print shop", fields: ["for", "bleed", "condition", "proof"] },
  { format: "everything", text: "Everything for this game (zip)" },
];

export function buildDownloads() {
  $("downloads").replaceChildren(...DOWNLOADS.map((d) => {
    const link = element("a", { id: `download-${d.format}`, class: `button${d.primary ? " primary" : ""}`,
                                download: "", "aria-disabled": "true" }, d.text);
    const names = d.fields || (d.field ? [d.field] : []);
    const settings = names.map((name) => control(spec.downloads.find((f) => f.name === name)));
    return element("li", { id: `get-${d.format}`, class: settings.length ? "with-setting" : "" },
                   link, ...settings);
  }));
}

// The preview as a soft proof: the print shop's PNG of the page, at the page's own shape.
function showProof(data) {
  const sheet = $("sheet");
  const image = element("img", { src: data.proof, alt: "" });
  image.addEventListener("load", () => {
    sheet.style.aspectRatio = `${image.naturalWidth} / ${image.naturalHeight}`;
  });
  sheet.replaceChildren(image);
}

export function showPage(data) {
  if (data.proof) { showProof(data); return; }
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

export function showPager(data) {
  const page = $("page");
  page.replaceChildren(...Array.from({ length: data.pages }, (_, i) => element(
    "option", { value: i + 1, text: `Page ${i + 1} of ${data.pages}` })));
  page.value = String(data.page);
  page.disabled = data.pages < 2;
  // aria-disabled, not disabled: a button that turns off keeps the focus on it.
  $("previous").setAttribute("aria-disabled", String(data.page <= 1));
  $("next").setAttribute("aria-disabled", String(data.page >= data.pages));
  $("pager").hidden = data.pages < 2;
  const sameDocument = state.shown && state.shown.query === data.query && state.shown.pages === data.pages;
  if (sameDocument && state.shown.page !== data.page) {
    $("status").textContent = `Page ${data.page} of ${data.pages}`;
  }
}

export function showDownloads(data) {
  const commands = [];
  for (const d of data.downloads) {
    const link = $(`download-${d.format}`);
    const row = $(`get-${d.format}`);
    row.hidden = false;
    // The print shop's download is named after where it is printed, and its kind of file.
    const label = d.target ? `For ${d.target} (${(d.name || "").endsWith(".zip") ? "images, zip" : "PDF"})`
      : DOWNLOADS.find((x) => x.format === d.format).text;
    const what = d.page && data.pages > 1 ? label.replace("this page", `page ${d.page}`) : label;
    link.replaceChildren(element("span", { text: what }),
                         element("span", { class: "file", text: d.name || "" }));
    if (d.error) {
      disable(link);
      if (d.field) fieldError(d.field, d.error);
    } else {
      link.href = d.href;
      link.download = d.name;
      link.dataset.post = d.post ? "true" : "false";   // a record's: asked for with the record
      link.removeAttribute("aria-disabled");
      if (d.format !== "pdf" && d.command) commands.push(d.command);
    }
  }
  const offered = new Set(data.downloads.map((d) => d.format));
  for (const d of DOWNLOADS) if (!offered.has(d.format)) $(`get-${d.format}`).hidden = true;
  $("command").textContent = data.command;
  $("copy").removeAttribute("aria-disabled");
  $("commands").replaceChildren(...commands.map((c) => element("li", {}, element("code", { text: c }))));
}

export function showFigures(data) {
  $("figures").replaceChildren(...data.figures.map((t) => element("li", { text: t })));
  $("warnings").replaceChildren(...data.warnings.map((t) => element("li", { text: `Warning: ${t}` })));
  $("figures-title").parentElement.hidden = data.figures.length === 0;
}
