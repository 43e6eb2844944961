import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { BIN, fixturePayload, sandbox, writeConfig, type Sandbox } from "./support/harness.ts";

setDefaultTimeout(180_000);

/**
 * Issue 47 point 6: on the hosts that run one launcher file per event name (Cline, Mux), several
 * connectors on one event share the launcher; it runs each (a call of its own) and merges their
 * answers by the rule of several definitions (a deny from either wins, contexts in install order).
 * Install and uninstall of one rewrite it for the others; the last one's uninstall removes it; a
 * file of the user's own is never overwritten. Each launcher is run as the host runs it.
 */

const CONNECTORS = {
  alpha: `{ id: "alpha", hooks: { PreToolUse: { handler: () => ({ additionalContext: "alpha saw the call" }) }, PostToolUse: { handler: () => ({ additionalContext: "alpha after" }) } } }`,
  beta: `{ id: "beta", hooks: { PreToolUse: { handler: () => ({ decision: "deny", reason: "beta says no" }) }, PostToolUse: { handler: () => ({ additionalContext: "beta after" }) } } }`,
  // Fails closed: its failure is a deny in the merge, whatever the others answer.
  closed: `{ id: "closed", hooks: { PreToolUse: { onFailure: "deny", handler: () => { throw new Error("boom"); } } } }`,
  // Fails open: its failure is no opinion, the others' answers stand.
  open: `{ id: "open", hooks: { PreToolUse: { handler: () => { throw new Error("oops"); } } } }`,
  // One leaves a mark in its realm, the other looks for it: connectors never share one.
  marker: `{ id: "marker", hooks: { PreToolUse: { handler: () => { globalThis.__mark = "marker's"; return { additionalContext: "marked" }; } } } }`,
  nativeA: `{ id: "native-a", platforms: { cline: { nativeHooks: { TaskError: { handler: () => undefined } } } } }`,
  nativeB: `{ id: "native-b", platforms: { cline: { nativeHooks: { TaskError: { handler: () => undefined } } } } }`,
  spy: `{ id: "spy", hooks: { PreToolUse: { handler: () => ({ additionalContext: "spy sees " + String(globalThis.__mark) }) } } }`,
};
type Id = keyof typeof CONNECTORS;

interface Host {
  platform: "cline" | "mux";
  folder: (box: Sandbox) => string;
  pre: string;
  post: string;
  /** The launcher's first lines and command, as install writes them. */
  launcher: (event: string, connectors: string) => string;
  /** Runs a launcher as the host does: Cline pipes the payload to it, Mux sets it in variables. */
  run: (box: Sandbox, file: string, event: "PreToolUse" | "PostToolUse") => { stdout: string; stderr: string; exitCode: number };
}

const marker = (platform: string, event: string, ids: string[]) =>
  `# agent-connector launcher: ${platform} ${event} for ${ids.length > 1 ? `connectors ${ids.join(", ")}` : `connector ${ids[0]}`}; written by agent-connector install, removed by its uninstall\n`;
const words = (ids: string[]) => ids.map((id) => `--connector ${id}${id === "closed" ? " --fail-closed" : ""}`).join(" ");

const spawn = (file: string, env: Record<string, string>, stdin?: string) => {
  const proc = Bun.spawnSync([file], { env, stdin: stdin === undefined ? "ignore" : Buffer.from(stdin), stdout: "pipe", stderr: "pipe" });
  return { stdout: proc.stdout.toString(), stderr: proc.stderr.toString(), exitCode: proc.exitCode ?? -1 };
};

const HOSTS: Host[] = [
  {
    platform: "cline",
    folder: (box) => join(box.home, ".cline", "hooks"),
    pre: "PreToolUse",
    post: "PostToolUse",
    launcher: (event, ids) => `#!/bin/sh\n${marker("cline", event, ids.split(","))}exec ${BIN} hook cline ${event} ${words(ids.split(","))}\n`,
    run: (box, file, event) => spawn(file, box.env, JSON.stringify(fixturePayload("cline", event, box))),
  },
  {
    platform: "mux",
    folder: (box) => join(box.home, ".xum"),
    pre: "tool_pre",
    post: "tool_post",
    launcher: (event, ids) => `#!/bin/sh\n${marker("mux", event, ids.split(","))}exec ${BIN} hook mux ${event} ${words(ids.split(","))} </dev/null\n`,
    run: (box, file, event) => {
      const vars = fixturePayload("mux", event, box) as Record<string, string>;
      if (event === "PostToolUse") box.write(vars.XUM_TOOL_RESULT_PATH!, vars.XUM_TOOL_RESULT!);
      return spawn(file, { ...box.env, ...vars });
    },
  },
];

/** What each host's launcher answers, exactly: a deny with a context beside it, a context alone. */
const ANSWERS = {
  cline: {
    deny: { stdout: `{"cancel":true,"errorMessage":"beta says no"}\n`, stderr: "", exitCode: 0 },
    context: { stdout: `{"cancel":false,"contextModification":"alpha saw the call"}\n`, stderr: "", exitCode: 0 },
    contexts: { stdout: `{"cancel":false,"contextModification":"alpha after\\n\\nbeta after"}\n`, stderr: "", exitCode: 0 },
    closed: { stdout: `{"cancel":true,"errorMessage":"closed failed closed"}\n`, stderr: "", exitCode: 0 },
  },
  mux: {
    deny: { stdout: "", stderr: "beta says no\n", exitCode: 2 },
    // tool_pre takes a deny only: a context there is not the host's to take (no reply).
    context: { stdout: "", stderr: "", exitCode: 0 },
    contexts: { stdout: "alpha after\n\nbeta after\n", stderr: "", exitCode: 0 },
    closed: { stdout: "", stderr: "closed failed closed\n", exitCode: 2 },
  },
} as const;

function setup(platform: string) {
  const box = sandbox();
  const install = (id: Id) => box.cli(["install", "--config", writeConfig(box, CONNECTORS[id], `${id}.config.ts`), "--platform", platform]);
  const uninstall = (id: Id) => box.cli(["uninstall", "--connector", id, "--platform", platform]);
  return { box, install, uninstall };
}

for (const host of HOSTS) {
  const answers = ANSWERS[host.platform];
  describe(`${host.platform}: several connectors on one event share its launcher`, () => {
    test("both run: a deny from either wins, contexts are joined in install order; uninstall of one keeps the other, of both removes the launchers", () => {
      const { box, install, uninstall } = setup(host.platform);
      const folder = host.folder(box);
      const pre = join(folder, host.pre);
      const post = join(folder, host.post);
      expect(install("alpha").exitCode).toBe(0);
      expect(install("beta").exitCode).toBe(0);
      expect(box.read(pre)).toBe(host.launcher("PreToolUse", "alpha,beta"));
      expect(box.read(post)).toBe(host.launcher("PostToolUse", "alpha,beta"));
      expect(host.run(box, pre, "PreToolUse")).toEqual(answers.deny);
      expect(host.run(box, post, "PostToolUse")).toEqual(answers.contexts);
      // Installed again: nothing changes; status finds both installed, doctor fires the shared launchers.
      expect(install("alpha").exitCode).toBe(0);
      expect(box.read(pre)).toBe(host.launcher("PreToolUse", "alpha,beta"));
      expect(box.cli(["status"]).exitCode).toBe(0);
      expect(box.cli(["doctor", "--connector", "beta"]).exitCode).toBe(0);

      const removed = uninstall("beta");
      expect(removed.exitCode).toBe(0);
      expect(box.read(pre)).toBe(host.launcher("PreToolUse", "alpha"));
      expect(host.run(box, pre, "PreToolUse")).toEqual(answers.context);

      expect(uninstall("alpha").exitCode).toBe(0);
      expect(box.exists(folder)).toBe(false);
    });

    test("uninstall of the first keeps the second; the order of the launcher is the install order", () => {
      const { box, install, uninstall } = setup(host.platform);
      const pre = join(host.folder(box), host.pre);
      install("beta");
      install("alpha");
      expect(box.read(pre)).toBe(host.launcher("PreToolUse", "beta,alpha"));
      expect(uninstall("beta").exitCode).toBe(0);
      expect(box.read(pre)).toBe(host.launcher("PreToolUse", "alpha"));
      expect(host.run(box, pre, "PreToolUse")).toEqual(answers.context);
    });

    test("fail-closed stays each connector's: one that fails closed denies whatever the other says; one that fails open is no opinion", () => {
      const { box, install } = setup(host.platform);
      const pre = join(host.folder(box), host.pre);
      install("alpha");
      install("closed");
      expect(box.read(pre)).toBe(host.launcher("PreToolUse", "alpha,closed"));
      expect(host.run(box, pre, "PreToolUse")).toEqual(answers.closed);

      const other = setup(host.platform);
      other.install("open");
      other.install("alpha");
      const ran = host.run(other.box, join(host.folder(other.box), host.pre), "PreToolUse");
      expect({ stdout: ran.stdout, exitCode: ran.exitCode }).toEqual({ stdout: answers.context.stdout, exitCode: 0 });
      expect(ran.stderr).toContain(`agent-connector: ${host.platform} PreToolUse (open): handler threw: oops; allowed (fail-open)`);
    });

    test("a hook file of the user's own is never overwritten, whether a connector is installed there or not: exit 4, nothing written", () => {
      const { box, install } = setup(host.platform);
      const folder = host.folder(box);
      const mine = box.write(join(folder, host.post), "#!/bin/sh\necho mine\n");
      const refused = install("alpha");
      expect(refused.exitCode).toBe(4);
      expect(refused.stderr).toContain(`${mine}: is a hook of your own, not a launcher agent-connector wrote`);
      expect(box.read(mine)).toBe("#!/bin/sh\necho mine\n");
      expect(readdirSync(folder)).toEqual([host.post]);

      // A shared launcher edited since is the user's now: left as it is.
      const shared = setup(host.platform);
      shared.install("alpha");
      shared.install("beta");
      const pre = join(host.folder(shared.box), host.pre);
      const edited = `${host.launcher("PreToolUse", "alpha,beta")}# mine now\n`;
      shared.box.write(pre, edited);
      expect(shared.install("closed").exitCode).toBe(4);
      expect(shared.uninstall("alpha").exitCode).toBe(0);
      expect(shared.box.read(pre)).toBe(edited);
    });
  });
}

describe("cline: through the daemon, each connector answers in its own worker", () => {
  test("what one connector leaves in its realm the other never sees, call after call", () => {
    const { box, install } = setup("cline");
    const on = { ...box.env, AGENT_CONNECTOR_DAEMON: "1" };
    try {
      install("marker");
      install("spy");
      const pre = join(HOSTS[0]!.folder(box), "PreToolUse");
      const payload = JSON.stringify(fixturePayload("cline", "PreToolUse", box));
      for (let call = 0; call < 3; call++)
        expect(spawn(pre, on, payload)).toEqual({
          stdout: `{"cancel":false,"contextModification":"marked\\n\\nspy sees undefined"}\n`,
          stderr: "",
          exitCode: 0,
        });
    } finally {
      box.cli(["daemon", "stop"], { env: { AGENT_CONNECTOR_DAEMON: "1" } });
    }
  });
});

test("cline: a host-only event's launcher passes one connector's raw answer through: a second is refused (exit 4), the first stays", () => {
  const { box, install } = setup("cline");
  expect(install("nativeA").exitCode).toBe(0);
  const file = join(HOSTS[0]!.folder(box), "TaskError");
  const first = box.read(file);
  const refused = install("nativeB");
  expect(refused.exitCode).toBe(4);
  expect(refused.stderr).toContain(
    `${file}: runs connector "native-a" already, and a host-only event (nativeHooks) passes one connector's answer through as is, so its launcher cannot be shared; nothing was written.`,
  );
  expect(box.read(file)).toBe(first);
});
