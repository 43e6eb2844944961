import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { EVENT_NAMES, type ConnectorConfig } from "../events.ts";
import { compiledDir, compiledPath, parseCompiled, renderCompiled, USER_FS_GLOBAL, type CompiledMeta } from "../compiled/artifact.ts";
import { nodeStamp as stamp } from "../compiled/node-stamp.ts";
import { writeFileAtomic } from "../host-config/atomic-write.ts";
import { rewriteFsImports, USER_SOURCE_FILE } from "../compiled/fs-imports.ts";
import { failClosedTargets } from "../core/on-failure.ts";

/** Above this size a bundle is also kept as bytecode: parsing it on every call would cost more than requiring it (bench/hook-roundtrip.ts, heavy connector). */
const BYTECODE_ABOVE_BYTES = 64 * 1024;

/** `ok: false`: hook calls load the source (slower; `reason` says why it could not be compiled). */
export type CompileResult = { ok: boolean; path: string; bytes: number; bytecode: boolean; reason?: string; snapshotKept?: true };

/** The module a config imports as "agent-connector", inlined into the bundle (the binary is not there at run time). */
const AUTHORING_MODULE = `export const defineConnector = (config) => config;\nexport const EVENT_NAMES = ${JSON.stringify(EVENT_NAMES)};\nexport default { defineConnector, EVENT_NAMES };\n`;

/** `import … from "agent-connector"` in a bundle: the authoring module, inlined. */
export function inlineAuthoringModule(build: Bun.PluginBuilder): void {
  build.onResolve({ filter: /^agent-connector$/ }, () => ({ path: "agent-connector", namespace: "agent-connector" }));
  build.onLoad({ filter: /.*/, namespace: "agent-connector" }, () => ({ contents: AUTHORING_MODULE, loader: "js" }));
}

const bundlePlugin: Bun.BunPlugin = {
  name: "agent-connector-compile",
  setup(build) {
    inlineAuthoringModule(build);
    // node:fs imports point at the hook's guarded copy (src/compiled/fs-imports.ts), in the config
    // and in every package it uses; the bundle asks the hook for it through a global.
    build.onLoad({ filter: USER_SOURCE_FILE }, async ({ path }) => rewriteFsImports(path, await Bun.file(path).text()));
    build.onResolve({ filter: /^agent-connector:fs(?:\/promises)?$/ }, ({ path }) => ({
      path: path.slice("agent-connector:".length),
      namespace: "agent-connector-fs",
    }));
    build.onLoad({ filter: /.*/, namespace: "agent-connector-fs" }, ({ path }) => ({
      contents: `module.exports = globalThis[Symbol.for(${JSON.stringify(USER_FS_GLOBAL)})](${JSON.stringify(path)});`,
      loader: "js",
    }));
  },
};

/**
 * What makes the compiled file stale: the config's own files, and for each package it uses that
 * package's package.json (an install or upgrade rewrites it), not each of its files: a hook call
 * checks every input, so their number is a cost on every call.
 */
function inputsOf(metafileInputs: string[], configPath: string): string[] {
  const files = new Set<string>([configPath]);
  for (const input of metafileInputs) {
    if (input.includes(":")) continue; // a plugin namespace (agent-connector, the fs shim)
    const path = isAbsolute(input) ? input : resolve(input);
    const inPackage = /^(.*[\\/]node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(path);
    const file = inPackage ? join(inPackage[1]!, "package.json") : path;
    if (existsSync(file)) files.add(file);
  }
  return [...files].sort();
}

/**
 * Compiles a connector for the hook path (see src/compiled/artifact.ts). A config the bundler cannot
 * compile (a native addon, a dynamic require) still works: hook calls then load its source, which
 * costs more per call; the result says why.
 */
export async function compileConnector(
  configPath: string,
  config: ConnectorConfig,
  env: Record<string, string | undefined> = process.env,
  options: { frozen?: boolean } = {},
): Promise<CompileResult> {
  const out = compiledPath(config.id, env);
  const bytecodeFile = join(compiledDir(env), `${config.id}.bytecode.cjs`);
  ensureCompiledDir(env);
  const meta = baseMeta(configPath, config, Boolean(options.frozen));
  let body: string;
  let bytecode = false;
  if (configPath.endsWith(".json")) {
    body = readFileSync(configPath, "utf8");
    meta.inputs = [stamp(configPath)];
  } else {
    const built = await bundle(configPath, false);
    if (!built.ok) return recordUncompiled(config.id, configPath, built.reason, env);
    body = built.code;
    meta.kind = "script";
    meta.inputs = inputsOf(built.inputs, configPath).map(stamp);
    if (/\bprocess\b/.test(body)) meta.touchesProcess = true;
    if (body.length > BYTECODE_ABOVE_BYTES) {
      const withBytecode = await bundle(configPath, true);
      if (withBytecode.ok && withBytecode.bytecode) {
        writeFileAtomic(`${bytecodeFile}.jsc`, withBytecode.bytecode, { mode: 0o600 });
        writeFileAtomic(bytecodeFile, new TextEncoder().encode(withBytecode.file), { mode: 0o600 });
        meta.bytecode = bytecodeFile;
        bytecode = true;
        body = ""; // hook calls require the bytecode file; this one stays small to read
      }
    }
  }
  if (!bytecode) {
    rmSync(bytecodeFile, { force: true });
    rmSync(`${bytecodeFile}.jsc`, { force: true });
  }
  const text = renderCompiled(meta, body);
  writeFileAtomic(out, new TextEncoder().encode(text), { mode: 0o600 });
  return { ok: true, path: out, bytes: text.length, bytecode };
}

/** What every compiled file says of its connector before its body is known. */
function baseMeta(configPath: string, config: ConnectorConfig, frozen: boolean): CompiledMeta {
  const failClosed = failClosedTargets(config);
  return {
    v: 1,
    id: config.id,
    source: configPath,
    kind: "json",
    inputs: [],
    at: new Date().toISOString(),
    ...(config.timeout ? { timeout: config.timeout } : {}),
    ...(frozen ? { frozen: true } : {}),
    ...(failClosed.length ? { failClosed } : {}),
  };
}

/**
 * A frozen snapshot made in memory, for another machine (`bundle`): no bytecode (it is this
 * Bun's, and the file must stand alone), no inputs to follow, nothing written here. `source` is
 * the path it will have there.
 */
export async function frozenSnapshot(
  configPath: string,
  config: ConnectorConfig,
  source: string,
): Promise<{ ok: true; meta: CompiledMeta; body: string } | { ok: false; reason: string }> {
  const meta = { ...baseMeta(configPath, config, true), source };
  if (configPath.endsWith(".json")) return { ok: true, meta, body: readFileSync(configPath, "utf8") };
  const built = await bundle(configPath, false);
  if (!built.ok) return built;
  return { ok: true, meta: { ...meta, kind: "script", ...(/\bprocess\b/.test(built.code) ? { touchesProcess: true } : {}) }, body: built.code };
}

/** The installed snapshot of a connector, if it has one (a compiled body, not a record of a source that cannot be compiled). */
export function readSnapshot(id: string, env: Record<string, string | undefined> = process.env): { meta: CompiledMeta; body: string } | undefined {
  let text: string;
  try {
    text = readFileSync(compiledPath(id, env), "utf8");
  } catch {
    return undefined;
  }
  const parsed = parseCompiled(text);
  return parsed && parsed.meta.id === id && parsed.meta.kind !== "source" ? parsed : undefined;
}

/**
 * The source no longer loads, builds or validates (or is gone): the last good snapshot stays and
 * keeps answering; its header records why and the source's files as they are now, so hook calls
 * answer from it without trying the source again until it changes. Undefined when there is no
 * snapshot to keep; otherwise whether `reason` is news (not the problem already recorded).
 */
export function recordSourceProblem(id: string, reason: string, env: Record<string, string | undefined> = process.env): { news: boolean } | undefined {
  const snapshot = readSnapshot(id, env);
  if (!snapshot) return undefined;
  const { meta, body } = snapshot;
  const inputs = [...new Set([meta.source, ...meta.inputs.map(([path]) => path)])].sort().map(stamp);
  const news = meta.sourceProblem !== reason;
  writeFileAtomic(compiledPath(id, env), new TextEncoder().encode(renderCompiled({ ...meta, inputs, sourceProblem: reason }, body)), { mode: 0o600 });
  return { news };
}

/**
 * Notes that a connector runs from its source (it cannot be compiled, or its config does not load
 * now): hook calls stop trying to refresh it until the file changes.
 */
export function recordUncompiled(id: string, configPath: string, reason: string, env: Record<string, string | undefined> = process.env): CompileResult {
  removeCompiled(id, env);
  ensureCompiledDir(env);
  const out = compiledPath(id, env);
  const record = renderCompiled({ v: 1, id, source: configPath, kind: "source", reason, inputs: existsSync(configPath) ? [stamp(configPath)] : [] }, "");
  writeFileAtomic(out, new TextEncoder().encode(record), { mode: 0o600 });
  return { ok: false, path: out, bytes: record.length, bytecode: false, reason };
}

type Bundled = { ok: true; code: string; file: string; bytecode?: Uint8Array; inputs: string[] } | { ok: false; reason: string };

async function bundle(configPath: string, bytecode: boolean): Promise<Bundled> {
  let result: Bun.BuildOutput;
  try {
    result = await Bun.build({
      entrypoints: [configPath],
      target: "bun",
      format: "cjs",
      bytecode,
      metafile: true,
      // Names kept: a handler's stack trace in the hook log should still read like the user's code.
      minify: { whitespace: true, syntax: true },
      plugins: [bundlePlugin],
      throw: false,
    } as Bun.BuildConfig);
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  if (!result.success) return { ok: false, reason: result.logs.map((log) => String(log.message ?? log)).join("; ") || "the bundler failed" };
  const entry = result.outputs.find((o) => o.kind === "entry-point");
  if (!entry) return { ok: false, reason: "the bundler produced no file" };
  const file = await entry.text();
  // The first line is Bun's pragma (`// @bun @bun-cjs`); the rest is one function expression.
  const code = file.slice(file.indexOf("\n") + 1);
  const jsc = result.outputs.find((o) => o.kind === "bytecode");
  const metafile = (result as { metafile?: { inputs?: Record<string, unknown> } }).metafile;
  return { ok: true, code, file, ...(jsc ? { bytecode: new Uint8Array(await jsc.arrayBuffer()) } : {}), inputs: Object.keys(metafile?.inputs ?? {}) };
}

/**
 * The compiled folder, inside $AGENT_CONNECTOR_HOME, which must exist already: a compile that a hook
 * call started in the background must not bring back a home that was removed meanwhile.
 */
function ensureCompiledDir(env: Record<string, string | undefined>): void {
  try {
    mkdirSync(compiledDir(env), { mode: 0o700 });
  } catch (error) {
    if ((error as { code?: string }).code !== "EEXIST") throw error;
  }
}

/** Removes a connector's compiled files (uninstall of its last install, or a config that no longer compiles). */
export function removeCompiled(id: string, env: Record<string, string | undefined> = process.env): void {
  const base = join(compiledDir(env), id);
  for (const file of [`${base}.js`, `${base}.bytecode.cjs`, `${base}.bytecode.cjs.jsc`]) rmSync(file, { force: true });
}
