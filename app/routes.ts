/**
 * The route table (docs/product-rules.md rules 2.11, 2.9). Every visible page sits inside the
 * `shell` layout (header, main, footer, toasts); the holding page stands alone.
 */
import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  route("please-hold", "routes/please-hold.tsx"),
  route("rss.xml", "routes/rss.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  layout("routes/shell.tsx", [
    index("routes/home.tsx"),
    route("blog", "routes/blog.tsx"),
    route("blog/:slug", "routes/blog-article.tsx"),
    route("categories", "routes/categories.tsx"),
    route("categories/:slug", "routes/category.tsx"),
    route("about", "routes/about.tsx"),
    route("disclaimer", "routes/disclaimer.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("terms", "routes/terms.tsx"),
    route("shipping", "routes/shipping.tsx"),
    route("contact", "routes/contact.tsx"),
    route("newsletter", "routes/newsletter.tsx"),
    route("store", "routes/store.tsx"),
    route("product/:id", "routes/product.tsx"),
    route("success", "routes/success.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
