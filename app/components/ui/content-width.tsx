/** The page's content column: 72 rem at most, with the side padding of every page. */
import { clsx } from "clsx";
import type { HTMLAttributes } from "react";

/** Props: an element's, `as` picks the element (default `div`); `className` adds to the column's classes. */
export interface ContentWidthProps extends HTMLAttributes<HTMLElement> {
  as?: "div" | "section" | "nav" | "p";
}

/** The column. */
export function ContentWidth({ as: Element = "div", className, ...props }: ContentWidthProps) {
  return <Element className={clsx("mx-auto max-w-6xl px-4 sm:px-6", className)} {...props} />;
}
