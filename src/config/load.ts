import type { ConnectorConfig } from "../events.ts";
import { connectorSchema } from "./schema.ts";
import { readConnectorConfig } from "./read.ts";

/** Loads a connector config and checks all of it (install, uninstall, explain); `hostIds` are the known hosts. */
export const loadConnectorConfig = (path: string, hostIds: readonly string[]): Promise<ConnectorConfig> => readConnectorConfig(path, connectorSchema(hostIds));
