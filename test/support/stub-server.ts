import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What every provider stub can answer; each stub extends it with its provider's own fields (usage, …). */
export interface StubReplyBase {
  json?: unknown;
  content?: string;
  status?: number;
  headers?: Record<string, string>;
  /** Never answer within this many milliseconds (a hang past the client's timeout, or plain latency). */
  hangMs?: number;
  /** The JSON body of an error reply (default: the provider's own error shape). */
  errorBody?: unknown;
  /** Answer as text even when the request offers tools (a model that ignores them). */
  asText?: boolean;
}

/** The test's function that decides each reply, given the request as the stub parsed it. */
export type ReplyHandler<Request, Reply extends StubReplyBase> = (request: Request) => Reply | Promise<Reply>;

/** A running provider stub: where to point the client, the requests it received, and how to stop it. */
export interface ProviderStub<Request> {
  baseUrl: string;
  /** Every request received, in arrival order. */
  requests: Request[];
  close(): Promise<void>;
}

/** One request to a stub server, its body already read in full. */
export interface StubExchange {
  req: IncomingMessage;
  res: ServerResponse;
  rawBody: string;
  /** The URL's path, without the query string. */
  path: string;
  /**
   * Asks the test's handler for the reply to `request`, then holds it back for the reply's `hangMs`.
   * A hold still pending when the server closes never ends: that reply is never sent.
   */
  replyTo<Request, Reply extends StubReplyBase>(handler: ReplyHandler<Request, Reply>, request: Request): Promise<Reply>;
}

export interface StubServer {
  /** `http://127.0.0.1:<port>`, without a path. */
  origin: string;
  /** Cuts every open connection (a hanging reply included) and stops listening. */
  close(): Promise<void>;
}

/**
 * A local HTTP server on 127.0.0.1 and a random port that reads each request's body, then hands it to
 * `route`, which answers on `res`. A provider stub supplies the route; this owns the rest.
 */
export async function startStubServer(route: (exchange: StubExchange) => Promise<void>): Promise<StubServer> {
  const timers = new Set<NodeJS.Timeout>();
  const hang = (ms: number) =>
    new Promise<void>((resolve) => {
      timers.add(setTimeout(resolve, ms));
    });
  const server = createServer((req, res) => {
    let rawBody = "";
    req.on("data", (chunk: Buffer) => (rawBody += chunk.toString("utf8")));
    req.on("end", () => {
      void (async () => {
        const path = new URL(req.url ?? "/", "http://stub").pathname;
        await route({
          req,
          res,
          rawBody,
          path,
          async replyTo(handler, request) {
            const reply = await handler(request);
            if (reply.hangMs) await hang(reply.hangMs);
            return reply;
          },
        });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A reply's text: `content` as given, else `json` serialized (`{}` when neither is set). */
export function replyText(reply: StubReplyBase): string {
  return reply.content ?? JSON.stringify(reply.json ?? {});
}

/**
 * A reply as a tool call's arguments: `json`, or `content` parsed, when that is a JSON object; else
 * undefined (the "model wrote invalid JSON" case), which providers whose arguments are always an
 * object (Anthropic's `input`, Gemini's `args`) answer as text instead.
 */
export function replyObject(reply: StubReplyBase): Record<string, unknown> | undefined {
  let value: unknown = reply.json ?? {};
  if (reply.content !== undefined) {
    try {
      value = JSON.parse(reply.content);
    } catch {
      return undefined;
    }
  }
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
