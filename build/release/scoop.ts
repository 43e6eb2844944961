import { archiveName } from "./names.ts";

/** Scoop manifest (JSON): the Windows zip; `apps/agent-connector/current` is the stable path scoop keeps. */
export function scoopManifest(options: {
  version: string;
  base: string;
  baseTemplate: string;
  homepage: string;
  description: string;
  sha256: (file: string) => string;
}): string {
  const zip = archiveName("windows-x64");
  const manifest = {
    version: options.version,
    description: options.description,
    homepage: options.homepage,
    license: "MIT",
    architecture: { "64bit": { url: `${options.base}/${zip}`, hash: options.sha256(zip) } },
    bin: "agent-connector.exe",
    notes:
      "Hook commands written by `agent-connector install` call apps\\agent-connector\\current\\agent-connector.exe, which `scoop update agent-connector` keeps current.",
    autoupdate: {
      architecture: { "64bit": { url: `${options.baseTemplate.replace(/\{version\}/g, "$version")}/${zip}` } },
      hash: { url: "$baseurl/SHA256SUMS" },
    },
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
