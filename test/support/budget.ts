import { availableParallelism, loadavg } from "node:os";

/**
 * A time budget for a test on whatever machine runs it: `ms` on an idle one, scaled by how many
 * processes wait for each core (the one-minute load average over the cores) on a busy one. CI runs
 * on the submitter's machine, busy or not: a wait measured on a quiet laptop fails at load 6 on two
 * cores. Read when called, so a budget set inside a test follows the load of its own moment.
 */
export function generous(ms: number): number {
  const perCore = loadavg()[0]! / availableParallelism();
  return Math.round(ms * Math.max(1, perCore));
}
