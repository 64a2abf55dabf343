/** How a pool run ended: every item launched, or `canLaunch` said no while items were left. */
export interface PoolEnd {
  stopped: boolean;
}

async function settleOne<R>(running: Map<number, Promise<[number, R]>>): Promise<R> {
  const [id, value] = await Promise.race(running.values());
  running.delete(id);
  return value;
}

/**
 * Runs `work` on the items with at most `limit` in flight, yielding results as they finish. Items are
 * read lazily (one ahead of the work at most). Before each launch `canLaunch(inFlight)` is asked;
 * when it says no, the pool waits for a running item to finish and asks again, and once nothing is
 * running it stops reading (`{stopped: true}`): in-flight work always finishes.
 */
export async function* pool<T, R>(items: AsyncIterable<T>, limit: number, work: (item: T) => Promise<R>, canLaunch: (inFlight: number) => boolean = () => true): AsyncGenerator<R, PoolEnd> {
  const running = new Map<number, Promise<[number, R]>>();
  const iterator = items[Symbol.asyncIterator]();
  let next = 0;
  try {
    for (;;) {
      while (running.size > 0 && (running.size >= limit || !canLaunch(running.size))) yield await settleOne(running);
      if (running.size === 0 && !canLaunch(0)) return { stopped: true };
      const step = await iterator.next();
      if (step.done) break;
      const id = next++;
      const settled = work(step.value).then((value): [number, R] => [id, value]);
      // The rejection reaches the caller through settleOne's race; until that race is attached it
      // must not count as an unhandled rejection.
      settled.catch(() => undefined);
      running.set(id, settled);
    }
    while (running.size > 0) yield await settleOne(running);
    return { stopped: false };
  } finally {
    await iterator.return?.();
  }
}
