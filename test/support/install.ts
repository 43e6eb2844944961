/** install / uninstall helpers for the per-host suites: one sandbox, one connector, one host. */
import { BIN, sandbox, writeConfig } from "./harness.ts";

/** The command line install writes for `event` (the compiled binary by absolute path). */
export const hookCommand = (platform: string, event: string, id = "guard") => `${BIN} hook ${platform} ${event} --connector ${id}`;

/** A sandbox with the connector `source` (id "guard") and install/uninstall runners for `platform`. */
export function installSetup(platform: string, source: string) {
  const box = sandbox();
  const config = writeConfig(box, source);
  const install = (...extra: string[]) => box.cli(["install", "--config", config, "--platform", platform, ...extra]);
  const uninstall = (...extra: string[]) => box.cli(["uninstall", "--connector", "guard", "--platform", platform, ...extra]);
  return { box, config, install, uninstall };
}
