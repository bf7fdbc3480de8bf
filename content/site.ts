/**
 * Brand constants shown across the site (rule 2.7; copy claims of rule 3.6).
 * One place to change a handle or the contact address.
 */

/** Short brand name and its meaning. */
export const SITE_NAME = "VPF";
export const SITE_LONG_NAME = "Value, Progress, Freedom";

/** Footer tagline, letter for letter (rule 2.7). */
export const TAGLINE = "Create value, make progress, achieve freedom.";

/** Default description for pages that set none. */
export const SITE_DESCRIPTION =
  "Practical guides on personal finance, investing, trading, crypto, AI and productivity: create value, make progress, achieve freedom.";

/** Contact address used by the footer's mailto link and the contact page. */
export const CONTACT_EMAIL = "hello@valueprogressfreedom.com";

/** Social links in the footer, in the order of rule 2.7. */
export const SOCIAL_LINKS = [
  { kind: "video", label: "VPF on YouTube", href: "https://www.youtube.com/@valueprogressfreedom" },
  { kind: "microblog", label: "VPF on X", href: "https://x.com/vpf_freedom" },
  { kind: "code", label: "VPF on GitHub", href: "https://github.com/valueprogressfreedom" },
  { kind: "email", label: "Email VPF", href: `mailto:${CONTACT_EMAIL}` },
] as const;
