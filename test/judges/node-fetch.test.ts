/**
 * The OpenAI client's transport (judges/providers/node-fetch.ts, node-fetch) against 127.0.0.1 only:
 * what the client reads of a reply (status, headers, decoded body, an event stream), and failures the
 * run sorts as it sorts the global fetch's (a refused connection is a connection failure; an abort
 * rejects with an AbortError).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifyError } from "../../judges/classify-error.js";
import { nodeFetch } from "../../judges/providers/node-fetch.js";

function route(req: IncomingMessage, res: ServerResponse, body: string): void {
  if (req.url === "/echo") {
    res.writeHead(201, { "content-type": "application/json", "x-seen": String(req.headers["x-test"]) }).end(JSON.stringify({ method: req.method, body }));
  } else if (req.url === "/gzip") {
    res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" }).end(gzipSync(JSON.stringify({ zipped: true })));
  } else if (req.url === "/events") {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write("data: one\n\n");
    setTimeout(() => res.end("data: two\n\n"), 20);
  } else if (req.url === "/empty") {
    res.writeHead(204).end();
  }
  // "/hang": never answers
}

let server: ReturnType<typeof createServer>;
let base = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => route(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe("nodeFetch", () => {
  it("sends the method, headers and body, and returns the status, headers and body", async () => {
    const res = await nodeFetch(`${base}/echo`, { method: "POST", headers: new Headers({ "x-test": "yes", "content-type": "application/json" }), body: '{"a":1}' });
    expect(res.status).toBe(201);
    expect(res.ok).toBe(true);
    expect(res.headers.get("x-seen")).toBe("yes");
    expect(await res.json()).toEqual({ method: "POST", body: '{"a":1}' });
  });

  it("decodes a gzip body, and gives a 204 an empty text", async () => {
    expect(await (await nodeFetch(`${base}/gzip`)).json()).toEqual({ zipped: true });
    const empty = await nodeFetch(`${base}/empty`);
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe("");
  });

  it("passes an event stream through as a stream", async () => {
    const res = await nodeFetch(`${base}/events`);
    expect(await res.text()).toBe("data: one\n\ndata: two\n\n");
  });

  it("rejects a refused connection with the socket's code, which the run reads as a connection failure", async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const error = await nodeFetch(`http://127.0.0.1:${port}/`).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "ECONNREFUSED" });
    expect(classifyError("evaluator", error).kind).toBe("connection");
  });

  it("rejects with an AbortError when aborted, before or during the request", async () => {
    const before = new AbortController();
    before.abort();
    await expect(nodeFetch(`${base}/echo`, { signal: before.signal })).rejects.toMatchObject({ name: "AbortError" });
    const during = new AbortController();
    const pending = nodeFetch(`${base}/hang`, { signal: during.signal });
    during.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });
});
