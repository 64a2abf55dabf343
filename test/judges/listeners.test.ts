import { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import { CallbackManager } from "@langchain/core/callbacks/manager";
import { RunnableLambda } from "@langchain/core/runnables";
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import { isRunTree } from "langsmith/run_trees";
// LangGraph sets up LangChain's async-local storage when it loads, as it does for every graph run.
import "@langchain/langgraph";
import { afterEach, describe, expect, it } from "vitest";
import { somethingListens } from "../../judges/listeners.js";
import { installLightRunContext } from "../../judges/light-run-context.js";

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

/** What a runnable sees of its async-local context: whether the store is a run tree, and the config LangChain hands down. */
const inside = RunnableLambda.from(async () => ({
  runTree: isRunTree(AsyncLocalStorageProviderSingleton.getInstance().getStore()),
  configurable: AsyncLocalStorageProviderSingleton.getRunnableConfig()?.configurable as Record<string, unknown> | undefined,
}));

describe("installLightRunContext", () => {
  installLightRunContext();

  it("keeps a runnable's config in a plain store when nothing listens: no run tree", async () => {
    delete process.env.LANGSMITH_TRACING;
    const seen = await inside.invoke(undefined, { configurable: { rubric: "customer-service" } });
    expect(seen).toEqual({ runTree: false, configurable: { rubric: "customer-service" } });
  });

  it("leaves LangChain's run tree in place when a handler listens", async () => {
    delete process.env.LANGSMITH_TRACING;
    const seen = await inside.invoke(undefined, { configurable: { rubric: "coaching" }, callbacks: [new Recorder()] });
    expect(seen).toEqual({ runTree: true, configurable: { rubric: "coaching" } });
  });

  it("hands the config down to a nested runnable", async () => {
    delete process.env.LANGSMITH_TRACING;
    const outer = RunnableLambda.from(async () => inside.invoke(undefined));
    expect(await outer.invoke(undefined, { configurable: { rubric: "barem" } })).toEqual({ runTree: false, configurable: { rubric: "barem" } });
  });
});
