import type { Asked } from "../daemon/ask.ts";

/**
 * What handing a hook call to an idle worker came to (src/hook/call-blocking.ts,
 * src/hook/call-evented.ts): the worker's reply, or why the call runs in this process after all,
 * with stdin for it either way.
 */
export interface Handoff {
  /** Absent when no worker took the call and stdin was left unread (for another try, or the call in this process). */
  stdin?: Promise<string>;
  /**
   * `none`: no worker took the connection; `stdin`: the host had not written stdin in time;
   * `untrusted`: another user could be listening in the daemon's place (src/daemon/trust.ts), nothing was sent.
   */
  answer: Asked | { why: "none" } | { why: "stdin" } | { why: "untrusted"; detail: string };
  /** Writes what the worker printed as this process's own output (the transport's way); Bun.write when absent. */
  print?(fd: 1 | 2, text: string): unknown;
  /** The socket of the worker that took the call. */
  worker?: string;
}

/** Hosts write the payload at once: stdin still open after this runs in-process, where the deadline applies. */
export const STDIN_WAIT_MS = 300;
