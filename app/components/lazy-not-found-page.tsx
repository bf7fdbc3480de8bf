/**
 * The 404 page's body (rule 2.2) as a lazy component: only a page that is
 * not found loads its code, so it is in no other page's JavaScript. Never
 * put it behind a Suspense boundary: on the server the shell then waits for
 * it, so the 404 page arrives complete and reads without JavaScript (rule
 * 6.5); in the browser hydration waits for the chunk.
 */
import { lazy } from "react";

/** `<NotFoundPage />`, loaded on first use. */
export const NotFoundPage = lazy(() => import("./not-found-page").then((module) => ({ default: module.NotFoundPage })));
