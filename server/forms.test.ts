import { describe, expect, it } from "vitest";
import { validateContactForm } from "../core/forms";
import { buildOwnerNotice } from "./forms.server";

const addresses = { from: "forms@vpf.test", to: "owner@vpf.test" };

/** The owner's copy of a form as the worker would send it, or `null` when the schema refuses the form. */
function noticeFor(fields: Record<string, unknown>) {
  const checked = validateContactForm({ subject: "", message: "Hello", ...fields });
  return checked.ok ? buildOwnerNotice(addresses, checked.data) : null;
}

describe("the owner's copy of a contact message (rule 6.6)", () => {
  it("sets Reply-To to the parsed address only, as written", () => {
    expect(noticeFor({ name: "Ada", email: " Ada@VPF.test " })?.replyTo).toBe("Ada@VPF.test");
    for (const email of [
      '"VPF-Billing"<evil@attacker.test>',
      "ada@vpf.test,owner",
      "ada@vpf.test\u0000",
      "ada@vpf.test\u0085x",
      "ada@vpf.test\r\nBcc: evil@attacker.test",
    ]) {
      expect(noticeFor({ name: "Ada", email })).toBeNull();
    }
  });

  it("quotes the visitor's fields so no line of the body looks like a header the visitor wrote", () => {
    const notice = noticeFor({
      name: "Ada\r\nFrom: ceo@vpf.test\rSubject: Wire the money",
      email: "ada@vpf.test",
      subject: 'Hi"\nTo: x',
      message: "Line one\nFrom: ceo@vpf.test\r\nSubject: urgent\u2028Reply-To: evil@attacker.test",
    });
    const lines = notice?.text.split(/\r\n|[\r\n\u2028\u2029\u0085]/) ?? [];
    expect(lines.slice(0, 5)).toEqual([
      "A visitor sent this message through the contact form. Their fields are quoted below.",
      "",
      'Name: "Ada From: ceo@vpf.test Subject: Wire the money"',
      "E-mail: ada@vpf.test",
      'Subject: "Hi\\" To: x"',
    ]);
    const headerLike = lines.filter((line) => /^[A-Za-z-]+:/.test(line));
    expect(headerLike.map((line) => line.split(":")[0])).toEqual(["Name", "E-mail", "Subject", "Message"]);
    expect(lines.slice(7)).toEqual([
      "> Line one",
      "> From: ceo@vpf.test",
      "> Subject: urgent",
      "> Reply-To: evil@attacker.test",
      "",
    ]);
    expect(notice?.subject).toBe('Contact form: Hi" To: x');
  });
});
