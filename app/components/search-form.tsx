/**
 * A search box as a GET form that works without JavaScript (rules 3.3 and 3.8): `query` is the box's text,
 * `onType` follows each keystroke and `onSearch` runs on Enter; `children` are hidden fields the form keeps.
 */
import { Search } from "lucide-react";
import type { ReactNode } from "react";
import { MAX_QUERY_LENGTH } from "../lib/blog-limits";
import { Button } from "./ui/button";

export function SearchForm({
  id,
  action,
  label,
  placeholder,
  query,
  onType,
  onSearch,
  children,
}: {
  id: string;
  action: string;
  label: string;
  placeholder: string;
  query: string;
  onType: (value: string) => void;
  onSearch: (value: string) => void;
  children?: ReactNode;
}) {
  return (
    <form
      method="get"
      action={action}
      role="search"
      className="relative max-w-xl"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(query);
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-slate-500"
      />
      <input
        id={id}
        type="search"
        name="q"
        value={query}
        maxLength={MAX_QUERY_LENGTH}
        onChange={(event) => onType(event.target.value)}
        onKeyDown={(event) => {
          // Escape leaves the field, as `/` entered it (rule 3.8), rather than clearing what was typed.
          if (event.key === "Escape") {
            event.preventDefault();
            event.currentTarget.blur();
          }
        }}
        placeholder={placeholder}
        autoComplete="off"
        className="w-full rounded-full border border-slate-300 bg-white py-3 pr-4 pl-12 text-base placeholder:text-slate-500 focus:border-brand-600 dark:border-slate-700 dark:bg-slate-900"
      />
      {children}
      {/* Enter searches too; the button gives the form an explicit submit for assistive technology, shown when focused. */}
      <Button
        type="submit"
        className="sr-only text-sm focus:not-sr-only focus:absolute focus:top-1/2 focus:right-2 focus:-translate-y-1/2 focus:px-4 focus:py-1.5"
      >
        Search
      </Button>
    </form>
  );
}
