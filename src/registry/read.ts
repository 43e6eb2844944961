import { registryPath } from "../home.ts";
import type { Registry } from "./types.ts";

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
