/** The host records test/hosts.test.ts runs, one file per host. */
import type { HostRecord } from "./record.ts";
import { claudeCode } from "./claude-code.ts";
import { codex } from "./codex.ts";
import { qwenCode } from "./qwen-code.ts";
import { geminiCli } from "./gemini-cli.ts";
import { cursor } from "./cursor.ts";
import { copilotCli } from "./copilot-cli.ts";
import { vscodeCopilot } from "./vscode-copilot.ts";
import { opencode } from "./opencode.ts";
import { kiloCli } from "./kilo-cli.ts";
import { mimoCode } from "./mimo-code.ts";
import { pi } from "./pi.ts";
import { omp } from "./omp.ts";
import { amp } from "./amp.ts";
import { kilo } from "./kilo.ts";
import { openclaw } from "./openclaw.ts";
import { droid } from "./droid.ts";
import { auggie } from "./auggie.ts";
import { kimi } from "./kimi.ts";
import { kimiCode } from "./kimi-code.ts";
import { crush } from "./crush.ts";
import { grokCli } from "./grok-cli.ts";
import { codebuddy } from "./codebuddy.ts";
import { continueCli } from "./continue.ts";
import { devin } from "./devin.ts";
import { grokBuild } from "./grok-build.ts";
import { jetbrainsCopilot } from "./jetbrains-copilot.ts";
import { cline } from "./cline.ts";
import { goose } from "./goose.ts";
import { hermes } from "./hermes.ts";
import { mistralVibe } from "./mistral-vibe.ts";
import { mux } from "./mux.ts";
import { windsurf } from "./windsurf.ts";
import { kiro } from "./kiro.ts";
import { amazonQ } from "./amazon-q.ts";
import { junie } from "./junie.ts";
import { openhands } from "./openhands.ts";
import { antigravity, antigravityCli } from "./antigravity.ts";
import { nemoclaw } from "./nemoclaw.ts";
import { warp } from "./warp.ts";
import { zed } from "./zed.ts";
import { rooCode } from "./roo-code.ts";
import { trae } from "./trae.ts";
import { codebuff } from "./codebuff.ts";
import { openInterpreter } from "./open-interpreter.ts";

export const HOSTS: HostRecord[] = [
  claudeCode,
  codex,
  qwenCode,
  geminiCli,
  cursor,
  copilotCli,
  vscodeCopilot,
  opencode,
  kiloCli,
  kilo,
  mimoCode,
  pi,
  omp,
  amp,
  openclaw,
  kimi,
  kimiCode,
  crush,
  grokCli,
  codebuddy,
  continueCli,
  devin,
  grokBuild,
  jetbrainsCopilot,
  droid,
  auggie,
  cline,
  goose,
  hermes,
  mistralVibe,
  mux,
  windsurf,
  kiro,
  amazonQ,
  junie,
  openhands,
  antigravity,
  antigravityCli,
  nemoclaw,
  warp,
  zed,
  rooCode,
  trae,
  codebuff,
  openInterpreter,
];
