/**
 * The site's buttons (rule 10.2 for `disabled`): `Button` for a `<button>`,
 * `buttonClassName` for a link or a Radix part drawn as one. Every variant has
 * a hover state; the focus ring is the page's own (app.css), except on the
 * brand band, where it is white.
 */
import { clsx } from "clsx";
import type { ButtonHTMLAttributes } from "react";
import { useDisabledProps } from "../../lib/use-hydrated";

/**
 * `primary`: the brand fill; `secondary`: outlined; `link`: brand text underlined on hover;
 * `onDark`: white on the brand-coloured band (`CtaBand`).
 */
export type ButtonVariant = "primary" | "secondary" | "link" | "onDark";

/**
 * Padding and text size: `sm` 36 px high with small text, `md` 44 px, `lg` 48 px,
 * `xl` 48 px with wider sides. Leave it out when the caller sets its own (a button shown only when focused).
 */
export type ButtonSize = "sm" | "md" | "lg" | "xl";

/**
 * How a disabled button looks: `unavailable` (it cannot act: dimmed, not-allowed cursor, also when only
 * `aria-disabled` before hydration) or `working` (disabled while its own action runs: dimmed less, a busy cursor).
 */
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

/**
 * A `<button>`. `disabled` disables it once hydrated; before, it is only drawn
 * disabled (`aria-disabled`), so a press is recorded and replayed against the real state (rule 10.2).
 */
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
