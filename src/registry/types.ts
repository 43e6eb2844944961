/** One host file (or plugin module) a connector was installed into. */
export interface InstallRecord {
  platform: string;
  scope: string;
  file: string;
}

export interface RegistryEntry {
  config: string;
  installs: InstallRecord[];
}

/** `$AGENT_CONNECTOR_HOME/registry.json`: connector id → its config and installs. */
export type Registry = Record<string, RegistryEntry>;
