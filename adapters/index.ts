import type { Adapter } from "../src/adapter.ts";
import claudeCode from "./claude-code.ts";
import cursor from "./cursor.ts";
import copilotCli from "./copilot-cli.ts";
import vscodeCopilot from "./vscode-copilot.ts";
import codex from "./codex.ts";
import qwenCode from "./qwen-code.ts";
import geminiCli from "./gemini-cli.ts";
import opencode from "./opencode.ts";
import kiloCli from "./kilo-cli.ts";
import mimoCode from "./mimo-code.ts";
import warp from "./warp.ts";
import zed from "./zed.ts";
import rooCode from "./roo-code.ts";
import trae from "./trae.ts";
import codebuff from "./codebuff.ts";
import openInterpreter from "./open-interpreter.ts";
import cline from "./cline.ts";

/** Every host we know. Adding a host: one file in this folder, one line here. */
const LIST = [claudeCode, cursor, copilotCli, vscodeCopilot, codex, qwenCode, geminiCli, opencode, kiloCli, mimoCode, warp, zed, rooCode, trae, codebuff, openInterpreter, cline] as const;

/** A known host's id, e.g. "claude-code". */
export type HostId = (typeof LIST)[number]["id"];

// Compile-time check: every host an adapter's `alsoRuns` names is a known host (a typo fails here).
type Referenced = (typeof LIST)[number] extends infer A ? (A extends Adapter<string, infer Ref> ? Ref : never) : never;
const alsoRunsNamesKnownHosts: [Exclude<Referenced, HostId>] extends [never] ? true : Exclude<Referenced, HostId> = true;
void alsoRunsNamesKnownHosts;

export const ADAPTERS: readonly Adapter<HostId>[] = LIST;

export const HOST_IDS: readonly HostId[] = ADAPTERS.map((a) => a.id);

export const isHostId = (id: string): id is HostId => (HOST_IDS as readonly string[]).includes(id);

export const findAdapter = (id: string): Adapter<HostId> | undefined => ADAPTERS.find((a) => a.id === id);

/** The adapter of a host id the type checker (or a registry check) already vouched for. */
export const adapterOf = (id: HostId): Adapter<HostId> => findAdapter(id)!;
