/**
 * `npm run product-images`: draws the store's product photos (800×800 WebP)
 * into `public/images/products/` with Chromium's canvas: the T-shirt front,
 * back and a detail, and the planner. Existing files are kept unless `--force`.
 */
import { chromium } from "@playwright/test";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";
import { ROOT } from "./wrangler.ts";

const JOBS = [
  { file: "tee-front.webp", kind: "tee", label: "VPF", background: "#e2f5ec" },
  { file: "tee-back.webp", kind: "tee", label: "VALUE · PROGRESS · FREEDOM", background: "#e0ecf9" },
  { file: "tee-detail.webp", kind: "detail", label: "VPF", background: "#f1eee6" },
  { file: "planner.webp", kind: "planner", label: "FREEDOM PLANNER", background: "#f5ede0" },
] as const;

const force = process.argv.includes("--force");
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
const page = await browser.newPage();
for (const job of JOBS) {
  const target = path.join(ROOT, "public", "images", "products", job.file);
  if (existsSync(target) && !force) continue;
  const dataUrl = await page.evaluate(({ kind, label, background }) => {
    const size = 800;
    const canvas = document.createElement("canvas");
    canvas.width = size;
    canvas.height = size;
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, size, size);
    ctx.fillStyle = "rgba(0,0,0,0.06)";
    ctx.beginPath();
    ctx.ellipse(400, 720, 260, 26, 0, 0, Math.PI * 2);
    ctx.fill();
    if (kind === "tee" || kind === "detail") {
      ctx.save();
      if (kind === "detail") {
        ctx.translate(-400, -260);
        ctx.scale(2, 2);
      }
      ctx.fillStyle = "#0f172a";
      ctx.beginPath();
      ctx.moveTo(300, 160);
      ctx.quadraticCurveTo(400, 210, 500, 160);
      ctx.lineTo(640, 230);
      ctx.lineTo(600, 330);
      ctx.lineTo(540, 305);
      ctx.lineTo(540, 660);
      ctx.lineTo(260, 660);
      ctx.lineTo(260, 305);
      ctx.lineTo(200, 330);
      ctx.lineTo(160, 230);
      ctx.closePath();
      ctx.fill();
      ctx.fillStyle = "#34d399";
      ctx.font = label.length > 4 ? "700 15px system-ui, sans-serif" : "800 54px system-ui, sans-serif";
      ctx.textAlign = "center";
      ctx.fillText(label, 400, label.length > 4 ? 300 : 330);
      ctx.restore();
    } else {
      ctx.fillStyle = "#065f46";
      ctx.beginPath();
      ctx.roundRect(230, 130, 340, 500, 18);
      ctx.fill();
      ctx.fillStyle = "#047857";
      ctx.fillRect(230, 130, 34, 500);
      ctx.fillStyle = "#ecfdf5";
      ctx.font = "800 30px system-ui, sans-serif";
      ctx.textAlign = "center";
      ctx.fillText(label, 415, 330);
      ctx.font = "500 20px system-ui, sans-serif";
      ctx.fillText("12 months · undated", 415, 372);
    }
    return canvas.toDataURL("image/webp", 0.82);
  }, job);
  writeFileSync(target, Buffer.from(dataUrl.split(",")[1] ?? "", "base64"));
  console.log(`wrote public/images/products/${job.file}`);
}
await browser.close();
