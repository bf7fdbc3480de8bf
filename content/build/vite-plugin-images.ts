/** Encodes `content/images/` into image variants (rules 3.1, 4.10), kept by source and settings as AVIF is slow. */
import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { Plugin } from "vite";
import {
  IMAGE_FORMATS,
  IMAGE_GROUPS,
  type ImageFormat,
  type ImageGroupName,
  buildImageVariantUrl,
  buildProductShareImageUrl,
  buildShareImageUrl,
  parseGeneratedImageUrl,
} from "../image-variants.ts";
import { type Product, products } from "../products.ts";
import { SITE_LONG_NAME, SITE_NAME } from "../site.ts";
import { compileArticles } from "./compile-articles.ts";
import { drawArticleCover } from "./cover-art.ts";
import { isDevPreview } from "./content-module.ts";
import { readProcessMemo } from "./process-memo.ts";
import { IMAGE_SOURCE_EXTENSIONS, findImageSourceFile, hasImage } from "./image-sources.ts";
import {
  PRODUCT_CARD_LAYOUT,
  SHARE_CARD_JPEG,
  SHARE_CARD_LAYOUT,
  drawProductShareCard,
  drawShareCard,
} from "./share-card.ts";

/** Encoder settings; part of the cache key, so a change re-encodes everything. */
const ENCODERS: Record<ImageFormat, { quality: number; effort: number }> = {
  avif: { quality: 52, effort: 4 },
  webp: { quality: 80, effort: 5 },
};

/**
 * Products beside the owner's whose photos live elsewhere (the tests' catalogue): their photos are under `imagesDir`,
 * laid out as `content/images/` is, and their encodings are kept in `cacheDir`, both from the repository root.
 */
export interface ExtraCatalogue {
  products: readonly Product[];
  imagesDir: string;
  cacheDir: string;
}

/** One file the step makes: its URL path (no leading slash), its bytes and the cache folder it came from (full path). */
export interface GeneratedImage {
  fileName: string;
  source: Uint8Array;
  cacheEntry: string;
}

/** Encodings, a `{group}-{name}-{hash}` folder each; committed, so a fresh clone builds without encoding anything. */
export const ENCODED_DIR = path.join("content", "images", "encoded");

/** Checks that every image the catalogue names can be served (rule 4.10); throws naming the product and the URL. */
export function checkProductImages(root: string): void {
  for (const product of products) {
    const urls = [product.image, ...product.images.map((image) => image.url), ...product.variants.map((v) => v.image_url)];
    for (const url of urls) {
      if (url !== null && !hasImage(root, url)) {
        const name = path.basename(url, path.extname(url));
        throw new Error(
          `content/products.ts: product "${product.id}" names ${url}: put a photo at content/images/products/${name}` +
            `{${IMAGE_SOURCE_EXTENSIONS.join(",")}} (or the file at public${url})`,
        );
      }
    }
  }
}

/**
 * One image to make; an article's link preview (`share`, rule 3.6) is drawn from its cover and carries its title, a
 * product's (`product-share`) from its photo (`input`, empty without one) with its title and `price`.
 */
interface ImageJob {
  group: ImageGroupName | "share" | "product-share";
  name: string;
  input: Buffer;
  svg: boolean;
  title?: string;
  price?: string;
  /** What an error names: the source file, or the article whose cover is drawn. */
  label: string;
  /** Where its encodings are kept, when not in `ENCODED_DIR`. */
  cacheRoot?: string;
}

/** A hash of what makes a job's files: they are remade only when it changes. */
function hashJob({ group, input, title, price }: ImageJob): string {
  const settings =
    group === "share"
      ? { title, SHARE_CARD_LAYOUT, SHARE_CARD_JPEG, brand: SHARE_BRAND }
      : group === "product-share"
        ? { title, price, PRODUCT_CARD_LAYOUT, SHARE_CARD_JPEG, brand: SHARE_BRAND }
        : { spec: IMAGE_GROUPS[group], ENCODERS };
  return createHash("sha256")
    .update(input)
    .update(JSON.stringify({ ...settings, sharp: sharp.versions.sharp, vips: sharp.versions.vips }))
    .digest("hex")
    .slice(0, 20);
}

const SHARE_BRAND = `${SITE_NAME} · ${SITE_LONG_NAME}`;

/** Draws and encodes the job's files (those `listOutputs` names) into `dir`. */
async function drawJob(job: ImageJob, dir: string): Promise<void> {
  const { group, name, input, svg } = job;
  if (group === "product-share") {
    const photo = input.length === 0 ? null : svg ? await sharp(input, { density: await readSvgDensity(input, IMAGE_GROUPS.products.width) }).png().toBuffer() : input;
    writeFileSync(path.join(dir, `${name}.jpg`), await drawProductShareCard(photo, job.title ?? "", job.price ?? "", SHARE_BRAND));
    return;
  }
  if (group === "share") {
    const cover = svg ? await sharp(input, { density: await readSvgDensity(input, IMAGE_GROUPS.articles.width) }).png().toBuffer() : input;
    writeFileSync(path.join(dir, `${name}.jpg`), await drawShareCard(cover, job.title ?? "", SHARE_BRAND));
    return;
  }
  const spec = IMAGE_GROUPS[group];
  const density = svg ? await readSvgDensity(input, spec.width) : undefined;
  for (const width of spec.widths) {
    const height = Math.round((width * spec.height) / spec.width);
    // `rotate()` turns a phone photo upright by its EXIF orientation.
    const resized = sharp(input, density ? { density } : {})
      .rotate()
      .resize(width, height, { fit: "cover" });
    for (const format of IMAGE_FORMATS) {
      const file = path.basename(buildImageVariantUrl(group, name, width, format));
      const encoded = await resized.clone().toFormat(format, ENCODERS[format]).toBuffer();
      writeFileSync(path.join(dir, file), encoded);
      if (format === "webp" && width === spec.width) writeFileSync(path.join(dir, `${name}.webp`), encoded);
    }
  }
}

function listOutputs({ group, name }: ImageJob): string[] {
  if (group === "share") return [path.basename(buildShareImageUrl(name))];
  if (group === "product-share") return [path.basename(buildProductShareImageUrl(name))];
  return [
    `${name}.webp`,
    ...IMAGE_GROUPS[group].widths.flatMap((width) =>
      IMAGE_FORMATS.map((format) => path.basename(buildImageVariantUrl(group, name, width, format))),
    ),
  ];
}

async function generateOne(cacheRoot: string, job: ImageJob): Promise<GeneratedImage[]> {
  const cacheDir = path.join(job.cacheRoot ?? cacheRoot, `${job.group}-${job.name}-${hashJob(job)}`);
  const outputs = listOutputs(job);
  if (!outputs.every((file) => existsSync(path.join(cacheDir, file)))) {
    const staging = `${cacheDir}.tmp-${process.pid}-${randomUUID()}`;
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    await drawJob(job, staging);
    // Another build may have finished the same image meanwhile: keep whichever landed first.
    try {
      renameSync(staging, cacheDir);
    } catch {
      rmSync(staging, { recursive: true, force: true });
    }
  }
  // A product's preview sits beside the articles', in a folder of its own: `images/share/products/{id}.jpg`.
  const folder = job.group === "product-share" ? "share/products" : job.group;
  return outputs.map((file) => ({
    fileName: `images/${folder}/${file}`,
    source: readFileSync(path.join(cacheDir, file)),
    cacheEntry: cacheDir,
  }));
}

/** librsvg renders SVG at 72 dpi by default; this is the dpi that makes it `width` px wide. */
async function readSvgDensity(input: Buffer, width: number): Promise<number> {
  return (72 * width) / ((await sharp(input).metadata()).width ?? width);
}

/**
 * Each photo in `content/images/{group}/` (of the articles' photos, only those a built article shows, so a left-out
 * draft's photo is never published), a drawn cover for each article without one, and each link preview.
 */
function listImageJobs(root: string, drafts: boolean, extra?: ExtraCatalogue): ImageJob[] {
  const jobs: ImageJob[] = [];
  const articles = compileArticles(path.join(root, "content", "articles"), { root: null, drafts });
  const covers = new Set(articles.map((article) => parseGeneratedImageUrl(article.image)?.name));
  for (const group of Object.keys(IMAGE_GROUPS) as ImageGroupName[]) {
    const dir = path.join(root, "content", "images", group);
    if (!existsSync(dir)) continue;
    const names = new Set(readdirSync(dir).map((entry) => path.basename(entry, path.extname(entry))));
    for (const name of [...names].sort()) {
      if (group === "articles" && !covers.has(name)) continue;
      const file = findImageSourceFile(root, `/images/${group}/${name}.webp`);
      if (file) jobs.push({ group, name, input: readFileSync(file), svg: file.endsWith(".svg"), label: path.relative(root, file) });
    }
  }
  for (const article of articles) {
    const parsed = parseGeneratedImageUrl(article.image);
    const publicFile = path.join(root, "public", article.image);
    const photo = findImageSourceFile(root, article.image) ?? (existsSync(publicFile) ? publicFile : null);
    const drawn = Buffer.from(drawArticleCover(parsed?.name ?? article.slug, article.categorySlug));
    if (parsed && !hasImage(root, article.image)) {
      jobs.push({ group: "articles", name: parsed.name, input: drawn, svg: true, label: `the drawn cover of ${article.slug}` });
    }
    jobs.push({
      group: "share",
      name: article.slug,
      input: photo ? readFileSync(photo) : drawn,
      svg: photo ? photo.endsWith(".svg") : true,
      title: article.title,
      label: `the link preview of ${article.slug}`,
    });
  }
  jobs.push(...products.map((product) => buildProductShareJob(product, findProductPhoto(root, product.image))));
  if (extra) jobs.push(...listExtraJobs(root, extra));
  return jobs;
}

/** The source file of a product photo `url` of the owner's catalogue, if there is one. */
function findProductPhoto(root: string, url: string | null): string | null {
  return url === null ? null : (findImageSourceFile(root, url) ?? existingPublicFile(root, url));
}

/** A product's link preview, drawn from its photo file when it has one. */
function buildProductShareJob(product: Product, photo: string | null, cacheRoot?: string): ImageJob {
  return {
    group: "product-share",
    name: product.id,
    input: photo ? readFileSync(photo) : Buffer.alloc(0),
    svg: photo?.endsWith(".svg") ?? false,
    title: product.title,
    price: formatProductPrice(product),
    label: `the link preview of product ${product.id}`,
    cacheRoot,
  };
}

/** The photos and link previews of `extra`'s products, kept in its own cache. */
function listExtraJobs(root: string, extra: ExtraCatalogue): ImageJob[] {
  const imagesDir = path.join(root, extra.imagesDir);
  const cacheRoot = path.join(root, extra.cacheDir);
  const findPhoto = (url: string | null) => (url === null ? null : findImageSourceFile(root, url, imagesDir));
  const names = new Set(extra.products.flatMap((product) => product.images.map((image) => image.url)));
  const photos = [...names].map((url) => {
    const file = findPhoto(url);
    if (!file) throw new Error(`${extra.imagesDir}: no photo for ${url}`);
    const name = parseGeneratedImageUrl(url)!.name;
    return { group: "products" as const, name, input: readFileSync(file), svg: file.endsWith(".svg"), label: file, cacheRoot };
  });
  return [...photos, ...extra.products.map((product) => buildProductShareJob(product, findPhoto(product.image), cacheRoot))];
}

/** The file under `public/` a site path names, if there is one. */
function existingPublicFile(root: string, url: string): string | null {
  const file = path.join(root, "public", url);
  return existsSync(file) ? file : null;
}

/**
 * A product's price as its preview writes it: what its variants cost now, as the catalogue formats it (rule 4.1),
 * "From" the least when they differ.
 */
function formatProductPrice(product: Product): string {
  const current = product.variants.map((variant) => ({
    cents: variant.sale_price_in_cents ?? variant.price_in_cents,
    text: variant.sale_price_in_cents_formatted ?? variant.price_in_cents_formatted,
  }));
  const cheapest = current.reduce((least, price) => (price.cents < least.cents ? price : least));
  return current.every((price) => price.cents === cheapest.cents) ? cheapest.text : `From ${cheapest.text}`;
}

/**
 * Makes every generated image from the repository `root` (drafts' covers too with `drafts`, `extra`'s products' too),
 * two at a time.
 */
export async function generateImages(root: string, drafts = false, extra?: ExtraCatalogue): Promise<GeneratedImage[]> {
  const cacheRoot = path.join(root, ENCODED_DIR);
  const cacheRoots = [cacheRoot, ...(extra ? [path.join(root, extra.cacheDir)] : [])];
  for (const dir of cacheRoots) mkdirSync(dir, { recursive: true });
  const results: GeneratedImage[][] = [];
  const queue = [...listImageJobs(root, drafts, extra).entries()];
  async function work(): Promise<void> {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [index, job] = next;
      try {
        results[index] = await generateOne(cacheRoot, job);
      } catch (error) {
        throw new Error(`${job.label}: ${(error as Error).message}`, { cause: error });
      }
    }
  }
  await Promise.all([work(), work()]);
  const used = new Set(results.map((files) => files[0]!.cacheEntry));
  for (const dir of cacheRoots) pruneEncoded(dir, used);
  return results.flat();
}

/** Deletes encodings nothing asks for (`used` holds their folders' full paths), and unfinished ones so old (10 minutes) that no build is still writing them. */
function pruneEncoded(cacheRoot: string, used: ReadonlySet<string>): void {
  for (const entry of readdirSync(cacheRoot)) {
    const full = path.join(cacheRoot, entry);
    const unfinished = entry.includes(".tmp-");
    if (unfinished ? Date.now() - statSync(full).mtimeMs > 10 * 60_000 : !used.has(full)) {
      rmSync(full, { recursive: true, force: true });
    }
  }
}

const CONTENT_TYPES: Record<string, string> = { ".avif": "image/avif", ".webp": "image/webp", ".jpg": "image/jpeg" };

/** Creates the plugin; `root` is the repository root, `extra` products beside the owner's (the tests' build). */
export function imagesPlugin(root: string, extra?: ExtraCatalogue): Plugin {
  let pending: Promise<Map<string, Uint8Array>> | undefined;
  let preview = false;
  let building = false;
  const generateAnew = () =>
    generateImages(root, preview, extra).then((files) => new Map(files.map((file) => [file.fileName, file.source])));
  // A build's images cannot change while it runs, so every load of the config in it (React Router's child compiler
  // loads it again) shares one generation; the dev server makes them again after a change.
  const generate = () => {
    if (!building) return (pending ??= generateAnew());
    const shared = readProcessMemo<Promise<Map<string, Uint8Array>>>("images");
    const key = `${root}\0${preview}`;
    let found = shared.get(key);
    if (!found) {
      found = generateAnew();
      shared.set(key, found);
    }
    return found;
  };
  return {
    name: "vpf-images",
    // Browser files only: the worker bundle needs none of them.
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      // The dev server previews drafts, so it draws their covers too; Vitest's tests hold the built site.
      preview = isDevPreview(config);
      building = config.isProduction;
    },
    buildStart() {
      checkProductImages(root);
      void generate().catch(() => undefined);
    },
    async generateBundle() {
      for (const [fileName, source] of await generate()) {
        this.emitFile({ type: "asset", fileName, source });
      }
    },
    configureServer(server) {
      // A photo or an article added, changed or removed while writing shows on the next request.
      const contentDir = path.join(root, "content");
      server.watcher.add([path.join(contentDir, "images"), path.join(contentDir, "articles")]);
      server.watcher.on("all", (_event, file) => {
        if (file.startsWith(contentDir) && !file.includes(ENCODED_DIR)) pending = undefined;
      });
      server.middlewares.use((request, response, next) => {
        const pathname = (request.url ?? "").split("?")[0] ?? "";
        if (!/^\/images\/(articles|products|share)\//.test(pathname)) return next();
        generate().then(
          (files) => {
            const source = files.get(pathname.slice(1));
            if (!source) return next();
            response.setHeader("Content-Type", CONTENT_TYPES[path.extname(pathname)] ?? "application/octet-stream");
            response.end(source);
          },
          (error: unknown) => next(error),
        );
      });
    },
  };
}
