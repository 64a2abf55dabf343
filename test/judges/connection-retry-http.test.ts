/**
 * Connection errors over the real HTTP path (@langchain/openai → the OpenAI SDK → fetch) against
 * 127.0.0.1 only: a refused or dropped connection is a `connection` failure, retried like a 5xx.
 */
import { HumanMessage } from "@langchain/core/messages";
import { createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createLlmJudge } from "../../judges/chat-model.js";
import { runAgent, type AgentTask } from "../../judges/run-agent.js";

const Verdict = z.object({ verdict: z.string(), score: z.number() });
type Verdict = z.infer<typeof Verdict>;
const task: AgentTask<Verdict> = { role: "evaluator", schema: Verdict, messages: [new HumanMessage("judge this")], offline: () => ({ verdict: "offline", score: 1 }) };

/** A port that was just open on 127.0.0.1 and is closed now: connecting to it is refused. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const judgeAt = (baseUrl: string) => createLlmJudge({ provider: "openai", model: "gpt-4o-mini" }, { apiKey: "sk-test-connection0000", baseUrl, timeoutMs: 5_000, maxRetries: 0, temperature: 0 });
const configurable = { maxRetries: 2, timeoutMs: 5_000, retryBaseMs: 1, retryMaxMs: 5 };

describe("connection errors over HTTP", () => {
  it("a refused connection (dead port) is retried --max-retries times, then falls back as `connection`", async () => {
    const port = await deadPort();
    const result = await runAgent(task, judgeAt(`http://127.0.0.1:${port}/v1`), "fallback", { configurable });
    expect(result.record).toMatchObject({
      source: "fallback",
      retries: [{ kind: "connection" }, { kind: "connection" }],
      error: { agent: "evaluator", kind: "connection", message: expect.stringMatching(/^Connection error\. \(.*ECONNREFUSED 127\.0\.0\.1:\d+/) },
    });
  });

  it("a server that drops every connection gets exactly 1 + --max-retries attempts", async () => {
    const sockets: Socket[] = [];
    const server = createServer((socket) => {
      sockets.push(socket);
      socket.once("data", () => socket.destroy()); // read the request, close without answering
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const result = await runAgent(task, judgeAt(`http://127.0.0.1:${port}/v1`), "unscored", { configurable });
      expect(sockets).toHaveLength(3);
      expect(result).toMatchObject({ ok: false, failure: { kind: "connection" }, record: { retries: [{ kind: "connection" }, { kind: "connection" }] } });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("the attempts stop at --max-retries 0: one request, no retry", async () => {
    const port = await deadPort();
    const result = await runAgent(task, judgeAt(`http://127.0.0.1:${port}/v1`), "fallback", { configurable: { ...configurable, maxRetries: 0 } });
    expect(result.record.retries).toBeUndefined();
    expect(result.record.error?.kind).toBe("connection");
  });
});
