import type { ConnectorInput } from "../events.ts";

/** Identity at run time; gives a config its types. */
export function defineConnector<const C extends ConnectorInput>(config: C): C {
  return config;
}
