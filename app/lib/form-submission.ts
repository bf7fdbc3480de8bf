/**
 * One path for both forms (rules 6.3, 6.5, 6.6), on React Router's form
 * model: a form posts to its page (`FORM_PAGES`). Once hydrated, the page's
 * `clientAction` runs `runFormClientAction`, which either simulates the
 * submission or hands it to the page's server action. Without JavaScript, or
 * before hydration, the browser posts the form itself and that same server
 * action answers with the page (`app/lib/form-action.server.ts`).
 */
import { useEffect, useEffectEvent, useRef } from "react";
import { useFetcher } from "react-router";
import { FORM_PAGES, type FormKind, type FormPageAnswer, type FormsMode } from "../../core/form-contract";
import { answerForm } from "../../core/form-messages";
import { showToast } from "./toast";

/** Simulated submit delay, in ms (rule 6.3). */
export const SIMULATED_SUBMIT_DELAY_MS = 2000;

/**
 * What a form page's action answers: with simulated forms, only that a post
 * came without script (its body is never read); otherwise how it ended.
 */
export type FormActionAnswer =
  { needsScript: true; posted?: undefined } | { needsScript?: undefined; posted: FormPageAnswer };

/** The forms mode the root wrote on `<html data-forms-mode>` (`simulated` when absent). */
function readFormsMode(): FormsMode {
  return document.documentElement.dataset.formsMode === "d1" ? "d1" : "simulated";
}

/**
 * The `clientAction` of a form page. Simulated forms wait
 * `SIMULATED_SUBMIT_DELAY_MS` and succeed with no request (rule 6.3); `d1`
 * forms call the server action, and a network failure or an error page
 * answers as unavailable (the form's failure toast, rule 6.6).
 */
export async function runFormClientAction(
  kind: FormKind,
  serverAction: () => Promise<FormActionAnswer>,
): Promise<FormActionAnswer> {
  if (readFormsMode() === "d1") {
    try {
      return await serverAction();
    } catch {
      return { posted: answerForm(kind, 0) };
    }
  }
  await new Promise((resolve) => setTimeout(resolve, SIMULATED_SUBMIT_DELAY_MS));
  return { posted: answerForm(kind, 200) };
}

/**
 * Sends a form through its page's action with a fetcher, and shows the
 * answer's toast when it ends; a stored submission also clears the form and
 * calls `onStored`. A submit while one is under way is ignored (rule 6.3).
 *
 * @returns `sending` while the submission runs, and `submit(form)`.
 */
export function useFormSubmission(kind: FormKind, onStored?: () => void) {
  const fetcher = useFetcher<FormActionAnswer>();
  const form = useRef<HTMLFormElement | null>(null);
  // The fetcher's state changes on the next render; a second Enter can come before it.
  const busy = useRef(false);
  const answer = fetcher.data?.posted;
  const finish = useEffectEvent((ended: FormPageAnswer) => {
    busy.current = false;
    const stored = ended.outcome === "stored";
    showToast({ title: ended.title, description: ended.description, variant: stored ? "default" : "destructive" });
    if (!stored) return;
    form.current?.reset();
    onStored?.();
  });
  useEffect(() => {
    if (answer) finish(answer);
  }, [answer]);
  return {
    sending: fetcher.state !== "idle",
    submit(target: HTMLFormElement) {
      if (busy.current) return;
      busy.current = true;
      form.current = target;
      // Nothing a form keeps changes what any loader shows, so no loader runs again.
      void fetcher.submit(target, { method: "post", action: FORM_PAGES[kind], defaultShouldRevalidate: false });
    },
  };
}
