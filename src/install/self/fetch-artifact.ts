import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { artifactName, hostTarget, parseSums } from "./release.ts";

/** Where releases are published; `{version}` is filled with "latest" unless one is asked for. */
export const DEFAULT_RELEASE_BASE = "https://github.com/agent-connector/agent-connector/releases/latest/download";

export class ArtifactError extends Error {}

const isUrl = (source: string): boolean => /^https?:\/\//i.test(source);

async function readSource(source: string, what: string): Promise<Uint8Array> {
  if (!isUrl(source)) {
    if (!existsSync(source)) throw new ArtifactError(`${what} ${source} does not exist`);
    return readFileSync(source);
  }
  let response: Response;
  try {
    response = await fetch(source, { redirect: "follow" });
  } catch (error) {
    throw new ArtifactError(`cannot download ${what} ${source}: ${(error as Error).message}`);
  }
  if (!response.ok) throw new ArtifactError(`cannot download ${what} ${source}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** SHA256SUMS beside a file or URL. */
const sumsBeside = (source: string): string => (isUrl(source) ? new URL("SHA256SUMS", source).href : join(dirname(resolve(source)), "SHA256SUMS"));

const nameOf = (source: string): string => (isUrl(source) ? basename(new URL(source).pathname) : basename(source));

export interface Artifact {
  source: string;
  sums: string;
  name: string;
  sha256: string;
  bytes: Uint8Array;
}

/**
 * The release binary for this machine from `from` (a file or URL; default: this target's
 * artifact under `base`), checked against the SHA256SUMS published with it (`sums`, default:
 * beside it). Nothing unverified is ever returned.
 */
export async function fetchArtifact(options: { from?: string; sums?: string; base?: string }): Promise<Artifact> {
  const base = (options.base ?? process.env.AGENT_CONNECTOR_RELEASE_BASE ?? DEFAULT_RELEASE_BASE).replace(/\/+$/, "");
  const source = options.from ?? `${base}/${artifactName(hostTarget())}`;
  const sumsSource = options.sums ?? (options.from ? sumsBeside(source) : `${base}/SHA256SUMS`);
  const sums = parseSums(new TextDecoder().decode(await readSource(sumsSource, "checksum list")));
  const name = nameOf(source);
  const expected = sums.get(name);
  if (!expected) throw new ArtifactError(`${sumsSource} lists no ${name}`);
  const bytes = await readSource(source, "release binary");
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  if (sha256 !== expected) throw new ArtifactError(`checksum mismatch for ${source}: ${sumsSource} says ${expected}, the file is ${sha256}`);
  return { source, sums: sumsSource, name, sha256, bytes };
}
