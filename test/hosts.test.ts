import { beforeAll, describe, expect, test } from "bun:test";
import { findAdapter } from "../adapters/index.ts";
import { EVENT_NAMES, type EventName, MATCHER_TARGET } from "../src/events.ts";
import { asReply, everyDecision, respond, seenEvent } from "./support/decisions.ts";
import { sandbox, writeScriptedConfig, type Sandbox } from "./support/harness.ts";
import { hookFileInstallSuite } from "./support/hook-file-install.ts";
import { hooksFolderInstallSuite } from "./support/hooks-folder-install.ts";
import { pluginFolderSuite } from "./support/plugin-host.ts";
import { settingsInstallSuite } from "./support/settings-install.ts";
import { HOST_RECORDS } from "./hosts-data/index.ts";
import { recordPayload } from "./hosts-data/lookup.ts";
import type { HostRecord, Json, PerBox } from "./hosts-data/record.ts";

/** Every host's record (test/hosts-data/<host-id>.ts) through the compiled binary, as the host runs it. */

const atBox = <T>(value: PerBox<T>, box: Sandbox): T => (typeof value === "function" ? (value as (box: Sandbox) => T)(box) : value);
const DENY = { decision: "deny", reason: "R" };
/** The events about one tool call: those whose matcher matches the tool. */
const TOOL_EVENTS = new Set<string>(EVENT_NAMES.filter((event) => MATCHER_TARGET[event] === "toolName"));

function runRecord(host: HostRecord): void {
  const { id } = host;
  const payload = (event: EventName, box?: Sandbox): Json => recordPayload(host, event, box);

  if (host.replies) everyDecision(`${id}: every decision on every event`, id, host.replies, (event, box) => payload(event as EventName, box), host.env);

  if (host.seen) {
    describe(`${id}: the normalized event a handler sees`, () => {
      let box: Sandbox;
      let config: string;
      beforeAll(() => {
        box = sandbox();
        config = writeScriptedConfig(box);
      });
      for (const [title, checks] of Object.entries(host.seen!)) {
        test(title, () => {
          for (const check of checks) {
            const raw = check.raw ? check.raw((event) => payload(event, box), box) : payload(check.event, box);
            const seen = seenEvent(box, config, id, check.event, raw, check.env);
            // A tool event's portable view is part of what a handler sees: each record states it.
            if (check.equals)
              expect(seen).toEqual(
                TOOL_EVENTS.has(check.event)
                  ? { ...atBox(check.equals, box), tool: atBox(check.tool ?? "(the record states no tool view)", box) }
                  : atBox(check.equals, box),
              );
            if (check.matches) expect(seen).toMatchObject(atBox(check.matches, box));
            check.check?.(seen, box);
          }
        });
      }
    });
  }

  if (host.matchers) {
    const matchers = host.matchers;
    describe(`${id}: matchers (whole-name regex)`, () => {
      let box: Sandbox;
      let config: string;
      beforeAll(() => {
        box = sandbox();
        config = writeScriptedConfig(box, { matchers: matchers.config });
      });
      for (const [title, checks] of Object.entries(matchers.cases)) {
        test(title, () => {
          for (const check of checks) {
            const raw = check.raw ? check.raw((event) => payload(event, box), box) : payload(check.event, box);
            const result = respond(box, config, id, check.event, raw, check.response ?? DENY, check.env);
            expect({ stdout: result.stdout, exitCode: result.exitCode, stderr: result.stderr }).toEqual(asReply(check.reply ?? undefined));
          }
        });
      }
    });
  }

  if (host.missing) {
    const missing = host.missing;
    test(`${id}: events the host does not have fail open`, () => {
      const box = sandbox();
      const config = writeScriptedConfig(box);
      const raw = missing.raw ? atBox(missing.raw, box) : payload("Stop", box);
      for (const event of missing.events) {
        const result = respond(box, config, id, event, raw, DENY);
        expect({ stdout: result.stdout, exitCode: result.exitCode }).toEqual({ stdout: "", exitCode: 0 });
        expect(result.stderr).toContain(`agent-connector: ${id} ${event}: ${findAdapter(id)!.name} has no ${event} event; allowed (fail-open)`);
      }
    });
  }

  const install = host.install;
  if (install?.kind === "settings") settingsInstallSuite({ ...install, platform: id, preToolUse: (box) => payload("PreToolUse", box) });
  if (install?.kind === "hook-file") hookFileInstallSuite(id, install, (box) => payload(install.commandEvent ?? "PreToolUse", box));
  if (install?.kind === "hooks-folder") hooksFolderInstallSuite(id, install, (box) => payload("PreToolUse", box));
  if (install?.kind === "plugin") pluginFolderSuite(id, install.name, install.folders);

  host.extra?.(payload);
}

for (const host of Object.values(HOST_RECORDS)) runRecord(host);
