/**
 * What the forms tell the visitor, letter for letter (rules 6.1, 6.2). Apart from the
 * schemas in `forms.ts` so a form's first load carries no validator.
 */

/** Toast texts (rules 6.1, 6.2). */
export const FORM_MESSAGES = {
  missing: { title: "Missing Information", description: "Please fill in all required fields." },
  invalidEmail: { title: "Invalid Email", description: "Please enter a valid email address." },
  contactFailed: { title: "Error", description: "Something went wrong. Please try again later." },
  newsletterFailed: { title: "Subscription Failed", description: "Something went wrong. Please try again later." },
  subscribed: {
    title: "Welcome to VPF!",
    description: "You've successfully subscribed to our newsletter. Check your email for confirmation!",
  },
  messageSent: {
    title: "Message Sent!",
    description: "Thanks for getting in touch. We'll reply within two working days.",
  },
} as const;
