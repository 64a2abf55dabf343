import { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import { CallbackManager } from "@langchain/core/callbacks/manager";
import { afterEach, describe, expect, it } from "vitest";
import { somethingListens } from "../../judges/listeners.js";

class Recorder extends BaseCallbackHandler {
  name = "recorder";
}

const saved = process.env.LANGSMITH_TRACING;
afterEach(() => {
  if (saved === undefined) delete process.env.LANGSMITH_TRACING;
  else process.env.LANGSMITH_TRACING = saved;
});

describe("somethingListens", () => {
  it("is false without tracing and without handlers", () => {
    delete process.env.LANGSMITH_TRACING;
    expect(somethingListens(undefined)).toBe(false);
    expect(somethingListens({ callbacks: [] })).toBe(false);
    expect(somethingListens({ callbacks: new CallbackManager() })).toBe(false);
  });

  it("is true with a handler, in an array or a manager", () => {
    delete process.env.LANGSMITH_TRACING;
    expect(somethingListens({ callbacks: [new Recorder()] })).toBe(true);
    const manager = new CallbackManager();
    manager.addHandler(new Recorder());
    expect(somethingListens({ callbacks: manager })).toBe(true);
  });

  it("is true when LangSmith tracing is on", () => {
    process.env.LANGSMITH_TRACING = "true";
    expect(somethingListens(undefined)).toBe(true);
  });
});
