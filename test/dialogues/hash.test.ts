/** `dialogueHash`: what `meta.source.dialogue_hash` records, the same for one conversation in every format. */
import { describe, expect, it } from "vitest";
import { dialogueHash } from "../../dialogues/hash.js";
import { parseDialogues } from "../../dialogues/index.js";

describe("dialogueHash", () => {
  it("is the first 16 hex characters of SHA-256 over the turns' [speaker, text] pairs as JSON", () => {
    // printf '%s' '[["user","hi"],["assistant","hello"]]' | sha256sum → 8ba09e74ddca9dcb8953c08cc0f30bfd…
    expect(dialogueHash({ turns: [{ speaker: "user", text: "hi" }, { speaker: "assistant", text: "hello" }] })).toBe("8ba09e74ddca9dcb");
  });

  it("is the same from every file format, and ignores ids, acts, ratings and the assistant's instructions", () => {
    const sources = [
      "USER\thi\tOTHER\t3,4\nSYSTEM\thello\tOTHER\t\nUSER\tOVERALL\t\t4",
      "User: hi\nAssistant: hello",
      "--- Turn 1 ---\nUser: hi\nAssistant: hello",
      JSON.stringify({ id: "x", messages: [{ role: "system", content: "Be kind." }, { role: "user", content: "hi", act: "greet" }, { role: "assistant", content: "hello" }] }),
      JSON.stringify({ conversations: [{ from: "human", value: "hi" }, { from: "gpt", value: "hello" }] }),
      JSON.stringify([{ role: "user", content: [{ type: "text", text: "hi" }] }, { role: "assistant", content: "hello" }]),
    ];
    for (const text of sources) {
      const [dialogue] = parseDialogues(text, "any");
      expect(dialogueHash(dialogue as NonNullable<typeof dialogue>), text).toBe("8ba09e74ddca9dcb");
    }
  });

  it("changes with a speaker or a text", () => {
    expect(dialogueHash({ turns: [{ speaker: "assistant", text: "hi" }, { speaker: "assistant", text: "hello" }] })).not.toBe("8ba09e74ddca9dcb");
    expect(dialogueHash({ turns: [{ speaker: "user", text: "hi" }, { speaker: "assistant", text: "hello!" }] })).not.toBe("8ba09e74ddca9dcb");
  });
});
