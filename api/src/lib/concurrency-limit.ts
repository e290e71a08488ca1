/**
 * At most `slots` holders at once; the others wait their turn, first come first
 * served. `acquire` resolves with the function that gives the slot back.
 */
export interface ConcurrencyLimit {
  acquire(): Promise<() => void>;
}

export function createConcurrencyLimit(slots: number): ConcurrencyLimit {
  let free = slots;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else free += 1;
  };
  return {
    async acquire() {
      if (free > 0) free -= 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      let released = false;
      return () => {
        if (released) return;
        released = true;
        release();
      };
    },
  };
}
