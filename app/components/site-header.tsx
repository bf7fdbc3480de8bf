/**
 * The top navigation (rule 2.6): items in the rule's order, shown
 * and highlighted by its rules; a Newsletter button; transparent at the top,
 * blurred with a border after 20 px of scroll; below the `md` breakpoint the
 * links fold into a menu toggle that closes on navigation, while the theme
 * toggle and (store on) the cart button stay visible.
 */
import { clsx } from "clsx";
import { Menu, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import type { Flags } from "../../core/flags";
import { CartButton } from "./cart-button";
import { Logo } from "./logo";
import { ThemeToggle } from "./theme-toggle";

/** Scroll distance after which the header gets its background, in px (rule 2.6). */
export const HEADER_SCROLL_THRESHOLD_PX = 20;

/** One header item and its rules (rule 2.6). */
export interface NavItem {
  label: string;
  to: string;
  isShown: (flags: Flags) => boolean;
  isActive: (pathname: string) => boolean;
}

/** The header items in order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: "Home", to: "/", isShown: () => true, isActive: (p) => p === "/" },
  {
    label: "Store",
    to: "/store",
    isShown: (f) => f.store,
    isActive: (p) => p.startsWith("/store") || p.startsWith("/product"),
  },
  { label: "Blog", to: "/blog", isShown: () => true, isActive: (p) => p === "/blog" },
  { label: "Categories", to: "/categories", isShown: () => true, isActive: (p) => p.startsWith("/categories") },
  { label: "About", to: "/about", isShown: () => true, isActive: (p) => p === "/about" },
  { label: "Contact", to: "/contact", isShown: (f) => f.contact, isActive: (p) => p === "/contact" },
];

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

/** The site header. */
export function SiteHeader({ flags }: { flags: Flags }) {
  const { pathname } = useLocation();
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const items = NAV_ITEMS.filter((item) => item.isShown(flags));

  // Close the mobile menu on navigation (rule 2.6).
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setMenuOpen(false);
  }

  return (
    <header
      data-scrolled={scrolled}
      className={clsx(
        "sticky top-0 z-40 border-b transition-colors duration-200",
        scrolled || menuOpen
          ? "border-slate-200 bg-white/75 backdrop-blur-md dark:border-slate-800 dark:bg-slate-950/75"
          : "border-transparent bg-transparent",
      )}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Link to="/" className="shrink-0 rounded-md" aria-label="VPF home">
          <Logo />
        </Link>

        <nav aria-label="Main" className="ml-6 hidden md:block">
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavItemLink item={item} pathname={pathname} />
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1">
          {flags.newsletter && (
            <Link
              to="/newsletter"
              className="mr-1 hidden rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 sm:inline-flex dark:bg-brand-400 dark:text-slate-950 dark:hover:bg-brand-300"
            >
              Newsletter
            </Link>
          )}
          <ThemeToggle />
          {flags.store && <CartButton />}
          <button
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
          </button>
        </div>
      </div>

      <nav
        id={menuId}
        aria-label="Main menu"
        hidden={!menuOpen}
        className="border-t border-slate-200 px-4 pb-4 md:hidden dark:border-slate-800"
      >
        <ul className="grid gap-1 pt-2">
          {items.map((item) => (
            <li key={item.to}>
              <NavItemLink item={item} pathname={pathname} block />
            </li>
          ))}
          {flags.newsletter && (
            <li>
              <Link
                to="/newsletter"
                className="mt-2 block rounded-lg bg-brand-700 px-3 py-2 text-center font-semibold text-white dark:bg-brand-400 dark:text-slate-950"
              >
                Newsletter
              </Link>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}

function NavItemLink({ item, pathname, block = false }: { item: NavItem; pathname: string; block?: boolean }) {
  const active = item.isActive(pathname);
  return (
    <Link
      to={item.to}
      prefetch="intent"
      aria-current={active ? "page" : undefined}
      data-active={active}
      className={clsx(
        "rounded-lg px-3 py-2 text-sm font-medium transition-colors",
        block && "block text-base",
        active
          ? "bg-brand-50 text-brand-800 dark:bg-brand-900/40 dark:text-brand-300"
          : "text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white",
      )}
    >
      {item.label}
    </Link>
  );
}
