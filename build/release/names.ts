import { archiveName, artifactName } from "../../src/install/self/release.ts";

export { archiveName, artifactName };

/** `{version}` in a URL base is the release's version. */
export const releaseBase = (base: string, version: string): string => base.replace(/\{version\}/g, version).replace(/\/+$/, "");

export const DEFAULT_BASE = "https://github.com/agent-connector/agent-connector/releases/download/v{version}";
