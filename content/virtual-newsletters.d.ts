/** The compiled newsletter issues, oldest send first, for the worker tests (content/build/vite-plugin-newsletters.ts). */
declare module "virtual:vpf/newsletters" {
  const issues: readonly import("./newsletter-issue-schema").NewsletterIssue[];
  export default issues;
}
