import { afterEach, describe, expect, it, vi } from "vitest";
import { printFlagsReading } from "./flags-cli.ts";
import { escapeTerminalText, terminal } from "./terminal-text.ts";

const ESC = "\u001b";
/** Retitles the window, clears the screen and hides the rest of the line, as a planted value might. */
const ATTACK = `${ESC}]0;pwned\u0007${ESC}[2J${ESC}[8mhidden\u009b31m`;

/** Whether `text` holds a character a terminal would act on rather than show (tab and line feed aside). */
function holdsControls(text: string): boolean {
  return /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u.test(text.replaceAll(/[\n\t]/g, ""));
}

afterEach(() => vi.restoreAllMocks());

describe("escapeTerminalText", () => {
  it("writes escape sequences, other C0 and C1 controls and bidi controls visibly", () => {
    expect(escapeTerminalText(ATTACK)).toBe("\\u001b]0;pwned\\u0007\\u001b[2J\\u001b[8mhidden\\u009b31m");
    expect(escapeTerminalText("a\rb\u007fc\u0000d\u202Ee\u2066f\u2028g")).toBe(
      "a\\u000db\\u007fc\\u0000d\\u202ee\\u2066f\\u2028g",
    );
  });

  it("keeps line feeds, tabs, backslashes and every printable character, in any script", () => {
    const text = "Flags (local):\n\tstore  on\\off — ß, 中文, émoji 🙂";
    expect(escapeTerminalText(text)).toBe(text);
  });

  it("`terminal` prints every line through it", () => {
    const printed: string[] = [];
    for (const stream of ["log", "warn", "error"] as const) {
      vi.spyOn(console, stream).mockImplementation((text: string) => void printed.push(text));
    }
    terminal.log(ATTACK);
    terminal.warn(ATTACK);
    terminal.error(ATTACK);
    expect(printed).toHaveLength(3);
    for (const line of printed) expect(holdsControls(line)).toBe(false);
  });
});

describe("npm run flags -- get", () => {
  it("prints a stored value holding an escape sequence harmlessly, naming it visibly", () => {
    const printed: string[] = [];
    vi.spyOn(console, "log").mockImplementation((text: string) => void printed.push(text));
    vi.spyOn(console, "warn").mockImplementation((text: string) => void printed.push(text));
    printFlagsReading("local", JSON.stringify({ store: false, [ATTACK]: true }));
    const output = printed.join("\n");
    expect(output).toContain("store        off");
    expect(output).toContain("Warning: the stored value is invalid");
    expect(output).toContain("\\u001b]0;pwned");
    expect(holdsControls(output)).toBe(false);
  });
});
