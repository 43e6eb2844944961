import * as v from "valibot";
import { existsSync, readFileSync } from "node:fs";
import { resolve, join } from "node:path";
import type { ConnectorConfig } from "../events.ts";
import { ConnectorConfigError } from "./errors.ts";
import { connectorSchema } from "./schema.ts";
import { registerVirtualModule } from "./virtual-module.ts";
import { ADAPTER_IDS } from "../../adapters/index.ts";

export const CONFIG_FILE_NAMES = [
  "agent-connector.config.ts",
  "agent-connector.config.mts",
  "agent-connector.config.mjs",
  "agent-connector.config.js",
  "agent-connector.config.json",
] as const;

/** The config in `dir`, by the names above in that order. */
export function findConfig(dir: string): string | undefined {
  return CONFIG_FILE_NAMES.map((name) => join(dir, name)).find((path) => existsSync(path));
}

async function importConfig(file: string): Promise<unknown> {
  if (file.endsWith(".json")) {
    try {
      return JSON.parse(readFileSync(file, "utf8"));
    } catch (error) {
      throw new ConnectorConfigError(file, "", `not valid JSON (${(error as Error).message})`);
    }
  }
  registerVirtualModule();
  let module: Record<string, unknown>;
  try {
    module = await import(file);
  } catch (error) {
    throw new ConnectorConfigError(file, "", `cannot be loaded: ${(error as Error).message}`);
  }
  const config = module.default ?? module.config;
  if (config === undefined) {
    throw new ConnectorConfigError(file, "", "has no default export; export default defineConnector({ ... })");
  }
  return config;
}

/** Loads and validates a connector config; JSON hooks' fixed `response` becomes a handler. */
export async function loadConnectorConfig(path: string): Promise<ConnectorConfig> {
  const file = resolve(path);
  if (!existsSync(file)) throw new ConnectorConfigError(file, "", "file not found");
  const raw = await importConfig(file);
  const result = v.safeParse(connectorSchema(ADAPTER_IDS), raw);
  if (!result.success) {
    const issue = result.issues[0];
    throw new ConnectorConfigError(file, v.getDotPath(issue) ?? "", issue.message);
  }
  const config = result.output;
  for (const hook of Object.values(config.hooks ?? {})) {
    if (hook?.response) {
      const response = hook.response;
      hook.handler = () => response;
    }
  }
  return config as ConnectorConfig;
}
