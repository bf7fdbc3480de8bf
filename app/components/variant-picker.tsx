/**
 * The product page's variant choice (rules 4.8, 4.9, 10.2): one radio per variant, hidden behind its label, which is
 * drawn as a button. The label is drawn chosen from the radio's own `:checked` state, so a tap shows at once, before
 * and during hydration as after it.
 */
import { clsx } from "clsx";
import type { Variant } from "../../content/products";
import { slugifyChoice } from "../../core/product-choice";

/**
 * Props: `legend` names the option (e.g. 'Size'); `name` is the radios' name, the address's parameter (e.g. `size`);
 * each radio's value is its variant title's slug; `chosenId` is the chosen variant's id; `readMaxQuantity` gives
 * the most of a variant the quantity can reach, which the page's early script applies before hydration.
 */
export function VariantPicker({
  legend,
  name,
  variants,
  chosenId,
  readMaxQuantity,
  onChoose,
}: {
  legend: string;
  name: string;
  variants: readonly Variant[];
  chosenId: string;
  readMaxQuantity: (variant: Variant) => number;
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
              "border-slate-300 dark:border-slate-700 not-has-[:checked]:hover:bg-slate-100 dark:not-has-[:checked]:hover:bg-slate-800",
              "has-[:checked]:border-brand-700 has-[:checked]:bg-brand-700 has-[:checked]:text-white",
            )}
          >
            <input
              type="radio"
              name={name}
              value={slugifyChoice(option.title)}
              data-max={readMaxQuantity(option)}
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
