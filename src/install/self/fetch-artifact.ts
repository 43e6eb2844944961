import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { archiveName, artifactName, hostTarget, parseSums } from "./release.ts";
import { isArchive, UnpackError, unpackBinary } from "./unpack.ts";

/** Where releases are published; `{version}` is filled with "latest" unless one is asked for. */
export const DEFAULT_RELEASE_BASE = "https://github.com/agent-connector/agent-connector/releases/latest/download";

export class ArtifactError extends Error {}

/** Bytes received so far, and the whole when the server says it. */
export type OnProgress = (received: number, total: number | undefined) => void;

const isUrl = (source: string): boolean => /^https?:\/\//i.test(source);

const sha256 = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

async function readSource(source: string, what: string, onProgress?: OnProgress): Promise<Uint8Array> {
  if (!isUrl(source)) {
    if (!existsSync(source)) throw new ArtifactError(`${what} ${source} does not exist`);
    return readFileSync(source);
  }
  try {
    const response = await fetch(source, { redirect: "follow" });
    if (!response.ok) throw new ArtifactError(`cannot download ${what} ${source}: HTTP ${response.status}`);
    if (!onProgress || !response.body) return new Uint8Array(await response.arrayBuffer());
    const total = Number(response.headers.get("content-length")) || undefined;
    const chunks: Uint8Array[] = [];
    let received = 0;
    for await (const chunk of response.body) {
      chunks.push(chunk);
      received += chunk.length;
      onProgress(received, total);
    }
    return Buffer.concat(chunks);
  } catch (error) {
    if (error instanceof ArtifactError) throw error;
    throw new ArtifactError(`cannot download ${what} ${source}: ${(error as Error).message}`);
  }
}

/** SHA256SUMS beside a file or URL. */
const sumsBeside = (source: string): string => (isUrl(source) ? new URL("SHA256SUMS", source).href : join(dirname(resolve(source)), "SHA256SUMS"));

const nameOf = (source: string): string => (isUrl(source) ? basename(new URL(source).pathname) : basename(source));

/** What a release offers this machine, known from its SHA256SUMS alone: nothing else is downloaded yet. */
export interface ReleaseOffer {
  /** The file to download: the compressed archive, unless --from named another. */
  source: string;
  name: string;
  /** Its SHA-256, as SHA256SUMS lists it. */
  expected: string;
  sums: string;
  /** The uncompressed binary's name and SHA-256, when SHA256SUMS lists it: equal to the installed one's, there is nothing to download. */
  binary?: { name: string; sha256: string };
}

export async function readReleaseOffer(options: { from?: string; sums?: string; base?: string }): Promise<ReleaseOffer> {
  const base = (options.base ?? process.env.AGENT_CONNECTOR_RELEASE_BASE ?? DEFAULT_RELEASE_BASE).replace(/\/+$/, "");
  const sumsSource = options.sums ?? (options.from ? sumsBeside(options.from) : `${base}/SHA256SUMS`);
  const sums = parseSums(new TextDecoder().decode(await readSource(sumsSource, "checksum list")));
  // The archive is a third of the binary's bytes; a release that lists none still has the binary.
  const wanted = options.from ? [options.from] : [archiveName(hostTarget()), artifactName(hostTarget())].map((name) => `${base}/${name}`);
  const source = wanted.find((candidate) => sums.has(nameOf(candidate))) ?? wanted[0]!;
  const name = nameOf(source);
  const expected = sums.get(name);
  if (!expected) throw new ArtifactError(`${sumsSource} lists no ${name}`);
  const binaryName = isArchive(name) ? artifactName(hostTarget()) : name;
  const binarySha256 = sums.get(binaryName);
  return { source, name, expected, sums: sumsSource, ...(binarySha256 ? { binary: { name: binaryName, sha256: binarySha256 } } : {}) };
}

export interface Artifact {
  source: string;
  sums: string;
  name: string;
  /** The SHA-256 of what was downloaded (the archive, or the binary itself). */
  sha256: string;
  /** The binary. */
  bytes: Uint8Array;
}

/** Downloads what `offer` names and checks it against SHA256SUMS: nothing unverified is ever returned. */
export async function fetchArtifact(offer: ReleaseOffer, onProgress?: OnProgress): Promise<Artifact> {
  const downloaded = await readSource(offer.source, isArchive(offer.name) ? "release archive" : "release binary", onProgress);
  const actual = sha256(downloaded);
  if (actual !== offer.expected) throw new ArtifactError(`checksum mismatch for ${offer.source}: ${offer.sums} says ${offer.expected}, the file is ${actual}`);
  let bytes = downloaded;
  if (isArchive(offer.name)) {
    try {
      bytes = unpackBinary(offer.name, downloaded);
    } catch (error) {
      if (error instanceof UnpackError) throw new ArtifactError(`${offer.source}: ${error.message}`);
      throw error;
    }
    if (offer.binary && sha256(bytes) !== offer.binary.sha256)
      throw new ArtifactError(`the binary in ${offer.source} is not the ${offer.binary.name} that ${offer.sums} lists`);
  }
  return { source: offer.source, sums: offer.sums, name: offer.name, sha256: actual, bytes };
}

/** The installed binary's SHA-256, to compare with what a release offers before downloading it. */
export const fileSha256 = (path: string): string => sha256(readFileSync(path));
