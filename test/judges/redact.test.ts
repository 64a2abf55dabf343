import { describe, expect, it } from "vitest";
import { readProviderEnv } from "../../judges/provider-env.js";
import { redact, registerSecret } from "../../util/redact.js";

describe("redact", () => {
  it("removes every occurrence of a registered secret, whatever its shape", () => {
    registerSecret("ollama-local-secret-42");
    expect(redact("key=ollama-local-secret-42 and again ollama-local-secret-42.")).toBe("key=[redacted] and again [redacted].");
  });

  it("ignores secrets shorter than 6 characters and undefined, so ordinary words survive", () => {
    registerSecret("the");
    registerSecret(undefined);
    expect(redact("the cat sat on the mat")).toBe("the cat sat on the mat");
  });

  it("removes anything shaped like an OpenAI key even when it was never registered", () => {
    expect(redact("Incorrect API key provided: sk-proj-AbC123xyz789 (check it)")).toBe("Incorrect API key provided: [redacted] (check it)");
    // OpenAI's own masked form, and an abbreviated one.
    expect(redact("key sk-proj-********************Hu0A was rejected")).toBe("key [redacted] was rejected");
    expect(redact("key sk-abc...wxyz was rejected")).toBe("key [redacted] was rejected");
  });

  it("removes bearer tokens", () => {
    expect(redact("Authorization: Bearer abcdefgh12345678")).toBe("Authorization: [redacted]");
  });

  it("leaves text without secrets alone, including short sk- words", () => {
    const text = "TaskSuccess: 55 is not one of 20, 40, 60, 80, 100 (sk-ab, risk-free)";
    expect(redact(text)).toBe(text);
  });

  it("learns the API key when the provider settings are read", () => {
    const env = readProviderEnv("openai", { OPENAI_API_KEY: "plainkey-0123456789" });
    expect(env.apiKey).toBe("plainkey-0123456789");
    expect(redact("401: plainkey-0123456789 is not valid")).toBe("401: [redacted] is not valid");
    readProviderEnv("azure", { AZURE_OPENAI_API_KEY: "azurekey-abcdefghij" });
    expect(redact("azurekey-abcdefghij")).toBe("[redacted]");
  });
});
