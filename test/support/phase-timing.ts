/**
 * Where a page walk spends its time: each step's duration added up by phase (load, axe, screenshot…), printed at the
 * end of the file when SHELFMARK_E2E_TIMING=1, with every step when it is `verbose`. Costs nothing otherwise.
 */
export interface PhaseTiming {
  /** Runs `step`, adding its duration to `phase` (and naming `where` in the verbose log). */
  time<T>(phase: string, where: string, step: () => Promise<T>): Promise<T>;
  /** The totals per phase, as printed lines (empty when timing is off). */
  report(): string;
}

export function phaseTiming(label: string): PhaseTiming {
  const mode = process.env.SHELFMARK_E2E_TIMING;
  const totals = new Map<string, { ms: number; count: number }>();
  return {
    async time(phase, where, step) {
      if (!mode) return step();
      const started = performance.now();
      try {
        return await step();
      } finally {
        const ms = performance.now() - started;
        const total = totals.get(phase) ?? { ms: 0, count: 0 };
        totals.set(phase, { ms: total.ms + ms, count: total.count + 1 });
        if (mode === 'verbose') console.info(`[${label}] ${phase} ${where}: ${Math.round(ms)} ms`);
      }
    },
    report() {
      if (!mode) return '';
      return [...totals]
        .sort(([, a], [, b]) => b.ms - a.ms)
        .map(
          ([phase, { ms, count }]) =>
            `[${label}] ${phase}: ${(ms / 1000).toFixed(1)} s over ${count} (${Math.round(ms / count)} ms each)`,
        )
        .join('\n');
    },
  };
}
