import type { Adapter } from "../src/adapter.ts";

/**
 * Every host we know, by id, each adapter loaded on demand: a hook call loads only the adapter of
 * the host that ran it (bench/hook-roundtrip.ts compares one adapter with all of them).
 * Adding a host: one file in this folder, one line here; then what test/static/host-parts.test.ts asks
 * for (its test record, fixtures, docs page, table row). Order matters where several hosts run
 * one host's file (src/hook/calling-host.ts tries them in this order): hosts recognised by an env
 * var their hook runner sets come before VS Code, known by payload keys only.
 */
export const ADAPTER_LOADERS = {
  "claude-code": () => import("./claude-code.ts"),
  cursor: () => import("./cursor.ts"),
  "copilot-cli": () => import("./copilot-cli.ts"),
  continue: () => import("./continue.ts"),
  devin: () => import("./devin.ts"),
  "grok-build": () => import("./grok-build.ts"),
  "vscode-copilot": () => import("./vscode-copilot.ts"),
  codex: () => import("./codex.ts"),
  "qwen-code": () => import("./qwen-code.ts"),
  "gemini-cli": () => import("./gemini-cli.ts"),
  opencode: () => import("./opencode.ts"),
  "kilo-cli": () => import("./kilo-cli.ts"),
  kilo: () => import("./kilo.ts"),
  "mimo-code": () => import("./mimo-code.ts"),
  pi: () => import("./pi.ts"),
  omp: () => import("./omp.ts"),
  amp: () => import("./amp.ts"),
  openclaw: () => import("./openclaw.ts"),
  nemoclaw: () => import("./nemoclaw.ts"),
  codebuddy: () => import("./codebuddy.ts"),
  "jetbrains-copilot": () => import("./jetbrains-copilot.ts"),
  warp: () => import("./warp.ts"),
  zed: () => import("./zed.ts"),
  "roo-code": () => import("./roo-code.ts"),
  trae: () => import("./trae.ts"),
  codebuff: () => import("./codebuff.ts"),
  "open-interpreter": () => import("./open-interpreter.ts"),
  droid: () => import("./droid.ts"),
  auggie: () => import("./auggie.ts"),
  kimi: () => import("./kimi.ts"),
  "kimi-code": () => import("./kimi-code.ts"),
  crush: () => import("./crush.ts"),
  "grok-cli": () => import("./grok-cli.ts"),
  cline: () => import("./cline.ts"),
  goose: () => import("./goose.ts"),
  hermes: () => import("./hermes.ts"),
  "mistral-vibe": () => import("./mistral-vibe.ts"),
  mux: () => import("./mux.ts"),
  windsurf: () => import("./windsurf.ts"),
  kiro: () => import("./kiro.ts"),
  "amazon-q": () => import("./amazon-q.ts"),
  junie: () => import("./junie.ts"),
  openhands: () => import("./openhands.ts"),
  antigravity: () => import("./antigravity.ts"),
  "antigravity-cli": () => import("./antigravity-cli.ts"),
} as const;

/** A known host's id, e.g. "claude-code". */
export type HostId = keyof typeof ADAPTER_LOADERS;

export const HOST_IDS = Object.keys(ADAPTER_LOADERS) as HostId[];

export const isHostId = (id: string): id is HostId => Object.hasOwn(ADAPTER_LOADERS, id);

/** One host's adapter, loaded alone (the hook path). */
/** Adapters loaded so far: a daemon's worker answers many calls, and a repeated import() still costs 0.1 ms when the CPU is cold. */
const loaded = new Map<HostId, Adapter<HostId>>();

export async function loadAdapter(id: string): Promise<Adapter<HostId> | undefined> {
  if (!isHostId(id)) return undefined;
  let adapter = loaded.get(id);
  if (!adapter) loaded.set(id, (adapter = (await ADAPTER_LOADERS[id]()).default as Adapter<HostId>));
  return adapter;
}
