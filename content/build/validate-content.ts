/** Checks the categories and the catalogue against their schemas when the build starts. */
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

/** Validates the categories and the catalogue; throws ContentError naming the file and the field path. */
export function validateContent(): void {
  check("content/categories.ts", CategoriesSchema, categories);
  check("content/products.ts", ProductsSchema, products);
}
