/** The server action of both form pages (rules 6.5, 6.6). */
import { data } from "react-router";
import { RATE_LIMIT_RETRY_AFTER_S, type FormKind } from "../../core/form-contract";
import { readServerConfig } from "../../server/env.server";
import { submitFormPost } from "../../server/forms.server";
import type { FormActionAnswer } from "./form-submission";

/** Answers a post of the `kind` form; simulated forms never read the body. */
export async function answerFormPost(kind: FormKind, request: Request) {
  if (readServerConfig().forms.mode !== "d1") return data<FormActionAnswer>({ needsScript: true });
  const posted = await submitFormPost(kind, request);
  const headers: HeadersInit = posted.status === 429 ? { "Retry-After": String(RATE_LIMIT_RETRY_AFTER_S) } : {};
  return data<FormActionAnswer>({ posted }, { status: posted.status, headers });
}
