import { describe, expect, it } from "vitest";
import { canonicalJson, configHash, configIdentity, type IdentityInput } from "../../api/config-hash.js";
import { loadRubric } from "../../rubrics/load.js";
import { PROMPT_VERSION } from "../../judges/prompt/version.js";

const base = (): IdentityInput => ({ protocol: "panel", rubric: loadRubric("customer-service"), modelLabel: "openai:gpt-4o-mini", blind: false, temperature: 0, samples: 1 });
const hash = (change: Partial<IdentityInput> = {}) => configHash(configIdentity({ ...base(), ...change }));

describe("config hash", () => {
  it("canonical JSON ignores key order", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });

  it("records protocol, rubric (id and content), model, prompt version and settings", () => {
    const identity = configIdentity(base());
    expect(identity).toMatchObject({ protocol: "panel", rubric: "customer-service", model: "openai:gpt-4o-mini", prompt_version: PROMPT_VERSION, settings: { blind: false, temperature: 0, samples: 1 } });
    expect(identity.rubric_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(hash()).toMatch(/^[0-9a-f]{16}$/);
    expect(hash()).toBe(hash());
  });

  it("changes with anything that changes scores", () => {
    const edited = loadRubric("customer-service");
    const changed = { ...edited, criteria: edited.criteria.map((c, i) => (i === 0 ? { ...c, description: `${c.description} (edited)` } : c)) };
    const variants = [hash({ protocol: "barem" }), hash({ rubric: changed }), hash({ rubric: loadRubric("ccpe-strict") }), hash({ modelLabel: "openai:gpt-4o" }), hash({ blind: true }), hash({ temperature: 0.7 }), hash({ samples: 3 }), hash({ configurable: { tolerance: 1 } }), hash({ configurable: { weights: { strict: 0.5, generous: 0.5 } } })];
    expect(new Set([hash(), ...variants]).size).toBe(variants.length + 1);
    const other = configIdentity(base());
    expect(configHash({ ...other, prompt_version: "next" })).not.toBe(hash());
  });

  it("ignores operational settings and objects", () => {
    expect(hash({ configurable: { timeoutMs: 5, maxRetries: 9, onFailure: "unscored", baseUrl: "http://x", retryBaseMs: 3, model: "openai:gpt-4o-mini", chatModel: new (class FakeModel {})(), callGate: { acquire: async () => undefined } } })).toBe(hash());
  });
});
