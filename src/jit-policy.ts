/**
 * The JIT tier-up scale (Bun.unsafe.setJITPolicy) of every process that runs hook code: the daemon,
 * its workers and a call answered in the host's process set it as they start (src/cli.ts,
 * src/daemon/serve.ts). A hook call runs each function about once, and calls come far apart, so
 * compiling is wasted work. It is set here, not baked into the binary (`--compile-jit-policy`), so
 * the client that only hands a call to the daemon and the other commands do not pay for it (the
 * measurements: docs/performance.md#what-a-hook-call-does-to-stay-near-the-floor, "JIT held back").
 */
export const HOOK_JIT_POLICY = 100;
