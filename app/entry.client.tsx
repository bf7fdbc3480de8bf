/**
 * The browser entry: React Router's default, plus one step. The inline capture
 * stops recording just before hydration starts, because from then on React
 * handles every press itself (rule 10.2, `app/lib/early-events.ts`).
 */
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { closeEarlyCapture } from "./lib/early-events";

closeEarlyCapture();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
