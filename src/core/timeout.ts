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

/** Between a call's deadline and the host's own timeout (what install wrote): budgetMs leaves it to answer in. */
const ANSWER_MARGIN_MS = 1000;

/**
 * Until when a reply is written however late the host reads it: the host's own timeout for the call
 * (past it, the host has ended the hook or stopped waiting for it), and the backstop's grace after it.
 */
export const replyReadBy = (deadline: number): number => deadline + ANSWER_MARGIN_MS + BACKSTOP_GRACE_MS;

/** What the host sees on stderr when its hook is ended with its reply not all read by then (src/hook/run.ts). */
export const unreadLine = (where: string): string => `agent-connector: ${where}: the host had not read the whole reply by its own timeout; ended`;
