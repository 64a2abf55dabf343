/** `--model`: one model for every role, or one per role; every role of the protocol gets exactly one. */
import { describe, expect, it } from "vitest";
import { assignModels } from "../../judges/model-assignment.js";

const PANEL_ROLES = ["evaluator", "critic"] as const;

function errorOf(run: () => unknown): Error {
  try {
    run();
  } catch (e) {
    return e as Error;
  }
  throw new Error("expected an error, but nothing was thrown");
}

describe("assignModels", () => {
  it("one model answers every role, and the label is that model", () => {
    const a = assignModels("openai:gpt-4o-mini", PANEL_ROLES, "panel");
    expect(a.byRole).toEqual({ evaluator: { provider: "openai", model: "gpt-4o-mini" }, critic: { provider: "openai", model: "gpt-4o-mini" } });
    expect(a.label).toBe("openai:gpt-4o-mini");
  });

  it("role=model entries, in any order, labelled in the protocol's role order", () => {
    const a = assignModels("critic=anthropic:claude-sonnet-4-5, evaluator=openai:gpt-4o", PANEL_ROLES, "panel");
    expect(a.byRole.evaluator).toEqual({ provider: "openai", model: "gpt-4o" });
    expect(a.byRole.critic).toEqual({ provider: "anthropic", model: "claude-sonnet-4-5" });
    expect(a.label).toBe("evaluator=openai:gpt-4o,critic=anthropic:claude-sonnet-4-5");
  });

  it("an entry without a role is the default of the roles not named; Ollama tags keep their colons", () => {
    const a = assignModels("openai:llama3.1:8b,critic=google:gemini-2.5-flash", PANEL_ROLES, "panel");
    expect(a.byRole.evaluator).toEqual({ provider: "openai", model: "llama3.1:8b" });
    expect(a.label).toBe("evaluator=openai:llama3.1:8b,critic=google:gemini-2.5-flash");
  });

  it("the same model named for every role is one model", () => {
    expect(assignModels("evaluator=offline,critic=offline", PANEL_ROLES, "panel").label).toBe("offline");
    expect(assignModels("", PANEL_ROLES, "panel").label).toBe("offline");
  });

  it("the object form (a --models file): default and roles", () => {
    const a = assignModels({ default: "openai:gpt-4o-mini", generous: "anthropic:claude-haiku-4-5" }, ["strict", "generous"], "consensus");
    expect(a.label).toBe("strict=openai:gpt-4o-mini,generous=anthropic:claude-haiku-4-5");
  });

  it("refuses a role the protocol does not have, naming the ones it has", () => {
    const e = errorOf(() => assignModels("openai:gpt-4o,referee=anthropic:claude-sonnet-4-5", PANEL_ROLES, "panel"));
    expect(e.name).toBe("ConfigError");
    expect(e.message).toBe("model: the panel protocol has no role referee; its roles: evaluator, critic");
  });

  it("refuses a role left without a model, and says how to give one", () => {
    const e = errorOf(() => assignModels("evaluator=openai:gpt-4o", PANEL_ROLES, "panel"));
    expect(e.name).toBe("ConfigError");
    expect(e.message).toMatch(/^model: no model for the critic role; name one for every role of panel \(evaluator, critic\) or add a default/);
  });

  it("refuses two defaults, a role given twice, and an unknown provider inside an entry", () => {
    expect(errorOf(() => assignModels("openai:a,openai:b", PANEL_ROLES, "panel")).message).toMatch(/more than one model without a role/);
    expect(errorOf(() => assignModels("critic=openai:a,critic=openai:b,openai:c", PANEL_ROLES, "panel")).message).toMatch(/the role critic is given twice/);
    expect(errorOf(() => assignModels("openai:a,critic=claude", PANEL_ROLES, "panel")).message).toMatch(/^unknown model "claude"/);
  });
});
