import type { ConnectorConfig } from "../events.ts";
import { connectorSchema } from "./schema.ts";
import { readConnectorConfig } from "./read.ts";

/** Loads a connector config and checks all of it (install, uninstall, explain); `hostIds` are the known hosts. */
export const loadConnectorConfig = (path: string, hostIds: readonly string[]): Promise<ConnectorConfig> =>
  readConnectorConfig(path, connectorSchema(hostIds), quietImport);

/**
 * A config's top level is user code, and what it prints must not land in a command's stdout
 * (`install --json` is one JSON document): console and process.stdout lead to stderr while it loads.
 */
async function quietImport(file: string): Promise<Record<string, unknown>> {
  const saved = { log: console.log, info: console.info, debug: console.debug, write: process.stdout.write };
  Object.assign(console, { log: console.error, info: console.error, debug: console.error });
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
  try {
    return await import(file);
  } finally {
    Object.assign(console, { log: saved.log, info: saved.info, debug: saved.debug });
    process.stdout.write = saved.write;
  }
}
