/**
 * Starts `agent-connector compile --connector <id>` in the background and does not wait for it: the
 * call that found the compiled connector stale (or missing) answers from the source meanwhile.
 * Best effort: a host that forbids spawning only keeps the slower path.
 */
export function refreshCompiled(id: string, env: Record<string, string | undefined>): void {
  try {
    // Inside a compiled binary our code lives on Bun's embedded file system; from source, bun runs the entry file.
    const self = Bun.main.includes("$bunfs") || Bun.main.includes("~BUN") ? [process.execPath] : [process.execPath, Bun.main];
    Bun.spawn([...self, "compile", "--connector", id, "--quiet"], { env, stdin: "ignore", stdout: "ignore", stderr: "ignore" }).unref();
  } catch {
    // No process to spare: the next call loads the source again.
  }
}
