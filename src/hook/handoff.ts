import type { Asked } from "../daemon/ask.ts";

/**
 * What handing a hook call to an idle worker came to (src/hook/call-blocking.ts,
 * src/hook/call-evented.ts): the worker's reply, or why the call runs in this process after all,
 * with stdin for it either way.
 */
export interface Handoff {
  /** Absent when no worker took the call and stdin was left unread (for another try, or the call in this process). */
  stdin?: Promise<string>;
  /** `none`: no worker took the connection; `stdin`: the host had not written stdin in time. */
  answer: Asked | { why: "none" } | { why: "stdin" };
  /** Writes what the worker printed as this process's own output (the transport's way); Bun.write when absent. */
  print?(fd: 1 | 2, text: string): unknown;
}

/** Hosts write the payload at once: stdin still open after this runs in-process, where the deadline applies. */
export const STDIN_WAIT_MS = 300;

/**
 * A worker answers within the call's budget (at most 600 s): its watchdog, or its backstop's kill,
 * sees to that. Past this, it is stuck beyond both (stopped, say): the call runs in-process.
 */
export const WORKER_LIMIT_MS = 605_000;
