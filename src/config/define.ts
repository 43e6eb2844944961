import type { ConnectorConfig } from "../events.ts";

/** Identity at run time; gives a config its types. */
export function defineConnector<const C extends ConnectorConfig>(config: C): C {
  return config;
}
