/**
 * Writes all of `bytes` to `fd`, however late its reader takes them. A non-blocking pipe takes at
 * most what it holds (64 KiB on Linux) per write and answers EAGAIN when full; and Bun.write to
 * one resolves with every byte counted while only the first 64 KiB arrived (Bun 1.4.5, seen with
 * a 200 KB write). Synchronous: nothing else of the process runs until the last byte is out.
 * node:fs's writeSync is passed in: the hook path loads node:fs only for a reply that needs this.
 */
export function writeWhole(writeSync: (fd: number, bytes: Uint8Array) => number, fd: number, bytes: Uint8Array): void {
  let rest = bytes;
  while (rest.length) {
    try {
      rest = rest.subarray(writeSync(fd, rest));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
      Bun.sleepSync(1); // the reader has not caught up yet
    }
  }
}

/**
 * Replies up to this many UTF-16 units are at most 3 KiB of UTF-8: within PIPE_BUF (4 KiB), which
 * a pipe with room takes whole in one write, and ours is empty when the reply goes out.
 */
const SMALL_WRITE = 1024;

/** Whether `text` goes out in one write (else in parts, as the reader takes them). */
export const writtenAtOnce = (text: string): boolean => text.length <= SMALL_WRITE;
