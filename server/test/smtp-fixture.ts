import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server for the e-mail tests (smtp-server), on a free loopback port. It collects what it accepts; its
 * answer to each message can be a refusal (`refuseWith`) and can come late (`delayMs`). With `auth` it offers
 * STARTTLS (its own self-signed certificate) and needs a log-in over it.
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** the decoded text/plain and text/html parts */
  text: string;
  html: string;
  subject: string;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** the next messages are answered with this code and text (null: accepted) */
  refuseWith: { code: number; message: string } | null;
  /** the answer to each message comes this many ms after its data */
  delayMs: number;
  /** resolves when the server has read the data of its next message (before it answers) */
  nextData(): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtp(opts: { auth?: { user: string; pass: string } } = {}): Promise<TestSmtp> {
  let dataSeen: (() => void) | null = null;
  const smtp: TestSmtp = {
    url: "",
    received: [],
    refuseWith: null,
    delayMs: 0,
    nextData: () => new Promise<void>((resolve) => (dataSeen = resolve)),
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: !opts.auth,
    disabledCommands: opts.auth ? [] : ["STARTTLS", "AUTH"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (opts.auth && auth.username === opts.auth.user && auth.password === opts.auth.pass)
        return callback(null, { user: auth.username });
      callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        dataSeen?.();
        dataSeen = null;
        const answer = () => {
          if (smtp.refuseWith)
            return callback(Object.assign(new Error(smtp.refuseWith.message), { responseCode: smtp.refuseWith.code }));
          const raw = Buffer.concat(chunks).toString("utf8");
          smtp.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            ...readMime(raw),
          });
          callback();
        };
        if (smtp.delayMs > 0) setTimeout(answer, smtp.delayMs);
        else answer();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  smtp.url = opts.auth
    ? `smtp://${opts.auth.user}:${opts.auth.pass}@127.0.0.1:${port}/?tls.rejectUnauthorized=false`
    : `smtp://127.0.0.1:${port}`;
  smtp.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return smtp;
}

/** Quoted-printable or base64 → text. */
function decode(body: string, encoding: string): string {
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding !== "quoted-printable") return body;
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function headersOf(head: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const at = line.indexOf(":");
    if (at > 0) map.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim());
  }
  return map;
}

/** The subject and the text and HTML parts of a message (a multipart/alternative or a single part). */
function readMime(raw: string): { subject: string; text: string; html: string } {
  const split = (part: string) => {
    const at = part.search(/\r?\n\r?\n/);
    return { head: headersOf(part.slice(0, at)), body: part.slice(at).replace(/^\r?\n\r?\n/, "") };
  };
  const top = split(raw);
  const found = { subject: top.head.get("subject") ?? "", text: "", html: "" };
  const boundary = /boundary="?([^";]+)"?/.exec(top.head.get("content-type") ?? "")?.[1];
  const parts = boundary
    ? top.body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((p) => split(p.replace(/^\r?\n/, "")))
    : [top];
  for (const part of parts) {
    const type = part.head.get("content-type") ?? "text/plain";
    const body = decode(
      part.body.replace(/\r?\n$/, ""),
      (part.head.get("content-transfer-encoding") ?? "").toLowerCase(),
    );
    if (type.startsWith("text/plain")) found.text = body.replace(/\r\n/g, "\n");
    if (type.startsWith("text/html")) found.html = body.replace(/\r\n/g, "\n");
  }
  return found;
}
