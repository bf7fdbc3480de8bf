/** What the forms tell the visitor (rules 6.1, 6.2); apart from `forms.ts` so a first load carries no validator. */
import { SITE_NAME } from "../content/site.ts";
import type { FormKind, FormPageAnswer } from "./form-contract.ts";

export const FORM_MESSAGES = {
  missing: { title: "Missing Information", description: "Please fill in all required fields." },
  invalidEmail: { title: "Invalid Email", description: "Please enter a valid email address." },
  contactFailed: { title: "Error", description: "Something went wrong. Please try again later." },
  newsletterFailed: { title: "Subscription Failed", description: "Something went wrong. Please try again later." },
  subscribed: {
    title: `Welcome to ${SITE_NAME}!`,
    description: "You've successfully subscribed to our newsletter. Check your email for confirmation!",
  },
  /** A "send the link again" inside the hour (rule 6.8); the page adds the time the next link can go. */
  linkHeld: {
    title: "Your Link Is on Its Way",
    description: "We sent a link to this address less than an hour ago, and send one an hour at most.",
  },
  /** A 429's description, under the form's failure title. */
  rateLimited: "Too many messages from this address: please wait a minute and try again.",
  messageSent: {
    title: "Message Sent!",
    description: "Thanks for getting in touch. We'll reply within two working days.",
  },
} as const;

/** What a form shows for a submission's HTTP status (rules 6.1, 6.2, 6.6); 0 means no answer. */
export function answerForm(
  kind: FormKind,
  status: number,
  invalidToast: { title: string; description: string } = FORM_MESSAGES.invalidEmail,
): FormPageAnswer {
  if (status >= 200 && status < 300) {
    return {
      status,
      outcome: "stored",
      ...(kind === "contact" ? FORM_MESSAGES.messageSent : FORM_MESSAGES.subscribed),
    };
  }
  if (status === 400) return { status, outcome: "invalid", ...invalidToast };
  const failure = kind === "contact" ? FORM_MESSAGES.contactFailed : FORM_MESSAGES.newsletterFailed;
  if (status === 429) return { status, outcome: "refused", ...failure, description: FORM_MESSAGES.rateLimited };
  return { status, outcome: status === 503 || status === 0 ? "unavailable" : "refused", ...failure };
}
