import { describe, expect, it } from "vitest";
import { DialogueParseError, isDialogueParseError, parseDialogues, readDialogues } from "../../dialogues/index.js";
import { parseError, readAll, readError, tempDir } from "./helpers.js";

const tmp = tempDir();
const RATINGS = "expected a comma-separated list of integer ratings 1-5";

describe("DialogueParseError", () => {
  it("carries file, line, expected and a stable code, and is recognised by name", () => {
    const error = new DialogueParseError("a.tsv", 3, "something", "x".repeat(5000));
    expect(error.name).toBe("DialogueParseError");
    expect(error.code).toBe("TRIBUNAL_BAD_DIALOGUE");
    expect([error.file, error.line, error.expected]).toEqual(["a.tsv", 3, "something"]);
    expect(error.message.startsWith(`a.tsv:3: expected something, got "${"x".repeat(60)}"`)).toBe(true);
    expect(error.message.length).toBeLessThan(120);
    expect(isDialogueParseError(error)).toBe(true);
    expect(isDialogueParseError({ name: "DialogueParseError", code: "TRIBUNAL_BAD_DIALOGUE" })).toBe(true);
    expect(isDialogueParseError(new Error("a.tsv:3: expected something"))).toBe(false);
    expect(isDialogueParseError(null)).toBe(false);
    expect(isDialogueParseError("DialogueParseError")).toBe(false);
  });
});

describe("whole-file problems", () => {
  it("rejects an empty file", async () => {
    const path = tmp.write("empty.tsv", "");
    const error = await readError(path);
    expect(error.message).toBe(`${path}:1: expected at least one dialogue, got ""`);
  });

  it("rejects a file of blank lines, naming its last line", () => {
    expect(parseError(() => parseDialogues("\n  \n\t\n", "blank.txt")).message).toBe(
      'blank.txt:3: expected at least one dialogue, got ""',
    );
  });

  it("rejects an empty JSON array", () => {
    expect(parseError(() => parseDialogues("[]", "none.json")).message).toBe(
      'none.json:1: expected at least one dialogue, got ""',
    );
  });

  it("rejects a missing file with line 0", async () => {
    const path = tmp.path("does-not-exist.tsv");
    const error = await readError(path);
    expect(error.line).toBe(0);
    expect(error.message).toBe(`${path}:0: expected an existing readable file, got "ENOENT"`);
  });

  it("rejects a directory", async () => {
    const error = await readError(tmp.path(""));
    expect(error.line).toBe(0);
    expect(error.expected).toBe("an existing readable file");
  });

  it("rejects binary garbage (a PNG header: invalid UTF-8 on line 1)", async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    const path = tmp.write("image.tsv", png);
    const error = await readError(path);
    expect(error.line).toBe(1);
    expect(error.message).toMatch(new RegExp(`^${escape(path)}:1: expected a UTF-8 text file \\(found invalid UTF-8\\), got "`));
  });

  it("rejects a NUL byte, naming its line", async () => {
    const path = tmp.write("nul.tsv", "SYSTEM\tHi\tOTHER\t\nUSER\tHel\u0000lo\tOTHER\t3\n");
    const error = await readError(path);
    expect(error.message).toBe(`${path}:2: expected a UTF-8 text file (found a NUL byte), got "USER\\tHel\\u0000lo\\tOTHER\\t3"`);
    expect(parseError(() => parseDialogues("SYSTEM\tHi\tOTHER\t\n\u0000\u0001\u0002", "nul.txt")).message).toContain(
      "nul.txt:2: expected a UTF-8 text file",
    );
  });

  it("rejects Latin-1 text", async () => {
    const path = tmp.write("latin1.tsv", Buffer.from("SYSTEM\tCaf\xe9?\tOTHER\t\n", "latin1"));
    const error = await readError(path);
    expect(error.line).toBe(1);
    expect(error.expected).toBe("a UTF-8 text file (found invalid UTF-8)");
  });

  it("rejects text in no known format", () => {
    expect(parseError(() => parseDialogues("\nhello world\n", "notes.txt")).message).toBe(
      "notes.txt:2: expected a dialogue transcript (USS tab-separated lines, USER/SYSTEM lines, JSON/JSONL chat, or 'User:' / 'Assistant:' text with or without '--- Turn N ---' headers), got \"hello world\"",
    );
  });
});

describe("huge lines", () => {
  /** Deterministic printable garbage without line breaks. */
  function garbage(length: number, start: string): string {
    const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ,.;:'\"{}[]\t-_+=!?";
    const chars: string[] = [start];
    let seed = 12345;
    for (let i = start.length; i < length; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      chars.push(alphabet[seed % alphabet.length] ?? "x");
    }
    return chars.join("");
  }

  it.each([
    ["plain garbage", "Zq", "<input>:1: expected a dialogue transcript"],
    ["JSON-looking garbage", '{"', "<input>:1: expected valid JSON ("],
  ])("a 5 MB line of %s fails fast with a short message", (_what, start, prefix) => {
    const text = garbage(5 * 1024 * 1024, start);
    const began = performance.now();
    const error = parseError(() => parseDialogues(text));
    const elapsed = performance.now() - began;
    expect(error.message.slice(0, prefix.length)).toBe(prefix);
    expect(error.message.length).toBeLessThan(400);
    expect(elapsed).toBeLessThan(5000);
  });

  it("a 5 MB line read from a file fails fast with a short message", async () => {
    const path = tmp.write("garbage.txt", garbage(5 * 1024 * 1024, "Zq"));
    const began = performance.now();
    const error = await readError(path);
    expect(performance.now() - began).toBeLessThan(5000);
    expect(error.message.startsWith(`${path}:1: expected a dialogue transcript`)).toBe(true);
    expect(error.message.length).toBeLessThan(400 + path.length);
  });

  it("a line over 10 MB is rejected while streaming, naming its line", async () => {
    const path = tmp.write("long.tsv", `SYSTEM\tHi\tOTHER\t\nUSER\t${"a".repeat(11 * 1024 * 1024)}\tOTHER\t3\n`);
    const error = await readError(path);
    expect(error.message).toBe(`${path}:2: expected lines of at most 10485760 bytes (10 MB), got "USER\\t${"a".repeat(55)}"… (240 chars)`);
  });

  it("a line over 10 MB is rejected in memory too", () => {
    const error = parseError(() => parseDialogues(`SYSTEM\tHi\tOTHER\t\n${"b".repeat(10 * 1024 * 1024 + 1)}`, "long.txt"));
    expect(error.line).toBe(2);
    expect(error.expected).toBe("lines of at most 10485760 bytes (10 MB)");
  });
});

describe("USS lines", () => {
  it("rejects a line with fewer than 4 columns in a TSV file", () => {
    expect(parseError(() => parseDialogues("SYSTEM\tHi\tOTHER\t\nUSER\tonly two\n", "cols.tsv")).message).toBe(
      'cols.tsv:2: expected 4 tab-separated columns ROLE, text, action, ratings (found 2), got "USER\\tonly two"',
    );
  });

  it.each(["3,x,2", "3,,4", "7", "0,3", "3,4,"])("rejects the ratings list %s in a TSV file", (ratings) => {
    const text = `SYSTEM\tHi\tOTHER\t\nUSER\tHello\tOTHER\t${ratings}\n`;
    expect(parseError(() => parseDialogues(text, "r.tsv")).message).toBe(
      `r.tsv:2: ${RATINGS} (e.g. 3,4,4), got ${JSON.stringify(ratings)}`,
    );
  });

  it.each([
    ["USER\tHello\tOTHER\t3,,4", "3,,4"],
    ["USER Hello OTHER 9,2", "9,2"],
    ["USER Hello 3,,4", "3,,4"],
    ["USER OVERALL OTHER 6", "6"],
  ])("rejects bad ratings in a loose line: %j", (line, ratings) => {
    expect(parseError(() => parseDialogues(`SYSTEM Hi OTHER\n${line}\n`, "loose.txt")).message).toBe(
      `loose.txt:2: ${RATINGS} (e.g. 3,4,4), got ${JSON.stringify(ratings)}`,
    );
  });

  it("rejects an unknown role", () => {
    expect(parseError(() => parseDialogues("BOT\thi\tOTHER\t\n", "role.tsv")).message).toBe(
      'role.tsv:1: expected role USER or SYSTEM, got "BOT"',
    );
    expect(parseError(() => parseDialogues("SYSTEM hi OTHER\nBOT hi OTHER\n", "role.txt")).message).toBe(
      'role.txt:2: expected a line starting with role USER or SYSTEM, got "BOT hi OTHER"',
    );
  });

  it("rejects a session with an OVERALL line but no turns", () => {
    const text = "SYSTEM\tHi\tOTHER\t\n\nUSER\tOVERALL\tOTHER\t3,3\n";
    expect(parseError(() => parseDialogues(text, "o.tsv")).message).toBe(
      'o.tsv:3: expected at least one turn before the OVERALL line, got "USER\\tOVERALL\\tOTHER\\t3,3"',
    );
  });

  it("rejects a turn after OVERALL without a blank line", () => {
    const text = "SYSTEM\tHi\tOTHER\t\nUSER\tOVERALL\tOTHER\t3\nSYSTEM\tAgain\tOTHER\t\n";
    expect(parseError(() => parseDialogues(text, "o.tsv")).line).toBe(3);
  });
});

describe("JSON and JSONL", () => {
  const OBJECT = "expected a chat dialogue ({id?, messages:[{role, content}]}, {id?, conversations:[{from, value}]} or a list of messages)";

  it.each([
    ['{"foo":1}', `${OBJECT} (no messages or conversations)`],
    // A list of non-messages is a list of dialogues (a one-line JSON document): its first element is the problem.
    ["[1,2]", `${OBJECT} (Invalid input: expected object, received number)`],
    ['"x"', `${OBJECT} (Invalid input: expected object, received string)`],
    ['{"messages":[{"role":"user"}]}', "expected a message text (content or value) or a tool call at messages[0]"],
  ])("rejects the JSONL line %s, which is not a dialogue", (line, expected) => {
    const text = `{"messages":[{"role":"user","content":"ok"}]}\n${line}\n`;
    expect(parseError(() => parseDialogues(text, "chats.jsonl")).message).toBe(`chats.jsonl:2: ${expected}, got ${JSON.stringify(line)}`);
  });

  it("rejects invalid JSON with the column of the error", () => {
    const text = '{"messages":[{"role":"user","content":"ok"}]}\n{"id": 1, "messages": [}\n';
    expect(parseError(() => parseDialogues(text, "chats.jsonl")).message).toBe(
      'chats.jsonl:2: expected valid JSON (Unexpected token \'}\' at column 24), got "{\\"id\\": 1, \\"messages\\": [}"',
    );
  });

  it("rejects invalid JSON in a .json document with the line and column of the error", async () => {
    const path = tmp.write("broken.json", '[\n  {"messages": [{"role": "user", "content": "a"}]},\n  {"messages": [}\n]\n');
    const error = await readError(path);
    expect(error.line).toBe(3);
    expect(error.expected).toBe("valid JSON (Unexpected token '}' at column 17)");
  });

  it("rejects an unknown role naming the line and the message index", () => {
    const text = '{"messages":[{"role":"user","content":"a"}]}\n{"messages":[{"role":"user","content":"a"},{"role":"narrator","content":"b"}]}\n';
    expect(parseError(() => parseDialogues(text, "roles.jsonl")).message).toBe(
      'roles.jsonl:2: expected a message role user, human, assistant, ai, gpt, bot, agent, model, system, developer, tool, function, observation or function_call at messages[1].role, got "narrator"',
    );
  });

  it("rejects a dialogue with only system messages", () => {
    expect(parseError(() => parseDialogues('{"messages":[{"role":"system","content":"a"}]}', "s.jsonl")).expected).toBe(
      "at least one user or assistant message with text or a tool call",
    );
  });

  it("names the line of a bad element in a JSON array", () => {
    const text = '[\n  {"messages": [{"role": "user", "content": "a"}]},\n\n  {"messages": []}\n]';
    const error = parseError(() => parseDialogues(text, "arr.json"));
    expect(error.message).toBe(
      `arr.json:4: ${OBJECT} (messages: Too small: expected array to have >=1 items), got "  {\\"messages\\": []}"`,
    );
  });
});

describe("turn text", () => {
  it("rejects text that belongs to no message", () => {
    expect(parseError(() => parseDialogues("--- Turn 1 ---\nhello\n", "t.txt")).message).toBe(
      "t.txt:2: expected a 'User:' or 'Assistant:' line (or '--- Turn N ---'), got \"hello\"",
    );
  });

  it("rejects a dialogue header with no messages", () => {
    const error = parseError(() => parseDialogues("=== Dialogue a ===\n=== Dialogue b ===\nUser: x\n", "t.txt"));
    expect(error.line).toBe(1);
    expect(error.expected).toBe("at least one 'User:' or 'Assistant:' line in the dialogue");
  });
});

describe("reading stops cleanly", () => {
  it("lets a consumer stop early", async () => {
    const path = tmp.write("many.tsv", "SYSTEM\tA\tOTHER\t\n\nSYSTEM\tB\tOTHER\t\n\nSYSTEM\tC\tOTHER\t\n");
    const seen: string[] = [];
    for await (const d of readDialogues(path)) {
      seen.push(d.turns[0]?.text ?? "");
      if (seen.length === 2) break;
    }
    expect(seen).toEqual(["A", "B"]);
    expect((await readAll(path)).length).toBe(3);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
