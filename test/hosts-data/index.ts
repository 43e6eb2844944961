/**
 * The host records the tests run, one file per host, by host id: typed by the ids of adapters/hosts.ts,
 * so tsc asks for the record of a host added there (test/static/host-parts.test.ts names what else it lacks).
 */
import type { HostId } from "../../adapters/hosts.ts";
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

export const HOST_RECORDS: Readonly<Record<HostId, HostRecord>> = {
  "claude-code": claudeCode,
  codex,
  "qwen-code": qwenCode,
  "gemini-cli": geminiCli,
  cursor,
  "copilot-cli": copilotCli,
  "vscode-copilot": vscodeCopilot,
  opencode,
  "kilo-cli": kiloCli,
  kilo,
  "mimo-code": mimoCode,
  pi,
  omp,
  amp,
  openclaw,
  kimi,
  "kimi-code": kimiCode,
  crush,
  "grok-cli": grokCli,
  codebuddy,
  continue: continueCli,
  devin,
  "grok-build": grokBuild,
  "jetbrains-copilot": jetbrainsCopilot,
  droid,
  auggie,
  cline,
  goose,
  hermes,
  "mistral-vibe": mistralVibe,
  mux,
  windsurf,
  kiro,
  "amazon-q": amazonQ,
  junie,
  openhands,
  antigravity,
  "antigravity-cli": antigravityCli,
  nemoclaw,
  warp,
  zed,
  "roo-code": rooCode,
  trae,
  codebuff,
  "open-interpreter": openInterpreter,
};
