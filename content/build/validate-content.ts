/**
 * Checks the bundled data against its schemas when the build starts
 * (categories, products, newsletter testimonials; articles are checked as
 * they compile). A bad entry fails the build with its file and field.
 *
 * @throws ContentError naming the file and the field path.
 */
import * as v from "valibot";
import { categories } from "../categories.ts";
import { CategoriesSchema } from "../category-schema.ts";
import { ProductsSchema } from "../product-schema.ts";
import { products } from "../products.ts";
import { ContentError } from "./compile-articles.ts";

function check<S extends v.GenericSchema>(file: string, schema: S, data: unknown): void {
  const result = v.safeParse(schema, data);
  if (result.success) return;
  const details = result.issues
    .slice(0, 5)
    .map((issue) => `field "${v.getDotPath(issue) ?? "(list)"}": ${issue.message}`)
    .join("; ");
  throw new ContentError(`${file}: invalid data: ${details}`);
}

/** Validates every bundled data file. */
export function validateContent(): void {
  check("content/categories.ts", CategoriesSchema, categories);
  check("content/products.ts", ProductsSchema, products);
}
