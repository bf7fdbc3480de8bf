/** The compiled articles, newest first, and whether the dev server shows unpublished ones (content/build/vite-plugin-articles.ts). */
declare module "virtual:vpf/articles" {
  const articles: import("./article-schema").Article[];
  export default articles;
  export const PREVIEW: boolean;
  /** The search index of every article above (drafts only in the preview), as `JSON.stringify` of a MiniSearch. */
  export const SEARCH_INDEX: string;
}

/** URL of the brand font's subset (content/build/vite-plugin-font.ts). */
declare module "virtual:vpf/font" {
  const url: string;
  export default url;
}

/** URL of the footer's social-mark sprite (content/build/vite-plugin-social-marks.ts). */
declare module "virtual:vpf/social-marks" {
  const url: string;
  export default url;
}
