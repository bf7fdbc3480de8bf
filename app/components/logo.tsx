/** The site's logo, 132×36 px; both variants are in the markup and CSS shows the theme's (rule 7.1), so SSR matches. */
import { clsx } from "clsx";
import { SITE_NAME } from "../../content/site";

/** Logo image pair; `className` sizes the wrapper. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={clsx("inline-flex", className)}>
      <img
        src="/images/brand/logo-light.svg"
        alt={SITE_NAME}
        width={132}
        height={36}
        className="h-9 w-auto dark:hidden"
      />
      <img
        src="/images/brand/logo-dark.svg"
        alt={SITE_NAME}
        width={132}
        height={36}
        className="hidden h-9 w-auto dark:block"
      />
    </span>
  );
}
