/**
 * Starts `agent-connector compile --connector <id>` in the background and does not wait for it: the
 * call that found the compiled connector stale (or missing) answers from the source meanwhile.
 * Best effort: a host that forbids spawning only keeps the slower path.
 */
/** As BACKGROUND_DEADLINE_S in src/commands/compile.ts (not imported: the hook path does not load the CLI). */
const COMPILE_DEADLINE_S = 30;

export function refreshCompiled(id: string, env: Record<string, string | undefined>): void {
  try {
    // Inside a compiled binary our code lives on Bun's embedded file system; from source, bun runs the entry file.
    const self = Bun.main.includes("$bunfs") || Bun.main.includes("~BUN") ? [process.execPath] : [process.execPath, Bun.main];
    // With a deadline: nobody waits for it, and a config whose top level never finishes would keep it forever.
    Bun.spawn([...self, "compile", "--connector", id, "--quiet", "--deadline", String(COMPILE_DEADLINE_S)], {
      env,
      stdin: "ignore",
      stdout: "ignore",
      stderr: "ignore",
    }).unref();
  } catch {
    // No process to spare: the next call loads the source again.
  }
}
