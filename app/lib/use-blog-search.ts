/**
 * The blog's search box (rule 3.3): the box shows what the visitor types and
 * is never rewritten from the URL while they type; the URL's `?q=` (and so
 * the loader fetch) follows `SEARCH_DEBOUNCE_MS` after the last keystroke, or
 * at once on Enter, and a newer search supersedes the one in flight. The box
 * follows the URL only after a navigation that did not come from it (Clear
 * Filters, a tag link, back and forward).
 */
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigation, useSearchParams } from "react-router";
import { MAX_QUERY_LENGTH } from "./blog-limits";

/** Quiet time after the last keystroke before the search reaches the URL and the loader, in ms. */
export const SEARCH_DEBOUNCE_MS = 200;

/** History state marking a navigation made by the search box itself. */
const FROM_SEARCH_BOX = { fromSearchBox: true } as const;

function isFromSearchBox(state: unknown): boolean {
  return typeof state === "object" && state !== null && "fromSearchBox" in state;
}

/**
 * The box's text and its two actions: `type` (the debounced search) and
 * `search` (at once, for Enter).
 */
export function useBlogSearch(): { query: string; type: (value: string) => void; search: (value: string) => void } {
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const urlText = (searchParams.get("q") ?? "").slice(0, MAX_QUERY_LENGTH);

  const [query, setQuery] = useState(urlText);
  const [lastLocationKey, setLastLocationKey] = useState(location.key);
  if (lastLocationKey !== location.key) {
    setLastLocationKey(location.key);
    if (!isFromSearchBox(location.state)) setQuery(urlText);
  }

  // A search still waiting for its quiet time; dropped as soon as another navigation starts (a link, back).
  const pendingSearch = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const navigation = useNavigation();
  const otherNavigationStarted = navigation.location !== undefined && !isFromSearchBox(navigation.location.state);
  useEffect(() => {
    if (otherNavigationStarted) clearTimeout(pendingSearch.current);
  }, [otherNavigationStarted]);
  useEffect(() => () => clearTimeout(pendingSearch.current), []);

  function search(value: string) {
    clearTimeout(pendingSearch.current);
    pendingSearch.current = undefined;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value.trim()) next.set("q", value);
        else next.delete("q");
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
