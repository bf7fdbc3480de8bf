/**
 * Renders the toast from `lib/toast` with Radix Toast (rule 7.2). Loaded by `ToasterLoader` on the
 * first toast or F8; app.css moves toasts to the top while the cart drawer is open, off its Checkout.
 */
import * as Toast from "@radix-ui/react-toast";
import { clsx } from "clsx";
import { X } from "lucide-react";
import { useEffect, useRef } from "react";
import { buttonClassName } from "./ui/button";
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, dismissToast, useToast } from "../lib/toast";

/** The notification region and the current toast; `focusOnMount` when an F8 caused the load. */
export default function Toaster({ focusOnMount = false }: { focusOnMount?: boolean }) {
  const toast = useToast();
  const viewport = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (focusOnMount) viewport.current?.focus();
  }, [focusOnMount]);
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      {toast && (
        <Toast.Root
          key={toast.id}
          open={toast.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(toast.id);
          }}
          type={toast.variant === "destructive" ? "foreground" : "background"}
          data-variant={toast.variant}
          data-testid="toast"
          className={clsx(
            "toast-root pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg",
            toast.variant === "destructive"
              ? "border-red-700 bg-red-700 text-white"
              : "border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100",
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{toast.title}</Toast.Title>
            {toast.description && (
              <Toast.Description className="text-sm opacity-90">{toast.description}</Toast.Description>
            )}
            {toast.action && (
              <Toast.Action
                altText={toast.action.altText}
                onClick={toast.action.onSelect}
                className={clsx(buttonClassName({ size: "sm" }), "mt-2 justify-self-start")}
              >
                {toast.action.label}
              </Toast.Action>
            )}
          </div>
          <Toast.Close
            aria-label="Close notification"
            className="absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-md opacity-80 hover:opacity-100"
          >
            <X aria-hidden="true" className="size-4" />
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport
        ref={viewport}
        hotkey={["F8"]}
        label="Notifications ({hotkey})"
        className="toast-viewport fixed top-16 right-0 z-[100] m-0 flex w-full list-none flex-col gap-2 p-4 outline-none sm:top-auto sm:right-auto sm:bottom-0 sm:left-0 sm:max-w-sm"
      />
    </Toast.Provider>
  );
}
