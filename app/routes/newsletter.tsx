/** `/newsletter` (rules 6.2-6.5): every newsletter form on the site posts here. */
import { readContentStore } from "../../server/content.server";
import { clsx } from "clsx";
import { Star } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { listSubscribeReasons, testimonials } from "../../content/newsletter";
import { READER_COUNT_CLAIM, SITE_NAME } from "../../content/site";
import { SEND_TIME_WORDS } from "../../core/newsletter-schedule";
import { Confirmation } from "../components/confirmation";
import { CtaBand } from "../components/cta-band";
import { ContentWidth } from "../components/ui/content-width";
import { NewsletterForm } from "../components/newsletter-form";
import { ResendConfirmation, useConfirmationPending } from "../components/newsletter-subscribed";
import { answerFormPost } from "../lib/form-action.server";
import { runFormClientAction } from "../lib/form-submission";
import { formatWeekday } from "../lib/dates";
import { LocalTime } from "../components/local-time";
import { buildMeta } from "../lib/meta";
import { findLatestPublishedIssue } from "../lib/newsletters.server";
import type { Route } from "./+types/newsletter";

/** The sample is the newest issue already sent; `null` before the first. */
export async function loader() {
  const issue = await findLatestPublishedIssue(readContentStore(), Date.now());
  return {
    sample: issue
      ? { slug: issue.slug, title: issue.title, sendAt: issue.sendAt, readMinutes: issue.readMinutes, html: issue.html }
      : null,
  };
}

export function action({ request }: Route.ActionArgs) {
  return answerFormPost("newsletter", request);
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return runFormClientAction("newsletter", serverAction);
}

/** The action's own headers (`Retry-After` with a 429) reach the visitor. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = (args) =>
  buildMeta(args, {
    title: "Newsletter",
    description: `The weekly ${SITE_NAME} newsletter: one practical money idea every ${SEND_TIME_WORDS.when}${
      READER_COUNT_CLAIM ? `, read by ${READER_COUNT_CLAIM} readers` : ""
    }.`,
    path: "/newsletter",
  });

/** `morning` as `Morning`, for a title. */
function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function Stars({ rating }: { rating: number }) {
  return (
    <p className="flex gap-0.5" role="img" aria-label={`Rated ${rating} out of 5`}>
      {Array.from({ length: 5 }, (_, index) => (
        <Star
          key={index}
          aria-hidden="true"
          className={
            index < rating ? "size-4 fill-amber-400 text-amber-400" : "size-4 text-slate-300 dark:text-slate-600"
          }
        />
      ))}
    </p>
  );
}

export default function Newsletter({ actionData, loaderData }: Route.ComponentProps) {
  const [subscribed, setSubscribed] = useState<string | null>(null);
  const onSubscribed = (email: string) => setSubscribed(email);
  const pending = useConfirmationPending();
  const postedWithoutScript = actionData?.needsScript === true;
  const posted = actionData?.posted;

  if (posted?.nextLinkAt !== undefined) {
    return (
      <Confirmation title={posted.title} icon="mail" action={{ to: "/blog", label: "Read the Blog" }}>
        <p>
          {posted.description} The next link can go at{" "}
          <strong>
            <LocalTime ms={posted.nextLinkAt} />
          </strong>
          .
        </p>
      </Confirmation>
    );
  }

  if (subscribed !== null || posted?.outcome === "stored") {
    const email = subscribed ?? "";
    return (
      <Confirmation title={`Welcome to ${SITE_NAME}!`} action={{ to: "/blog", label: "Read the Blog" }}>
        {pending ? (
          <>
            {/* The same words for every address, new, waiting or confirmed, and true for each (rule 6.8). */}
            One step left: a mail is on its way to{" "}
            {email ? <strong className="break-all">{email}</strong> : "your address"}, or went within the last hour.
            Open its link to start getting the newsletter; it works for 7 days.
            {email && <ResendConfirmation email={email} />}
          </>
        ) : (
          `You're on the list. Your first issue arrives on ${SEND_TIME_WORDS.when}; check your inbox to confirm your address.`
        )}
      </Confirmation>
    );
  }

  return (
    <>
      <section className="mx-auto max-w-3xl px-4 pt-16 pb-12 text-center sm:px-6 sm:pt-24">
        <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase dark:text-brand-400">
          The {SITE_NAME} newsletter
        </p>
        <h1 className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">
          {`One Practical Money Idea, Every ${SEND_TIME_WORDS.weekday} ${capitalize(SEND_TIME_WORDS.partOfDay)}`}
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
          Join {READER_COUNT_CLAIM ?? "the"} readers who start their week with a clear, honest idea about money,
          investing and freedom. Weekly, free, and easy to leave.
        </p>
        <div className="mx-auto mt-8 max-w-lg">
          <NewsletterForm onSubscribed={onSubscribed} postedWithoutScript={postedWithoutScript} posted={posted} />
        </div>
      </section>

      <SubscribeReasons />

      {loaderData.sample && <SampleIssue issue={loaderData.sample} />}
      <ReaderTestimonials />

      <ContentWidth className="mt-8">
        <CtaBand
          id="join-heading"
          title={`Ready for ${SEND_TIME_WORDS.weekday}?`}
          text="Join free. Unsubscribe with one click, any time."
        >
          <div className="mx-auto mt-6 max-w-md">
            <NewsletterForm onSubscribed={onSubscribed} label="Email address for the newsletter" tone="dark" />
          </div>
        </CtaBand>
      </ContentWidth>
    </>
  );
}

/** Why a visitor would subscribe, a card per reason (`content/newsletter.ts`). */
function SubscribeReasons() {
  return (
    <ContentWidth as="section" aria-labelledby="why-heading" className="py-12">
      <h2 id="why-heading" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
        Why Subscribe
      </h2>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {listSubscribeReasons(SEND_TIME_WORDS.when).map((reason) => (
          <li key={reason.title} className="rounded-2xl border border-slate-200 p-6 dark:border-slate-800">
            <h3 className="font-semibold">{reason.title}</h3>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{reason.text}</p>
          </li>
        ))}
      </ul>
    </ContentWidth>
  );
}

/** The sample body's elements styled like the rest of the card. */
const SAMPLE_BODY_CLASS = clsx(
  "[&>*]:mt-3 [&>*:first-child]:mt-4 [&>*]:text-slate-700 dark:[&>*]:text-slate-300",
  "[&>ol]:list-decimal [&>ol]:pl-6 [&>ul]:list-disc [&>ul]:pl-6 [&_li]:mt-1",
  "[&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-4 dark:[&_a]:text-brand-400",
);

/** The sample issue: the newest edition already sent, and links to it on the web and to the others. */
function SampleIssue({ issue }: { issue: NonNullable<Route.ComponentProps["loaderData"]["sample"]> }) {
  return (
    <section aria-labelledby="sample-heading" className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h2 id="sample-heading" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
        A Sample Issue
      </h2>
      <article className="mt-6 rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {formatWeekday(issue.sendAt)} edition · {issue.readMinutes} min read
        </p>
        <h3 className="mt-2 text-xl font-bold">{issue.title}</h3>
        {/* Our own Markdown, rendered at build time (content/build/compile-newsletters.ts). */}
        <div className={SAMPLE_BODY_CLASS} dangerouslySetInnerHTML={{ __html: issue.html }} />
      </article>
      <p className="mt-4 flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
        <Link
          to={`/newsletter/issues/${issue.slug}`}
          className="text-brand-700 underline underline-offset-4 dark:text-brand-400"
        >
          Read this issue on the web
        </Link>
        <Link to="/newsletter/issues" className="text-brand-700 underline underline-offset-4 dark:text-brand-400">
          Past issues
        </Link>
      </p>
    </section>
  );
}

/** Three readers' testimonials with their ratings. */
function ReaderTestimonials() {
  return (
    <ContentWidth as="section" aria-labelledby="readers-heading" className="py-12">
      <h2 id="readers-heading" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
        What Readers Say
      </h2>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {testimonials.map((testimonial) => (
          <li key={testimonial.name}>
            <figure className="h-full rounded-2xl border border-slate-200 p-6 dark:border-slate-800">
              <Stars rating={testimonial.rating} />
              <blockquote className="mt-4 text-slate-700 dark:text-slate-300">“{testimonial.content}”</blockquote>
              <figcaption className="mt-4">
                <span className="font-semibold">{testimonial.name}</span>
                <span className="block text-sm text-slate-600 dark:text-slate-400">{testimonial.role}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </ContentWidth>
  );
}
