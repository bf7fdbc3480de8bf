/** The newsletter prompt on the blog, article and newsletter issue pages (rules 6.2, 6.4). */
import { Mail } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { READER_COUNT_CLAIM, SITE_NAME } from "../../content/site";
import { SEND_TIME_WORDS } from "../../core/newsletter-schedule";
import { CtaBand } from "./cta-band";
import { NewsletterForm } from "./newsletter-form";
import { NewsletterSubscribed } from "./newsletter-subscribed";

/** The prompt block; place it inside the page's content column. */
export function NewsletterPrompt() {
  const [subscribed, setSubscribed] = useState<string | null>(null);
  return (
    <CtaBand
      id="newsletter-prompt-heading"
      icon={<Mail aria-hidden="true" className="mx-auto mb-3 size-8 text-brand-100" />}
      title={`Get One Practical Idea Every ${SEND_TIME_WORDS.weekday}`}
      text={
        <>
          Join {READER_COUNT_CLAIM ? `${READER_COUNT_CLAIM} readers of ` : ""}the weekly {SITE_NAME} newsletter, in your
          inbox every {SEND_TIME_WORDS.when}.{" "}
          <Link to="/newsletter" className="font-semibold text-white underline underline-offset-4">
            See a sample issue
          </Link>
          .
        </>
      }
    >
      <div className="mx-auto mt-6 max-w-md">
        {subscribed !== null ? (
          <NewsletterSubscribed email={subscribed} tone="dark" />
        ) : (
          <NewsletterForm onSubscribed={setSubscribed} tone="dark" />
        )}
      </div>
    </CtaBand>
  );
}
