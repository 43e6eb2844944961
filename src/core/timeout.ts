import type { ConnectorConfig } from "../events.ts";

/** Seconds we ask a host to wait for one hook call, unless the connector says otherwise. */
export const DEFAULT_TIMEOUT_SECONDS = 30;

/** The handler's budget for a host timeout of `seconds` (which we write at install), less a margin to answer in. */
export const budgetMs = (seconds: number): number => Math.max(500, seconds * 1000 - 1000);

export const handlerBudgetMs = (config: ConnectorConfig): number => budgetMs(config.timeout ?? DEFAULT_TIMEOUT_SECONDS);

/**
 * The budget of a call whose connector sets no timeout, in ms from the hook process's start: what a
 * daemon's client waits for unless the worker says otherwise. budgetMs(30) written out: the client
 * loads this module, and its first use of Math would cost it ≈110k instructions.
 */
export const DEFAULT_BUDGET_MS = DEFAULT_TIMEOUT_SECONDS * 1000 - 1000;

/**
 * How long past its budget a call whose code blocks the process (a native call, a loop the event
 * loop runs) is ended: by the native backstop in a process of its own (src/hook/native-backstop.ts,
 * backstop.ts), by the client with a daemon's worker (src/hook/call-blocking.ts, call-evented.ts).
 */
export const BACKSTOP_GRACE_MS = 500;

/** What the host sees on stderr when the backstop ends a hook process that user code blocked past its budget (src/hook/backstop.ts). */
export const blockedLine = (where: string): string => `agent-connector: ${where}: user code blocked the process past its time budget; ended (fail-open)`;

/**
 * The same, for a definition that fails closed when nothing better was made: exit 2 with the reason
 * on stderr, the deny of every json-stdio host we drove (src/hook/fail-closed.ts makes the host's own).
 */
export const blockedClosed = (args: { connector?: string }): { exitCode: number; stdout?: string; stderr: string } => ({
  exitCode: 2,
  stderr: `${args.connector ?? "agent-connector"} failed closed: user code blocked the process past its time budget\n`,
});
