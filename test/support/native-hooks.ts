/**
 * Native passthrough (platforms.<id>.nativeHooks) on one host: install writes the host-only event
 * under its own name with a `--native` command, and that command prints the handler's object verbatim.
 */
import { expect, test } from "bun:test";
import { BIN, type Sandbox } from "./harness.ts";
import { installSetup } from "./install.ts";

export interface NativeHookCase {
  /** The host-only event, e.g. CodeBuddy's "PermissionDenied". */
  event: string;
  /** A payload of that event, and the file install writes (with the flags that pick its scope). */
  raw: (box: Sandbox) => Record<string, unknown>;
  file: (box: Sandbox) => string;
  installArgs?: (box: Sandbox) => string[];
}

const source = (platform: string, event: string) => `{
  id: "guard",
  platforms: { "${platform}": { nativeHooks: { ${event}: { handler: (raw: any) => ({ seen: raw.hook_event_name ?? raw.hookEventName, note: "native" }) } } } },
}`;

export function nativeHookChecks(platform: string, c: NativeHookCase): void {
  test(`${platform}: nativeHooks.${c.event} is installed under its own name and answered verbatim`, () => {
    const { box, install } = installSetup(platform, source(platform, c.event));
    const result = install(...(c.installArgs?.(box) ?? []));
    expect(result.exitCode).toBe(0);
    const command = `${BIN} hook ${platform} ${c.event} --native --connector guard`;
    expect(box.read(c.file(box))).toContain(`"${c.event}": [`);
    expect(box.read(c.file(box))).toContain(`"${command}"`);
    const raw = c.raw(box);
    const proc = Bun.spawnSync(["sh", "-c", command], { env: box.env, stdin: Buffer.from(JSON.stringify(raw)) });
    expect(proc.stdout.toString()).toBe(`${JSON.stringify({ seen: c.event, note: "native" })}\n`);
  });
}
