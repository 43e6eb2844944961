// The end-to-end cases: for each, the connector config the runner writes and what
// must have really happened once the host has run.

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { EventName, HostDef } from "./hosts.ts";
import type { MockModel, MockOptions } from "./mock-model.ts";
import { findAdapter } from "../../adapters/index.ts";
import { honours } from "../../src/dialects/extras.ts";
import { overlaySkip } from "../support/overlay-namespace.ts";

export const DENY_REASON = "blocked by e2e";
export const MODIFIED_COMMAND = "echo rewritten | tee modified.marker";
export const SESSION_CONTEXT = "E2E-SESSION-CONTEXT-7f3a";
export const PROMPT_CONTEXT = "E2E-PROMPT-CONTEXT-91c2";
export const STOP_REASON = "E2E-STOP-CONTINUE-5d0e: say the word again";
export const THROW_MESSAGE = "e2e handler exploded on purpose";
export const HALT_REASON = "E2E-HALT-3c9a: stopped after the tool";
/** The start of the reason a guard that failed closed gives (src/hook/fail-closed.ts). */
export const FAILED_CLOSED = "e2e failed closed: handler threw: " + THROW_MESSAGE;

export interface CaseOutcome {
  home: string;
  cwd: string;
  marks: string;
  mock: MockModel;
  exitCode: number | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
}

export interface CaseDef {
  name: string;
  /** normalized events the host must fire for the case to make sense */
  needs: EventName[];
  /** the event whose hook output decides the case (replayed on failure to show what we printed) */
  primary?: EventName;
  /** the decision the case returns on that event: if install reports it degraded there, the case is skipped */
  decision?: "deny" | "modify" | "context";
  /** in the --quick subset */
  quick?: boolean;
  /** body of the `hooks: { … }` object; `SHELL` is the host's shell tool name as a JSON string; "" = no hooks */
  hooks(host: HostDef): string;
  /** the connector's `mcpServers`, given the case's marks folder */
  mcpServers?(marks: string, host: HostDef): Record<string, unknown>;
  /** how the mock model behaves in this case */
  mock?: MockOptions;
  /** the connector's `timeout` (seconds), when the case needs a short budget */
  timeout?: number;
  /** the connector's `onFailure`, when the case needs its guard to fail closed */
  onFailure?: "deny";
  /** run once install has written `hostFile` (the file install reported) with `binary` in its commands */
  afterInstall?(hostFile: string, binary: string): void;
  /** only for the hosts this says yes to (default: every host) */
  appliesTo?(host: HostDef): boolean;
  /** why the case skips a host `appliesTo` says no to (default: the plugin-host reason) */
  appliesWhy?: string;
  /** run the host with `argsAsking`: its permission flow would ask before the shell tool runs (headless: refuses) */
  asking?: boolean;
  /** the call is refused in that run: a host that then stops ends as its `askingRefusal` says */
  refused?: boolean;
  /**
   * Installed at managed scope, as root, in a private mount namespace whose /etc and /usr/local/lib
   * are overlays (test/support/overlay-namespace.ts); the host runs in it too. `lock`: with --lock.
   * `userHooks`: a second connector, "e2e-user", installed at user scope beside it.
   */
  managed?: { lock?: boolean; userHooks?: string };
  /** undefined = pass, otherwise the reason for the failure */
  check(o: CaseOutcome, host: HostDef): string | undefined;
}

// ---------- helpers for checks ----------

export const readMark = (o: CaseOutcome, name: string): string | undefined => {
  const p = join(o.marks, name);
  return existsSync(p) ? readFileSync(p, "utf8") : undefined;
};
const toolRan = (o: CaseOutcome) => existsSync(join(o.cwd, "tool-ran.marker"));

/** requests sent after the mock asked for the tool call */
const requestsAfterToolCall = (o: CaseOutcome) => {
  const i = o.mock.requests.findIndex((r) => r.answer === "tool-call");
  return i < 0 ? [] : o.mock.requests.slice(i + 1);
};
const contains = (text: string, needle: string) => text.includes(needle) || text.includes(JSON.stringify(needle).slice(1, -1));

/** a short account of what happened, for failure messages */
export const summary = (o: CaseOutcome): string => {
  const answers = o.mock.requests.filter((r) => r.api !== "other" || r.method !== "HEAD").map((r) => r.answer);
  const bits = [`exit=${o.timedOut ? "timeout" : o.exitCode}`, `model=[${answers.join(",")}]`];
  return bits.join(" ");
};

const needToolCall = (o: CaseOutcome): string | undefined =>
  o.mock.requests.some((r) => r.answer === "tool-call") ? undefined : `the host never reached the model's tool call (${summary(o)})`;

const js = (v: unknown) => JSON.stringify(v);

/** A PreToolUse handler on `@shell` that records what it saw and answers `answer` (source text). */
const shellHandler = (answer: string) => `
    PreToolUse: {
      matcher: "@shell",
      handler: (event) => {
        keepRaw("PreToolUse", event);
        mark("PreToolUse.called", { toolName: event.toolName, toolInput: event.toolInput, tool: event.tool });
        return ${answer};
      },
    },`;

/** The model asked for the shell call and the handler saw it as this host's: the reason when not. */
const shellCallSeen = (o: CaseOutcome, h: HostDef): string | undefined => {
  const miss = needToolCall(o);
  if (miss) return miss;
  const seen = readMark(o, "PreToolUse.called");
  if (!seen) return `PreToolUse handler was not called (${summary(o)})`;
  return checkToolEvent(seen, h);
};

/** The normalized PreToolUse event: the host-native tool name and the command as an object field. */
export const checkToolEvent = (seen: string, h: HostDef): string | undefined => {
  let ev: any;
  try {
    ev = JSON.parse(seen.trim().split("\n")[0] ?? "");
  } catch {
    return `handler wrote unreadable data: ${seen.slice(0, 200)}`;
  }
  if (ev.toolName !== h.shellTool) return `event.toolName is ${js(ev.toolName)}, expected ${js(h.shellTool)}`;
  if (!ev.toolInput || typeof ev.toolInput !== "object") return `event.toolInput is not an object: ${js(ev.toolInput)}`;
  // A string field on most hosts; a list of commands on Cline (`{commands: ["…"]}`).
  if (
    !Object.values(ev.toolInput).some((v) =>
      (typeof v === "string" ? [v] : Array.isArray(v) ? v : []).some((s) => typeof s === "string" && s.includes("echo hi")),
    )
  )
    return `event.toolInput does not carry the command: ${js(ev.toolInput).slice(0, 200)}`;
  // The portable view, when the handler recorded it: the shell kind, the command as a string.
  if (ev.tool !== undefined && (ev.tool?.kind !== "shell" || !String(ev.tool?.command ?? "").includes("echo hi")))
    return `event.tool is ${js(ev.tool)}, expected { kind: "shell", command: "…echo hi…" }`;
  return undefined;
};

// ---------- the cases ----------

/** A halt case on `event`: only where the adapter says the host honours a halt there (dialect.extras). */
const halting = (event: EventName, name: string) => ({
  name,
  primary: event,
  needs: [event],
  appliesTo: (h: HostDef) => honours(findAdapter(h.id)?.dialect.extras, "halt", event),
  appliesWhy: `for hosts that end the run on a ${event} halt (docs/connector.md#responses)`,
});

/** A handler on `event` that records its call and halts. */
const haltingHook = (event: EventName, matcher?: string) => `
    ${event}: {${matcher ? `\n      matcher: ${js(matcher)},` : ""}
      handler: (event) => {
        keepRaw(${js(event)}, event);
        mark(${js(`${event}.called`)}, {});
        return { halt: { reason: ${js(HALT_REASON)} } };
      },
    },`;

/** The halting handler ran and the host ended: the reason when not. */
const haltMissed = (o: CaseOutcome, event: EventName): string | undefined => {
  if (!readMark(o, `${event}.called`)) return `${event} handler was not called (${summary(o)})`;
  return o.timedOut ? "the host did not end after the halt (timeout)" : undefined;
};

export const MCP_SERVER = "e2erec";
export const MCP_TOKEN = "E2E-MCP-CALL-4b1d";
/** What the runner puts in every host's environment; the server must receive it through the host's variable reference. */
export const MCP_SECRET = "e2e-secret-via-variable";
/** Written by the mock model at the host's first model turn (in the case's marks folder). */
export const FIRST_TURN_MARK = "first-model-turn";
const MCP_FIXTURE = join(import.meta.dir, "..", "fixtures", "mcp-server", "server.mjs");

/** The name the host gives the fixture server's tool, by the adapter's declared naming. */
export const mcpToolName = (h: HostDef): string | undefined => findAdapter(h.id)?.mcp?.toolName.replace("{server}", MCP_SERVER).replace("{tool}", "record");

const mcpCalls = (o: CaseOutcome): { text: string; secret: string | null }[] =>
  (readMark(o, "mcp-calls.jsonl") ?? "")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));

/** A PreToolUse handler on the shell tool that throws (the fail-open and fail-closed cases). */
const throwingHook = (h: HostDef) => `
    PreToolUse: {
      matcher: ${js(h.shellTool)},
      handler: (event) => {
        keepRaw("PreToolUse", event);
        mark("PreToolUse.called", "throwing");
        throw new Error(${js(THROW_MESSAGE)});
      },
    },`;

/** Why a throwing-handler case cannot be judged: the model asked for no tool call, or the handler never ran. */
const threwOnToolCall = (o: CaseOutcome): string | undefined =>
  needToolCall(o) ?? (readMark(o, "PreToolUse.called") ? undefined : `PreToolUse handler was not called (${summary(o)})`);

/** The shell call was denied and the model told why (the deny cases). */
function deniedCheck(o: CaseOutcome, h: HostDef): string | undefined {
  if (needToolCall(o) === undefined && readMark(o, "PreToolUse.called") && toolRan(o))
    return "the tool ran although the handler denied it (tool-ran.marker exists)";
  const bad = shellCallSeen(o, h);
  if (bad) return bad;
  const after = requestsAfterToolCall(o);
  if (after.length === 0) return `the host sent the model nothing after the denied call (${summary(o)})`;
  if (!after.some((r) => contains(r.text, DENY_REASON))) return `no model request after the denied call carries the reason "${DENY_REASON}"`;
  return undefined;
}

/** The hosts whose real managed layer the suite runs (issue 46), where a mount namespace can stand in for /etc. */
const managedHere = (h: HostDef): boolean => ["claude-code", "codex"].includes(h.id) && overlaySkip === undefined;
const MANAGED_WHY = `for Claude Code and Codex, as root where \`unshare -m\` works${overlaySkip ? ` (here: ${overlaySkip})` : ""}`;

export const CASES: CaseDef[] = [
  {
    name: "deny",
    primary: "PreToolUse",
    decision: "deny",
    needs: ["PreToolUse"],
    quick: true,
    // A kind, not the host's name: the connector does not know which host runs it.
    hooks: () => shellHandler(`{ decision: "deny", reason: ${js(DENY_REASON)} }`),
    check: deniedCheck,
  },
  // Managed scope (issue 46): the host reads our hook from its machine-wide file, every user's.
  {
    name: "managed-deny",
    primary: "PreToolUse",
    decision: "deny",
    needs: ["PreToolUse"],
    managed: {},
    appliesTo: managedHere,
    appliesWhy: MANAGED_WHY,
    hooks: () => shellHandler(`{ decision: "deny", reason: ${js(DENY_REASON)} }`),
    check: deniedCheck,
  },
  // With --lock only managed hooks run: a user's own hook that would deny is not even called.
  {
    name: "managed-lock",
    primary: "PreToolUse",
    needs: ["PreToolUse"],
    managed: {
      lock: true,
      userHooks: `
    PreToolUse: {
      matcher: "@shell",
      handler: () => {
        mark("user.called", 1);
        return { decision: "deny", reason: "a user hook" };
      },
    },`,
    },
    appliesTo: managedHere,
    appliesWhy: MANAGED_WHY,
    hooks: () => shellHandler("undefined"),
    check(o, h) {
      const bad = shellCallSeen(o, h);
      if (bad) return bad;
      if (readMark(o, "user.called")) return "the user-scope hook ran although --lock lets only managed hooks run";
      if (!toolRan(o)) return `the tool did not run, so something still refused it (${summary(o)})`;
      return undefined;
    },
  },
  // Several definitions of one event (issue 47 point 1), each with its own matcher: the one for file
  // writes is not called for the shell, both shell ones are, and the deny of the second wins.
  {
    name: "two-definitions",
    primary: "PreToolUse",
    decision: "deny",
    needs: ["PreToolUse"],
    hooks: () => `
    PreToolUse: [
      {
        matcher: "@write",
        handler: () => {
          mark("write.called", 1);
          return { decision: "deny", reason: "the write definition" };
        },
      },
      {
        matcher: "@shell",
        handler: () => {
          mark("first.called", 1);
          return { decision: "context", additionalContext: "seen by the first definition" };
        },
      },${shellHandler(`{ decision: "deny", reason: ${js(DENY_REASON)} }`)
        .replace("PreToolUse: {", "{")
        .replace(/,$/, ",")}
    ],`,
    check(o, h) {
      if (readMark(o, "write.called")) return "the definition matching file writes was called for the shell tool";
      if (needToolCall(o) === undefined && !readMark(o, "first.called")) return `the first shell definition was not called (${summary(o)})`;
      return deniedCheck(o, h);
    },
  },
  {
    name: "modify",
    primary: "PreToolUse",
    decision: "modify",
    needs: ["PreToolUse"],
    // A kind and a portable rewrite: the adapter puts the command back where this host keeps it
    // (a string, Cline's list of commands, Mux's script…).
    hooks: () => shellHandler(`{ decision: "modify", updatedTool: { command: ${js(MODIFIED_COMMAND)} } }`),
    check(o, h) {
      const bad = shellCallSeen(o, h);
      if (bad) return bad;
      const modified = join(o.cwd, "modified.marker");
      if (toolRan(o)) return "the original command ran (tool-ran.marker exists); updatedInput was not applied";
      if (!existsSync(modified)) return `the rewritten command did not run (no modified.marker; ${summary(o)})`;
      if (!readFileSync(modified, "utf8").includes("rewritten")) return "modified.marker lacks the rewritten output";
      return undefined;
    },
  },
  ...[
    // A rewrite alone keeps the host's permission flow (issue 44): with no rule that lets the
    // shell run, a headless host refuses the rewritten command, and says which part needs approval.
    {
      name: "modify-keeps-prompt",
      decision: "modify" as const,
      refused: true,
      response: `{ decision: "modify", updatedTool: { command: ${js(MODIFIED_COMMAND)} } }`,
      check(o: CaseOutcome, h: HostDef) {
        if (existsSync(join(o.cwd, "modified.marker"))) return "the rewritten command ran unasked: the modify approved it";
        if (toolRan(o)) return "the original command ran (tool-ran.marker exists)";
        // A host that stops at a call it may not run (askingRefusal) says so on stdout instead of telling the model.
        if (h.askingRefusal) return o.stdout.includes(h.askingRefusal.says) ? undefined : `the host did not say "${h.askingRefusal.says}" (${summary(o)})`;
        if (!requestsAfterToolCall(o).some((r) => contains(r.text, "modified.marker")))
          return `no model request after the call names the rewritten command (the host did not weigh the rewrite; ${summary(o)})`;
        return undefined;
      },
    },
    // The same rewrite with an explicit allow: approved, it runs although no rule lets the shell run.
    {
      name: "allow-rewrite-approves",
      decision: "modify" as const,
      refused: false,
      response: `{ decision: "allow", updatedTool: { command: ${js(MODIFIED_COMMAND)} } }`,
      check(o: CaseOutcome, _h: HostDef) {
        if (toolRan(o)) return "the original command ran (tool-ran.marker exists); the rewrite was not applied";
        if (!existsSync(join(o.cwd, "modified.marker"))) return `the approved rewrite did not run (no modified.marker; ${summary(o)})`;
        return undefined;
      },
    },
  ].map(
    (c): CaseDef => ({
      name: c.name,
      primary: "PreToolUse",
      decision: c.decision,
      needs: ["PreToolUse"],
      asking: true,
      refused: c.refused,
      appliesTo: (h) => Boolean(h.argsAsking) && findAdapter(h.id)?.dialect.rewrite?.alone === "neutral",
      appliesWhy: "for hosts with a neutral rewrite (adapter dialect.rewrite) and a run where the shell needs approval (argsAsking)",
      hooks: () => shellHandler(c.response),
      check: (o, h) => shellCallSeen(o, h) ?? c.check(o, h),
    }),
  ),
  {
    name: "context-session-start",
    primary: "SessionStart",
    decision: "context",
    needs: ["SessionStart"],
    hooks: () => `
    SessionStart: {
      handler: (event) => {
        keepRaw("SessionStart", event);
        mark("SessionStart.called", { sessionId: event.sessionId });
        return { decision: "context", additionalContext: ${js(SESSION_CONTEXT)} };
      },
    },`,
    check(o) {
      if (!readMark(o, "SessionStart.called")) return `SessionStart handler was not called (${summary(o)})`;
      const agentTurns = o.mock.modelRequests();
      if (agentTurns.length === 0) return `the host sent no model request (${summary(o)})`;
      if (!agentTurns.some((r) => contains(r.text, SESSION_CONTEXT))) return `no model request carries the SessionStart context "${SESSION_CONTEXT}"`;
      return undefined;
    },
  },
  {
    name: "context-prompt",
    primary: "UserPromptSubmit",
    decision: "context",
    needs: ["UserPromptSubmit"],
    hooks: () => `
    UserPromptSubmit: {
      handler: (event) => {
        keepRaw("UserPromptSubmit", event);
        mark("UserPromptSubmit.called", { prompt: event.prompt });
        return { decision: "context", additionalContext: ${js(PROMPT_CONTEXT)} };
      },
    },`,
    check(o) {
      if (!readMark(o, "UserPromptSubmit.called")) return `UserPromptSubmit handler was not called (${summary(o)})`;
      const agentTurns = o.mock.modelRequests();
      if (agentTurns.length === 0) return `the host sent no model request (${summary(o)})`;
      if (!agentTurns.some((r) => contains(r.text, PROMPT_CONTEXT))) return `no model request carries the UserPromptSubmit context "${PROMPT_CONTEXT}"`;
      return undefined;
    },
  },
  {
    name: "post-tool-output",
    primary: "PostToolUse",
    needs: ["PostToolUse"],
    quick: true,
    hooks: (h) => `
    PostToolUse: {
      matcher: ${js(h.shellTool)},
      handler: (event) => {
        keepRaw("PostToolUse", event);
        mark("PostToolUse.called", { toolName: event.toolName, toolInput: event.toolInput, toolOutput: event.toolOutput });
      },
    },`,
    check(o, h) {
      const miss = needToolCall(o);
      if (miss) return miss;
      if (!toolRan(o)) return `the tool did not run (${summary(o)})`;
      const seen = readMark(o, "PostToolUse.called");
      if (!seen) return `PostToolUse handler was not called (${summary(o)})`;
      let got: any;
      try {
        got = JSON.parse(seen.trim().split("\n")[0] ?? "");
      } catch {
        return `PostToolUse handler wrote unreadable data: ${seen.slice(0, 200)}`;
      }
      if (typeof got.toolOutput !== "string") return `event.toolOutput is not a string: ${js(got.toolOutput)?.slice(0, 200)}`;
      if (!/\bhi\b/.test(got.toolOutput)) return `event.toolOutput does not hold the tool's output "hi": ${js(got.toolOutput).slice(0, 200)}`;
      if (got.toolName !== h.shellTool) return `event.toolName is ${js(got.toolName)}, expected ${js(h.shellTool)}`;
      return undefined;
    },
  },
  {
    // halt (docs/connector.md#responses): after the shell tool ran, PostToolUse ends the run, so
    // the host never gives the tool's result back to the model.
    ...halting("PostToolUse", "halt-after-tool"),
    hooks: (h) => haltingHook("PostToolUse", h.shellTool),
    check(o) {
      const miss = needToolCall(o) ?? haltMissed(o, "PostToolUse");
      if (miss) return miss;
      if (!toolRan(o)) return `the tool did not run (${summary(o)})`;
      if (requestsAfterToolCall(o).some((r) => r.answer === "final")) return `the run went on: the model got the tool's result after the halt (${summary(o)})`;
      return undefined;
    },
  },
  {
    // halt on UserPromptSubmit: the prompt never reaches the model (Codex honours a halt there, not on PostToolUse).
    ...halting("UserPromptSubmit", "halt-prompt"),
    hooks: () => haltingHook("UserPromptSubmit"),
    check(o) {
      const miss = haltMissed(o, "UserPromptSubmit");
      if (miss) return miss;
      if (o.mock.requests.some((r) => ["tool-call", "final", "text"].includes(r.answer)))
        return `the run went on: the model was asked after the halt (${summary(o)})`;
      return undefined;
    },
  },
  {
    name: "stop-continue",
    primary: "Stop",
    decision: "deny",
    needs: ["Stop"],
    hooks: () => `
    Stop: {
      handler: (event) => {
        keepRaw("Stop", event);
        if (!existsSync(MARKS + "/Stop.called")) {
          mark("Stop.called", { stopHookActive: event.stopHookActive });
          return { decision: "deny", reason: ${js(STOP_REASON)} };
        }
        mark("Stop.again", { stopHookActive: event.stopHookActive });
      },
    },`,
    check(o) {
      if (!readMark(o, "Stop.called")) return `Stop handler was not called (${summary(o)})`;
      const stopped = o.mock.requests.findIndex((r) => contains(r.text, STOP_REASON));
      if (stopped < 0) return `the host did not continue: no model request carries the Stop reason (${summary(o)})`;
      if (o.timedOut) return "the host continued but never finished (timeout)";
      return undefined;
    },
  },
  {
    name: "fail-open",
    primary: "PreToolUse",
    needs: ["PreToolUse"],
    hooks: throwingHook,
    check(o) {
      const miss = threwOnToolCall(o);
      if (miss) return miss;
      if (!toolRan(o)) return `the tool did not run after the handler threw: not fail-open (${summary(o)})`;
      return undefined;
    },
  },
  {
    // onFailure: "deny" (docs/connector.md#guards-you-can-rely-on): the same throw is the host's
    // deny. On json-stdio hosts our binary's reply is that deny, whatever the host does on a crash.
    name: "fail-closed",
    primary: "PreToolUse",
    decision: "deny",
    needs: ["PreToolUse"],
    onFailure: "deny",
    appliesTo: (h) => ["hook-file", "hooks-folder"].includes(findAdapter(h.id)?.hooks.kind ?? ""),
    hooks: throwingHook,
    check(o) {
      const miss = threwOnToolCall(o);
      if (miss) return miss;
      if (toolRan(o)) return `the tool ran after the handler threw under onFailure "deny": not fail-closed (${summary(o)})`;
      const after = requestsAfterToolCall(o);
      if (after.length === 0) return `the host sent the model nothing after the denied call (${summary(o)})`;
      if (!after.some((r) => contains(r.text, FAILED_CLOSED))) return `no model request after the denied call carries "${FAILED_CLOSED}"`;
      return undefined;
    },
  },
  {
    // The host's own fail-closed switch (adapter hostFailClosed.entry: Claude Code `onFailure: "block"`,
    // Cursor `failClosed`, Hermes `fail_closed`), which install writes under onFailure "deny": with our
    // binary gone from the hook command, the host itself must keep the tool from running.
    name: "binary-missing",
    primary: "PreToolUse",
    decision: "deny",
    needs: ["PreToolUse"],
    onFailure: "deny",
    appliesTo: (h) => Boolean(findAdapter(h.id)?.hostFailClosed?.entry),
    hooks: throwingHook,
    afterInstall: (file, binary) => writeFileSync(file, readFileSync(file, "utf8").split(binary).join("/nonexistent/agent-connector")),
    check(o) {
      const miss = needToolCall(o);
      if (miss) return miss;
      if (readMark(o, "PreToolUse.called")) return "the handler ran: the hook command still reached our binary";
      if (toolRan(o)) return `the tool ran with the hook's program missing, although install wrote the host's fail-closed switch (${summary(o)})`;
      return undefined;
    },
  },
  {
    // A handler that never returns control: on a plugin host it runs in the host's own process,
    // where only its worker thread is stopped (src/hook/plugin-worker.ts); the host must not freeze.
    name: "busy-loop",
    primary: "PreToolUse",
    needs: ["PreToolUse"],
    timeout: 3,
    appliesTo: (h) => findAdapter(h.id)?.hooks.kind === "plugin-module",
    hooks: (h) => `
    PreToolUse: {
      matcher: ${js(h.shellTool)},
      handler: (event) => {
        keepRaw("PreToolUse", event);
        mark("PreToolUse.called", "looping");
        while (true) {}
      },
    },`,
    check(o) {
      const miss = needToolCall(o);
      if (miss) return miss;
      if (!readMark(o, "PreToolUse.called")) return `PreToolUse handler was not called (${summary(o)})`;
      if (!toolRan(o)) return `the tool did not run after the handler's budget ran out: not fail-open (${summary(o)})`;
      if (o.timedOut) return "the host never finished: the busy loop froze it";
      return undefined;
    },
  },
  {
    name: "matcher-miss",
    primary: "PreToolUse",
    needs: ["PreToolUse", "PostToolUse"],
    // The matcher is a strict prefix of the real tool name: a whole-name match must not fire.
    hooks: (h) => `
    PreToolUse: {
      matcher: ${js(h.shellTool.slice(0, -1))},
      handler: (event) => {
        keepRaw("PreToolUse", event);
        mark("PreToolUse.called", { toolName: event.toolName });
        return { decision: "deny", reason: "the matcher should not have matched" };
      },
    },
    PostToolUse: {
      matcher: ${js(h.shellTool)},
      handler: (event) => {
        keepRaw("PostToolUse", event);
        mark("PostToolUse.called", { toolName: event.toolName });
      },
    },`,
    check(o, h) {
      const miss = needToolCall(o);
      if (miss) return miss;
      const pre = readMark(o, "PreToolUse.called");
      if (pre) return `PreToolUse handler with matcher ${js(h.shellTool.slice(0, -1))} was called for ${pre.trim()}`;
      if (!toolRan(o)) return `the tool did not run (${summary(o)})`;
      if (!readMark(o, "PostToolUse.called"))
        return `control hook (PostToolUse, matcher ${js(h.shellTool)}) was not called either: hooks not installed? (${summary(o)})`;
      return undefined;
    },
  },
  {
    name: "session-end",
    primary: "SessionEnd",
    needs: ["SessionEnd"],
    hooks: () => `
    SessionEnd: {
      handler: (event) => {
        keepRaw("SessionEnd", event);
        mark("SessionEnd.called", { sessionId: event.sessionId, reason: event.reason });
      },
    },`,
    check(o) {
      const seen = readMark(o, "SessionEnd.called");
      if (!seen) return `SessionEnd handler was not called, or did not finish before the host exited (${summary(o)})`;
      return undefined;
    },
  },
  {
    name: "matcher-anchored",
    primary: "PreToolUse",
    needs: ["PreToolUse", "PostToolUse"],
    // A regex that matches PART of the tool name ("as[h]" in "Bash"): the matcher is matched
    // against the whole name, so it must not fire even on hosts whose own matchers are unanchored.
    hooks: (h) => `
    PreToolUse: {
      matcher: ${js(partialRegex(h.shellTool))},
      handler: (event) => {
        keepRaw("PreToolUse", event);
        mark("PreToolUse.called", { toolName: event.toolName });
        return { decision: "deny", reason: "the matcher should not have matched" };
      },
    },
    PostToolUse: {
      matcher: ${js(h.shellTool)},
      handler: (event) => {
        mark("PostToolUse.called", { toolName: event.toolName });
      },
    },`,
    check(o, h) {
      const miss = needToolCall(o);
      if (miss) return miss;
      const pre = readMark(o, "PreToolUse.called");
      if (pre) return `PreToolUse handler with matcher ${js(partialRegex(h.shellTool))} was called for ${pre.trim()}: not a whole-name match`;
      if (!toolRan(o)) return `the tool did not run (${summary(o)})`;
      if (!readMark(o, "PostToolUse.called"))
        return `control hook (PostToolUse, matcher ${js(h.shellTool)}) was not called either: hooks not installed? (${summary(o)})`;
      return undefined;
    },
  },
  {
    name: "mcp-tool",
    needs: [],
    // No hooks: install registers the server alone; the model calls its tool under the host's naming.
    hooks: () => "",
    mcpServers: (marks, h) => ({
      [MCP_SERVER]: {
        command: Bun.which("node") ?? "node",
        args: [MCP_FIXTURE, "--log", join(marks, "mcp-calls.jsonl"), ...(h.mcpStartupRace ? ["--hold-until", join(marks, FIRST_TURN_MARK)] : [])],
        // A host that can pass no variable to a server gets the value itself (install would refuse a reference).
        env: { E2E_MCP_SECRET: h.mcpEnvLiteral ? MCP_SECRET : "${E2E_MCP_SECRET}" },
      },
    }),
    mock: {
      tool: {
        match: /(^|[^a-z])e2erec[^a-z].*record$|^record$|^record[^a-z]+e2erec$/,
        input: { text: MCP_TOKEN },
        result: `MCP-RECORDED:${MCP_TOKEN}`,
        search: `${MCP_SERVER} record`,
      },
    },
    check(o, h) {
      const call = o.mock.requests.find((r) => r.answer === "tool-call");
      const offered = o.mock.requests.find((r) => r.answer === "text");
      if (!call) return `the model was never offered the server's tool (${summary(o)})${offered ? `; offered: ${offeredNames(offered.json).join(", ")}` : ""}`;
      // Through a bridge (Qwen Code's `tool_call`), the tool is the one the bridge was asked for.
      const called = call.target ?? call.tool;
      if (called !== mcpToolName(h)) return `the host named the tool ${js(called)}, the adapter says ${js(mcpToolName(h))}`;
      const calls = mcpCalls(o);
      if (!calls.some((c) => c.text === MCP_TOKEN)) return `the server recorded no call with ${MCP_TOKEN} (${calls.length} calls; ${summary(o)})`;
      if (!requestsAfterToolCall(o).some((r) => contains(r.text, `MCP-RECORDED:${MCP_TOKEN}`)))
        return `the tool's result never reached the model (${summary(o)})`;
      const secret = calls.find((c) => c.text === MCP_TOKEN)!.secret;
      if (secret !== MCP_SECRET)
        return `the server got E2E_MCP_SECRET=${js(secret)}, not the value of ${h.mcpEnvLiteral ? "its env entry" : "the host's variable reference"}`;
      return undefined;
    },
  },
];

/** Tool names a model request offered, whatever the API. */
function offeredNames(body: any): string[] {
  const tools = body?.tools ?? [];
  return tools.flatMap((t: any) => t?.name ?? t?.function?.name ?? (t?.functionDeclarations ?? []).map((f: any) => f.name) ?? []).slice(0, 40);
}

/** "Bash" -> "as[h]": a regex matching the name minus its first character. */
export const partialRegex = (name: string) => `${name.slice(1, -1)}[${name.slice(-1)}]`;

/** The connector config file the runner writes for one case. */
export function connectorConfigSource(c: CaseDef, host: HostDef, marks: string, other?: { id: string; hooks: string }): string {
  const hooks = other ? other.hooks : c.hooks(host);
  return `// Generated by test/hosts/run.ts for case "${c.name}" on ${host.id}.
import { defineConnector } from "agent-connector";
import { appendFileSync, existsSync, writeFileSync } from "node:fs";

const MARKS = ${js(marks)};
const mark = (name: string, value: unknown) =>
  appendFileSync(MARKS + "/" + name, (typeof value === "string" ? value : JSON.stringify(value)) + "\\n");
// The host's own payload, kept so that a failing case can replay it through the installed hook.
const keepRaw = (name: string, event: { raw?: unknown }) =>
  writeFileSync(MARKS + "/" + name + ".raw.json", JSON.stringify(event.raw ?? null));

export default defineConnector({
  id: ${js(other?.id ?? "e2e")},${c.timeout ? `\n  timeout: ${c.timeout},` : ""}${c.onFailure ? `\n  onFailure: ${js(c.onFailure)},` : ""}${hooks ? `\n  hooks: {${hooks}\n  },` : ""}${c.mcpServers ? `\n  mcpServers: ${js(c.mcpServers(marks, host))},` : ""}
});
`;
}
