import type { ConnectorConfig } from "../events.ts";

/** Seconds we ask a host to wait for one hook call, unless the connector says otherwise. */
export const DEFAULT_TIMEOUT_SECONDS = 30;

/** The handler's budget for a host timeout of `seconds` (which we write at install), less a margin to answer in. */
export const budgetMs = (seconds: number): number => Math.max(500, seconds * 1000 - 1000);

export const handlerBudgetMs = (config: ConnectorConfig): number => budgetMs(config.timeout ?? DEFAULT_TIMEOUT_SECONDS);

/** What the host sees on stderr when the backstop ends a hook process that user code blocked past its budget (src/hook/backstop.ts). */
export const blockedLine = (where: string): string => `agent-connector: ${where}: user code blocked the process past its time budget; ended (fail-open)`;
