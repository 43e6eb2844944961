/**
 * The JIT tier-up scale (Bun.unsafe.setJITPolicy) of every process that runs hook code: the daemon,
 * its workers and a call answered in the host's process set it as they start (src/cli.ts,
 * src/daemon/serve.ts). A hook call runs each function about once, and calls come far apart, so
 * compiling is wasted work: it measured ≈0.7 ms of CPU per call in a process of its own, 0.35 ms in
 * a daemon's worker. It is not baked into the binary (`--compile-jit-policy`): the process that only
 * hands a call to the daemon paid ≈0.7 ms more with it, and the other commands run longer.
 */
export const HOOK_JIT_POLICY = 100;
