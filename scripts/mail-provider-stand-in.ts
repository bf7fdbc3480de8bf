/**
 * A local stand-in for the bulk mail provider (decision 016), speaking the part of Mailgun's HTTP API the worker
 * uses: `POST /v3/{domain}/messages`, Basic auth `api:{key}`, a multipart form with repeated `to`, `subject`,
 * `text`, `html`, `h:*` headers and `recipient-variables`. It answers as the provider does: 200 with the message's
 * id in angle brackets (one id per call, shared by its recipients, as the provider's events name it), 401
 * for a wrong key, 400 for a call naming an address it refuses (here: a local part starting with `refused`).
 * Each accepted mail is kept per recipient, variables filled in, in memory (`GET /__mails`, for the tests) and,
 * given `outboxDir`, as a text file there (for people running `npm start`). For a sending domain starting with
 * `unavailable` it answers 503, as a provider that cannot take mail now.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { type IncomingMessage, type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

/** The key `wrangler.toml`'s local `[vars]` give the worker as MAILGUN_API_KEY, which local stand-ins accept. */
export const LOCAL_MAILGUN_API_KEY = "local-mailgun-key";

/** One mail as a recipient would get it. */
export interface StandInMail {
  domain: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  tag: string;
  /** The id of the call that took it, as the provider's events name it (no angle brackets). */
  messageId: string;
}

/** A running stand-in. */
export interface MailProviderStandIn {
  /** Its origin, e.g. `http://127.0.0.1:8790`. */
  url: string;
  mails: StandInMail[];
  close(): Promise<void>;
}

/** Whether the stand-in refuses `address`, as a provider refuses an address it cannot deliver to. */
export function isRefusedAddress(address: string): boolean {
  return /^refused/i.test(address);
}

function fillVariables(text: string, variables: Record<string, unknown>): string {
  return text.replace(/%recipient\.([A-Za-z0-9_]+)%/g, (whole, name: string) =>
    name in variables ? String(variables[name]) : whole,
  );
}

async function readForm(request: IncomingMessage): Promise<FormData> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = new Request("http://stand-in/", {
    method: "POST",
    headers: { "content-type": request.headers["content-type"] ?? "" },
    body: Buffer.concat(chunks),
  });
  return body.formData();
}

/** One mail per recipient of a provider's message form, each with its own recipient variables filled in. */
function buildMails(form: FormData, recipients: string[], domain: string, messageId: string): StandInMail[] {
  const variables = JSON.parse(String(form.get("recipient-variables") ?? "{}")) as Record<
    string,
    Record<string, unknown>
  >;
  const headers = Object.fromEntries(
    [...form.keys()].filter((key) => key.startsWith("h:")).map((key) => [key.slice(2), String(form.get(key))]),
  );
  return recipients.map((to) => {
    const own = variables[to] ?? {};
    return {
      domain,
      from: String(form.get("from") ?? ""),
      to,
      subject: String(form.get("subject") ?? ""),
      text: fillVariables(String(form.get("text") ?? ""), own),
      html: fillVariables(String(form.get("html") ?? ""), own),
      headers: Object.fromEntries(Object.entries(headers).map(([key, value]) => [key, fillVariables(value, own)])),
      tag: String(form.get("o:tag") ?? ""),
      messageId,
    };
  });
}

/** Writes `mail` as a text file in `outboxDir`, named so the files sort in sending order (`count`). */
function writeOutboxFile(outboxDir: string, mail: StandInMail, count: number): void {
  const name = `${Date.now()}-${String(count).padStart(6, "0")}-${mail.to.replace(/[^A-Za-z0-9@._-]/g, "_")}.txt`;
  const head = [`From: ${mail.from}`, `To: ${mail.to}`, `Subject: ${mail.subject}`, `Message-Id: <${mail.messageId}>`];
  for (const [key, value] of Object.entries(mail.headers)) head.push(`${key}: ${value}`);
  writeFileSync(path.join(outboxDir, name), `${head.join("\n")}\n\n${mail.text}\n`);
}

/**
 * Starts the stand-in on 127.0.0.1:`port` (0: any free port), accepting `apiKey`.
 *
 * @throws the listen error (the port is taken).
 */
export function startMailProviderStandIn(options: {
  port: number;
  apiKey: string;
  outboxDir?: string;
  log?: (line: string) => void;
}): Promise<MailProviderStandIn> {
  const mails: StandInMail[] = [];
  let count = 0;
  let calls = 0;
  const server: Server = createServer((request, response) => {
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(value));
    };
    const url = new URL(request.url ?? "/", "http://stand-in");
    if (request.method === "GET" && url.pathname === "/__mails") {
      const to = url.searchParams.get("to");
      json(200, to === null ? mails : mails.filter((mail) => mail.to === to));
      return;
    }
    if (url.pathname.startsWith("/v3/unavailable")) {
      json(503, { message: "Service Unavailable" });
      return;
    }
    const route = /^\/v3\/([^/]+)\/messages$/.exec(url.pathname);
    if (request.method !== "POST" || !route) {
      json(404, { message: "Not Found" });
      return;
    }
    if (request.headers.authorization !== `Basic ${Buffer.from(`api:${options.apiKey}`).toString("base64")}`) {
      response.writeHead(401).end("Forbidden");
      return;
    }
    readForm(request).then(
      (form) => {
        const recipients = form.getAll("to").map(String);
        const refused = recipients.find(isRefusedAddress);
        if (recipients.length === 0 || recipients.length > 1000 || refused !== undefined) {
          json(400, { message: "'to' parameter is not a valid address. please check documentation" });
          return;
        }
        const domain = decodeURIComponent(route[1]!);
        calls += 1;
        const messageId = `${Date.now()}.${calls}.${crypto.randomUUID().slice(0, 8)}@${domain}`;
        for (const mail of buildMails(form, recipients, domain, messageId)) {
          mails.push(mail);
          if (options.outboxDir) writeOutboxFile(options.outboxDir, mail, (count += 1));
        }
        options.log?.(
          `mail provider stand-in: "${String(form.get("subject"))}" accepted for ${recipients.length} reader(s)` +
            (options.outboxDir ? ` → ${options.outboxDir}` : ""),
        );
        json(200, { id: `<${messageId}>`, message: "Queued. Thank you." });
      },
      () => json(400, { message: "The request is not a multipart form." }),
    );
  });
  if (options.outboxDir) mkdirSync(options.outboxDir, { recursive: true });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        mails,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
