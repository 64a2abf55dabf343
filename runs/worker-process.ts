// A `--workers` process: builds the run's judge from the spec it is sent, then judges the dialogues
// it is given and sends each `Judged` back. The run's process owns everything shared (the --out file,
// resume, budget, progress, summary and the --rpm gate, which calls here ask for over IPC).
import { redact } from "../util/redact.js";
import type { CallGate } from "../judges/retry.js";
import { createLineJudge, type LineJudge } from "./line-judge.js";
import { toWire, type FromWorker, type ToWorker } from "./worker-messages.js";

// Once the run has gone (it stopped on an error), answers have nowhere to go: they are dropped.
const send = (message: FromWorker): void => {
  if (process.connected) process.send?.(message, undefined, {}, () => undefined);
};

/** `--rpm` across every worker: each call waits for the run's gate to grant it. */
function ipcGate(): { gate: CallGate; granted: (id: number) => void } {
  const waiting = new Map<number, () => void>();
  let next = 0;
  return {
    gate: {
      acquire: () =>
        new Promise<void>((resolve) => {
          const id = next++;
          waiting.set(id, resolve);
          send({ type: "acquire", id });
        }),
    },
    granted: (id) => {
      waiting.get(id)?.();
      waiting.delete(id);
    },
  };
}

let judge: LineJudge | undefined;
const gate = ipcGate();

process.on("message", (message: ToWorker) => {
  if (message.type === "start") {
    try {
      judge = createLineJudge(message.spec, message.gated ? { callGate: gate.gate } : {});
      send({ type: "ready" });
    } catch (e) {
      send({ type: "start-failed", error: toWire(e) });
    }
  } else if (message.type === "granted") {
    gate.granted(message.id);
  } else if (message.type === "judge") {
    const { id, dialogue } = message;
    if (!judge) return send({ type: "failed", id, error: { name: "Error", message: "the worker was given a dialogue before its run's settings" } });
    judge.judgeLine(dialogue).then(
      (judged) => send({ type: "judged", id, judged }),
      (e: unknown) => send({ type: "failed", id, error: { ...toWire(e), message: redact(toWire(e).message) } }),
    );
  }
});

// The run ended or died: nothing here is worth finishing alone.
process.on("disconnect", () => process.exit(0));
