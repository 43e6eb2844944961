/**
 * The JIT tier-up scale (Bun.unsafe.setJITPolicy) of every process that answers hook calls: the
 * binary starts with it (build/compile.ts), and the daemon and its workers keep it. A hook call
 * runs each function about once, and calls come far apart, so compiling is wasted work: it
 * measured ≈0.7 ms of CPU per call in a process of its own, 0.35 ms in a daemon's worker.
 * The other commands run longer and restore the normal policy (src/main.ts).
 */
export const HOOK_JIT_POLICY = 100;
