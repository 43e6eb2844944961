import { describe, expect, test } from "bun:test";
import { statSync } from "node:fs";
import { join } from "node:path";
import { HOST_RECORDS } from "./hosts-data/index.ts";
import { CLAUDE, SERVERS, URL_HTTP, URL_SSE, json } from "./hosts-data/mcp.ts";
import { sandbox, stdoutJson, type Sandbox } from "./support/harness.ts";

/**
 * The MCP part of the hosts registered after the first round (issue 12): for each host and scope,
 * the exact file install writes, a second install that changes nothing, uninstall that gives the
 * bytes back, a user's server of the same name left alone, each host's variable syntax and the
 * transports it refuses.
 */

const writeConfig = (box: Sandbox, config: unknown, name = "c.json") => box.write(join(box.project, name), JSON.stringify(config));

/**
 * The hosts checked here, each with what its record (test/hosts-data/<id>.ts) says install writes
 * per scope: the records whose `mcp` is of kind "scopes".
 */
const SCOPED = Object.values(HOST_RECORDS).flatMap((record) => (record.mcp?.kind === "scopes" ? [{ platform: record.id, ...record.mcp }] : []));

type McpResult = {
  platform: string;
  status: string;
  mcp: { file?: string; manualSteps?: string; servers: { name: string; transport: string; status: string; reason?: string }[]; warnings: string[] };
};
const results = (out: { stdout: string }) => (stdoutJson(out as never) as { results: McpResult[] }).results;

describe("mcp hosts: each host's file, per scope", () => {
  for (const scope of ["user", "project"] as const) {
    test(`${scope} scope: the exact file; a second install changes nothing; uninstall removes what it created`, () => {
      const box = sandbox();
      const config = writeConfig(box, { id: "tools", mcpServers: SERVERS });
      const platforms = SCOPED.map((h) => h.platform).join(",");
      const base = scope === "user" ? box.home : box.project;
      const args = ["--config", config, "--platform", platforms, "--scope", scope, "--project-dir", box.project, "--json"];
      const first = box.cli(["install", ...args]);
      expect(first.exitCode).toBe(0);
      for (const host of SCOPED) {
        const want = host[scope];
        const result = results(first).find((r) => r.platform === host.platform)!;
        if (!want) {
          expect({ platform: host.platform, servers: result.mcp.servers.map((s) => s.reason) }).toEqual({
            platform: host.platform,
            servers: Object.keys(SERVERS).map(() => `no ${scope}-scope MCP config`),
          });
          continue;
        }
        expect({ platform: host.platform, text: box.read(join(base, want[0])) }).toEqual({ platform: host.platform, text: want[1] });
        const statuses = Object.keys(SERVERS).map((name) => (host.refused?.includes(name) ? "unsupported" : "added"));
        expect({ platform: host.platform, statuses: result.mcp.servers.map((s) => s.status) }).toEqual({ platform: host.platform, statuses });
      }
      const written = SCOPED.flatMap((h) => (h[scope] ? [join(base, h[scope]![0])] : []));
      const snapshot = written.map((file) => box.read(file));
      const second = box.cli(["install", ...args]);
      expect(
        results(second)
          .filter((r) => r.status !== "nothing-to-install")
          .map((r) => [r.platform, r.status]),
      ).toEqual(SCOPED.filter((h) => h[scope]).map((h) => [h.platform, "unchanged"]));
      expect(written.map((file) => box.read(file))).toEqual(snapshot);
      expect(box.cli(["uninstall", "--connector", "tools", "--scope", scope, "--project-dir", box.project]).exitCode).toBe(0);
      expect(written.filter((file) => box.exists(file))).toEqual([]);
    });
  }

  test("a user's own server of the same name is left as it is (reported); uninstall gives every file its bytes back", () => {
    const box = sandbox();
    const files = SCOPED.map((h) => box.write(join(box.home, h.user![0]), h.own));
    const result = box.cli([
      "install",
      "--config",
      writeConfig(box, { id: "tools", mcpServers: { rec: SERVERS.rec, api: SERVERS.api } }),
      "--platform",
      SCOPED.map((h) => h.platform).join(","),
      "--json",
    ]);
    expect(result.exitCode).toBe(0);
    for (const r of results(result)) {
      expect({ platform: r.platform, servers: r.mcp.servers.map((s) => `${s.name}:${s.status}`) }).toEqual({
        platform: r.platform,
        servers: ["rec:conflict", "api:added"],
      });
      expect(r.mcp.warnings[0]).toContain(`already has an MCP server named "rec" (one agent-connector did not write); it was left as it is`);
    }
    expect(box.cli(["uninstall", "--connector", "tools"]).exitCode).toBe(0);
    expect(files.map((file) => box.read(file))).toEqual(SCOPED.map((h) => h.own));
  });
});

describe("mcp hosts: one file, two hosts (Claude Code's and CodeBuddy's project .mcp.json)", () => {
  test("both record the server; uninstalling one leaves it for the other; the last gives the file back", () => {
    const box = sandbox();
    const file = join(box.project, ".mcp.json");
    const args = ["--scope", "project", "--project-dir", box.project];
    const first = box.cli([
      "install",
      "--config",
      writeConfig(box, { id: "tools", mcpServers: { rec: SERVERS.rec } }),
      "--platform",
      "claude-code,codebuddy",
      ...args,
      "--json",
    ]);
    expect(results(first).map((r) => [r.platform, r.mcp.servers.map((s) => s.status)])).toEqual([
      ["claude-code", ["added"]],
      ["codebuddy", ["unchanged"]],
    ]);
    expect(box.read(file)).toBe(json({ mcpServers: { rec: CLAUDE.rec } }));
    const partial = box.cli(["uninstall", "--connector", "tools", "--platform", "codebuddy", ...args]);
    expect(partial.exitCode).toBe(0);
    expect(partial.stderr).toContain(".mcp.json: MCP server rec stays: Claude Code reads this file too");
    expect(partial.stderr).not.toContain("no MCP servers");
    expect(box.read(file)).toBe(json({ mcpServers: { rec: CLAUDE.rec } }));
    expect(box.cli(["uninstall", "--connector", "tools", ...args]).exitCode).toBe(0);
    expect(box.exists(file)).toBe(false);
  });
});

describe("mcp hosts: variables and transports", () => {
  const SECRET = {
    id: "tools",
    mcpServers: { rec: { command: "node", env: { TOKEN: "${TOKEN}" } }, api: { url: URL_HTTP, headers: { Authorization: "Bearer ${API_TOKEN}" } } },
  };
  const cannot = (where: string, key: string) =>
    `the ${where} value of ${key} references a variable, which this host cannot express (none); write the value by hand in the host's config`;

  test("each host's own reference syntax, or the server reported; never the value; the files are not world-readable", () => {
    const box = sandbox();
    const platforms = "droid,codebuddy,devin,crush,grok-build,cline,auggie,kimi,kimi-code,grok-cli";
    const result = box.cli(["install", "--config", writeConfig(box, SECRET), "--platform", platforms, "--json"], {
      env: { TOKEN: "leaked", API_TOKEN: "leaked" },
    });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).not.toContain("leaked");
    const read = (file: string) => box.read(join(box.home, file));
    const dollar = {
      rec: { type: "stdio", command: "node", env: { TOKEN: "${TOKEN}" } },
      api: { type: "http", url: URL_HTTP, headers: { Authorization: "Bearer ${API_TOKEN}" } },
    };
    expect(read(".factory/mcp.json")).toBe(json({ mcpServers: dollar }));
    expect(read(".codebuddy.json")).toBe(json({ mcpServers: dollar }));
    expect(read(".config/crush/crush.json")).toBe(json({ mcp: dollar }));
    expect(read(".config/devin/config.json")).toBe(
      json({
        mcpServers: {
          rec: { command: "node", env: { TOKEN: "${env:TOKEN}" } },
          api: { transport: "http", url: URL_HTTP, headers: { Authorization: "Bearer ${env:API_TOKEN}" } },
        },
      }),
    );
    expect(read(".grok/config.toml")).toBe(
      `[mcp_servers.rec]\ncommand = "node"\nenv = { TOKEN = "\${TOKEN}" }\n\n[mcp_servers.api]\nurl = "${URL_HTTP}"\nheaders = { Authorization = "Bearer \${API_TOKEN}" }\n`,
    );
    // Cline starts a stdio server with its own environment: TOKEN reaches it with no entry at all.
    expect(read(".cline/data/settings/cline_mcp_settings.json")).toBe(json({ mcpServers: { rec: { command: "node", timeout: 60 } } }));
    for (const file of [
      ".factory/mcp.json",
      ".codebuddy.json",
      ".config/crush/crush.json",
      ".config/devin/config.json",
      ".grok/config.toml",
      ".cline/data/settings/cline_mcp_settings.json",
    ]) {
      expect({ file, others: statSync(join(box.home, file)).mode & 0o077 }).toEqual({ file, others: 0 });
    }
    const byHost = Object.fromEntries(results(result).map((r) => [r.platform, r.mcp.servers.map((s) => s.reason ?? s.status)]));
    expect(byHost).toEqual({
      droid: ["added", "added"],
      codebuddy: ["added", "added"],
      devin: ["added", "added"],
      crush: ["added", "added"],
      "grok-build": ["added", "added"],
      cline: [
        "added",
        `the header value of Authorization references a variable, which this host cannot express (none; a stdio server inherits the host's environment); write the value by hand in the host's config`,
      ],
      auggie: [cannot("env", "TOKEN"), cannot("header", "Authorization")],
      kimi: [cannot("env", "TOKEN"), cannot("header", "Authorization")],
      "kimi-code": [cannot("env", "TOKEN"), cannot("header", "Authorization")],
      "grok-cli": [cannot("env", "TOKEN"), cannot("header", "Authorization")],
    });
    for (const file of [".augment/settings.json", ".kimi/mcp.json", ".kimi-code/mcp.json", ".grok/user-settings.json"])
      expect({ file, exists: box.exists(join(box.home, file)) }).toEqual({ file, exists: false });
  });

  test("Cline forwards only a variable of the same name by inheritance: another name is reported", () => {
    const box = sandbox();
    const result = box.cli([
      "install",
      "--config",
      writeConfig(box, { id: "tools", mcpServers: { rec: { command: "node", env: { TOKEN: "${OTHER}", MODE: "fast" } } } }),
      "--platform",
      "cline",
      "--json",
    ]);
    expect(results(result)[0]!.mcp.servers).toEqual([
      {
        name: "rec",
        transport: "stdio",
        status: "unsupported",
        reason:
          "the env value of TOKEN references a variable, which this host cannot express (none; a stdio server inherits the host's environment); write the value by hand in the host's config",
      },
    ]);
  });

  test("transports a host does not take: SSE on Grok Build, reported per server; cwd where the host has no key for it", () => {
    const box = sandbox();
    const config = writeConfig(box, { id: "tools", mcpServers: { old: { url: URL_SSE, transport: "sse" }, here: { command: "node", cwd: "/srv" } } });
    const result = box.cli(["install", "--config", config, "--platform", "grok-build,devin,kimi", "--json"]);
    const byHost = Object.fromEntries(results(result).map((r) => [r.platform, r.mcp.servers.map((s) => s.reason ?? s.status)]));
    expect(byHost).toEqual({
      "grok-build": ["the sse transport is not supported (only stdio, http)", "cwd is not supported: the host starts servers in a folder of its choosing"],
      devin: ["added", "cwd is not supported: the host starts servers in a folder of its choosing"],
      kimi: ["added", "added"],
    });
    expect(box.read(join(box.home, ".kimi/mcp.json"))).toBe(
      json({ mcpServers: { old: { transport: "sse", url: URL_SSE }, here: { command: "node", cwd: "/srv" } } }),
    );
  });
});

describe("mcp hosts: Mux's one-line stdio servers", () => {
  test("env and cwd become shell words that bash reads back as declared; ${VAR} stays an expansion; a header variable is reported", () => {
    const box = sandbox();
    const script = 'printf "%s|" "$KEY" "$MODE" "$PWD" "$0" "$1"';
    const config = {
      id: "tools",
      mcpServers: {
        rec: {
          command: "sh",
          args: ["-c", script, "it's $HOME", "`id`"],
          env: { TOKEN: "${TOKEN}", KEY: 'a${OTHER}b$c"\\', MODE: "fast" },
          cwd: join(box.root, "x y"),
        },
        api: { url: URL_HTTP, headers: { Authorization: "Bearer ${API_TOKEN}" } },
        team: { url: URL_HTTP, headers: { "X-Team": "core" } },
      },
    };
    const result = box.cli(["install", "--config", writeConfig(box, config), "--platform", "mux", "--json"], { env: { TOKEN: "leaked", API_TOKEN: "leaked" } });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).not.toContain("leaked");
    expect(results(result)[0]!.mcp.servers.map((s) => s.reason ?? s.status)).toEqual([
      "added",
      "the header value of Authorization references a variable, which this host cannot express (none in headers); write the value by hand in the host's config",
      "added",
    ]);
    const written = JSON.parse(box.read(join(box.home, ".xum", "mcp.jsonc"))) as { servers: { rec: string; team: unknown } };
    expect(written.servers.team).toEqual({ transport: "http", url: URL_HTTP, headers: { "X-Team": "core" } });
    // TOKEN is its own variable: the server inherits it, so it is not written.
    expect(written.servers.rec).toBe(`cd '${join(box.root, "x y")}' && KEY="a\${OTHER}b\\$c\\"\\\\" MODE=fast sh -c '${script}' 'it'\\''s $HOME' '\`id\`'`);
    box.write(join(box.root, "x y", ".keep"), "");
    // What Mux does with it: bash -c in the workspace's environment.
    const ran = Bun.spawnSync(["bash", "-c", written.servers.rec], { env: { PATH: process.env.PATH, OTHER: "zz" } });
    expect(ran.stdout.toString()).toBe(`azzb$c"\\|fast|${join(box.root, "x y")}|it's $HOME|\`id\`|`);
  });
});

describe("mcp hosts: a list of servers (Grok CLI) and a list kept in the UI (Copilot for JetBrains)", () => {
  const USER =
    '{\n  "apiKey": "k",\n  "mcp": {\n    "servers": [\n      { "id": "mine", "label": "Mine", "enabled": true, "transport": "stdio", "command": "mine" }\n    ]\n  }\n}\n';

  test("Grok CLI: ours appended after the user's own entry, found by id; uninstall gives the bytes back", () => {
    const box = sandbox();
    const file = box.write(join(box.home, ".grok/user-settings.json"), USER);
    const config = writeConfig(box, { id: "tools", mcpServers: { rec: SERVERS.rec } });
    expect(box.cli(["install", "--config", config, "--platform", "grok-cli"]).exitCode).toBe(0);
    expect(JSON.parse(box.read(file)).mcp.servers).toEqual([
      { id: "mine", label: "Mine", enabled: true, transport: "stdio", command: "mine" },
      { id: "rec", label: "rec", enabled: true, transport: "stdio", ...SERVERS.rec },
    ]);
    expect(
      box
        .read(file)
        .startsWith(
          '{\n  "apiKey": "k",\n  "mcp": {\n    "servers": [\n      { "id": "mine", "label": "Mine", "enabled": true, "transport": "stdio", "command": "mine" },\n',
        ),
    ).toBe(true);
    const again = box.cli(["install", "--config", config, "--platform", "grok-cli", "--json"]);
    expect(results(again)[0]!.mcp.servers.map((s) => s.status)).toEqual(["unchanged"]);
    expect(box.cli(["uninstall", "--connector", "tools"]).exitCode).toBe(0);
    expect(box.read(file)).toBe(USER);
  });

  test("Grok CLI: two servers with one id are refused with exit 4 naming the file; nothing is written", () => {
    const box = sandbox();
    const twice = json({
      mcp: {
        servers: [
          { id: "a", command: "x" },
          { id: "a", command: "y" },
        ],
      },
    });
    const file = box.write(join(box.home, ".grok/user-settings.json"), twice);
    const result = box.cli(["install", "--config", writeConfig(box, { id: "tools", mcpServers: { rec: SERVERS.rec } }), "--platform", "grok-cli"]);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain(`${file}: mcp.servers has two servers with id "a"; remove one, nothing was written`);
    expect(box.read(file)).toBe(twice);
  });

  test("Copilot for JetBrains: exact steps and JSON in the report and --json, no file written", () => {
    const box = sandbox();
    const result = box.cli([
      "install",
      "--config",
      writeConfig(box, { id: "tools", mcpServers: { rec: SERVERS.rec, api: SERVERS.api } }),
      "--platform",
      "jetbrains-copilot",
      "--json",
    ]);
    expect(result.exitCode).toBe(0);
    const r = results(result)[0]!;
    expect([r.status, r.mcp.servers.map((s) => s.status)]).toEqual(["nothing-to-install", ["manual", "manual"]]);
    expect(r.mcp.manualSteps).toBe(
      "GitHub Copilot for JetBrains keeps its user MCP servers in its UI only: in the IDE open Settings → Tools → GitHub Copilot → Model Context Protocol (MCP) → Configure, which opens mcp.json, and add:\n" +
        JSON.stringify({ servers: { rec: { type: "stdio", command: "node", args: ["server.mjs"] }, api: { type: "http", url: URL_HTTP } } }, null, 2),
    );
    expect(box.exists(join(box.home, ".config/github-copilot"))).toBe(false);
  });
});
