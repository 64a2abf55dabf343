/** Child process of the memory figure: streams N panel dialogues (instant fake model) to a file; prints peak RSS. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PROTOCOLS } from "../graphs/registry.js";
import { evaluateFile } from "../runs/evaluate-batch.js";
import { JsonlFile } from "../runs/jsonl-out.js";
import { writeBenchDialogues } from "./dialogues.js";
import { FakeJudgeModel } from "./fake-model.js";

const n = Number(process.argv[2] ?? 1000);
const dir = mkdtempSync(join(tmpdir(), "tribunal-bench-mem-"));
const input = join(dir, "in.jsonl");
writeBenchDialogues(input, n);
const out = new JsonlFile(join(dir, "out.jsonl"), "truncate");
const summary = await evaluateFile(input, {
  protocol: PROTOCOLS.panel,
  concurrency: 16,
  configurable: { model: "openai:bench", chatModel: new FakeJudgeModel(0), maxRetries: 0 },
  write: (line) => out.write(line),
});
out.close();
rmSync(dir, { recursive: true, force: true });
process.stdout.write(`${JSON.stringify({ n, judged: summary.judged, maxRssKb: process.resourceUsage().maxRSS, wallMs: summary.wallMs })}\n`);
