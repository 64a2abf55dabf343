import { fork, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Dialogue } from "../dialogues/dialogue.js";
import { ConfigError } from "../judges/config-error.js";
import type { CallGate } from "../judges/retry.js";
import type { Judged, RunSpec } from "./line-judge.js";
import type { FromWorker, ToWorker, WireError } from "./worker-messages.js";

/** The worker script beside this module: the TypeScript source through tsx in a checkout, else the compiled one. */
function workerScript(): { path: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith(".ts")) {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
    return { path: here.replace(/worker-pool\.ts$/, "worker-process.ts"), execArgv: ["--import", tsx] };
  }
  return { path: here.replace(/worker-pool\.js$/, "worker-process.js"), execArgv: [] };
}

function fromWire(error: WireError): Error {
  if (error.name === "ConfigError") return new ConfigError(error.message);
  return Object.assign(new Error(error.message), { name: error.name });
}

interface Pending {
  resolve: (judged: Judged) => void;
  reject: (error: Error) => void;
}

/** One worker process and the dialogues it is judging. */
class Worker {
  readonly pending = new Map<number, Pending>();
  exited = false;

  constructor(readonly child: ChildProcess) {}

  /** False once the worker has gone (its exit rejects what it had in flight). */
  send(message: ToWorker): boolean {
    if (!this.child.connected) return false;
    this.child.send(message, undefined, {}, () => undefined);
    return true;
  }
}

/**
 * `--workers N`: N processes judging the run's dialogues, each with the judge rebuilt from the run's
 * spec. A dialogue goes to the worker with the fewest in flight; its `Judged` comes back whole. The
 * `--rpm` gate stays in this process, so the limit holds across every worker.
 */
export class WorkerPool {
  private next = 0;

  private constructor(private readonly workers: Worker[]) {}

  static async start(count: number, spec: RunSpec, gate?: CallGate): Promise<WorkerPool> {
    const script = workerScript();
    const workers = Array.from({ length: count }, () => {
      // A worker's stdout goes to this process's stderr: stdout carries the run's JSON lines only.
      const child = fork(script.path, [], { execArgv: script.execArgv, serialization: "advanced", stdio: ["ignore", 2, 2, "ipc"] });
      return new Worker(child);
    });
    const pool = new WorkerPool(workers);
    try {
      await Promise.all(workers.map((worker) => pool.attach(worker, spec, gate)));
    } catch (e) {
      await pool.close();
      throw e;
    }
    return pool;
  }

  /** Starts the worker's judge and answers its messages; resolves once the judge is built. */
  private attach(worker: Worker, spec: RunSpec, gate: CallGate | undefined): Promise<void> {
    return new Promise<void>((ready, failed) => {
      worker.child.on("message", (message: FromWorker) => {
        if (message.type === "ready") ready();
        else if (message.type === "start-failed") failed(fromWire(message.error));
        else if (message.type === "acquire") void gate?.acquire().then(() => worker.send({ type: "granted", id: message.id }));
        else if (message.type === "judged" || message.type === "failed") {
          const pending = worker.pending.get(message.id);
          worker.pending.delete(message.id);
          if (message.type === "judged") pending?.resolve(message.judged);
          else pending?.reject(fromWire(message.error));
        }
      });
      worker.child.on("exit", (code, signal) => {
        worker.exited = true;
        const why = new Error(`a worker process stopped (${signal ?? `exit code ${code}`}) with ${worker.pending.size} dialogue(s) in flight; the lines written so far are kept: rerun with --resume`);
        for (const pending of worker.pending.values()) pending.reject(why);
        worker.pending.clear();
        failed(why);
      });
      worker.send({ type: "start", spec, gated: gate !== undefined });
    });
  }

  judgeLine(dialogue: Dialogue): Promise<Judged> {
    const alive = this.workers.filter((w) => !w.exited);
    if (alive.length === 0) return Promise.reject(new Error("every worker process has stopped"));
    const worker = alive.reduce((least, w) => (w.pending.size < least.pending.size ? w : least));
    const id = this.next++;
    return new Promise<Judged>((resolve, reject) => {
      worker.pending.set(id, { resolve, reject });
      if (!worker.send({ type: "judge", id, dialogue })) {
        worker.pending.delete(id);
        reject(new Error("a worker process stopped before it could take a dialogue"));
      }
    });
  }

  /** Lets every worker go (they exit when their channel closes) and waits until they have. */
  async close(): Promise<void> {
    await Promise.all(
      this.workers.map(async (worker) => {
        if (worker.exited) return;
        const exited = once(worker.child, "exit");
        if (worker.child.connected) worker.child.disconnect();
        else worker.child.kill();
        await exited;
      }),
    );
  }
}
