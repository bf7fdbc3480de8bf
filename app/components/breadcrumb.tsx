/** The trail above an article or a newsletter issue: each step a link, then the current page's title. */
import { Link } from "react-router";

/** `trail`: the links from Home down, in order; `title`: the current page, not a link. */
export function Breadcrumb({ trail, title }: { trail: ReadonlyArray<{ to: string; label: string }>; title: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-600 dark:text-slate-400">
      <ol className="flex flex-wrap gap-2">
        {trail.map((step) => (
          <li key={step.to}>
            <Link to={step.to} className="hover:underline">
              {step.label}
            </Link>
            <span aria-hidden="true"> /</span>
          </li>
        ))}
        <li aria-current="page" className="truncate">
          {title}
        </li>
      </ol>
    </nav>
  );
}
