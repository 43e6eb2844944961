type Fs = typeof import("node:fs");

/**
 * The ledger's lock file, `audit/.lock`: whoever holds it may read the last record and append the
 * next (src/hook/ledger-write.ts), rotate the files, or list and open them all at one moment (the
 * daemon's shipping, src/daemon/otlp-batch.ts). A lock left by a process killed while holding it
 * goes stale after STALE_LOCK_MS. node:fs is passed in: the hook path loads it only once its reply is out.
 */
const STALE_LOCK_MS = 2_000;
const LOCK_WAIT_MS = 3_000;

/** Takes the lock file (created exclusively, never through a symlink); returns its release. */
export function lock(fs: Fs, path: string): () => void {
  const { O_CREAT, O_EXCL, O_NOFOLLOW, O_WRONLY } = fs.constants;
  const flags = (O_WRONLY | O_CREAT | O_EXCL | (O_NOFOLLOW ?? 0)) as unknown as string;
  const giveUp = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      fs.closeSync(fs.openSync(path, flags, 0o600));
      return () => {
        try {
          fs.unlinkSync(path);
        } catch {
          // Already broken as stale by another writer.
        }
      };
    } catch (error) {
      if ((error as { code?: string }).code !== "EEXIST") return () => {};
      const since = fs.lstatSync(path, { throwIfNoEntry: false })?.mtimeMs;
      if (since !== undefined && Date.now() - since > STALE_LOCK_MS) {
        try {
          fs.unlinkSync(path);
        } catch {
          // Another writer broke it first.
        }
        continue;
      }
      if (Date.now() > giveUp) return () => {};
      Bun.sleepSync(1);
    }
  }
}
