/**
 * A download's progress, on one line rewritten in place, for a person at a terminal: a release
 * archive is tens of MB, and a silent minute reads as a hang. Not shown when stderr is a file
 * or a pipe (a log would fill with carriage returns).
 */
export interface Progress {
  update(received: number, total: number | undefined): void;
  /** Clears the line, so what is printed next starts clean. */
  done(): void;
}

const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

export function downloadProgress(label: string, stream: NodeJS.WriteStream = process.stderr): Progress | undefined {
  if (!stream.isTTY) return undefined;
  let shown = false;
  let last = 0;
  return {
    update(received, total) {
      const now = Date.now();
      if (now - last < 100 && received !== total) return;
      last = now;
      shown = true;
      stream.write(`\r\x1b[K${label}: ${mb(received)}${total ? ` of ${mb(total)} (${Math.floor((received / total) * 100)}%)` : ""}`);
    },
    done() {
      if (shown) stream.write("\r\x1b[K");
    },
  };
}
