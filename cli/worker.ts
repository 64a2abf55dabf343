import { Command } from "@commander-js/extra-typings";
import { runWorker } from "../runs/queue/worker.js";
import { positiveInt } from "./evaluate-options.js";
import { COMMANDS } from "./overview.js";
import { queueNameOption, queueTarget } from "./queue-options.js";
import { reportError } from "./report-error.js";

export function registerWorker(program: Command) {
  program
    .command("worker")
    .description(COMMANDS.worker.description)
    .requiredOption("--queue <redis-url>", "the Redis the runs were submitted to (tribunal evaluate --queue): redis://[:password@]host:port[/db], rediss:// for TLS")
    .addOption(queueNameOption())
    .option("--concurrency <n>", "dialogues this process judges at the same time", positiveInt("--concurrency"), 4)
    .option("--lock-ms <ms>", "how long a job stays with a worker that stopped answering (killed, frozen, cut off) before another worker takes it again; a live worker renews its lock every half of this", positiveInt("--lock-ms"), 30_000)
    .option("--exit-when-empty", "stop once nothing is waiting, delayed or being judged on the queue (batch jobs, CI)", false)
    .addHelpText(
      "after",
      `
A worker judges the dialogues of every run submitted to its queue. Each run's settings travel with
the run (protocol, rubric, models, options; no API key): the worker reads its API keys from its own
environment (OPENAI_API_KEY, ANTHROPIC_API_KEY, …), so start it where those are set. Every machine
needs the same tribunal version: a worker whose prompts or rubrics differ computes another config
hash and refuses the job. --rpm given to tribunal evaluate --queue is one limit shared by all
workers (BullMQ's global rate limiter). SIGTERM or Ctrl-C finishes the jobs in flight, then exits; a
second one ends it at once (those jobs go back to the queue after --lock-ms). A worker killed outright
loses nothing either: its jobs are taken again once their lock expires, and each dialogue's line is
written once.

Exit codes: 0 when stopped; 2 when Redis cannot be reached or the options are wrong.`,
    )
    .action(async (opts) => {
      // The first SIGTERM / Ctrl-C stops gracefully; the handler is then removed, so a second one ends
      // the process at once (its jobs go back to the queue when their lock expires).
      let stopWith: (() => void) | undefined;
      const stop = new Promise<"graceful">((resolve) => (stopWith = () => resolve("graceful")));
      const handler = () => {
        process.off("SIGTERM", handler);
        process.off("SIGINT", handler);
        stopWith?.();
      };
      process.on("SIGTERM", handler);
      process.on("SIGINT", handler);
      try {
        await runWorker({
          target: queueTarget(opts.queue, opts.queueName),
          concurrency: opts.concurrency,
          lockMs: opts.lockMs,
          exitWhenEmpty: opts.exitWhenEmpty,
          log: (line) => process.stderr.write(`${line}\n`),
          stop,
        });
      } catch (e) {
        reportError(e);
      } finally {
        process.off("SIGTERM", handler);
        process.off("SIGINT", handler);
      }
    });
}
