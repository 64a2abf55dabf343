import { Agent as HttpAgent, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";

/** Keep-alive connections shared by every client of the process, as the global fetch's are. */
const AGENTS = { "http:": new HttpAgent({ keepAlive: true }), "https:": new HttpsAgent({ keepAlive: true }) } as const;

/** Statuses whose response has no body (`Response` refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
const REDIRECT = new Set([301, 302, 303, 307, 308]);

/** Where undici (Node's fetch) keeps the dispatcher `setGlobalDispatcher` installs. */
const GLOBAL_DISPATCHER = Symbol.for("undici.globalDispatcher.1");

/** A dispatcher the process chose (a proxy agent, a mock): the global fetch must then make the request. */
function customDispatcher(): boolean {
  const dispatcher = (globalThis as Record<symbol, unknown>)[GLOBAL_DISPATCHER] as { constructor?: { name?: string } } | undefined;
  return dispatcher !== undefined && dispatcher.constructor?.name !== "Agent";
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("This operation was aborted", "AbortError");
}

/** The reply's body stream, decoded as fetch decodes it. */
function decoded(res: IncomingMessage): Readable {
  switch (res.headers["content-encoding"]) {
    case "gzip":
    case "x-gzip":
      return res.pipe(createGunzip());
    case "deflate":
      return res.pipe(createInflate());
    case "br":
      return res.pipe(createBrotliDecompress());
    default:
      return res;
  }
}

function responseHeaders(res: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.append(name, value);
  }
  return headers;
}

/**
 * `fetch` for the OpenAI client over `node:http(s)` with keep-alive agents. Node's own fetch
 * (undici, web streams) costs about 1 ms of CPU per request here, this about a third of that: at
 * 64 calls in flight that is the judging process's largest single cost after LangGraph. The reply
 * is buffered (a server-sent event stream is passed through as a stream); failures reject as fetch
 * rejects (`TypeError` with the cause, the signal's reason on abort), so the client's error classes
 * and `classifyError` read them alike. Anything this does not handle (a `Request`, a body that is
 * not text or bytes, a redirect, a dispatcher set with undici's `setGlobalDispatcher`) goes to the
 * global fetch.
 */
export function nodeFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const body = init.body;
  const href = typeof input === "string" ? input : "href" in input ? input.href : undefined;
  const plainBody = body === undefined || body === null || typeof body === "string" || ArrayBuffer.isView(body);
  if (href === undefined || !plainBody || customDispatcher()) return fetch(input, init);
  const payload = body === undefined || body === null ? undefined : typeof body === "string" ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const url = new URL(href);
  const agent = url.protocol === "http:" || url.protocol === "https:" ? AGENTS[url.protocol] : undefined;
  if (!agent) return fetch(input, init);
  const signal = init.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  const headers: OutgoingHttpHeaders = {};
  new Headers(init.headers).forEach((value, name) => {
    headers[name] = value;
  });
  if (payload !== undefined) headers["content-length"] = Buffer.byteLength(payload);
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;

  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      reject(error);
    };
    const onAbort = () => {
      req.destroy();
      fail(abortReason(signal as AbortSignal));
    };
    const req = send(url, { method: init.method ?? "GET", headers, agent }, (res) => {
      const status = res.statusCode ?? 0;
      if (REDIRECT.has(status) && res.headers.location && init.redirect !== "manual") {
        res.resume();
        settled = true;
        signal?.removeEventListener("abort", onAbort);
        fetch(input, init).then(resolve, reject);
        return;
      }
      const meta = { status, statusText: res.statusMessage ?? "", headers: responseHeaders(res) };
      const stream = decoded(res);
      if (String(res.headers["content-type"] ?? "").includes("text/event-stream")) {
        settled = true;
        signal?.addEventListener("abort", () => stream.destroy(abortReason(signal) as Error), { once: true });
        resolve(new Response(Readable.toWeb(stream) as ReadableStream, meta));
        return;
      }
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", (error) => fail(new TypeError("terminated", { cause: error })));
      res.on("aborted", () => fail(new TypeError("terminated", { cause: new Error("the server closed the connection before the reply ended") })));
      stream.on("end", () => {
        if (settled) return;
        settled = true;
        signal?.removeEventListener("abort", onAbort);
        resolve(new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), meta));
      });
    });
    req.on("error", (error) => fail(new TypeError("fetch failed", { cause: error })));
    signal?.addEventListener("abort", onAbort, { once: true });
    req.end(payload);
  });
}
