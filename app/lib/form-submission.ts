/**
 * One path for both forms (rules 6.3, 6.5, 6.6): a form posts to its page, whose `clientAction`
 * simulates or forwards it once hydrated; before that, the server action answers with the page.
 */
import { useEffect, useEffectEvent, useRef } from "react";
import { useFetcher } from "react-router";
import { FORM_PAGES, type FormKind, type FormPageAnswer, type FormsMode } from "../../core/form-contract";
import { answerForm } from "../../core/form-messages";
import { showToast } from "./toast";

/** Simulated submit delay, in ms (rule 6.3). */
export const SIMULATED_SUBMIT_DELAY_MS = 2000;

/** A form page's action answer: with simulated forms only that a post came without script, else how it ended. */
export type FormActionAnswer =
  { needsScript: true; posted?: undefined } | { needsScript?: undefined; posted: FormPageAnswer };

/** The forms mode the root wrote on `<html data-forms-mode>` (`simulated` when absent). */
function readFormsMode(): FormsMode {
  return document.documentElement.dataset.formsMode === "d1" ? "d1" : "simulated";
}

/** A form page's `clientAction`: simulated (rule 6.3), or the server action with failures as unavailable (rule 6.6). */
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
 * Submits a form through its page's action and toasts the answer; `onStored` gets the posted fields after a stored
 * one, before the form is cleared (rule 6.3).
 */
export function useFormSubmission(kind: FormKind, onStored?: (fields: FormData) => void) {
  const fetcher = useFetcher<FormActionAnswer>();
  const form = useRef<HTMLFormElement | null>(null);
  // The fetcher's state changes on the next render; a second Enter can come before it.
  const busy = useRef(false);
  const handled = useRef<FormActionAnswer | undefined>(undefined);
  const finish = useEffectEvent((ended: FormPageAnswer) => {
    busy.current = false;
    const stored = ended.outcome === "stored";
    showToast({ title: ended.title, description: ended.description, variant: stored ? "default" : "destructive" });
    if (!stored || !form.current) return;
    const fields = new FormData(form.current);
    form.current.reset();
    onStored?.(fields);
  });
  // After every commit, not on a change of `fetcher.data`: on a busy device React sometimes committed the answer
  // without running an effect keyed on it, and the visitor saw nothing although the post was kept.
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer?.posted || handled.current === answer) return;
    handled.current = answer;
    finish(answer.posted);
  });
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
