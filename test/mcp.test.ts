import { describe, expect, test } from "bun:test";
import { parse as parseJsonc } from "jsonc-parser";
import { statSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ADAPTERS } from "../adapters/index.ts";
import { HOST_RECORDS } from "./hosts-data/index.ts";
import type { McpExpectation } from "./hosts-data/record.ts";
import { REPO, sandbox, stdoutJson, type Sandbox } from "./support/harness.ts";
import { generous } from "./support/budget.ts";

/** MCP servers: declared once in the connector, registered by install in every host's own file and format. */

const SERVER = join(REPO, "test", "fixtures", "mcp-server", "server.mjs");

const writeJsonConfig = (box: Sandbox, config: unknown, name = "c.json") => box.write(join(box.project, name), JSON.stringify(config));

const PLAIN = { id: "tools", mcpServers: { rec: { command: "node", args: ["server.mjs"] }, api: { url: "https://example.test/mcp" } } };

type UserFile = Extract<McpExpectation, { kind: "user-file" }>;
/**
 * Per host, the user-scope file (relative to HOME) and the two entries as the host holds them: from
 * the records (test/hosts-data/<id>.ts) whose `mcp` is checked here, as "user-file".
 */
const EXPECTED: Record<string, UserFile> = Object.fromEntries(
  Object.values(HOST_RECORDS).flatMap((record) => (record.mcp?.kind === "user-file" ? [[record.id, record.mcp]] : [])),
);

const CODEX_TOML = '[mcp_servers.rec]\ncommand = "node"\nargs = ["server.mjs"]\n\n[mcp_servers.api]\nurl = "https://example.test/mcp"\n';

describe("mcp: install writes each host's own format", () => {
  test("every JSON host, user scope: exactly our two entries, in its root key; a second install changes nothing", () => {
    const box = sandbox();
    const config = writeJsonConfig(box, PLAIN);
    const platforms = Object.keys(EXPECTED).join(",");
    const first = box.cli(["install", "--config", config, "--platform", platforms, "--json"]);
    expect(first.exitCode).toBe(0);
    for (const [platform, want] of Object.entries(EXPECTED)) {
      expect({ platform, data: JSON.parse(box.read(join(box.home, want.file))) }).toEqual({
        platform,
        data: { [want.root]: { rec: want.rec, api: want.api } },
      });
    }
    const results = (stdoutJson(first) as { results: { platform: string; mcp: { servers: unknown[] } }[] }).results;
    for (const r of results)
      expect(r.mcp.servers).toEqual([
        { name: "rec", transport: "stdio", status: "added" },
        { name: "api", transport: "http", status: "added" },
      ]);
    const snapshot = Object.values(EXPECTED).map((w) => box.read(join(box.home, w.file)));
    const second = box.cli(["install", "--config", config, "--platform", platforms, "--json"]);
    expect((stdoutJson(second) as { results: { status: string }[] }).results.map((r) => r.status)).toEqual(Object.keys(EXPECTED).map(() => "unchanged"));
    expect(Object.values(EXPECTED).map((w) => box.read(join(box.home, w.file)))).toEqual(snapshot);
  });

  test("OpenClaw: mcp.servers of openclaw.json, beside the user's own keys and comments; uninstall gives the bytes back", () => {
    const box = sandbox();
    const before = `// mine\n{\n  "gateway": { "port": 18789 },\n}\n`;
    box.write(join(box.home, ".openclaw/openclaw.json"), before);
    const config = writeJsonConfig(box, PLAIN);
    expect(box.cli(["install", "--config", config, "--platform", "openclaw"]).exitCode).toBe(0);
    const after = box.read(join(box.home, ".openclaw/openclaw.json"));
    expect(after).toStartWith("// mine\n");
    expect(parseJsonc(after).mcp).toEqual({
      servers: { rec: { command: "node", args: ["server.mjs"] }, api: { url: "https://example.test/mcp" } },
    });
    expect(box.cli(["uninstall", "--connector", "tools"]).exitCode).toBe(0);
    expect(box.read(join(box.home, ".openclaw/openclaw.json"))).toBe(before);
  });

  test("Codex and Open Interpreter: one [mcp_servers.<name>] table each, after the user's own lines", () => {
    const box = sandbox();
    box.write(join(box.home, ".codex/config.toml"), '# mine\nmodel = "o3"\n');
    const config = writeJsonConfig(box, PLAIN);
    expect(box.cli(["install", "--config", config, "--platform", "codex,open-interpreter"]).exitCode).toBe(0);
    expect(box.read(join(box.home, ".codex/config.toml"))).toBe(`# mine\nmodel = "o3"\n\n${CODEX_TOML}`);
    expect(box.read(join(box.home, ".openinterpreter/config.toml"))).toBe(CODEX_TOML);
    expect(box.cli(["uninstall", "--connector", "tools"]).exitCode).toBe(0);
    expect(box.read(join(box.home, ".codex/config.toml"))).toBe('# mine\nmodel = "o3"\n');
    expect(box.exists(join(box.home, ".openinterpreter/config.toml"))).toBe(false);
  });

  test("every mcp-only host gets the server; Trae's user list is its UI: exact steps in the report and --json", () => {
    const box = sandbox();
    const config = writeJsonConfig(box, { id: "tools", mcpServers: { rec: PLAIN.mcpServers.rec } });
    const mcpOnly = ADAPTERS.filter((adapter) => adapter.hooks.kind === "none");
    const user = box.cli(["install", "--config", config, "--platform", mcpOnly.map((adapter) => adapter.id).join(","), "--json"]);
    expect(user.exitCode).toBe(0);
    const results = (stdoutJson(user) as { results: { platform: string; status: string; mcp: { manualSteps?: string; servers: { status: string }[] } }[] })
      .results;
    // A host that keeps its user list in its UI gets the steps instead of a file.
    const inUi = (id: string) => "ui" in (ADAPTERS.find((adapter) => adapter.id === id)!.mcp!.scopes.user ?? {});
    expect(results.map((r) => [r.platform, r.status, r.mcp.servers[0]!.status])).toEqual(
      mcpOnly.map(({ id }) => (inUi(id) ? [id, "nothing-to-install", "manual"] : [id, "installed", "added"])),
    );
    expect(results.find((r) => r.platform === "trae")!.mcp.manualSteps).toBe(
      `Trae keeps its user MCP servers in its UI only: open Trae's Settings → MCP → Add → Add Manually (raw JSON), and add:\n${JSON.stringify({ mcpServers: { rec: { command: "node", args: ["server.mjs"] } } }, null, 2)}`,
    );
    const project = box.cli(["install", "--config", config, "--platform", "trae", "--scope", "project"]);
    expect(project.exitCode).toBe(0);
    expect(JSON.parse(box.read(join(box.project, ".trae/mcp.json")))).toEqual({ mcpServers: { rec: { command: "node", args: ["server.mjs"] } } });
  });

  test("a connector with MCP servers only touches no hook file", () => {
    const box = sandbox();
    const config = writeJsonConfig(box, PLAIN);
    const result = box.cli(["install", "--config", config, "--platform", "claude-code,opencode", "--json"]);
    expect(result.exitCode).toBe(0);
    const results = (stdoutJson(result) as { results: { file?: string; warnings: string[]; wired: unknown[] }[] }).results;
    // Neither host is on the test machine: that warning is all there is.
    for (const r of results) expect([r.file, r.warnings.filter((w) => !w.includes("was not found on this machine")), r.wired]).toEqual([undefined, [], []]);
    expect(box.exists(join(box.home, ".claude/settings.json"))).toBe(false);
    expect(box.exists(join(box.home, ".config/opencode/plugins"))).toBe(false);
  });
});

describe("mcp: what is not ours, and what a host cannot take", () => {
  const USER_FILE =
    '{\n  // my servers\n  "mcpServers": {\n    "rec": { "command": "mine" }, // keep\n    "other": { "command": "x" }\n  },\n  "theme": "dark"\n}\n';

  test("a same-name server that is not ours is never overwritten; uninstall leaves the file byte for byte", () => {
    const box = sandbox();
    const file = box.write(join(box.home, ".cursor/mcp.json"), USER_FILE);
    const config = writeJsonConfig(box, PLAIN);
    const result = box.cli(["install", "--config", config, "--platform", "cursor", "--json"]);
    expect(result.exitCode).toBe(0);
    const mcp = (stdoutJson(result) as { results: { mcp: { servers: unknown[]; warnings: string[] } }[] }).results[0]!.mcp;
    expect(mcp.servers).toEqual([
      { name: "rec", transport: "stdio", status: "conflict" },
      { name: "api", transport: "http", status: "added" },
    ]);
    expect(mcp.warnings).toEqual([
      `${file} already has an MCP server named "rec" (one agent-connector did not write); it was left as it is and ours was not written. Rename ours in mcpServers, or remove theirs and install again.`,
    ]);
    expect(box.read(file)).toBe(
      '{\n  // my servers\n  "mcpServers": {\n    "rec": { "command": "mine" }, // keep\n    "other": { "command": "x" },\n    "api": {\n      "url": "https://example.test/mcp"\n    }\n  },\n  "theme": "dark"\n}\n',
    );
    const removed = box.cli(["uninstall", "--connector", "tools"]);
    expect(removed.stderr).toContain("removed MCP server api");
    expect(box.read(file)).toBe(USER_FILE);
  });

  test("hooks and servers in one file (Gemini settings.json), two connectors: each uninstall takes out its own; the last gives the bytes back", () => {
    const box = sandbox();
    const file = box.write(join(box.home, ".gemini/settings.json"), USER_FILE);
    const hooks = writeJsonConfig(
      box,
      { id: "guard", hooks: { PreToolUse: { matcher: "Bash", response: { decision: "deny", reason: "no" } } }, mcpServers: { g: { command: "g" } } },
      "g.json",
    );
    const tools = writeJsonConfig(box, { id: "tools", mcpServers: { t: { command: "t" } } }, "t.json");
    expect(box.cli(["install", "--config", hooks, "--platform", "gemini-cli"]).exitCode).toBe(0);
    expect(box.cli(["install", "--config", tools, "--platform", "gemini-cli"]).exitCode).toBe(0);
    expect(box.cli(["uninstall", "--connector", "guard"]).exitCode).toBe(0);
    const left = JSON.parse(
      box
        .read(file)
        .replace(/\/\/.*$/gm, "")
        .replace(/,(\s*[}\]])/g, "$1"),
    );
    expect(left).toEqual({ mcpServers: { rec: { command: "mine" }, other: { command: "x" }, t: { command: "t" } }, theme: "dark" });
    expect(box.cli(["uninstall", "--connector", "tools"]).exitCode).toBe(0);
    expect(box.read(file)).toBe(USER_FILE);
  });

  test("an unparseable file is refused with exit 4 naming it; nothing is written", () => {
    const box = sandbox();
    const file = box.write(join(box.home, ".claude.json"), '{ "mcpServers": { ');
    const result = box.cli(["install", "--config", writeJsonConfig(box, PLAIN), "--platform", "claude-code"]);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain(`${file}: cannot be parsed`);
    expect(box.read(file)).toBe('{ "mcpServers": { ');
  });

  test("--dry-run prints the diff and writes nothing; --only hooks and --only mcp install one part", () => {
    const box = sandbox();
    const config = writeJsonConfig(box, { ...PLAIN, hooks: { Stop: { response: { decision: "deny", reason: "go on" } } } });
    const dry = box.cli(["install", "--config", config, "--platform", "claude-code", "--dry-run"]);
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain(`+++ ${join(box.home, ".claude.json")}`);
    expect(dry.stdout).toContain('+    "rec": {');
    expect(box.exists(join(box.home, ".claude.json"))).toBe(false);
    expect(box.cli(["install", "--config", config, "--platform", "claude-code", "--only", "hooks"]).exitCode).toBe(0);
    expect([box.exists(join(box.home, ".claude/settings.json")), box.exists(join(box.home, ".claude.json"))]).toEqual([true, false]);
    expect(box.cli(["install", "--config", config, "--platform", "claude-code", "--only", "mcp"]).exitCode).toBe(0);
    expect(box.exists(join(box.home, ".claude.json"))).toBe(true);
    expect(box.cli(["install", "--config", config, "--platform", "claude-code", "--only", "both"]).stderr).toContain('--only must be hooks or mcp, not "both"');
  });

  test("secrets: each host's own variable reference, never the value; files holding them are not world-readable", () => {
    const box = sandbox();
    const secret = {
      id: "tools",
      mcpServers: {
        rec: { command: "node", env: { TOKEN: "${TOKEN}" } },
        api: { url: "https://example.test/mcp", headers: { Authorization: "Bearer ${API_TOKEN}" } },
      },
    };
    box.write(join(box.home, ".qwen/settings.json"), "{}\n");
    const result = box.cli(
      ["install", "--config", writeJsonConfig(box, secret), "--platform", "claude-code,cursor,opencode,qwen-code,codex,codebuff,zed", "--json"],
      { env: { TOKEN: "leaked", API_TOKEN: "leaked" } },
    );
    expect(result.exitCode).toBe(0);
    const read = (file: string) => box.read(join(box.home, file));
    expect(JSON.parse(read(".claude.json")).mcpServers.rec.env).toEqual({ TOKEN: "${TOKEN}" });
    expect(JSON.parse(read(".cursor/mcp.json")).mcpServers.api.headers).toEqual({ Authorization: "Bearer ${env:API_TOKEN}" });
    expect(JSON.parse(read(".config/opencode/opencode.json")).mcp.rec.environment).toEqual({ TOKEN: "{env:TOKEN}" });
    expect(read(".codex/config.toml")).toBe(
      '[mcp_servers.rec]\ncommand = "node"\nenv_vars = ["TOKEN"]\n\n[mcp_servers.api]\nurl = "https://example.test/mcp"\nbearer_token_env_var = "API_TOKEN"\n',
    );
    expect(JSON.parse(read(".agents/mcp.json")).mcpServers.rec.env).toEqual({ TOKEN: "$TOKEN" });
    for (const file of [".claude.json", ".cursor/mcp.json", ".codex/config.toml", ".qwen/settings.json"])
      expect(statSync(join(box.home, file)).mode & 0o007).toBe(0);
    expect(result.stdout).not.toContain("leaked");
    const results = (stdoutJson(result) as { results: { platform: string; mcp: { servers: { status: string; reason?: string }[] } }[] }).results;
    const codebuff = results.find((r) => r.platform === "codebuff")!.mcp.servers[1]!;
    expect(codebuff).toMatchObject({
      status: "unsupported",
      reason:
        "the header value of Authorization references a variable, which this host cannot express (whole-value $VAR); write the value by hand in the host's config",
    });
    expect(results.find((r) => r.platform === "zed")!.mcp.servers.map((s) => s.status)).toEqual(["unsupported", "unsupported"]);
  });

  test("Windsurf writes ${env:VAR}; Antigravity, which has no variable syntax, reports the server instead", () => {
    const box = sandbox();
    const secret = { id: "tools", mcpServers: { rec: { command: "node", env: { TOKEN: "${TOKEN}" } } } };
    const result = box.cli(["install", "--config", writeJsonConfig(box, secret), "--platform", "windsurf,antigravity", "--json"]);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(box.read(join(box.home, ".codeium/windsurf/mcp_config.json"))).mcpServers.rec.env).toEqual({ TOKEN: "${env:TOKEN}" });
    const results = (stdoutJson(result) as { results: { platform: string; mcp: { servers: { status: string }[] } }[] }).results;
    expect(results.find((r) => r.platform === "antigravity")!.mcp.servers.map((s) => s.status)).toEqual(["unsupported"]);
    expect(box.exists(join(box.home, ".gemini/antigravity/mcp_config.json"))).toBe(false);
  });

  test("transports a host does not take are reported: sse on Codex", () => {
    const box = sandbox();
    const result = box.cli([
      "install",
      "--config",
      writeJsonConfig(box, { id: "tools", mcpServers: { old: { url: "https://example.test/sse", transport: "sse" } } }),
      "--platform",
      "codex",
      "--json",
    ]);
    const mcp = (stdoutJson(result) as { results: { mcp: { servers: unknown[] } }[] }).results[0]!.mcp;
    expect(mcp.servers).toEqual([{ name: "old", transport: "sse", status: "unsupported", reason: "the sse transport is not supported (only stdio, http)" }]);
    expect(box.exists(join(box.home, ".codex/config.toml"))).toBe(false);
  });
});

describe("mcp: explain", () => {
  test("per host: the MCP file, format, transports, variables, tool naming and each server's fate", () => {
    const box = sandbox();
    const config = writeJsonConfig(box, { id: "tools", mcpServers: { rec: PLAIN.mcpServers.rec, old: { url: "https://example.test/sse", transport: "sse" } } });
    const result = box.cli(["explain", "--config", config, "--json"]);
    expect(result.exitCode).toBe(0);
    const hosts = stdoutJson(result) as { mcpServers: string[]; hosts: { platform: string; mcp: Record<string, unknown> }[] };
    expect(hosts.mcpServers).toEqual(["rec", "old"]);
    const mcp = (id: string) => hosts.hosts.find((h) => h.platform === id)!.mcp;
    expect(mcp("claude-code")).toEqual({
      scope: "user",
      format: "claude",
      file: join(box.home, ".claude.json"),
      toolName: "mcp__{server}__{tool}",
      transports: ["stdio", "http", "sse"],
      variables: "${VAR}",
      servers: [
        { name: "rec", transport: "stdio", status: "planned" },
        { name: "old", transport: "sse", status: "planned" },
      ],
      warnings: [],
    });
    expect(mcp("codex").servers).toEqual([
      { name: "rec", transport: "stdio", status: "planned" },
      { name: "old", transport: "sse", status: "unsupported", reason: "the sse transport is not supported (only stdio, http)" },
    ]);
    expect(mcp("trae")).toMatchObject({
      format: "plain",
      ui: "open Trae's Settings → MCP → Add → Add Manually (raw JSON)",
      servers: [{ status: "manual" }, { status: "manual" }],
    });
    // Hooks in the project, servers in the IDE's UI: each part at the scope the host has it.
    const jetbrains = hosts.hosts.find((h) => h.platform === "jetbrains-copilot")! as unknown as {
      scope: string;
      mcp: { scope: string; servers: { status: string }[] };
    };
    expect([jetbrains.scope, jetbrains.mcp.scope, jetbrains.mcp.servers.map((s) => s.status)]).toEqual(["project", "user", ["manual", "manual"]]);
    // Continue picks up Claude-format JSON in .continue/mcpServers/: one file of ours there.
    expect(mcp("continue")).toMatchObject({
      format: "plain",
      file: join(box.home, ".continue", "mcpServers", "agent-connector.json"),
      servers: [{ status: "planned" }, { status: "planned" }],
    });
    const human = box.cli(["explain", "--config", config]);
    expect(human.stdout).toMatch(/MCP servers \(where each host registers them\):\nhost +scope +mcp file/);
    expect(human.stdout).toMatch(/\nzed +user +~\/\.config\/zed\/settings\.json +zed +stdio, http +none +\{tool\} +registered +unsupported\n/);
  });
});

describe("mcp: the config", () => {
  const error = (config: unknown) => {
    const box = sandbox();
    const file = writeJsonConfig(box, config);
    const result = box.cli(["install", "--config", file, "--platform", "claude-code"]);
    return { code: result.exitCode, message: result.stderr.replace(file, "<config>").trim() };
  };
  test.each([
    [{ my_server: { command: "x" } }, 'mcpServers.my_server: server name "my_server" must be a letter, then letters, digits or dashes, at most 32 characters'],
    [{ s: { args: [] } }, "mcpServers.s.command"],
    [{ s: { url: "https://x.test", transport: "ws" } }, 'mcpServers.s.transport: must be "http" or "sse"'],
    [{ s: { command: "x", port: 1 } }, 'unknown key "port": a stdio server takes command, args, env, cwd'],
    [{ s: { command: "x", env: { TOKEN: 1 } } }, "mcpServers.s.env.TOKEN: must be a string"],
  ])("%j is refused, naming the file and the field", (servers, message) => {
    const { code, message: text } = error({ id: "tools", mcpServers: servers });
    expect(code).toBe(3);
    expect(text).toContain("<config>");
    expect(text).toContain(message);
  });
});

describe("mcp: the registered server runs", () => {
  test(
    "the stdio entry install wrote starts the fixture server; a tool call is recorded",
    async () => {
      const box = sandbox();
      const log = join(box.root, "calls.jsonl");
      const config = writeJsonConfig(box, {
        id: "tools",
        mcpServers: { rec: { command: "node", args: [SERVER, "--log", log], env: { E2E_MCP_SECRET: "plain" } } },
      });
      expect(box.cli(["install", "--config", config, "--platform", "claude-code", "--scope", "project"]).exitCode).toBe(0);
      const entry = JSON.parse(box.read(join(box.project, ".mcp.json"))).mcpServers.rec;
      const client = new Client({ name: "test", version: "1.0.0" });
      await client.connect(new StdioClientTransport({ command: entry.command, args: entry.args, env: { PATH: process.env.PATH ?? "", ...entry.env } }));
      const result = await client.callTool({ name: "record", arguments: { text: "hello" } });
      await client.close();
      expect(result.content).toEqual([{ type: "text", text: "MCP-RECORDED:hello" }]);
      expect(JSON.parse(box.read(log))).toMatchObject({ tool: "record", text: "hello", secret: "plain" });
    },
    generous(60_000),
  );
});
