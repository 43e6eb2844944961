/**
 * The socket protocol between a hook call and a daemon's worker (or `daemon status` and the
 * daemon): one JSON line each way. Shared by both ends, loads nothing.
 */
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

/** What a socket has yet to send: a Bun socket's write takes what its buffer holds, the rest waits for `drain`. */
export interface Outbox {
  pending?: Uint8Array;
  /** End the connection once everything is sent. */
  end?: boolean;
}

interface Writable {
  write(data: Uint8Array): number;
  end(): void;
}

const encoder = new TextEncoder();

/** Queues `data` (if any) and writes what the socket takes; call again from the socket's `drain` handler. */
export function send(socket: Writable, box: Outbox, data?: string | Uint8Array, end = false): void {
  if (data !== undefined) {
    const bytes = typeof data === "string" ? encoder.encode(data) : data;
    box.pending = box.pending?.length ? concat(box.pending, bytes) : bytes;
  }
  if (end) box.end = true;
  while (box.pending?.length) {
    const written = socket.write(box.pending);
    if (written <= 0) return;
    box.pending = box.pending.subarray(written);
  }
  if (box.end) socket.end();
}

/** `a` then `b`, in a new array. */
export function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}
