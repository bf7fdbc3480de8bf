/** Loads the toaster (rule 7.2) only on the first toast or F8, so no page pays for Radix Toast up front. */
import { Suspense, lazy, useEffect, useState } from "react";
import { useToast } from "../lib/toast";

const Toaster = lazy(() => import("./toaster"));

/** The key that focuses the notification region (rule 7.2). */
export const TOAST_HOTKEY = "F8";

/** Mounts `<Toaster>` on the first toast or the first F8. */
export function ToasterLoader() {
  const toast = useToast();
  const [wanted, setWanted] = useState<"no" | "yes" | "focus">("no");
  if (toast && wanted === "no") setWanted("yes");

  useEffect(() => {
    if (wanted !== "no") return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY && !event.altKey && !event.ctrlKey && !event.metaKey) setWanted("focus");
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [wanted]);

  if (wanted === "no") return null;
  return (
    <Suspense fallback={null}>
      <Toaster focusOnMount={wanted === "focus"} />
    </Suspense>
  );
}
