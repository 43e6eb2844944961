/**
 * A stand-in for a Pi-family host (Pi, Oh My Pi): loads the module `install` generated, calls its
 * default export with an API whose `on(event, handler)` records the handlers, then calls them the
 * way Pi does, `handler(event, ctx)`, with the captured event objects and a ctx whose session
 * methods answer the captured session. What a handler returns is what Pi would act on.
 */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { EventName } from "../../src/events.ts";
import { sandbox, writeConfig, writeScriptedConfig, type Sandbox } from "./harness.ts";
import { withEnv } from "./plugin-host.ts";
import { findAdapter } from "../../adapters/index.ts";
import { generous } from "./budget.ts";

type Json = Record<string, any>;
type Handler = (event: Json, ctx: Json) => Promise<unknown>;

let generation = 0;

export interface OnHost {
  /** Handlers by event, in registration order. */
  handlers: Record<string, Handler[]>;
  /** Calls every handler of `hook`, as Pi does; the last defined result is what Pi acts on. */
  emit(hook: string, event: Json, ctx: Json, env?: Record<string, string>): Promise<unknown>;
}

/** Loads a module whose default export registers handlers through `api.on(event, handler)` (Pi, Amp). */
export async function loadOnModule(box: Sandbox, file: string): Promise<OnHost> {
  const module = await import(`${file}?generation=${++generation}`);
  const handlers: Record<string, Handler[]> = {};
  module.default({ on: (hook: string, handler: Handler) => (handlers[hook] ??= []).push(handler) });
  return {
    handlers,
    emit: (hook, event, ctx, env = {}) =>
      withEnv({ ...box.env, ...env }, async () => {
        let result: unknown;
        for (const handler of handlers[hook] ?? []) result = (await handler(event, ctx)) ?? result;
        return result;
      }),
  };
}

/** The handler context Pi passes, rebuilt from a captured call's reduced `ctx`. */
export const piContext = (ctx: Json): Json => ({
  cwd: ctx.cwd,
  hasUI: ctx.hasUI,
  model: { id: ctx.model, provider: "mock" },
  sessionManager: { getSessionFile: () => ctx.sessionFile, getSessionId: () => ctx.sessionId, getEntries: () => [] },
  ui: { notify() {} },
});

const respondWith = (response: unknown) => ({ AC_TEST_RESPONSE: JSON.stringify(response) });

/** The generated module of `platform` (a Pi-family host), driven as Pi drives it. */
export function piModuleSuite(platform: string, payload: (event: EventName, box?: Sandbox) => Json): void {
  const folder = (box: Sandbox) => (platform === "pi" ? join(box.home, ".pi", "agent", "extensions") : join(box.home, ".omp", "agent", "extensions"));
  async function installed(write: (box: Sandbox) => string = (box) => writeScriptedConfig(box)) {
    const box = sandbox();
    const config = write(box);
    const result = box.cli(["install", "--config", config, "--platform", platform]);
    expect(result.exitCode).toBe(0);
    const host = await loadOnModule(box, join(folder(box), `agent-connector-test-${platform}.ts`));
    const call = (event: EventName, env?: Record<string, string>, edit: (raw: Json) => void = () => {}) => {
      const raw = payload(event, box);
      edit(raw);
      return { raw, result: host.emit(raw.hook, raw.event, piContext(raw.ctx), env) };
    };
    return { box, host, call };
  }

  describe(`${platform}: the generated module, called as Pi calls it`, () => {
    test("the handlers it registers: those the wired events need", async () => {
      const { host } = await installed();
      // Stop: agent_end, or session_stop where the host has it (Oh My Pi).
      const stop = findAdapter(platform)!.events.Stop!;
      expect(Object.keys(host.handlers).sort()).toEqual(
        [stop, "before_agent_start", "session_before_compact", "session_compact", "session_shutdown", "session_start", "tool_call", "tool_result"].sort(),
      );
    });

    test("deny: tool_call answers { block, reason }; the arguments stay as they were", async () => {
      const { call } = await installed();
      const { raw, result } = call("PreToolUse", respondWith({ decision: "deny", reason: "no shell" }));
      const before = structuredClone(raw.event.input);
      expect(await result).toEqual({ block: true, reason: "no shell" });
      expect(raw.event.input).toEqual(before);
    });

    test("no opinion: nothing returned, nothing changed", async () => {
      const { call } = await installed();
      const { raw, result } = call("PreToolUse");
      const before = structuredClone(raw.event);
      expect(await result).toBeUndefined();
      expect(raw.event).toEqual(before);
    });

    test("modify: the host's own input object is rewritten in place, and returned as { input }", async () => {
      const { call } = await installed();
      const { raw, result } = call("PreToolUse", respondWith({ decision: "modify", updatedInput: { command: "echo safe" } }));
      const input = raw.event.input;
      const answer = (await result) as Json;
      expect(raw.event.input).toBe(input);
      expect(input).toEqual({ command: "echo safe" });
      expect(answer).toEqual({ input: { command: "echo safe" } });
      expect(answer.input).toBe(input);
    });

    test("PreToolUse context: one more text block after that call's output", async () => {
      const { call } = await installed();
      await call("PreToolUse", respondWith({ decision: "context", additionalContext: "T" })).result;
      const output = payload("PostToolUse").event.content;
      expect(await call("PostToolUse").result).toEqual({ content: [...output, { type: "text", text: "T" }] });
      // Once: a later result of the same call id carries nothing of it.
      expect(await call("PostToolUse").result).toBeUndefined();
    });

    test("updatedOutput replaces the content; PostToolUse context and deny are appended", async () => {
      const { call } = await installed();
      expect(await call("PostToolUse", respondWith({ updatedOutput: "redacted" })).result).toEqual({ content: [{ type: "text", text: "redacted" }] });
      expect(await call("PostToolUse", respondWith({ decision: "deny", reason: "do not trust this", additionalContext: "C" })).result).toEqual({
        content: [...payload("PostToolUse").event.content, { type: "text", text: "do not trust this\n\nC" }],
      });
    });

    test("a failed call is PostToolUseFailure, not PostToolUse", async () => {
      const { box, call } = await installed();
      const seen = join(box.root, "seen.json");
      expect(await call("PostToolUseFailure", { ...respondWith({ updatedOutput: "O" }), AC_TEST_SEEN: seen }).result).toBeUndefined();
      const error = payload("PostToolUseFailure").event.content[0].text;
      expect(error).toContain("Command exited with code 1");
      expect(JSON.parse(box.read(seen))).toMatchObject({ toolName: "bash", error, raw: { hook: "tool_result" } });
      expect(JSON.parse(box.read(seen)).toolOutput).toBeUndefined();
    });

    test("SessionStart and UserPromptSubmit context: appended to the system prompt of each run of the session", async () => {
      const { call } = await installed();
      expect(await call("SessionStart", respondWith({ additionalContext: "S" })).result).toBeUndefined();
      const first = (await call("UserPromptSubmit", respondWith({ additionalContext: "P" })).result) as Json;
      const { raw } = call("UserPromptSubmit");
      // Pi's prompt is one string; Oh My Pi's a list of sections, which it replaces with what it gets.
      const prompt = raw.event.systemPrompt;
      const expected = Array.isArray(prompt) ? [...prompt, "S", "P"] : `${prompt}\n\nS\n\nP`;
      expect(first.systemPrompt).toEqual(expected);
      const second = (await call("UserPromptSubmit").result) as Json;
      expect(second.systemPrompt).toEqual(expected);
    });

    test("Stop: a deny asks session_stop for one more turn with the reason; agent_end is observed", async () => {
      const { call } = await installed();
      const sessionStop = findAdapter(platform)!.events.Stop === "session_stop";
      expect(await call("Stop", respondWith({ decision: "deny", reason: "keep going" })).result).toEqual(
        sessionStop ? { continue: true, additionalContext: "keep going" } : undefined,
      );
      expect(await call("Stop").result).toBeUndefined();
    });

    test("matcher: our rule, whole tool name", async () => {
      const { box, call } = await installed((b) => writeScriptedConfig(b, { matchers: { PreToolUse: "ba" } }));
      const seen = join(box.root, "seen.json");
      expect(await call("PreToolUse", { ...respondWith({ decision: "deny", reason: "R" }), AC_TEST_SEEN: seen }).result).toBeUndefined();
      expect(box.exists(seen)).toBe(false);
    });

    test("a host-only event of nativeHooks: the handler's object back verbatim; nothing for no opinion", async () => {
      const { host } = await installed((b) =>
        writeConfig(
          b,
          `{ id: "test", platforms: { ${JSON.stringify(platform)}: { nativeHooks: {
          context: { handler: (raw) => raw.event.messages.length === 1 ? { messages: [] } : undefined },
        } } } }`,
        ),
      );
      expect(Object.keys(host.handlers)).toEqual(["context"]);
      expect(await host.emit("context", { type: "context", messages: [{ role: "user" }] }, piContext({ cwd: "/" }))).toEqual({ messages: [] });
      expect(await host.emit("context", { type: "context", messages: [] }, piContext({ cwd: "/" }))).toBeUndefined();
    });
  });

  describe(`${platform}: fail-open (Pi's call goes on)`, () => {
    for (const mode of ["throw", "hang", "garbage"]) {
      test(
        `handler ${mode}: no block, arguments untouched`,
        async () => {
          const { call } = await installed((b) =>
            writeConfig(
              b,
              `{ id: "test", timeout: 2, hooks: { PreToolUse: { handler: () => {
              if (${JSON.stringify(mode)} === "throw") throw new Error("boom");
              if (${JSON.stringify(mode)} === "hang") return new Promise(() => {});
              return { decision: "maybe", reason: 42 };
            } } } }`,
            ),
          );
          const { raw, result } = call("PreToolUse");
          const before = structuredClone(raw.event.input);
          expect(await result).toBeUndefined();
          expect(raw.event.input).toEqual(before);
        },
        generous(15_000),
      );
    }

    test("no plugin worker and no binary at the recorded paths: no block, one log line", async () => {
      const { box } = await installed();
      const file = join(folder(box), `agent-connector-test-${platform}.ts`);
      const text = box.read(file);
      const moved = text
        .replace(/"command": \[\n\s*"[^"]+"/, '"command": [\n    "/nonexistent/agent-connector"')
        .replace(/"runtime": "[^"]+"/, '"runtime": "/nonexistent/worker.cjs"');
      expect(moved).not.toBe(text);
      box.write(file, moved);
      const host = await loadOnModule(box, file);
      const raw = payload("PreToolUse", box);
      expect(await host.emit("tool_call", raw.event, piContext(raw.ctx), respondWith({ decision: "deny", reason: "R" }))).toBeUndefined();
      const log = JSON.parse(/"logFile": ("[^"]+")/.exec(text)![1]!) as string;
      expect(box.read(log)).toMatch(new RegExp(`${platform} plugin \\(test\\): PreToolUse: .*ENOENT.*; allowed \\(fail-open\\)\n$`));
    });
  });
}
