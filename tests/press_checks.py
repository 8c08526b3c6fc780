"""Readers of a print shop's file by clients other than pnp: CIEDE2000, LittleCMS's own
`transicc` and gamut check, Ghostscript's plates (`tiffsep`) and ink coverage (`inkcov`),
and the PDF/X-1a keys as qpdf and pikepdf read them."""

import io
import json
import math
import subprocess
from pathlib import Path

import pikepdf
from PIL import Image, ImageCms

from generator.core.printing import CONDITIONS, rgb
from generator.render import press


def delta_e00(lab1, lab2):
    """CIEDE2000 (Sharma, Wu and Dalal's formulation)."""
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    mean_c = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(mean_c ** 7 / (mean_c ** 7 + 25 ** 7)))
    a1, a2 = a1 * (1 + g), a2 * (1 + g)
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360
    h2 = math.degrees(math.atan2(b2, a2)) % 360
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    dl, dc = l2 - l1, c2 - c1
    big_dh = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    mean_l, mean_c = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        mean_h = h1 + h2
    elif abs(h1 - h2) <= 180:
        mean_h = (h1 + h2) / 2
    else:
        mean_h = (h1 + h2 + (360 if h1 + h2 < 360 else -360)) / 2
    t = 1 - sum(w * math.cos(math.radians(n * mean_h - d)) for w, n, d in
                ((0.17, 1, 30), (-0.24, 2, 0), (-0.32, 3, -6), (0.20, 4, 63)))
    sl = 1 + 0.015 * (mean_l - 50) ** 2 / math.sqrt(20 + (mean_l - 50) ** 2)
    sc, sh = 1 + 0.045 * mean_c, 1 + 0.015 * mean_c * t
    rt = (-2 * math.sqrt(mean_c ** 7 / (mean_c ** 7 + 25 ** 7))
          * math.sin(math.radians(60 * math.exp(-(((mean_h - 275) / 25) ** 2)))))
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (big_dh / sh) ** 2
                     + rt * (dc / sc) * (big_dh / sh))


def transicc(source, target, rows):
    """LittleCMS's own calculator, relative colorimetric, in floating point."""
    text = "\n".join(" ".join(f"{v:.4f}" for v in row) for row in rows) + "\n"
    done = subprocess.run(["transicc", "-t1", "-n", f"-i{source}", f"-o{target}"],
                          input=text, capture_output=True, text=True, check=True)
    return [tuple(float(v) for v in ln.split()) for ln in done.stdout.splitlines()
            if ln.strip() and ln.lstrip()[0] in "-0123456789"]


def out_of_gamut(key, colours):
    """The colours LittleCMS's gamut check finds the condition cannot print (soft-proofed
    with and without the check: the alarm colour marks those outside)."""
    flags = ImageCms.Flags.SOFTPROOFING
    srgb = ImageCms.createProfile("sRGB")
    shop = ImageCms.ImageCmsProfile(io.BytesIO(press.profile(key)))
    image = Image.new("RGB", (len(colours), 1))
    image.putdata([tuple(round(v * 255) for v in rgb(c)) for c in colours])
    seen = [ImageCms.applyTransform(image, ImageCms.buildProofTransform(
        srgb, srgb, shop, "RGB", "RGB", renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        proofRenderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC, flags=f)).tobytes()
        for f in (flags, flags | ImageCms.Flags.GAMUTCHECK)]
    plain, checked = seen
    return {c for i, c in enumerate(colours) if plain[3 * i:3 * i + 3] != checked[3 * i:3 * i + 3]}


def round_trip(key, separations):
    """ΔE00 between each colour and what its ink prints on the condition."""
    wanted = transicc("*sRGB", "*Lab", [[v * 255 for v in rgb(c)] for c in separations])
    rows = [(0, 0, 0, (1 - values[0]) * 100) if space == "gray" else
            tuple(v * 100 for v in values) for space, values in separations.values()]
    printed = transicc(str(Path(press.PROFILES, CONDITIONS[key].profile)), "*Lab", rows)
    return {c: delta_e00(w, p) for c, w, p in zip(separations, wanted, printed, strict=True)}


def plates(pdf: Path, tmp: Path, dpi: int = 30) -> list[Image.Image]:
    """Each page as Ghostscript separates it: CMYK, 255 = solid ink."""
    subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=tiffsep", f"-r{dpi}",
                    f"-sOutputFile={tmp}/{pdf.stem}-%d.tif", str(pdf)], check=True)
    pages = [p for p in tmp.glob(f"{pdf.stem}-[0-9]*.tif") if "(" not in p.name]
    return [Image.open(p) for p in sorted(pages, key=lambda p: int(p.stem.split("-")[-1]))]


def highest_ink(pdf: Path, tmp: Path) -> float:
    """The most ink on any pixel, in %."""
    worst = 0
    for page in plates(pdf, tmp):
        raw = page.tobytes()
        worst = max(worst, max(sum(raw[i:i + 4]) for i in range(0, len(raw), 4)))
    return worst / 255 * 100


def inkcov(pdf: Path) -> list[tuple[float, ...]]:
    done = subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=inkcov", "-r36",
                           "-o", "-", str(pdf)], capture_output=True, text=True, check=True)
    return [tuple(float(v) for v in ln.split()[:4]) for ln in done.stdout.splitlines()
            if ln.strip().endswith("OK")]


def pdfx_errors(path: Path, key: str) -> list[str]:
    """What a PDF/X-1a:2001 file for condition `key` lacks, read with qpdf (trailer, info,
    output intent) and pikepdf (version, pages, profile bytes)."""
    errors = []
    header, objects = json.loads(subprocess.run(
        ["qpdf", "--json=2", "--json-key=qpdf", str(path)], capture_output=True, text=True,
        check=True).stdout)["qpdf"]
    if header["pdfversion"] != "1.3":
        errors.append(f"PDF {header['pdfversion']}")
    trailer = objects["trailer"]["value"]
    info = objects[f"obj:{trailer['/Info']}"]["value"] if "/Info" in trailer else {}
    # ISO 15930-1: the version key names PDF/X-1, the conformance key its level X-1a.
    for name, wanted in (("/GTS_PDFXVersion", "u:PDF/X-1:2001"),
                         ("/GTS_PDFXConformance", "u:PDF/X-1a:2001")):
        if info.get(name) != wanted:
            errors.append(f"{name} is {info.get(name)}")
    if info.get("/Trapped") not in ("/True", "/False"):
        errors.append("Trapped is neither True nor False")
    for name in ("/Title", "/CreationDate", "/ModDate"):
        if name not in info:
            errors.append(f"no {name}")
    if "/ID" not in trailer:
        errors.append("no ID")
    with pikepdf.open(path) as pdf:
        intents = [i for i in pdf.Root.get("/OutputIntents", []) if i.get("/S") == "/GTS_PDFX"]
        if len(intents) != 1:
            return [*errors, f"{len(intents)} PDF/X output intents"]
        (intent,) = intents
        if str(intent.get("/OutputConditionIdentifier")) != CONDITIONS[key].identifier:
            errors.append(f"condition {intent.get('/OutputConditionIdentifier')}")
        if str(intent.get("/RegistryName")) != "http://www.color.org":
            errors.append("RegistryName")
        profile = intent.get("/DestOutputProfile")
        if profile is None or profile.read_bytes() != press.profile(key):
            errors.append("not the condition's profile")
        for n, page in enumerate(pdf.pages, start=1):
            if "/TrimBox" not in page.obj or "/BleedBox" not in page.obj:
                errors.append(f"page {n}: no TrimBox or BleedBox")
    return errors


def pdfx_facts(path: Path | str | bytes) -> dict[str, str]:
    """What a PDF says of its PDF/X conformance and printing condition, read with pikepdf:
    GTS_PDFXVersion, GTS_PDFXConformance, Trapped, and the GTS_PDFX OutputIntent's
    OutputConditionIdentifier, RegistryName and whether it embeds a profile. Keys absent
    from the file are absent from the answer."""
    source = io.BytesIO(path) if isinstance(path, bytes) else path
    facts: dict[str, str] = {}
    with pikepdf.open(source) as document:
        info = document.trailer.get("/Info")
        for key in ("GTS_PDFXVersion", "GTS_PDFXConformance", "Trapped"):
            if info is not None and f"/{key}" in info:
                facts[key] = str(info[f"/{key}"]).lstrip("/")
        intents = document.Root.get("/OutputIntents", [])
        for intent in intents:
            if intent.get("/S") == "/GTS_PDFX":
                for key in ("OutputConditionIdentifier", "RegistryName"):
                    if f"/{key}" in intent:
                        facts[key] = str(intent[f"/{key}"])
                facts["DestOutputProfile"] = "yes" if "/DestOutputProfile" in intent else "no"
                break
    return facts
