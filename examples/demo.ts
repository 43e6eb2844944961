/**
 * `npm run demo`: installs examples/guard into Claude Code's settings under a throwaway HOME,
 * then fires sample events through the command Claude Code would run, exactly as the host does.
 * It leaves nothing behind: the daemon the first hook call started is stopped and the HOME removed
 * (`--keep` keeps both, and says how to remove them).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const repo = join(import.meta.dir, "..");
const bin = join(repo, "dist", "agent-connector");
const home = mkdtempSync(join(tmpdir(), "agent-connector-demo-"));
const env = { ...process.env, HOME: home, AGENT_CONNECTOR_HOME: join(home, ".agent-connector") };
const config = join(repo, "examples", "guard", "agent-connector.config.ts");

const run = (argv: string[], stdin?: string) => {
  const proc = Bun.spawnSync(argv, { env, stdin: stdin === undefined ? "ignore" : Buffer.from(stdin), stdout: "pipe", stderr: "pipe" });
  return { out: proc.stdout.toString().trim(), err: proc.stderr.toString().trim(), code: proc.exitCode };
};

const keep = process.argv.includes("--keep");

/** Stops the demo's daemon (its HOME names it) and removes the HOME, unless --keep; says which. */
function cleanUp(): void {
  if (keep) {
    console.log(
      `\nKept ${home} and its daemon (--keep). To remove them:\n  HOME=${home} AGENT_CONNECTOR_HOME=${env.AGENT_CONNECTOR_HOME} ${bin} daemon stop && rm -rf ${home}`,
    );
    return;
  }
  const stopped = run([bin, "daemon", "stop", "--json"]).out.includes('"stopped": true');
  rmSync(home, { recursive: true, force: true });
  console.log(`\n${stopped ? "Stopped the daemon the demo's hook calls started, and removed" : "Removed"} ${home}.`);
}
// Ctrl-C mid-demo cleans up too.
process.on("SIGINT", () => {
  cleanUp();
  process.exit(130);
});

try {
  console.log(`HOME=${home}\n\n$ agent-connector install --config examples/guard/agent-connector.config.ts --platform claude-code`);
  const install = run([bin, "install", "--config", config, "--platform", "claude-code"]);
  console.log(install.err);
  const settingsFile = join(home, ".claude", "settings.json");
  console.log(`\n${settingsFile}:\n${readFileSync(settingsFile, "utf8")}`);

  const settings = JSON.parse(readFileSync(settingsFile, "utf8"));
  const commandFor = (event: string) => settings.hooks[event][0].hooks[0].command as string;
  const base = { session_id: "demo-session", cwd: repo, transcript_path: join(home, "t.jsonl"), permission_mode: "default" };
  const samples: [string, Record<string, unknown>][] = [
    ["SessionStart", { ...base, hook_event_name: "SessionStart", source: "startup" }],
    ["PreToolUse", { ...base, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "rm -rf /" }, tool_use_id: "t1" }],
    ["PreToolUse", { ...base, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "npm install left-pad" }, tool_use_id: "t2" }],
    ["PreToolUse", { ...base, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" }, tool_use_id: "t3" }],
    ["Stop", { ...base, hook_event_name: "Stop", stop_hook_active: false }],
  ];
  for (const [event, payload] of samples) {
    const cmd = commandFor(event);
    const result = run(["sh", "-c", cmd], JSON.stringify(payload));
    const what = event === "PreToolUse" ? ` (${(payload.tool_input as { command: string }).command})` : "";
    console.log(`\n${event}${what} → exit ${result.code}, stdout: ${result.out || "(empty: no opinion)"}`);
  }

  console.log(`\n$ agent-connector uninstall --connector guard`);
  console.log(run([bin, "uninstall", "--connector", "guard"]).err);
} finally {
  cleanUp();
}
