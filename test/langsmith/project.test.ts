/** The LangSmith project of a CLI batch: --project, else LANGSMITH_PROJECT, else derived from the configuration. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { configureTracing, projectNameFor } from "../../cli/tracing.js";
import { tracingEnabled } from "../../judges/tracing-env.js";

afterEach(() => vi.restoreAllMocks());

describe("projectNameFor", () => {
  it("takes --project first, then LANGSMITH_PROJECT / LANGCHAIN_PROJECT", () => {
    expect(projectNameFor({ project: "night-run", protocol: "panel" }, { LANGSMITH_PROJECT: "env-project" })).toBe("night-run");
    expect(projectNameFor({ protocol: "panel" }, { LANGSMITH_PROJECT: "env-project" })).toBe("env-project");
    expect(projectNameFor({ protocol: "panel" }, { LANGCHAIN_PROJECT: "legacy" })).toBe("legacy");
  });

  it("derives tribunal-<protocol>-<rubric id>-<model> from the configuration otherwise", () => {
    expect(projectNameFor({ protocol: "consensus", model: "offline" }, {})).toBe("tribunal-consensus-customer-service-5-offline");
    expect(projectNameFor({ protocol: "panel", rubric: "rubrics/ccpe-strict.json" }, {})).toBe("tribunal-panel-ccpe-strict-offline");
    expect(projectNameFor({ protocol: "checklist" }, {})).toBe("tribunal-checklist-coaching-offline");
    // A model the configuration cannot build here (no key): the name is still stable.
    expect(projectNameFor({ protocol: "barem", model: "openai:gpt-4o-mini" }, {})).toBe("tribunal-barem-ccpe-barem-openai-gpt-4o-mini");
  });
});

describe("configureTracing", () => {
  it("points the process at the project and says so when tracing is on", () => {
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const env: NodeJS.ProcessEnv = { LANGSMITH_TRACING: "true" };
    expect(configureTracing({ protocol: "panel", model: "offline" }, env)).toBe("tribunal-panel-customer-service-offline");
    expect(env).toMatchObject({ LANGSMITH_PROJECT: "tribunal-panel-customer-service-offline", LANGCHAIN_PROJECT: "tribunal-panel-customer-service-offline" });
    expect(stderr).toHaveBeenCalledWith("tribunal: tracing to LangSmith project tribunal-panel-customer-service-offline\n");
  });

  it("changes nothing when tracing is off, and warns that --project has no effect", () => {
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const env: NodeJS.ProcessEnv = { LANGSMITH_TRACING: "false" };
    expect(configureTracing({ project: "x", protocol: "panel" }, env)).toBeUndefined();
    expect(env).toEqual({ LANGSMITH_TRACING: "false" });
    expect(stderr).toHaveBeenCalledWith("tribunal: warning: --project x has no effect: LangSmith tracing is off (set LANGSMITH_TRACING=true)\n");
  });

  it("reads the same variables LangChain does", () => {
    expect(["LANGSMITH_TRACING", "LANGSMITH_TRACING_V2", "LANGCHAIN_TRACING_V2", "LANGCHAIN_TRACING"].map((name) => tracingEnabled({ [name]: "true" }))).toEqual([true, true, true, true]);
    expect(tracingEnabled({ LANGSMITH_TRACING: "1" })).toBe(false);
    expect(tracingEnabled({})).toBe(false);
  });
});
