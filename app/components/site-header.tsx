/**
 * The top navigation (rule 2.6). Before hydration the mobile menu is a native `<details>`, so it
 * works with no script (rule 6.5); once hydrated it becomes a button with `aria-expanded`.
 */
import { clsx } from "clsx";
import { Menu, Search, X } from "lucide-react";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Form, Link, useLocation } from "react-router";
import { SITE_NAME } from "../../content/site";
import type { SiteLink } from "../../core/page-registry";
import { useHydrated } from "../lib/use-hydrated";
import { CartButton } from "./cart-button";
import { Logo } from "./logo";
import { ThemeToggle } from "./theme-toggle";
import { Button, buttonClassName } from "./ui/button";
import { ContentWidth } from "./ui/content-width";
import { useFrameData } from "../lib/frame-data";
import { MAX_QUERY_LENGTH } from "../lib/blog-limits";
import { useSearchShortcut } from "../lib/use-search-shortcut";

/** Scroll distance after which the header gets its background, in px (rule 2.6). */
export const HEADER_SCROLL_THRESHOLD_PX = 20;

/** Whether the header link to `to` is highlighted on the canonical `pathname` (rule 2.6). */
export function isNavLinkActive(to: string, pathname: string): boolean {
  if (to === "/store") return pathname.startsWith("/store") || pathname.startsWith("/product");
  if (to === "/categories") return pathname.startsWith("/categories");
  return pathname === to;
}

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

const menuButtonClass =
  "inline-flex size-10 cursor-pointer items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800";

const menuPanelClass =
  "absolute inset-x-0 top-full border-y border-slate-200 bg-white px-4 pb-4 shadow-lg md:hidden dark:border-slate-800 dark:bg-slate-950";

/** The site header (rule 2.6). */
export function SiteHeader() {
  const { pathname } = useLocation();
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);
  const hydrated = useHydrated();
  const { menuOpen, menuId, menuButtonRef, menuPanelRef, nativeMenuRef, toggleMenu } = useMobileMenu(pathname);
  const nav = useFrameData().nav;
  const menuLinks = <MenuLinks links={nav.header} pathname={pathname} newsletter={nav.newsletter} />;

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
      {/* A row that wraps: at a 20 or 24 px default font the buttons take a second line rather than leave the screen. */}
      <ContentWidth className="flex min-h-16 flex-wrap items-center gap-x-4 gap-y-1 py-2">
        <Link to="/" className="shrink-0 rounded-md" aria-label={`${SITE_NAME} home`}>
          <Logo />
        </Link>

        <MainNav links={nav.header} pathname={pathname} />

        <div className="ml-auto flex flex-wrap items-center justify-end gap-1">
          {nav.newsletter && (
            <Link to="/newsletter" className={clsx(buttonClassName({ size: "sm" }), "mr-1 hidden sm:inline-flex")}>
              Newsletter
            </Link>
          )}
          {pathname !== "/search" && <HeaderSearch />}
          <ThemeToggle />
          {nav.store && <CartButton />}
          {hydrated ? (
            <>
              <button
                ref={menuButtonRef}
                type="button"
                className={menuButtonClass}
                aria-expanded={menuOpen}
                aria-controls={menuId}
                aria-label={menuOpen ? "Close menu" : "Open menu"}
                onClick={toggleMenu}
              >
                {menuOpen ? (
                  <X aria-hidden="true" className="size-5" />
                ) : (
                  <Menu aria-hidden="true" className="size-5" />
                )}
              </button>
              <nav ref={menuPanelRef} id={menuId} aria-label="Main menu" hidden={!menuOpen} className={menuPanelClass}>
                {menuLinks}
              </nav>
            </>
          ) : (
            // The menu as the server sends it: a `<details>` the browser opens with no JavaScript.
            <details ref={nativeMenuRef} className="group md:hidden">
              <summary className={clsx(menuButtonClass, "list-none [&::-webkit-details-marker]:hidden")}>
                <Menu aria-hidden="true" className="size-5 group-open:hidden" />
                <X aria-hidden="true" className="hidden size-5 group-open:block" />
                <span className="sr-only">Menu</span>
              </summary>
              <nav aria-label="Main menu" className={menuPanelClass}>
                {menuLinks}
              </nav>
            </details>
          )}
        </div>
      </ContentWidth>
    </header>
  );
}

/** The wide screen's main navigation. */
function MainNav({ links, pathname }: { links: SiteLink[]; pathname: string }) {
  return (
    <nav aria-label="Main" className="ml-6 hidden md:block">
      <ul className="flex items-center gap-1">
        {links.map((link) => (
          <li key={link.to}>
            <NavItemLink link={link} pathname={pathname} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Blurs the field on Escape, so the keyboard leaves it as `/` entered it (rule 3.8). */
function blurOnEscape(event: React.KeyboardEvent<HTMLInputElement>) {
  if (event.key === "Escape") event.currentTarget.blur();
}

/**
 * The search entry of every page but `/search` itself (rule 3.8): a GET form to `/search` on wide screens and a
 * link there on narrower ones; both work without JavaScript. Once hydrated, the link opens a field over the header
 * instead, focused within the tap itself, as a phone raises its keyboard only for focus given in the tap's handler;
 * `/` focuses the field in view.
 */
function HeaderSearch() {
  const [phoneOpen, setPhoneOpen] = useState(false);
  const wideField = useRef<HTMLInputElement>(null);
  const phoneField = useRef<HTMLInputElement>(null);
  const phoneLink = useRef<HTMLAnchorElement>(null);

  function openPhoneSearch() {
    // Rendered now, inside the event, so the focus below still counts as the visitor's tap.
    flushSync(() => setPhoneOpen(true));
    phoneField.current?.focus();
  }

  function closePhoneSearch() {
    setPhoneOpen(false);
    phoneLink.current?.focus();
  }

  useSearchShortcut(() => {
    if (wideField.current?.checkVisibility()) wideField.current.focus();
    else openPhoneSearch();
  });

  return (
    <>
      <Form method="get" action="/search" role="search" aria-label="Site" className="relative mr-1 hidden lg:block">
        <label htmlFor="header-search" className="sr-only">
          Search the site
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        />
        <input
          ref={wideField}
          id="header-search"
          type="search"
          name="q"
          maxLength={MAX_QUERY_LENGTH}
          placeholder="Search"
          autoComplete="off"
          aria-keyshortcuts="/"
          onKeyDown={blurOnEscape}
          className="w-44 rounded-full border border-slate-300 bg-white py-1.5 pr-3 pl-9 text-sm placeholder:text-slate-500 focus:border-brand-600 dark:border-slate-700 dark:bg-slate-900"
        />
        {/* Enter searches; the button gives the form an explicit submit for assistive technology, shown when focused. */}
        <Button
          type="submit"
          size="sm"
          className="sr-only focus:not-sr-only focus:absolute focus:top-1/2 focus:right-1 focus:-translate-y-1/2 focus:px-3 focus:py-1"
        >
          Search
        </Button>
      </Form>
      <Link
        ref={phoneLink}
        to="/search"
        aria-label="Search"
        onClick={(event) => {
          event.preventDefault();
          openPhoneSearch();
        }}
        className={clsx(
          "inline-flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
          "lg:hidden",
        )}
      >
        <Search aria-hidden="true" className="size-5" />
      </Link>
      {phoneOpen && <PhoneSearch fieldRef={phoneField} onClose={closePhoneSearch} />}
    </>
  );
}

/** The phone's search field over the header; Escape, the close button or a search closes it. */
function PhoneSearch({ fieldRef, onClose }: { fieldRef: React.Ref<HTMLInputElement>; onClose: () => void }) {
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      aria-label="Site"
      onSubmit={onClose}
      className="absolute inset-x-0 top-0 z-20 flex h-16 items-center gap-2 bg-white px-4 lg:hidden dark:bg-slate-950"
    >
      <label htmlFor="header-search-phone" className="sr-only">
        Search the site
      </label>
      <Search aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
      <input
        ref={fieldRef}
        id="header-search-phone"
        type="search"
        name="q"
        maxLength={MAX_QUERY_LENGTH}
        placeholder="Search"
        autoComplete="off"
        enterKeyHint="search"
        onKeyDown={(event) => {
          if (event.key === "Escape") onClose();
        }}
        className="min-w-0 flex-1 rounded-full border border-slate-300 bg-white px-4 py-2 text-base placeholder:text-slate-500 focus:border-brand-600 dark:border-slate-700 dark:bg-slate-900"
      />
      <button
        type="button"
        aria-label="Close search"
        onClick={onClose}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </Form>
  );
}

/** The mobile menu's open state, id and refs (rule 2.6). */
function useMobileMenu(pathname: string) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);

  // A menu opened before hydration stays open: read the native disclosure before it is swapped for the button (rule 10.2).
  const nativeRef = useRef<HTMLDetailsElement>(null);
  useLayoutEffect(() => {
    if (nativeRef.current?.open) setOpen(true);
  }, []);

  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (!target || panelRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      // After the browser's own focus change for this press.
      setOpen(false);
      requestAnimationFrame(() => buttonRef.current?.focus());
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open]);

  return {
    menuOpen: open,
    menuId: id,
    menuButtonRef: buttonRef,
    menuPanelRef: panelRef,
    nativeMenuRef: nativeRef,
    toggleMenu: () => setOpen((was) => !was),
  };
}

function MenuLinks({ links, pathname, newsletter }: { links: SiteLink[]; pathname: string; newsletter: boolean }) {
  return (
    <ul className="grid gap-1 pt-2">
      {links.map((link) => (
        <li key={link.to}>
          <NavItemLink link={link} pathname={pathname} block />
        </li>
      ))}
      {newsletter && (
        <li>
          <Link
            to="/newsletter"
            className="mt-2 block rounded-lg bg-brand-700 px-3 py-2 text-center font-semibold text-white hover:bg-brand-800 dark:bg-brand-400 dark:text-slate-950 dark:hover:bg-brand-300"
          >
            Newsletter
          </Link>
        </li>
      )}
    </ul>
  );
}

function NavItemLink({ link, pathname, block = false }: { link: SiteLink; pathname: string; block?: boolean }) {
  const active = isNavLinkActive(link.to, pathname);
  return (
    <Link
      to={link.to}
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
      {link.label}
    </Link>
  );
}
