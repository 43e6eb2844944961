import { join } from "./paths.ts";
import { connectorHome } from "./home.ts";

export interface InstallRecord {
  platform: string;
  scope: string;
  file: string;
}

export interface RegistryEntry {
  config: string;
  installs: InstallRecord[];
}

export type Registry = Record<string, RegistryEntry>;

export const registryPath = (env: Record<string, string | undefined> = process.env): string => join(connectorHome(env), "registry.json");

/** Connector id → absolute config path. Read on every hook call: one small JSON file, Bun's reader. */
export async function readRegistry(env: Record<string, string | undefined> = process.env): Promise<Registry> {
  let parsed: { connectors?: Registry };
  try {
    parsed = await Bun.file(registryPath(env)).json();
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return {};
    throw error;
  }
  return parsed.connectors ?? {};
}
