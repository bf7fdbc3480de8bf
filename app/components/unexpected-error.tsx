/** The fallback screen for an error no route handled (rule 2.4), self-contained so it renders without the shell. */

/** The heading and explanation, shared with the shell's error screen. */
export function UnexpectedErrorMessage() {
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight">Unexpected Application Error!</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">
        Something went wrong on our side while showing this page. Please try again in a moment.
      </p>
    </>
  );
}

/** The fallback screen's content. */
export function UnexpectedError() {
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex min-h-[60vh] max-w-2xl flex-col justify-center px-6 py-24">
      <UnexpectedErrorMessage />
      <p className="mt-8">
        <a href="/" className="font-semibold text-brand-700 underline underline-offset-4 dark:text-brand-400">
          Go to Homepage
        </a>
      </p>
    </main>
  );
}
