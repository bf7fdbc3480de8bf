/**
 * A search box whose text lives in `?q=` (rules 3.3, 3.8): the URL follows the typing after a quiet time; the box
 * follows the URL only after a navigation it did not make, so it is never rewritten while the visitor types.
 */
import { useEffect, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { MAX_QUERY_LENGTH } from "./blog-limits";

/** Quiet time after the last keystroke before the search reaches the URL, in ms. */
export const SEARCH_DEBOUNCE_MS = 200;

/** History state marking a navigation made by the search box itself. */
const FROM_SEARCH_BOX = { fromSearchBox: true } as const;

function isFromSearchBox(state: unknown): boolean {
  return typeof state === "object" && state !== null && "fromSearchBox" in state;
}

/** The box's text, `type` (debounced) and `search` (at once, for Enter). */
export function useSearchBox(): { query: string; type: (value: string) => void; search: (value: string) => void } {
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const urlText = (searchParams.get("q") ?? "").slice(0, MAX_QUERY_LENGTH);

  const [query, setQuery] = useState(urlText);
  const [lastLocationKey, setLastLocationKey] = useState(location.key);
  if (lastLocationKey !== location.key) {
    setLastLocationKey(location.key);
    if (!isFromSearchBox(location.state)) setQuery(urlText);
  }

  const pendingSearch = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    // A link or Back drops a waiting search at the press, so a late search cannot undo it; React Router's
    // navigation state would reach React a render later, when the quiet time may already have ended.
    const cancel = (event: Event) => {
      if (event.type === "popstate" || (event.target instanceof Element && event.target.closest("a[href]"))) {
        clearTimeout(pendingSearch.current);
      }
    };
    document.addEventListener("click", cancel, true);
    addEventListener("popstate", cancel);
    return () => {
      clearTimeout(pendingSearch.current);
      document.removeEventListener("click", cancel, true);
      removeEventListener("popstate", cancel);
    };
  }, []);

  function search(value: string) {
    clearTimeout(pendingSearch.current);
    pendingSearch.current = undefined;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value.trim()) next.set("q", value);
        else next.delete("q");
        // New words are a new list: it starts at its first page (rule 3.9).
        next.delete("page");
        return next;
      },
      { replace: true, preventScrollReset: true, state: FROM_SEARCH_BOX },
    );
  }

  function type(value: string) {
    setQuery(value);
    clearTimeout(pendingSearch.current);
    pendingSearch.current = setTimeout(() => search(value), SEARCH_DEBOUNCE_MS);
  }

  return { query, type, search };
}
