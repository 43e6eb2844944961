/**
 * The socket protocol between a hook call and the daemon: one JSON line each way, after the
 * daemon's acknowledgement line that it took the call. Shared by both ends, loads nothing.
 */
/** The daemon took the call (its own line, before the reply). */
export const ACK = "+";

export interface Line {
  /** Called with each complete line. */
  push(chunk: Uint8Array | string): string[];
}

/** Splits a byte stream into lines (the JSON never contains a raw newline). */
export function lines(): Line {
  const decoder = new TextDecoder();
  let buffered = "";
  return {
    push(chunk) {
      buffered += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
      const parts = buffered.split("\n");
      buffered = parts.pop()!;
      return parts;
    },
  };
}
