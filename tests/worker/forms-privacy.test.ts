/**
 * `/privacy` with `FORMS_MODE=d1` (rule 6.7): what the newsletter keeps and for how long, as a reader of the
 * page sees it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { putFlags, putRawFlags, request } from "./helpers";

afterEach(() => putRawFlags(null));

/** The page's text without tags, entities or line breaks. */
async function readPrivacyText(): Promise<string> {
  const html = await (await request("/privacy")).text();
  return html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");
}

describe("the privacy page states what the newsletter keeps in d1 mode", () => {
  it("names the address, its status, the consent time and page, and each issue's sending time", async () => {
    const text = await readPrivacyText();
    expect(text).toContain(
      "we keep in our database your e-mail address, its status (pending until you confirm, then confirmed, or unsubscribed once you leave), the time you gave your consent and the page you subscribed on",
    );
    expect(text).toContain("For each issue we send you, we keep the time we sent it");
    expect(text).not.toContain("nothing leaves your browser and we keep nothing");
  });

  it("says how long: 30 days unconfirmed, until unsubscribing, then only to never mail again", async () => {
    const text = await readPrivacyText();
    expect(text).toContain("If you never confirm, your address is deleted 30 days after you subscribed.");
    expect(text).toContain("We keep these records as long as we keep your address.");
    expect(text).toContain("We keep a confirmed address until you unsubscribe.");
    expect(text).toContain(
      "After that we keep only your address and its status, so that we never e-mail you again; to have them deleted too, write to us through the contact page or at",
    );
  });

  it("points to the contact page only while it is on", async () => {
    const html = await (await request("/privacy")).text();
    expect(html).toMatch(/<a [^>]*href="\/contact"[^>]*>contact page<\/a>/);
    await putFlags({ contact: false });
    const without = await readPrivacyText();
    expect(without).not.toContain("contact page");
    expect(without).toMatch(/to have them deleted too, write to us at \S+@\S+; we delete them within 30 days\./);
  });
});
