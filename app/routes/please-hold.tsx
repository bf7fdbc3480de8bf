/** The holding page (rules 1.4, 2.10): the worker redirects every path here while `holdingPage` is on. */
import { Logo } from "../components/logo";
import { ThemeToggle } from "../components/theme-toggle";
import { SITE_LONG_NAME, SITE_NAME } from "../../content/site";
import { formatTitle } from "../lib/meta";
import type { Route } from "./+types/please-hold";

export const meta: Route.MetaFunction = () => [
  { title: formatTitle("We'll be right back") },
  { name: "robots", content: "noindex" },
];

export default function PleaseHold() {
  return (
    <main id="main" tabIndex={-1} className="flex min-h-dvh flex-col items-center justify-center px-6 text-center">
      <div className="absolute top-4 right-4">
        <ThemeToggle />
      </div>
      <Logo className="scale-125" />
      <h1 className="mt-10 text-3xl font-extrabold tracking-tight sm:text-4xl">We're recalibrating</h1>
      <p className="mt-4 max-w-md text-lg text-slate-600 dark:text-slate-300">
        {SITE_NAME} is recalibrating: we are making improvements behind the scenes and will be back shortly. Thank you
        for your patience.
      </p>
      <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{SITE_LONG_NAME}</p>
    </main>
  );
}
