import { fstatSync, ftruncateSync, readSync } from "node:fs";

/** Emptied between calls once it holds this much. */
const KEEP_BYTES = 1 << 20;

/**
 * What user code prints on stderr during one call of a daemon's worker (src/hook/worker.ts). The
 * daemon gives the worker a file of its own, opened for appending, as its stderr: every way user
 * code writes there (console, process.stderr, Bun.write, node:fs on fd 2) lands in it in order,
 * and reading it back after the call takes no other process's help and cannot block the way a
 * pipe the worker both writes and reads would (a full pipe would stop user code's writes for good).
 * Not a regular file (a worker started by hand): nothing is captured.
 */
export function stderrCapture(): { begin(): void; end(): string; from(): number | undefined } {
  let from = 0;
  let capturing = false;
  try {
    capturing = fstatSync(2).isFile();
  } catch {
    // No fd 2.
  }
  const size = () => {
    try {
      return fstatSync(2).size;
    } catch {
      return from; // user code closed fd 2
    }
  };
  return {
    /** Where this call's output begins in the file; undefined when nothing is captured. */
    from: () => (capturing ? from : undefined),
    begin() {
      if (!capturing) return;
      from = size();
      if (from < KEEP_BYTES) return;
      try {
        ftruncateSync(2, 0);
        from = 0;
      } catch {
        // Kept as it is: the next call reads from where this one began.
      }
    },
    end() {
      if (!capturing) return "";
      const printed = Buffer.alloc(Math.max(0, size() - from));
      let read = 0;
      try {
        while (read < printed.length) {
          const got = readSync(2, printed, read, printed.length - read, from + read);
          if (got <= 0) break;
          read += got;
        }
      } catch {
        // What could be read.
      }
      return printed.toString("utf8", 0, read);
    },
  };
}
