/**
 * Release artifacts for tests: build/release.ts run into a temp folder, served over HTTP on
 * 127.0.0.1 as a release page would serve them (`/download/v<version>/<file>`), and checks of
 * what it generated: every hash against the file it names.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO } from "./harness.ts";
import { tempDir } from "./temp.ts";
import pkg from "../../package.json" with { type: "json" };

export const sha256 = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

export interface ReleaseServer {
  /** The URL base install.sh, the formula and `upgrade` use: http://127.0.0.1:<port>/download/v<version>. */
  base: string;
  /** Files served in place of the release's under `/download/v<version>/` (name → bytes), for tampering. */
  override: Map<string, Uint8Array>;
  stop(): void;
}

/** Serves `dir` on 127.0.0.1 (a free port) as a release. */
export function serveRelease(dir: () => string): ReleaseServer {
  const override = new Map<string, Uint8Array>();
  const prefix = `/download/v${pkg.version}/`;
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(request) {
      const path = new URL(request.url).pathname;
      const name = path.startsWith(prefix) ? path.slice(prefix.length) : "";
      if (!name || name.includes("/") || name.startsWith(".")) return new Response("not found", { status: 404 });
      const bytes = override.get(name) ?? (existsSync(join(dir(), name)) ? readFileSync(join(dir(), name)) : undefined);
      return bytes ? new Response(bytes) : new Response("not found", { status: 404 });
    },
  });
  return { base: `http://127.0.0.1:${server.port}/download/v${pkg.version}`, override, stop: () => server.stop(true) };
}

/** Runs build/release.ts; returns its output folder. */
export function buildRelease(args: string[]): string {
  const out = tempDir("ac-release-");
  const proc = Bun.spawnSync([process.execPath, join(REPO, "build", "release.ts"), "--out", out, ...args], { cwd: REPO, stdout: "pipe", stderr: "pipe" });
  if (proc.exitCode !== 0) throw new Error(`build/release.ts failed:\n${proc.stderr}`);
  return out;
}

/** SHA256SUMS of a release folder as name → hash. */
export function readSums(out: string): Map<string, string> {
  const sums = new Map<string, string>();
  for (const line of readFileSync(join(out, "SHA256SUMS"), "utf8").split("\n").filter(Boolean)) {
    const [hash, name] = line.split("  ");
    sums.set(name!, hash!);
  }
  return sums;
}

/** Every `url` / `sha256` pair of a Homebrew formula, in order. */
export function formulaDownloads(formula: string): { url: string; sha256: string }[] {
  return [...formula.matchAll(/^\s*url "([^"]+)"\n\s*sha256 "([0-9a-f]{64})"$/gm)].map((m) => ({ url: m[1]!, sha256: m[2]! }));
}

/**
 * Ruby's own syntax check where Ruby is installed; otherwise the block structure (every `do`,
 * `class` and `def` closed by its `end`, nothing left open).
 */
export function checkRubySyntax(file: string): { checkedBy: "ruby -c" | "block structure"; ok: boolean; detail: string } {
  const ruby = Bun.which("ruby");
  if (ruby) {
    const proc = Bun.spawnSync([ruby, "-c", file], { stdout: "pipe", stderr: "pipe" });
    return { checkedBy: "ruby -c", ok: proc.exitCode === 0, detail: `${proc.stdout}${proc.stderr}`.trim() };
  }
  let depth = 0;
  let heredoc: string | undefined;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const text = line.trim();
    if (heredoc) {
      if (text === heredoc) heredoc = undefined;
      continue;
    }
    heredoc = /<<~(\w+)$/.exec(text)?.[1];
    if (/^(class|def)\b/.test(text) || /\bdo$/.test(text)) depth++;
    if (text === "end") depth--;
    if (depth < 0) return { checkedBy: "block structure", ok: false, detail: `unmatched end: ${line}` };
  }
  return { checkedBy: "block structure", ok: depth === 0 && !heredoc, detail: depth ? `${depth} blocks left open` : "" };
}

/** Runs a program without blocking this process, so that a server started here can answer it. */
export async function runAsync(
  argv: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  const proc = Bun.spawn(argv, { cwd: options.cwd, env: options.env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, exitCode] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { exitCode, stdout, stderr };
}
