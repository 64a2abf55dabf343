/**
 * The size probe (api/size-probe.ts) runs a protocol's graph before each dialogue is judged and for
 * `--dry-run`: with LANGSMITH_TRACING=true it must send nothing to LangSmith, whether it runs on its
 * own or inside a traced run of the caller (checked against a local LangSmith endpoint).
 */
import { RunnableLambda } from "@langchain/core/runnables";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { PROTOCOLS } from "../../graphs/registry.js";
import { flushTraces } from "../../api/trace.js";
import { createSizeProbe } from "../../api/size-probe.js";
import { startLangSmithEndpoint, type LangSmithEndpoint } from "../langsmith/endpoint.js";

const VARIABLES = ["LANGSMITH_TRACING", "LANGSMITH_ENDPOINT", "LANGSMITH_API_KEY", "LANGSMITH_PROJECT", "LANGCHAIN_TRACING_V2", "LANGCHAIN_PROJECT"] as const;
const saved = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));
let endpoint: LangSmithEndpoint;

beforeAll(async () => {
  endpoint = await startLangSmithEndpoint();
  for (const name of VARIABLES) delete process.env[name];
  Object.assign(process.env, { LANGSMITH_TRACING: "true", LANGSMITH_ENDPOINT: endpoint.url, LANGSMITH_API_KEY: "lsv2-test-key", LANGSMITH_PROJECT: "size-probe" });
});

afterAll(async () => {
  for (const name of VARIABLES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  await endpoint?.close();
});

const dialogue: Dialogue = {
  id: "traced",
  turns: [
    { speaker: "user", text: "Can I change the delivery address of order 55?" },
    { speaker: "assistant", text: "Yes, I have changed it to the new address." },
  ],
};

describe("the size probe with LangSmith tracing on", () => {
  it("sends no run, alone or inside a traced run of the caller", async () => {
    const probe = createSizeProbe(PROTOCOLS.consensus, { model: "openai:gpt-4o-mini" });
    expect((await probe.run(dialogue, { path: "longest" })).requests).toHaveLength(4);
    const caller = RunnableLambda.from(async (d: Dialogue) => (await probe.run(d, { path: "shortest" })).requests.length).withConfig({ runName: "caller" });
    expect(await caller.invoke(dialogue)).toBe(2);
    expect(await flushTraces(10_000)).toBe(true);
    // The caller's own run is traced; nothing of the probe's graph is.
    expect(endpoint.runs().map((r) => r.name)).toEqual(["caller"]);
  });
});
