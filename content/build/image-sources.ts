/** Finds a generated image's source, so the build can refuse a page naming an image it cannot make; Node only. */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseGeneratedImageUrl } from "../image-variants.ts";

/** Photo and drawing formats an owner may put in `content/images/{group}/`, in the order they are looked for. */
export const IMAGE_SOURCE_EXTENSIONS = [".jpg", ".jpeg", ".png", ".webp", ".avif", ".svg"] as const;

/**
 * The source file behind `url` (e.g. `/images/articles/x.webp`) in `imagesDir` (the owner's `content/images/` unless
 * given), or `null` when not generated or missing.
 */
export function findImageSourceFile(
  root: string,
  url: string,
  imagesDir = path.join(root, "content", "images"),
): string | null {
  const parsed = parseGeneratedImageUrl(url);
  if (!parsed) return null;
  for (const extension of IMAGE_SOURCE_EXTENSIONS) {
    const file = path.join(imagesDir, parsed.group, `${parsed.name}${extension}`);
    if (existsSync(file)) return file;
  }
  return null;
}

/** Whether the site can serve `url`: a file under `public/`, or a generated image whose source exists. */
export function hasImage(root: string, url: string): boolean {
  return existsSync(path.join(root, "public", url)) || findImageSourceFile(root, url) !== null;
}
