import * as v from "valibot";
import { absolute } from "../paths.ts";
import type { ConnectorConfig } from "../events.ts";
import { ConnectorConfigError } from "./errors.ts";
import { connectorSchema, hookCallSchema, type HookCallTarget } from "./schema.ts";
import { registerVirtualModule } from "./virtual-module.ts";
import { ADAPTER_IDS } from "../../adapters/index.ts";

async function importConfig(file: string): Promise<unknown> {
  if (file.endsWith(".json")) {
    try {
      return JSON.parse(await Bun.file(file).text());
    } catch (error) {
      if ((error as { code?: string }).code === "ENOENT") throw new ConnectorConfigError(file, "", "file not found");
      throw new ConnectorConfigError(file, "", `not valid JSON (${(error as Error).message})`);
    }
  }
  registerVirtualModule();
  let module: Record<string, unknown>;
  try {
    module = await import(file);
  } catch (error) {
    // No separate existence check: it would cost every hook call a stat.
    if (!(await Bun.file(file).exists())) throw new ConnectorConfigError(file, "", "file not found");
    throw new ConnectorConfigError(file, "", `cannot be loaded: ${(error as Error).message}`);
  }
  const config = module.default ?? module.config;
  if (config === undefined) {
    throw new ConnectorConfigError(file, "", "has no default export; export default defineConnector({ ... })");
  }
  return config;
}

/**
 * Loads and validates a connector config; JSON hooks' fixed `response` becomes a handler.
 * With a `target` (the hook path) only what that one call uses is checked.
 */
export async function loadConnectorConfig(path: string, target?: HookCallTarget): Promise<ConnectorConfig> {
  const file = absolute(path);
  const raw = await importConfig(file);
  const result = v.safeParse(target ? hookCallSchema(target) : connectorSchema(ADAPTER_IDS), raw);
  if (!result.success) {
    const issue = result.issues[0];
    throw new ConnectorConfigError(file, v.getDotPath(issue) ?? "", issue.message);
  }
  const config = result.output as ConnectorConfig;
  for (const hook of Object.values(config.hooks ?? {}) as { response?: unknown; handler?: unknown }[]) {
    if (hook?.response) {
      const response = hook.response;
      hook.handler = () => response;
    }
  }
  return config;
}
