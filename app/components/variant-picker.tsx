/**
 * The product page's variant choice (rules 4.8, 4.9): one radio per variant,
 * hidden behind its label, which is drawn as a button.
 */
import { clsx } from "clsx";
import type { Variant } from "../../content/products";

/** Props: `legend` names the option (e.g. 'Size'); `chosenId` is the chosen variant's id. */
export function VariantPicker({
  legend,
  variants,
  chosenId,
  onChoose,
}: {
  legend: string;
  variants: readonly Variant[];
  chosenId: string;
  onChoose: (variantId: string) => void;
}) {
  return (
    <fieldset className="mt-4 md:mt-6">
      <legend className="text-sm font-semibold">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {variants.map((option) => (
          <label
            key={option.id}
            className={clsx(
              // The focus ring of the hidden radio, drawn on its label: offset from the fill, in the page's focus colour.
              "cursor-pointer rounded-lg border px-4 py-2 font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-slate-900 dark:has-[:focus-visible]:outline-white",
              option.id === chosenId
                ? "border-brand-700 bg-brand-700 text-white"
                : "border-slate-300 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800",
            )}
          >
            <input
              type="radio"
              name="variant"
              value={option.id}
              checked={option.id === chosenId}
              onChange={() => onChoose(option.id)}
              className="sr-only"
            />
            {option.title}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
