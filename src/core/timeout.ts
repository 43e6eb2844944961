import type { ConnectorConfig } from "../events.ts";

/** Seconds we ask a host to wait for one hook call, unless the connector says otherwise. */
export const DEFAULT_TIMEOUT_SECONDS = 30;

/** The handler's budget: the host's timeout (which we write at install) less a margin to answer in. */
export const handlerBudgetMs = (config: ConnectorConfig): number =>
  Math.max(500, (config.timeout ?? DEFAULT_TIMEOUT_SECONDS) * 1000 - 1000);
