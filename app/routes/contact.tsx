/** `/contact` (rules 6.1, 6.3-6.5); the form posts, so nothing typed lands in a URL. */
import { Lightbulb, type LucideIcon, Mail } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { ARTICLE_CADENCE_CLAIM, CONTACT_EMAIL, SITE_NAME } from "../../content/site";
import { SEND_TIME_WORDS } from "../../core/newsletter-schedule";
import { FormNeedsScript, FormPostedNotice, NoScriptHint } from "../components/form-needs-script";
import { PageIntro } from "../components/page-intro";
import { Button } from "../components/ui/button";
import { ContentWidth } from "../components/ui/content-width";
import { validateContactForm } from "../../core/forms";
import { answerFormPost } from "../lib/form-action.server";
import { runFormClientAction, useFormSubmission } from "../lib/form-submission";
import { buildMeta } from "../lib/meta";
import { dismissToast, showToast } from "../lib/toast";
import type { Route } from "./+types/contact";
import { useFrameData } from "../lib/frame-data";

/** Empty, so a client-side navigation here asks the server, whose root gate 404s while `contact` is off (rule 1.5). */
export function loader() {
  return null;
}

export function action({ request }: Route.ActionArgs) {
  return answerFormPost("contact", request);
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return runFormClientAction("contact", serverAction);
}

/** The action's own headers (`Retry-After` with a 429) reach the visitor. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = (args) =>
  buildMeta(args, {
    title: "Contact",
    description: `Questions, feedback or an idea for an article? Get in touch with the ${SITE_NAME} team.`,
    path: "/contact",
  });

const FAQS = [
  {
    question: "Can you give me personal financial advice?",
    answer: `No. ${SITE_NAME} is educational and we are not authorised to give personal financial advice. For advice on your situation, speak to a qualified, regulated adviser.`,
  },
  {
    question: "How often do you publish?",
    answer: `New articles appear ${ARTICLE_CADENCE_CLAIM ?? "regularly"}, and the newsletter goes out every ${SEND_TIME_WORDS.when}.`,
  },
  {
    question: `Can I suggest a topic or write for ${SITE_NAME}?`,
    answer:
      "Yes, please do. Use the form with the subject 'Article suggestion' and tell us what you would like to read or write.",
  },
  {
    question: "How quickly will you reply?",
    answer: "We read every message and usually reply within two working days.",
  },
];

type Fields = { name: string; email: string; subject: string; message: string };

/** The fields in the order the form shows them. */
const FIELD_ORDER: ReadonlyArray<keyof Fields> = ["name", "email", "subject", "message"];

/** The four fields as typed (uncontrolled: the page keeps what was typed before hydration, rule 10.2). */
function readFields(form: HTMLFormElement): Fields {
  const data = new FormData(form);
  const read = (name: keyof Fields) => String(data.get(name) ?? "");
  return { name: read("name"), email: read("email"), subject: read("subject"), message: read("message") };
}

const inputClass =
  "mt-1 block w-full rounded-xl border border-slate-300 bg-white px-4 py-3 text-base aria-[invalid=true]:border-red-600 dark:border-slate-700 dark:bg-slate-900";

/** One labelled field with its error beside it; required ones use `aria-required`, not `required` (rule 6.1). */
function ContactField({
  name,
  label,
  required = false,
  multiline = false,
  type = "text",
  autoComplete,
  error,
}: {
  name: keyof Fields;
  label: string;
  required?: boolean;
  multiline?: boolean;
  type?: string;
  autoComplete?: string;
  error?: string;
}) {
  const id = `contact-${name}`;
  const common = {
    id,
    name,
    "aria-required": required ? ("true" as const) : undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
    className: inputClass,
  };
  return (
    <div>
      <label htmlFor={id} className="font-medium">
        {required ? `${label} *` : label}
      </label>
      {multiline ? <textarea rows={6} {...common} /> : <input type={type} autoComplete={autoComplete} {...common} />}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

export default function Contact({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro eyebrow="Get in touch" title="Contact">
        <p>Questions, feedback or an idea for an article? We read every message.</p>
      </PageIntro>

      {(actionData?.needsScript || actionData?.posted) && (
        // At the top, where the page opens after the post (no script to scroll to the form).
        <ContentWidth className="mb-8">
          <div className="max-w-3xl">
            {actionData.posted ? (
              <FormPostedNotice answer={actionData.posted} />
            ) : (
              <FormNeedsScript task="send your message" />
            )}
          </div>
        </ContentWidth>
      )}
      <ContentWidth className="grid gap-10 lg:grid-cols-[1fr_2fr]">
        <div className="grid content-start gap-6">
          <ContactCard
            id="email-card-heading"
            icon={Mail}
            title="Email Us"
            text="Prefer your own mail app? Write to us directly."
          >
            <a
              href={`mailto:${CONTACT_EMAIL}`}
              className="mt-3 inline-block font-semibold [overflow-wrap:anywhere] text-brand-700 underline underline-offset-4 dark:text-brand-400"
            >
              {/* If the address must wrap, it wraps after the @; mid-word only where one part is wider than the card. */}
              {CONTACT_EMAIL.split("@")[0]}@<wbr />
              {CONTACT_EMAIL.split("@")[1]}
            </a>
          </ContactCard>
          <ContactCard
            id="suggest-heading"
            icon={Lightbulb}
            title="Suggest Content"
            text="Is there a topic you want explained? Tell us, and it may become next week's article."
          >
            <button
              type="button"
              onClick={() => {
                const subject = document.getElementById("contact-subject");
                if (subject instanceof HTMLInputElement) subject.value = "Article suggestion";
                document.getElementById("contact-message")?.focus();
              }}
              className="needs-js mt-3 font-semibold text-brand-700 underline underline-offset-4 dark:text-brand-400"
            >
              Suggest an Article
            </button>
          </ContactCard>
        </div>
        <ContactForm />
      </ContentWidth>
      <ContentWidth as="section" aria-labelledby="faq-heading" className="mt-20">
        <h2 id="faq-heading" className="text-2xl font-bold tracking-tight">
          Frequently Asked Questions
        </h2>
        <div className="mt-6 max-w-3xl divide-y divide-slate-200 rounded-2xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {FAQS.map((faq) => (
            <details key={faq.question} className="group px-5 py-4">
              <summary className="cursor-pointer list-none font-semibold marker:hidden">
                <span className="flex items-center justify-between gap-4">
                  {faq.question}
                  <span aria-hidden="true" className="text-xl transition-transform group-open:rotate-45">
                    +
                  </span>
                </span>
              </summary>
              <p className="mt-3 text-slate-600 dark:text-slate-300">{faq.answer}</p>
            </details>
          ))}
        </div>
      </ContentWidth>
    </>
  );
}

/** One of the cards beside the form: an icon, a heading that names the section, a line and its action. */
function ContactCard({
  id,
  icon: Icon,
  title,
  text,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 p-6 dark:border-slate-800">
      <Icon aria-hidden="true" className="size-6 text-brand-700 dark:text-brand-400" />
      <h2 id={id} className="mt-3 text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-slate-600 dark:text-slate-300">{text}</p>
      {children}
    </section>
  );
}

/** The form itself, validated in the browser before it is sent (rule 6.1). */
function ContactForm() {
  const validationToast = useRef<number | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const formsMode = useFrameData().forms?.mode;
  // The address of the last message kept: the page says so until the next send, as a toast fades (rule 6.1).
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { sending, submit } = useFormSubmission("contact", (fields) => setSentTo(String(fields.get("email") ?? "")));

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    setSentTo(null);
    const checked = validateContactForm(readFields(form));
    if (!checked.ok) {
      const fieldErrors = checked.fieldErrors as Partial<Record<keyof Fields, string>>;
      setErrors(fieldErrors);
      validationToast.current = showToast({ ...checked.toast, variant: "destructive" });
      // Focus goes where the visitor must act, not left on Send under the toast.
      const first = FIELD_ORDER.find((name) => fieldErrors[name] !== undefined);
      const field = first && form.elements.namedItem(first);
      if (field instanceof HTMLElement) field.focus();
      return;
    }
    setErrors({});
    if (validationToast.current !== null) dismissToast(validationToast.current);
    validationToast.current = null;
    submit(form);
  }

  return (
    <section aria-labelledby="form-heading">
      <h2 id="form-heading" className="text-2xl font-bold tracking-tight">
        Send Us a Message
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Fields marked * are required.</p>
      {formsMode !== "d1" && <NoScriptHint task="send your message" />}
      <form
        method="post"
        action="/contact"
        noValidate
        onSubmit={onSubmit}
        aria-busy={sending}
        className="mt-6 grid gap-5"
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <ContactField name="name" label="Name" required autoComplete="name" error={errors.name} />
          <ContactField name="email" label="Email" required type="email" autoComplete="email" error={errors.email} />
        </div>
        <ContactField name="subject" label="Subject" error={errors.subject} />
        <ContactField name="message" label="Message" required multiline error={errors.message} />
        {sentTo !== null && (
          <p
            role="status"
            className="rounded-xl border border-brand-700/30 bg-brand-50 px-4 py-3 font-medium text-brand-900 dark:border-brand-400/30 dark:bg-slate-900 dark:text-brand-100"
          >
            Your message was sent. We will reply to {sentTo}.
          </p>
        )}
        <div>
          <Button type="submit" size="xl" disabledLook="working" disabled={sending}>
            {sending ? "Sending..." : "Send Message"}
          </Button>
        </div>
      </form>
    </section>
  );
}
