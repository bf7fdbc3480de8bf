/**
 * `/blog/{slug}` (spec §2). An unknown slug answers 302 to `/404`
 * (decisions.md). The bundled articles arrive with issue 3; until then every
 * slug is unknown.
 */
import { redirect } from "react-router";

export function loader(): never {
  throw redirect("/404");
}

export default function BlogArticle() {
  return null;
}
