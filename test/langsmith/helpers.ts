import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { answer, CRITIQUE, DIALOGUE } from "../consensus/helpers.js";
import { critique, verdicts } from "../panel/helpers.js";
import type { StubHandler } from "../support/openai-stub.js";
import type { RecordedRequest } from "./endpoint.js";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Fresh fake secrets per run, so a hit in a payload can only come from this run. */
export function fakeSecrets() {
  return { langsmithKey: `lsv2-test-${randomBytes(12).toString("hex")}`, openaiKey: `sk-test-${randomBytes(16).toString("hex")}` };
}

/** A refund dialogue (consensus helpers') and a second one, both quoting text the panel's evaluator can cite. */
export const REFUND: Dialogue = { ...DIALOGUE, overallRatings: undefined, turns: DIALOGUE.turns.map(({ speaker, text }) => ({ speaker, text })) };
export const SECOND: Dialogue = { ...REFUND, id: "refund-2" };
const QUOTE = 'USER: "I was charged twice for order 48213."';

/**
 * The OpenAI stub's script for every role: the panel agrees on 80s; strict says 2, generous 4 and
 * strict keeps its scores after the critique, so a consensus run needs a debate round and ends
 * without agreement.
 */
export const judgeScript: StubHandler = (request) => {
  switch (request.schemaName) {
    case "evaluator":
      return { json: verdicts([80, 80, 80, 80, 80, 80], QUOTE) };
    case "critic":
      return { json: { critic: critique() } };
    case "strict":
    case "strict_refinement":
      return { json: answer(2, 2, "strict") };
    case "generous":
      return { json: answer(4, 4, "generous") };
    case "debate_critique":
      return { json: { critique: CRITIQUE } };
    default:
      return { status: 400, errorBody: { error: { message: `no script for ${String(request.schemaName)}` } } };
  }
};

/** The two dialogues as a JSONL chat file in a fresh temporary folder. */
export function dialoguesFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), "tribunal-langsmith-")), "refunds.jsonl");
  const line = (d: Dialogue) => JSON.stringify({ id: d.id, messages: d.turns.map((t) => ({ role: t.speaker, content: t.text })) });
  writeFileSync(file, `${line(REFUND)}\n${line(SECOND)}\n`);
  return file;
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  elapsedMs: number;
}

/** `node bin/tribunal.js …` with exactly the tracing and provider variables given (none inherited). */
export function runTracedCli(args: readonly string[], env: Record<string, string>): Promise<CliRun> {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(base)) if (/^(LANGSMITH_|LANGCHAIN_|OPENAI_|AZURE_OPENAI_)/.test(name)) delete base[name];
  const started = performance.now();
  return new Promise((resolve) => {
    execFile(process.execPath, ["bin/tribunal.js", ...args], { cwd: ROOT, env: { ...base, ...env }, maxBuffer: 64 * 1024 * 1024, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr, elapsedMs: performance.now() - started });
    });
  });
}

/** Every request body and header value that carries one of the secrets (the LangSmith key is allowed in `x-api-key` only). */
export function leaks(requests: readonly RecordedRequest[], secrets: { langsmithKey: string; openaiKey: string }): string[] {
  const found: string[] = [];
  for (const r of requests) {
    for (const secret of [secrets.langsmithKey, secrets.openaiKey]) if (r.body.includes(secret)) found.push(`${r.method} ${r.path} body`);
    for (const [name, value] of Object.entries(r.headers)) {
      if (String(value).includes(secrets.openaiKey)) found.push(`${r.method} ${r.path} header ${name}`);
      if (name !== "x-api-key" && String(value).includes(secrets.langsmithKey)) found.push(`${r.method} ${r.path} header ${name}`);
    }
  }
  return found;
}
