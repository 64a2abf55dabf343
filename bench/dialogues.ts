import { writeFileSync } from "node:fs";

/** One six-turn customer-service chat; its id is also in its text, so every chat's text differs. */
export function benchMessages(id: string): { role: "user" | "assistant"; content: string }[] {
  return [
    { role: "user", content: `Hi, my order ${id} has not arrived and the tracking page shows nothing.` },
    { role: "assistant", content: `I'm sorry about that. I can see order ${id} left our warehouse on Monday; the carrier scan is late.` },
    { role: "user", content: "Can you tell me when it will arrive? I need it for Saturday." },
    { role: "assistant", content: "The carrier estimates Friday. I have flagged it as urgent and sent you the new tracking link." },
    { role: "user", content: "Great, thanks for the quick help." },
    { role: "assistant", content: "You're welcome. Anything else I can do?" },
  ];
}

/** `n` bench chats, one JSON line each, written to `path`; their ids start with `prefix`. */
export function writeBenchDialogues(path: string, n: number, prefix = "b"): void {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = `${prefix}${i}`;
    lines.push(JSON.stringify({ id, messages: benchMessages(id) }));
  }
  writeFileSync(path, `${lines.join("\n")}\n`);
}
