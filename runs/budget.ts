/**
 * `--budget <usd>`: decides before each dialogue is launched whether it still fits. The next
 * dialogue is estimated at the running average cost of the finished ones; a dialogue is launched
 * only when spent + (in flight + 1) × average ≤ budget. Until one dialogue has finished there is no
 * average, so one dialogue runs alone first. In-flight dialogues always finish (their lines are
 * written), so the spend can pass the budget only by how much they cost above the average.
 */
export class Budget {
  spentUsd = 0;
  finished = 0;

  constructor(readonly limitUsd: number) {}

  /** The running average cost of a dialogue, once one has finished. */
  averageUsd(): number | undefined {
    return this.finished > 0 ? this.spentUsd / this.finished : undefined;
  }

  canLaunch(inFlight: number): boolean {
    const average = this.averageUsd();
    if (average === undefined) return inFlight === 0 && this.spentUsd < this.limitUsd;
    return this.spentUsd + (inFlight + 1) * average <= this.limitUsd + 1e-12;
  }

  finish(costUsd: number): void {
    this.spentUsd += costUsd;
    this.finished++;
  }
}
