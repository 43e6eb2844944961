/** Starts `daemon serve` in the background, in a session of its own: neither the caller nor the host waits for it. */
export function spawnDaemon(env: Record<string, string | undefined> = process.env): void {
  Bun.spawn([process.execPath, "daemon", "serve"], { detached: true, stdio: ["ignore", "ignore", "ignore"], cwd: "/", env: { ...env } }).unref();
}
