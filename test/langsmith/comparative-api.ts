/**
 * A local stand-in for the part of the LangSmith API that `evaluateComparative` (langsmith 0.12) reads
 * and writes, on 127.0.0.1: two experiments on one dataset, their runs and examples, and the
 * comparative experiment and feedback it records. Routes: `GET /info`, `GET /sessions` (by name, by
 * id, the tenant lookup), `POST /runs/query`, `GET /examples`, `POST /datasets/comparative`, `POST /feedback`.
 */
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface ExampleFixture {
  id: string;
  inputs: Record<string, unknown>;
}

export interface ExperimentFixture {
  name: string;
  /** The run's outputs for each example id. */
  outputs: Record<string, Record<string, unknown>>;
}

/** Feedback as `client.createFeedback` posts it. */
export interface PostedFeedback {
  run_id: string;
  key: string;
  score: number | null;
  comparative_experiment_id: string;
  session_id: string;
  [field: string]: unknown;
}

export interface ComparativeApi {
  url: string;
  datasetId: string;
  /** Project id by experiment name. */
  projectIds: Record<string, string>;
  /** Run id by experiment name, then example id. */
  runIds: Record<string, Record<string, string>>;
  comparativeExperiments: Record<string, unknown>[];
  feedback: PostedFeedback[];
  /** Every request as `METHOD /path`. */
  requests: string[];
  close(): Promise<void>;
}

/** Multipart off: feedback then goes to `POST /feedback` rather than into a trace batch. */
const INFO = { version: "0.10.0", batch_ingest_config: { use_multipart_endpoint: false }, instance_flags: { sdb_query_enabled: false } };
const TENANT = "00000000-0000-4000-8000-000000000000";

export async function startComparativeApi(examples: readonly ExampleFixture[], experiments: readonly ExperimentFixture[]): Promise<ComparativeApi> {
  const datasetId = randomUUID();
  const projects = experiments.map((e) => ({ id: randomUUID(), name: e.name, tenant_id: TENANT, reference_dataset_id: datasetId, run_count: examples.length, extra: { metadata: {} } }));
  const runs = experiments.flatMap((e, i) =>
    examples.map((x) => ({ id: randomUUID(), name: "target", run_type: "chain", session_id: projects[i]?.id, reference_example_id: x.id, inputs: x.inputs, outputs: e.outputs[x.id] ?? {}, start_time: "2026-01-01T00:00:00.000Z", end_time: "2026-01-01T00:00:01.000Z", parent_run_id: null })),
  );
  const comparativeExperiments: Record<string, unknown>[] = [];
  const feedback: PostedFeedback[] = [];
  const requests: string[] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const route = `${req.method ?? ""} ${url.pathname}`;
      requests.push(route);
      const body = chunks.length > 0 ? (JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>) : {};
      const reply = (status: number, json: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json));
      const byId = /^\/sessions\/([^/]+)$/.exec(url.pathname)?.[1];
      if (route === "GET /info") return reply(200, INFO);
      if (route === "GET /sessions") {
        const name = url.searchParams.get("name");
        // Paginated: a second page is empty.
        if (Number(url.searchParams.get("offset") ?? 0) > 0) return reply(200, []);
        return reply(200, name === null ? projects.slice(0, 1) : projects.filter((p) => p.name === name));
      }
      if (req.method === "GET" && byId) {
        const project = projects.find((p) => p.id === byId);
        return project ? reply(200, project) : reply(404, { detail: `no session ${byId}` });
      }
      if (route === "POST /runs/query") {
        const sessions = (body["session"] as string[] | null) ?? [];
        return reply(200, { runs: runs.filter((r) => sessions.includes(r.session_id as string)), cursors: { next: null } });
      }
      if (route === "GET /examples") {
        if (Number(url.searchParams.get("offset") ?? 0) > 0) return reply(200, []);
        const ids = url.searchParams.getAll("id");
        return reply(200, examples.filter((x) => ids.length === 0 || ids.includes(x.id)).map((x) => ({ ...x, dataset_id: datasetId, outputs: {} })));
      }
      if (route === "POST /datasets/comparative") {
        comparativeExperiments.push(body);
        return reply(200, { ...body, tenant_id: TENANT });
      }
      if (route === "POST /feedback") {
        feedback.push(body as PostedFeedback);
        return reply(200, body);
      }
      return reply(404, { detail: `not served: ${route}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const runIds: Record<string, Record<string, string>> = {};
  experiments.forEach((e, i) => {
    runIds[e.name] = Object.fromEntries(runs.filter((r) => r.session_id === projects[i]?.id).map((r) => [r.reference_example_id, r.id]));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    datasetId,
    projectIds: Object.fromEntries(projects.map((p) => [p.name, p.id])),
    runIds,
    comparativeExperiments,
    feedback,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
