import { randomBytes } from "node:crypto";
import { afterEach, beforeEach } from "vitest";
import { startOpenAIStub, type OpenAIStub, type StubHandler } from "./openai-stub.js";

/** Sets OPENAI_API_KEY to a fresh `sk-test-…` key for each test and restores the environment after. */
export function useTestApiKey(): () => string {
  let key = "";
  const saved: Record<string, string | undefined> = {};
  beforeEach(() => {
    for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL"]) saved[name] = process.env[name];
    key = `sk-test-${randomBytes(12).toString("hex")}`;
    process.env.OPENAI_API_KEY = key;
    delete process.env.OPENAI_BASE_URL;
  });
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  return () => key;
}

/** Starts the test's OpenAI-compatible stub on demand and closes it after each test. */
export function useStub(): { start(handler: StubHandler): Promise<OpenAIStub> } {
  let current: OpenAIStub | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return { start: async (handler) => (current = await startOpenAIStub(handler)) };
}
