/** The compiled articles, newest first (content/vite-plugin-articles.ts). */
declare module "virtual:vpf/articles" {
  const articles: import("./article-schema").Article[];
  export default articles;
}
