import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll } from "vitest";
import { isDialogueParseError, readDialogues, type DialogueParseError } from "../../dialogues/index.js";
import type { Dialogue } from "../../dialogues/dialogue.js";

export const FIXTURES = fileURLToPath(new URL("../fixtures/dialogues/", import.meta.url));

export function fixture(name: string): string {
  return join(FIXTURES, name);
}

export async function readAll(path: string): Promise<Dialogue[]> {
  const out: Dialogue[] = [];
  for await (const d of readDialogues(path)) out.push(d);
  return out;
}

/** The DialogueParseError thrown by `fn`; fails the test if it succeeds or throws something else. */
export function parseError(fn: () => unknown): DialogueParseError {
  try {
    fn();
  } catch (error) {
    if (isDialogueParseError(error)) return error;
    throw error;
  }
  throw new Error("expected a DialogueParseError, but parsing succeeded");
}

/** The DialogueParseError raised while reading `path` with readDialogues. */
export async function readError(path: string): Promise<DialogueParseError> {
  try {
    await readAll(path);
  } catch (error) {
    if (isDialogueParseError(error)) return error;
    throw error;
  }
  throw new Error(`expected a DialogueParseError reading ${path}, but it succeeded`);
}

/** A temporary directory removed after the test file. */
export function tempDir(): { write(name: string, content: string | Buffer): string; path(name: string): string } {
  const dir = mkdtempSync(join(tmpdir(), "tribunal-dialogues-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    write(name, content) {
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    },
    path: (name) => join(dir, name),
  };
}
