/** React Router's default browser entry, with the early-event capture closed just before hydration (rule 10.2). */
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
