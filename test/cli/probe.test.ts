/**
 * A run never silently changes judge: a probe call before the first dialogue stops a run whose model
 * cannot judge (exit 2, one line saying what to fix), a circuit breaker stops a run whose calls keep
 * failing the same way, and every line says who scored it (exit 1 when some agent fell back).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { startErrorServer, type ErrorServer } from "../http/error-server.js";
import { deadPort } from "../support/dead-port.js";
import { startOpenAIStub, type OpenAIStub } from "../support/openai-stub.js";
import { panelAnswer } from "../support/panel-answers.js";
import { expectNoStackTrace, parseLines, runCli, stderrLines } from "./helpers.js";

const CUSTOMER_SERVICE = "examples/customer-service.jsonl";
const MODEL = "openai:gpt-4o-mini";
const dir = mkdtempSync(join(tmpdir(), "tribunal-probe-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const isProbe = (system: string) => system.includes("order 1234 has not arrived");

describe("the probe before the first dialogue", () => {
  let stub: OpenAIStub | undefined;
  let errors: ErrorServer | undefined;
  afterEach(async () => {
    await stub?.close();
    await errors?.close();
    stub = undefined;
    errors = undefined;
  });

  it("a server that is not there: exit 2, one line saying what to fix, nothing written", async () => {
    const baseUrl = `http://127.0.0.1:${await deadPort()}/v1`;
    const out = join(dir, "dead.jsonl");
    const run = await runCli(["evaluate", CUSTOMER_SERVICE, "--model", MODEL, "--base-url", baseUrl, "--max-retries", "1", "--retry-base", "1", "--out", out]);
    expect(run.code).toBe(2);
    expect(stderrLines(run)).toEqual([expect.stringMatching(new RegExp(`^tribunal: the probe call to ${MODEL} failed \\(connection: .*\\); cannot reach ${MODEL} at ${baseUrl.replace(/[./]/g, "\\$&")}: check --base-url`))]);
    expect(run.stdout).toBe("");
    expect(existsSync(out)).toBe(false);
    expectNoStackTrace(run);
  });

  it("a model the server does not know (404): exit 2, and the line names the model", async () => {
    errors = await startErrorServer(404, () => ({ error: { message: "The model `gpt-4o-mini` does not exist", type: "invalid_request_error", code: "model_not_found" } }));
    const run = await runCli(["evaluate", CUSTOMER_SERVICE, "--model", MODEL, "--base-url", errors.baseUrl, "--max-retries", "0"]);
    expect(run.code).toBe(2);
    expect(stderrLines(run)).toEqual([expect.stringMatching(/^tribunal: the probe call to openai:gpt-4o-mini failed \(error: HTTP 404: .*does not exist\); .* does not know this model: check the model name in --model$/)]);
    // One request: the probe, and no dialogue after it.
    expect(errors.authorizations).toHaveLength(1);
  });

  it("a server that refuses the request (400): exit 2, and the line says structured output may be unsupported", async () => {
    errors = await startErrorServer(400, () => ({ error: { message: "tool_choice is not supported", type: "invalid_request_error" } }));
    const run = await runCli(["evaluate", CUSTOMER_SERVICE, "--model", MODEL, "--base-url", errors.baseUrl, "--max-retries", "0"]);
    expect(run.code).toBe(2);
    expect(stderrLines(run)).toEqual([expect.stringMatching(/refused the request: the model or server may not support tool calling or json_schema structured output$/)]);
  });

  it("a model that answers: one probe request, then every dialogue; lines say the model scored them, exit 0", async () => {
    stub = await startOpenAIStub((request) => ({ json: panelAnswer(request.body.messages[0]?.content ?? "", request.schemaName) }));
    const run = await runCli(["evaluate", CUSTOMER_SERVICE, "--model", MODEL, "--base-url", stub.baseUrl, "--max-retries", "0"]);
    expect(run.code, run.stderr).toBe(0);
    const lines = parseLines(run.stdout);
    const probes = stub.requests.filter((r) => isProbe(r.body.messages[0]?.content ?? ""));
    expect(probes.map((r) => r.index)).toEqual([0]);
    expect(probes[0]?.schemaName).toBe("evaluator");
    expect(stub.requests).toHaveLength(1 + 2 * lines.length);
    for (const line of lines) expect(line.meta).toMatchObject({ status: "scored", scored_by: MODEL });
  });
});

describe("during the run", () => {
  let stub: OpenAIStub | undefined;
  afterEach(async () => {
    await stub?.close();
    stub = undefined;
  });

  it("calls failing the same way K times in a row stop the run: exit 2, the lines so far kept, --resume continues", async () => {
    // The probe and the first dialogue's calls answer; after that every request is refused (400).
    let answered = 0;
    let mended = false;
    stub = await startOpenAIStub((request) =>
      mended || answered++ < 3 ? { json: panelAnswer(request.body.messages[0]?.content ?? "", request.schemaName) } : { status: 400, errorBody: { error: { message: "context length exceeded", type: "invalid_request_error" } } },
    );
    const out = join(dir, "breaker.jsonl");
    const args = ["evaluate", CUSTOMER_SERVICE, "--model", MODEL, "--base-url", stub.baseUrl, "--max-retries", "0", "--concurrency", "1", "--max-consecutive-failures", "3", "--out", out];
    const run = await runCli(args);
    expect(run.code).toBe(2);
    expect(stderrLines(run)).toEqual([expect.stringMatching(/^tribunal: stopped after 3 calls in a row failed the same way \(.*HTTP 400: context length exceeded\); the lines written so far are kept: fix the model or server, then rerun with --resume$/)]);
    // The first dialogue scored by the model; the second fell back for both agents (failures 1 and 2); the
    // third dialogue's first call was the third failure in a row: the run stopped before its line.
    const kept = parseLines(readFileSync(out, "utf8"));
    expect(kept.map((l) => l.meta.scored_by)).toEqual([MODEL, "offline-fallback"]);
    expect(stub.requests).toHaveLength(3 + 3);
    // Once the server is mended, --resume judges the dialogues the file lacks and keeps the two lines.
    mended = true;
    const resumed = await runCli([...args, "--resume"]);
    const all = parseLines(readFileSync(out, "utf8"));
    expect(all.slice(0, 2)).toEqual(kept);
    expect(all.map((l) => l.dialogue_id).sort()).toEqual(readFileSync(CUSTOMER_SERVICE, "utf8").trim().split("\n").map((l) => (JSON.parse(l) as { id: string }).id).sort());
    expect(all.slice(2).every((l) => l.meta.scored_by === MODEL)).toBe(true);
    // The exit code speaks of the dialogues this run judged (the kept fallback line stays; --retry-fallbacks would redo it).
    expect(resumed.code, resumed.stderr).toBe(0);
  });

  it("an agent that fell back: the line is scored, says which agent the offline judge answered for, and the exit code is 1", async () => {
    stub = await startOpenAIStub((request) => (request.schemaName === "critic" && !isProbe(request.body.messages[0]?.content ?? "") ? { status: 500 } : { json: panelAnswer(request.body.messages[0]?.content ?? "", request.schemaName) }));
    const run = await runCli(["evaluate", CUSTOMER_SERVICE, "--model", MODEL, "--base-url", stub.baseUrl, "--max-retries", "0"]);
    expect(run.code, run.stderr).toBe(1);
    const lines = parseLines(run.stdout);
    for (const line of lines) expect(line.meta).toMatchObject({ status: "scored", scored_by: { evaluator: MODEL, critic: "offline-fallback" } });
    expect(stderrLines(run)[0]).toMatch(new RegExp(`· ${lines.length} of ${lines.length} scored dialogues fell back to the offline judge for some agent, not the requested model`));
  });
});
