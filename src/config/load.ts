import type { ConnectorConfig } from "../events.ts";
import { ADAPTER_IDS } from "../../adapters/index.ts";
import { connectorSchema } from "./schema.ts";
import { readConnectorConfig } from "./read.ts";

/** Loads a connector config and checks all of it (install, uninstall, explain). */
export const loadConnectorConfig = (path: string): Promise<ConnectorConfig> => readConnectorConfig(path, connectorSchema(ADAPTER_IDS));
