/**
 * `npm run covers`: draws each article's cover image (1200×630 WebP, the
 * size `ARTICLE_IMAGE_WIDTH/HEIGHT` promise) into `public/images/articles/`,
 * with Chromium's canvas. Abstract art in the category's colours, seeded by
 * the slug so a rerun gives the same picture, plus the default share image. Existing files are kept unless
 * `--force` is given. The images are committed; the build only checks they exist.
 */
import { chromium } from "@playwright/test";
import { readFileSync, readdirSync, existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ARTICLE_IMAGE_HEIGHT, ARTICLE_IMAGE_WIDTH } from "../content/article-image.ts";
import { compileArticle } from "../content/build/compile-articles.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";
import { ROOT } from "./wrangler.ts";

/** Two gradient colours and an accent per category slug. */
const PALETTES: Record<string, [string, string, string]> = {
  "personal-finance": ["#064e3b", "#10b981", "#d1fae5"],
  investing: ["#1e3a8a", "#3b82f6", "#dbeafe"],
  trading: ["#7c2d12", "#f97316", "#ffedd5"],
  crypto: ["#422006", "#eab308", "#fef9c3"],
  ai: ["#3b0764", "#a855f7", "#f3e8ff"],
  enterprising: ["#831843", "#ec4899", "#fce7f3"],
  value: ["#134e4a", "#14b8a6", "#ccfbf1"],
  progress: ["#1e1b4b", "#6366f1", "#e0e7ff"],
  freedom: ["#0c4a6e", "#0ea5e9", "#e0f2fe"],
};

const force = process.argv.includes("--force");
const articlesDir = path.join(ROOT, "content", "articles");
const articles = readdirSync(articlesDir)
  .filter((name) => name.endsWith(".md"))
  .map((name) => compileArticle(name, readFileSync(path.join(articlesDir, name), "utf8"), null));

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
const jobs = [
  ...articles.map((article) => ({
    image: article.image,
    slug: article.slug,
    label: article.category,
    palette: PALETTES[article.categorySlug] ?? PALETTES.value!,
  })),
  // The default link-preview image (app/lib/meta.ts DEFAULT_SHARE_IMAGE).
  { image: "/images/share-default.webp", slug: "vpf", label: "Value · Progress · Freedom", palette: PALETTES.value! },
];
const page = await browser.newPage();
for (const job of jobs) {
  const file = path.join(ROOT, "public", job.image);
  if (existsSync(file) && !force) continue;
  const palette = job.palette;
  const dataUrl = await page.evaluate(
    ({ width, height, palette, seedText, label }) => {
      let seed = [...seedText].reduce((acc, ch) => (acc * 31 + ch.charCodeAt(0)) >>> 0, 7);
      const random = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext("2d")!;
      const gradient = ctx.createLinearGradient(0, 0, width, height);
      gradient.addColorStop(0, palette[0]);
      gradient.addColorStop(1, palette[1]);
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, width, height);
      for (let i = 0; i < 14; i++) {
        ctx.beginPath();
        ctx.arc(random() * width, random() * height, 30 + random() * 180, 0, Math.PI * 2);
        ctx.fillStyle = `rgba(255,255,255,${0.03 + random() * 0.08})`;
        ctx.fill();
      }
      ctx.beginPath();
      let y = height * 0.78;
      ctx.moveTo(0, y);
      for (let x = 0; x <= width; x += 60) {
        y = Math.max(height * 0.2, y - (random() * 70 - 22));
        ctx.lineTo(x, y);
      }
      ctx.strokeStyle = palette[2];
      ctx.lineWidth = 8;
      ctx.lineJoin = "round";
      ctx.stroke();
      ctx.lineTo(width, height);
      ctx.lineTo(0, height);
      ctx.closePath();
      ctx.fillStyle = "rgba(255,255,255,0.10)";
      ctx.fill();
      ctx.fillStyle = palette[2];
      ctx.font = "700 44px system-ui, sans-serif";
      ctx.fillText(label.toUpperCase(), 64, 104);
      return canvas.toDataURL("image/webp", 0.82);
    },
    {
      width: ARTICLE_IMAGE_WIDTH,
      height: ARTICLE_IMAGE_HEIGHT,
      palette,
      seedText: job.slug,
      label: job.label,
    },
  );
  writeFileSync(file, Buffer.from(dataUrl.split(",")[1] ?? "", "base64"));
  console.log(`wrote public${job.image}`);
}
await browser.close();
