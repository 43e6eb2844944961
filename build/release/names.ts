import { artifactName } from "../../src/install/self/release.ts";

/** The compressed download for a target: a .tar.gz holding `agent-connector` (a .zip holding `agent-connector.exe` on Windows). */
export const archiveName = (target: string): string => `agent-connector-${target}${target.startsWith("windows") ? ".zip" : ".tar.gz"}`;

export { artifactName };

/** `{version}` in a URL base is the release's version. */
export const releaseBase = (base: string, version: string): string => base.replace(/\{version\}/g, version).replace(/\/+$/, "");

export const DEFAULT_BASE = "https://github.com/agent-connector/agent-connector/releases/download/v{version}";
