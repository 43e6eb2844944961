/** `npm run demo` (examples/demo.ts) leaves no daemon and no temp HOME behind. */
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO } from "./support/harness.ts";
import { tempDir } from "./support/temp.ts";

/** Processes whose environment has HOME=`home` (Linux: /proc). */
function processesWithHome(home: string): number[] {
  const pids: number[] = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/environ`, "latin1").split("\0").includes(`HOME=${home}`)) pids.push(Number(pid));
    } catch {
      // gone, or another user's
    }
  }
  return pids;
}

test.skipIf(process.platform !== "linux")(
  "the demo stops the daemon its hook calls started and removes its HOME, and says so",
  async () => {
    const tmp = tempDir("ac-demo-");
    const { AGENT_CONNECTOR_HOME: _home, AGENT_CONNECTOR_DAEMON: _daemon, ...env } = process.env;
    const demo = Bun.spawn([process.execPath, join(REPO, "examples", "demo.ts")], { env: { ...env, TMPDIR: tmp }, stdout: "pipe", stderr: "pipe" });
    const [out, , code] = await Promise.all([new Response(demo.stdout).text(), new Response(demo.stderr).text(), demo.exited]);
    expect(code).toBe(0);
    const home = /^HOME=(.+)$/m.exec(out)![1]!;
    expect(home.startsWith(tmp)).toBe(true);
    expect(out).toContain("PreToolUse (rm -rf /) → exit 0, stdout: {");
    expect(readdirSync(tmp)).toEqual([]);
    expect(processesWithHome(home)).toEqual([]);
    expect(out).toEndWith(`Stopped the daemon the demo's hook calls started, and removed ${home}.\n`);
  },
  60_000,
);
