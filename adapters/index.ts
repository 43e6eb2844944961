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

/** Every host we know. Adding a host: one file in this folder, one line here. */
export const ADAPTERS: readonly Adapter[] = [claudeCode, cursor, copilotCli, vscodeCopilot, codex, qwenCode, geminiCli, opencode, kiloCli, mimoCode, warp, zed, rooCode, trae, codebuff, openInterpreter];

export const ADAPTER_IDS: readonly string[] = ADAPTERS.map((a) => a.id);

export const findAdapter = (id: string): Adapter | undefined => ADAPTERS.find((a) => a.id === id);
