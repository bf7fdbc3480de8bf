import { describe, expect, it } from "vitest";
import { SOCIAL_LINKS } from "../site";
import { buildSocialMarks } from "./vite-plugin-social-marks";

describe("the social-mark sprite", () => {
  it("has a symbol for every social link but e-mail, each drawn in the text colour", async () => {
    const svg = new TextDecoder().decode((await buildSocialMarks()).bytes);
    const ids = [...svg.matchAll(/<symbol id="([a-z]+)" viewBox="0 0 24 24"><path d="[^"]+"\/><\/symbol>/g)].map(
      (match) => match[1],
    );
    expect(ids).toEqual(SOCIAL_LINKS.filter((link) => link.kind !== "email").map((link) => link.kind));
    expect(svg).not.toMatch(/fill=|style=/);
  });

  it("is served under a name that changes with its bytes", async () => {
    const { fileName } = await buildSocialMarks();
    expect(fileName).toMatch(/^assets\/social-marks-[A-Za-z0-9]{8}\.svg$/);
  });
});
