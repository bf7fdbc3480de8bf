/** A quantity between − and + (rule 4.4); the value in the middle is the caller's (a field or an `<output>`). */
import { clsx } from "clsx";
import { Minus, Plus } from "lucide-react";
import type { ReactNode } from "react";
import { useDisabledProps } from "../../lib/use-hydrated";

/**
 * `of` ends the buttons' accessible names; `size` is their side, `md` 36 px or `lg` 44 px; `can*` per rule 10.2;
 * `stepField` names the field of a form that keeps its state, which the buttons step before hydration (rule 10.2).
 */
export interface QuantityStepperProps {
  of?: string;
  stepField?: string;
  size: "md" | "lg";
  canDecrease: boolean;
  canIncrease: boolean;
  onDecrease: () => void;
  onIncrease: () => void;
  className?: string;
  children: ReactNode;
}

/** The stepper. */
export function QuantityStepper({
  of,
  stepField,
  size,
  canDecrease,
  canIncrease,
  onDecrease,
  onIncrease,
  className,
  children,
}: QuantityStepperProps) {
  const disabledProps = useDisabledProps();
  const suffix = of === undefined ? "" : ` of ${of}`;
  const step = (by: number) => (stepField === undefined ? {} : { "data-step": by, "data-step-field": stepField });
  const buttonClass = clsx(
    "inline-flex items-center justify-center rounded-full disabled:opacity-40 aria-disabled:opacity-40",
    size === "lg" ? "size-11" : "size-9",
  );
  return (
    <div className={clsx("flex items-center rounded-full border border-slate-300 dark:border-slate-700", className)}>
      <button
        type="button"
        aria-label={`Decrease quantity${suffix}`}
        {...step(-1)}
        {...disabledProps(!canDecrease)}
        onClick={onDecrease}
        className={buttonClass}
      >
        <Minus aria-hidden="true" className="size-4" />
      </button>
      {children}
      <button
        type="button"
        aria-label={`Increase quantity${suffix}`}
        {...step(1)}
        {...disabledProps(!canIncrease)}
        onClick={onIncrease}
        className={buttonClass}
      >
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
