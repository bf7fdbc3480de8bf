/**
 * Loads the toaster only when it is needed (rule 7.2): when the first toast
 * is raised, or when the visitor presses F8 to reach the notification
 * region, which then takes focus as Radix's own F8 shortcut would. Until
 * then no toast code (about 13 kB gzip with Radix Toast) is fetched.
 */
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
