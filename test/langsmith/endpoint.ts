/** A local stand-in for the LangSmith API on 127.0.0.1: `GET /info`, `POST /runs/multipart`, `/runs/batch`, `/runs`. */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

/** A run as the endpoint pieced it together from its `post` and `patch` parts. */
export interface TracedRun {
  id: string;
  name: string;
  run_type: string;
  parent_run_id?: string | null;
  trace_id?: string;
  session_name?: string;
  tags?: string[];
  extra?: { metadata?: Record<string, unknown> };
  inputs?: unknown;
  outputs?: unknown;
  end_time?: unknown;
  [key: string]: unknown;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The decoded body as text (multipart or JSON), for "no secret in any payload" checks. */
  body: string;
}

export interface LangSmithEndpoint {
  url: string;
  requests: RecordedRequest[];
  /** Every run received, by id, post and patch merged. */
  runs(): TracedRun[];
  close(): Promise<void>;
}

const INFO = { version: "0.10.0", batch_ingest_config: { use_multipart_endpoint: true, size_limit: 100, size_limit_bytes: 20_971_520, scale_up_nthreads_limit: 16, scale_up_qsize_trigger: 1000, scale_down_nempty_trigger: 4 }, instance_flags: {} };

function merge(runs: Map<string, TracedRun>, id: string, fields: Record<string, unknown>): void {
  runs.set(id, { ...(runs.get(id) ?? ({ id } as TracedRun)), ...fields } as TracedRun);
}

/** The named parts of a multipart/form-data body (every part LangSmith sends is JSON text). */
function multipartParts(body: string, contentType: string): { name: string; text: string }[] {
  const boundary = /boundary=("?)([^";]+)\1/.exec(contentType)?.[2];
  if (!boundary) throw new Error(`no boundary in ${contentType}`);
  const parts: { name: string; text: string }[] = [];
  for (const chunk of body.split(`--${boundary}`)) {
    const split = chunk.indexOf("\r\n\r\n");
    if (split < 0) continue;
    const name = /name="([^"]+)"/.exec(chunk.slice(0, split))?.[1];
    if (name) parts.push({ name, text: chunk.slice(split + 4).replace(/\r\n$/, "") });
  }
  return parts;
}

function readMultipart(body: string, contentType: string, runs: Map<string, TracedRun>): void {
  for (const { name, text } of multipartParts(body, contentType)) {
    const [, id, field] = /^(?:post|patch)\.([^.]+)(?:\.(.+))?$/.exec(name) ?? [];
    if (!id) continue;
    const parsed = JSON.parse(text) as Record<string, unknown>;
    merge(runs, id, field ? { [field]: parsed } : parsed);
  }
}

export async function startLangSmithEndpoint(): Promise<LangSmithEndpoint> {
  const requests: RecordedRequest[] = [];
  const runs = new Map<string, TracedRun>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const raw = Buffer.concat(chunks);
        const body = req.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw;
        const path = (req.url ?? "/").split("?")[0] ?? "/";
        requests.push({ method: req.method ?? "", path, headers: req.headers, body: body.toString("utf8") });
        const reply = (status: number, json: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json));
        try {
          if (req.method === "GET" && path === "/info") return reply(200, INFO);
          if (req.method === "POST" && path === "/runs/multipart") {
            readMultipart(body.toString("utf8"), String(req.headers["content-type"]), runs);
            return reply(202, {});
          }
          if (req.method === "POST" && path === "/runs/batch") {
            const batch = JSON.parse(body.toString("utf8")) as { post?: TracedRun[]; patch?: TracedRun[] };
            for (const run of [...(batch.post ?? []), ...(batch.patch ?? [])]) merge(runs, run.id, run);
            return reply(202, {});
          }
          if (req.method === "POST" && path === "/runs") {
            const run = JSON.parse(body.toString("utf8")) as TracedRun;
            merge(runs, run.id, run);
            return reply(202, {});
          }
          const patched = /^\/runs\/([^/]+)$/.exec(path);
          if (req.method === "PATCH" && patched?.[1]) {
            merge(runs, patched[1], JSON.parse(body.toString("utf8")) as Record<string, unknown>);
            return reply(202, {});
          }
          return reply(404, { detail: `not served: ${req.method} ${path}` });
        } catch (e) {
          return reply(400, { detail: String(e) });
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    runs: () => [...runs.values()],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The runs of one trace, with helpers to walk it. */
export function traceOf(all: readonly TracedRun[], root: TracedRun) {
  const runs = all.filter((r) => r.trace_id === root.id);
  const byId = new Map(runs.map((r) => [r.id, r]));
  const parentOf = (run: TracedRun) => (run.parent_run_id ? byId.get(run.parent_run_id) : undefined);
  const named = (name: string) => runs.filter((r) => r.name === name);
  /** The names on the way from the root to this run: `panel > evaluator > evaluator`. */
  const path = (run: TracedRun): string => {
    const parent = parentOf(run);
    return parent ? `${path(parent)} > ${run.name}` : run.name;
  };
  return { runs, parentOf, named, path };
}
