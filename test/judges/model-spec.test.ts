import { describe, expect, it } from "vitest";
import { isConfigError } from "../../judges/config-error.js";
import { formatModelSpec, parseModelSpec } from "../../judges/model-spec.js";

/** The ConfigError `fn` throws; fails the test when it throws nothing or something else. */
function configError(fn: () => unknown): Error {
  try {
    fn();
  } catch (e) {
    if (isConfigError(e)) return e;
    throw e;
  }
  throw new Error("expected a ConfigError, but nothing was thrown");
}

describe("parseModelSpec", () => {
  it("reads offline, empty and padded offline as the offline judge", () => {
    expect(parseModelSpec("offline")).toEqual({ provider: "offline" });
    expect(parseModelSpec("")).toEqual({ provider: "offline" });
    expect(parseModelSpec("  offline  ")).toEqual({ provider: "offline" });
  });

  it("reads openai:<model>, keeping colons inside the model name (Ollama tags)", () => {
    expect(parseModelSpec("openai:gpt-4o-mini")).toEqual({ provider: "openai", model: "gpt-4o-mini" });
    expect(parseModelSpec("openai:llama3.1:8b")).toEqual({ provider: "openai", model: "llama3.1:8b" });
    expect(parseModelSpec(" openai: gpt-4 ")).toEqual({ provider: "openai", model: "gpt-4" });
  });

  it("reads azure:<deployment>", () => {
    expect(parseModelSpec("azure:judge-prod")).toEqual({ provider: "azure", deployment: "judge-prod" });
  });

  it("reads anthropic:<model> and google:<model>", () => {
    expect(parseModelSpec("anthropic:claude-sonnet-4-5")).toEqual({ provider: "anthropic", model: "claude-sonnet-4-5" });
    expect(parseModelSpec("google:gemini-2.5-flash")).toEqual({ provider: "google", model: "gemini-2.5-flash" });
  });

  it("formats a spec back to the string it came from", () => {
    for (const spec of ["offline", "openai:gpt-4o-mini", "openai:llama3.1:8b", "azure:judge-prod", "anthropic:claude-haiku-4-5", "google:gemini-2.5-pro"]) {
      expect(formatModelSpec(parseModelSpec(spec))).toBe(spec);
    }
  });

  it.each(["foo:bar", "gpt-4o-mini", "openai:", "openai:   ", "azure:", "anthropic:", "google: ", "gemini:gemini-2.5-flash", ":gpt-4", "offline:x"])(
    "rejects %j with a ConfigError naming the spec and listing the accepted forms",
    (spec) => {
      const error = configError(() => parseModelSpec(spec));
      expect(error.name).toBe("ConfigError");
      expect((error as Error & { code?: string }).code).toBe("TRIBUNAL_BAD_CONFIG");
      expect(error.message).toContain(`"${spec}"`);
      expect(error.message).toContain("`offline`");
      expect(error.message).toContain("`openai:<model>`");
      expect(error.message).toContain("`azure:<deployment>`");
      expect(error.message).toContain("`anthropic:<model>`");
      expect(error.message).toContain("`google:<model>`");
      expect(error.message).not.toContain("\n");
    },
  );
});
