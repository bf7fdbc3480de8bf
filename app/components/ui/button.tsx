/** The site's buttons: `Button` for a `<button>`, `buttonClassName` for a link or a Radix part drawn as one. */
import { clsx } from "clsx";
import type { ButtonHTMLAttributes } from "react";
import { useDisabledProps } from "../../lib/use-hydrated";

/** `primary` brand fill, `secondary` outlined, `link` underlined on hover, `onDark` white on the brand band. */
export type ButtonVariant = "primary" | "secondary" | "link" | "onDark";

/** Height: `sm` 36 px (small text), `md` 44 px, `lg` 48 px, `xl` 48 px and wider; omit to set your own. */
export type ButtonSize = "sm" | "md" | "lg" | "xl";

/** A disabled button's look: `unavailable` (cannot act) or `working` (its own action runs: busy cursor). */
export type ButtonDisabledLook = "unavailable" | "working";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 dark:bg-brand-400 dark:text-slate-950 dark:hover:bg-brand-300",
  secondary: "border border-slate-300 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800",
  link: "text-brand-800 underline-offset-4 hover:underline dark:text-brand-300",
  // The page's slate ring is lost on the band's green; `!` because that ring is an unlayered rule.
  onDark: "bg-white text-brand-900 hover:bg-brand-50 focus-visible:outline-white!",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "px-4 py-2 text-sm",
  md: "px-5 py-2.5",
  lg: "px-5 py-3",
  xl: "px-6 py-3",
};

const DISABLED_LOOKS: Record<ButtonDisabledLook, string> = {
  unavailable: "disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:opacity-50",
  working: "disabled:cursor-wait disabled:opacity-60",
};

/** Style options of a button: `variant` (default `primary`), `size` and `disabledLook` (default `unavailable`). */
export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  disabledLook?: ButtonDisabledLook;
}

/** The classes of a button of the given style, for a `<Link>` or a Radix part; add layout classes with `clsx`. */
export function buttonClassName({ variant = "primary", size, disabledLook = "unavailable" }: ButtonStyle = {}): string {
  return clsx("rounded-full font-semibold", VARIANTS[variant], size && SIZES[size], DISABLED_LOOKS[disabledLook]);
}

/** Props: a `<button>`'s, `type` defaulting to `button`, plus the style; `className` adds layout classes. */
export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyle;

/** A `<button>`; before hydration `disabled` is only `aria-disabled`, so a press can be replayed (rule 10.2). */
export function Button({
  variant,
  size,
  disabledLook,
  disabled = false,
  className,
  type = "button",
  ...props
}: ButtonProps) {
  const disabledProps = useDisabledProps();
  return (
    <button
      type={type}
      {...disabledProps(disabled)}
      className={clsx(buttonClassName({ variant, size, disabledLook }), className)}
      {...props}
    />
  );
}
