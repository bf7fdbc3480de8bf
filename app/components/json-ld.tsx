/** A JSON-LD block with the CSP nonce; `<` is escaped so the data cannot end the script element. */
import { useNonce } from "../lib/nonce";

/** Renders `data` as `<script type="application/ld+json">`. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const nonce = useNonce();
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: json }} />;
}

/** schema.org `BreadcrumbList` for a trail of `{ name, path }`, with absolute URLs. */
export function buildBreadcrumbs(origin: string, trail: ReadonlyArray<{ name: string; path: string }>) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: `${origin}${crumb.path}`,
    })),
  };
}
