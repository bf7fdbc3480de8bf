/**
 * The 404 page's body (rule 2.2), lazy so it is in no other page's JavaScript. Never behind Suspense:
 * the server shell then waits for it, so the 404 arrives complete without JavaScript (rule 6.5).
 */
import { lazy } from "react";

/** `<NotFoundPage />`, loaded on first use. */
export const NotFoundPage = lazy(() => import("./not-found-page").then((module) => ({ default: module.NotFoundPage })));
