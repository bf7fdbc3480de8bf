/** The newsletter prompt on the blog, article and newsletter issue pages (rules 6.2, 6.4). */
import { Mail } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
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
      title="Get One Practical Idea Every Sunday"
      text={
        <>
          Join 10,000+ readers of the weekly VPF newsletter, in your inbox every Sunday morning.{" "}
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
