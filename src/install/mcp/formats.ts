import type { McpFormatId } from "../../adapter.ts";
import type { ServerEntry, ServerMapSyntax } from "../../host-config/server-map.ts";
import {
  hasReference,
  transportOf,
  VAR_REFERENCE,
  wholeReference,
  type McpRemoteServer,
  type McpServer,
  type McpStdioServer,
  type McpTransport,
} from "../../mcp-servers.ts";

/** A server as one host's file holds it, or why that host cannot take it. */
export type HostEntry = { entry: ServerEntry } | { unsupported: string };

/** How one kind of MCP config file holds servers: implemented once, picked by id on an adapter. */
export interface McpFormat {
  /** The file's syntax; TOML files hold a `[<root>.<name>]` table per server, "toml-list" a named `[[<root>]]` table. */
  syntax: ServerMapSyntax;
  /** Key path of the server map. */
  root: string[];
  /** The servers are an array, each naming itself in this field (Grok CLI: `id`), not a map by name. */
  list?: string;
  transports: readonly McpTransport[];
  /** How the host writes a reference to the user's environment, for reports. */
  variables: string;
  /** `name`: the server's name, for hosts that repeat it inside the entry. */
  entry(server: McpServer, name: string): HostEntry;
}

/** Rewrites every `${VAR}` of a value into the host's syntax. */
const references = (syntax: (name: string) => string) => (value: string) => value.replace(VAR_REFERENCE, (_, name: string) => syntax(name));

type Translate = (value: string) => string | undefined;

/** Values with references translated; undefined (with the key) when the host cannot express one. */
function translated(values: Record<string, string> | undefined, translate: Translate): { values?: Record<string, string>; failed?: string } {
  if (!values) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    const text = hasReference(value) ? translate(value) : value;
    if (text === undefined) return { failed: key };
    out[key] = text;
  }
  return { values: out };
}

const noVariables: Translate = () => undefined;

/** The env without the values that only name the variable of the same name (the child inherits those). */
const notInherited = (env: Record<string, string> | undefined) =>
  env && Object.fromEntries(Object.entries(env).filter(([key, value]) => wholeReference(value) !== key));

interface PlainOptions {
  translate: Translate;
  variables: string;
  /**
   * The host starts a stdio server with its own whole environment: an env value that is exactly
   * the variable of the same name (`TOKEN: "${TOKEN}"`) is forwarded by leaving it out.
   */
  inherits?: boolean;
  /** The key the host reads the working directory from; absent: it takes none. */
  cwdKey?: string;
  /** `type` per transport; absent: the host tells transports apart by itself. */
  types?: Partial<Record<McpTransport, string>>;
  /** The key that holds `types` (default `type`; Devin, Kimi: `transport`). */
  typeKey?: string;
  /** Fields naming the server inside its entry, for hosts that keep servers in an array (`list`). */
  named?: (name: string) => Record<string, unknown>;
  /** As McpFormat's `list`. */
  list?: string;
  /** Default JSON; TOML: one `[<root>.<name>]` table per server; YAML: a mapping by name. */
  syntax?: ServerMapSyntax;
  /** Fields the host's own tools add to every entry. */
  extra?: Record<string, unknown>;
  /** The remote entry's url key per transport (Gemini: `httpUrl` for streamable HTTP). */
  urlKey?: Partial<Record<"http" | "sse", string>>;
  transports?: readonly McpTransport[];
  root?: string[];
}

const unsupportedVariable = (where: string, key: string, variables: string) =>
  `the ${where} value of ${key} references a variable, which this host cannot express (${variables}); write the value by hand in the host's config`;

/** The shape most hosts share: `{command, args, env}` or `{url, headers}` under `mcpServers`. */
function plainFormat(options: PlainOptions): McpFormat {
  const transports = options.transports ?? ["stdio", "http", "sse"];
  const typed = (transport: McpTransport) => (options.types?.[transport] ? { [options.typeKey ?? "type"]: options.types[transport] } : {});
  const variables = options.inherits ? `${options.variables}; a stdio server inherits the host's environment` : options.variables;
  return {
    syntax: options.syntax ?? "json",
    root: options.root ?? ["mcpServers"],
    ...(options.list ? { list: options.list } : {}),
    transports,
    variables,
    entry(server, name) {
      const named = options.named?.(name) ?? {};
      const transport = transportOf(server);
      if (!transports.includes(transport)) return { unsupported: `the ${transport} transport is not supported (only ${transports.join(", ")})` };
      if (transport === "stdio") {
        const { command, args, env, cwd } = server as McpStdioServer;
        if (cwd && !options.cwdKey) return { unsupported: "cwd is not supported: the host starts servers in a folder of its choosing" };
        const e = translated(options.inherits ? notInherited(env) : env, options.translate);
        if (e.failed) return { unsupported: unsupportedVariable("env", e.failed, variables) };
        const withEnv = e.values && Object.keys(e.values).length ? { env: e.values } : {};
        return {
          entry: { ...named, ...typed("stdio"), command, ...(args ? { args } : {}), ...withEnv, ...(cwd ? { [options.cwdKey!]: cwd } : {}), ...options.extra },
        };
      }
      const { url, headers } = server as McpRemoteServer;
      const h = translated(headers, options.translate);
      if (h.failed) return { unsupported: unsupportedVariable("header", h.failed, variables) };
      const urlKey = options.urlKey?.[transport as "http" | "sse"] ?? "url";
      return { entry: { ...named, ...typed(transport), [urlKey]: url, ...(h.values ? { headers: h.values } : {}), ...options.extra } };
    },
  };
}

const dollarBrace = references((name) => `\${${name}}`);
const envColon = references((name) => `\${env:${name}}`);

/**
 * OpenCode and its forks: `mcp.<name>` with the command as one array and `environment`;
 * `{env:VAR}` substitution (opencode.ai/docs/config). Remote servers negotiate the transport.
 */
const opencode: McpFormat = {
  syntax: "json",
  root: ["mcp"],
  transports: ["stdio", "http", "sse"],
  variables: "{env:VAR}",
  entry(server) {
    const translate = references((name) => `{env:${name}}`);
    if ("url" in server) {
      const h = translated(server.headers, translate);
      return { entry: { type: "remote", url: server.url, ...(h.values ? { headers: h.values } : {}), enabled: true } };
    }
    if (server.cwd) return { unsupported: "cwd is not supported: the host starts servers in the project folder" };
    const e = translated(server.env, translate);
    return { entry: { type: "local", command: [server.command, ...(server.args ?? [])], ...(e.values ? { environment: e.values } : {}), enabled: true } };
  },
};

/**
 * Variables a host can only take by name: a value that is exactly `${NAME}` under the key NAME
 * (the host passes its own NAME on); literals as they are; anything else it cannot express.
 */
function byName(values: Record<string, string> | undefined, where: string): { literal: Record<string, string>; names: string[] } | { unsupported: string } {
  const literal: Record<string, string> = {};
  const names: string[] = [];
  for (const [key, value] of Object.entries(values ?? {})) {
    if (!hasReference(value)) literal[key] = value;
    else if (wholeReference(value) === key) names.push(key);
    else
      return {
        unsupported: `${where} ${key} must be "\${${key}}" (a variable of the same name, passed on by name) or a literal: the host does not expand variables`,
      };
  }
  return { literal, names };
}

/**
 * Codex (and Open Interpreter, which reads Codex's format): no interpolation in TOML. A variable
 * reaches a stdio server by name (`env_vars`, forwarded from Codex's environment), a header by
 * `env_http_headers` (header → variable) or `bearer_token_env_var`. Streamable HTTP only.
 */
const codex: McpFormat = {
  syntax: "toml",
  root: ["mcp_servers"],
  transports: ["stdio", "http"],
  variables: "by name (env_vars, env_http_headers)",
  entry(server) {
    const transport = transportOf(server);
    if (transport === "sse") return { unsupported: "the sse transport is not supported (only stdio, http)" };
    if (transport === "stdio") {
      const { command, args, env, cwd } = server as McpStdioServer;
      const e = byName(env, "env");
      if ("unsupported" in e) return e;
      return {
        entry: {
          command,
          ...(args ? { args } : {}),
          ...(Object.keys(e.literal).length ? { env: e.literal } : {}),
          ...(e.names.length ? { env_vars: e.names } : {}),
          ...(cwd ? { cwd } : {}),
        },
      };
    }
    const { url, headers } = server as McpRemoteServer;
    const literal: Record<string, string> = {};
    const fromEnv: Record<string, string> = {};
    let bearer: string | undefined;
    for (const [key, value] of Object.entries(headers ?? {})) {
      const whole = wholeReference(value);
      const token = /^Bearer \$\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(value)?.[1];
      if (!hasReference(value)) literal[key] = value;
      else if (whole) fromEnv[key] = whole;
      else if (token && key.toLowerCase() === "authorization") bearer = token;
      else return { unsupported: `header ${key} mixes text and a variable, which the host cannot express; use "\${VAR}" or "Bearer \${VAR}"` };
    }
    return {
      entry: {
        url,
        ...(bearer ? { bearer_token_env_var: bearer } : {}),
        ...(Object.keys(literal).length ? { http_headers: literal } : {}),
        ...(Object.keys(fromEnv).length ? { env_http_headers: fromEnv } : {}),
      },
    };
  },
};

/**
 * Goose's `extensions.<name>` in config.yaml (goose docs, guides/config-files): `type: stdio` with
 * `cmd`, `args`, `envs`, or `type: streamable_http` with `uri`, `headers`; `env_keys` names the
 * variables goose reads from its environment or keyring. No SSE (goose dropped it), no cwd.
 */
const goose: McpFormat = {
  syntax: "yaml",
  root: ["extensions"],
  transports: ["stdio", "http"],
  variables: "by name (env_keys)",
  entry(server, name) {
    const transport = transportOf(server);
    if (transport === "sse") return { unsupported: "the sse transport is not supported (only stdio, http)" };
    const common = { name, enabled: true, timeout: 300 };
    if (transport === "stdio") {
      const { command, args, env, cwd } = server as McpStdioServer;
      if (cwd) return { unsupported: "cwd is not supported: the host starts servers in a folder of its choosing" };
      const e = byName(env, "env");
      if ("unsupported" in e) return e;
      return { entry: { type: "stdio", ...common, cmd: command, args: args ?? [], envs: e.literal, env_keys: e.names } };
    }
    const { url, headers } = server as McpRemoteServer;
    if (Object.values(headers ?? {}).some(hasReference))
      return { unsupported: unsupportedVariable("header", Object.keys(headers!).find((k) => hasReference(headers![k]!))!, "env_keys, for env only") };
    return { entry: { type: "streamable_http", ...common, uri: url, headers: headers ?? {}, envs: {}, env_keys: [] } };
  },
};

/**
 * Mistral Vibe's `[[mcp_servers]]` tables in config.toml (docs.mistral.ai/vibe/code/cli/configuration):
 * each names itself; `transport` "stdio" with command, args, env, or "streamable-http" with url and
 * headers. No documented variable expansion; no SSE.
 */
const VIBE_ENTRY = plainFormat({ translate: noVariables, variables: "none", transports: ["stdio", "http"] });
const vibe: McpFormat = {
  syntax: "toml-list",
  root: ["mcp_servers"],
  transports: ["stdio", "http"],
  variables: "none",
  entry(server) {
    const plain = VIBE_ENTRY.entry(server, "");
    return "unsupported" in plain
      ? plain
      : { entry: { transport: transportOf(server) === "stdio" ? "stdio" : "streamable-http", ...(plain.entry as Record<string, unknown>) } };
  },
};

/** A word as bash reads it back unchanged: bare when it is plain, else single-quoted. */
const shellWord = (word: string): string => (/^[A-Za-z0-9_@%+:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);

/** A value in double quotes, where each `${VAR}` stays a shell expansion and nothing else expands. */
const shellExpanding = (value: string): string =>
  `"${value
    .split(VAR_REFERENCE)
    .map((part, i) => (i % 2 ? `\${${part}}` : part.replace(/[\\"$`]/g, "\\$&")))
    .join("")}"`;

/**
 * Mux (Xum): `servers.<name>` in mcp.jsonc (coder/mux src/node/services/mcpConfigService.ts, 2026-08-22).
 * A stdio server is one command line that bash runs in the workspace, with the workspace's
 * environment: no env or cwd keys, so both become shell words (`cd`, `NAME=value`), and `${VAR}`
 * stays a shell expansion. It is written as a plain string, as Mux writes such a server itself.
 * A remote server is `{transport, url, headers}`; header values are literal (Mux's only reference
 * is `{secret}`, a name in its own secret store).
 */
const mux: McpFormat = {
  syntax: "json",
  root: ["servers"],
  transports: ["stdio", "http", "sse"],
  variables: "${VAR} in env (bash)",
  entry(server) {
    if ("url" in server) {
      const h = translated(server.headers, noVariables);
      if (h.failed) return { unsupported: unsupportedVariable("header", h.failed, "none in headers") };
      return { entry: { transport: transportOf(server), url: server.url, ...(h.values ? { headers: h.values } : {}) } };
    }
    const env = Object.entries(notInherited(server.env) ?? {}).map(
      ([key, value]) => `${key}=${hasReference(value) ? shellExpanding(value) : shellWord(value)}`,
    );
    const words = [...env, shellWord(server.command), ...(server.args ?? []).map(shellWord)].join(" ");
    return { entry: server.cwd ? `cd ${shellWord(server.cwd)} && ${words}` : words };
  },
};

export const MCP_FORMATS: Record<McpFormatId, McpFormat> = {
  // code.claude.com/docs/en/mcp: `${VAR}` expanded in command, args, env, url and headers.
  claude: plainFormat({ translate: dollarBrace, variables: "${VAR}", types: { stdio: "stdio", http: "http", sse: "sse" } }),
  // cursor.com/docs/context/mcp: `${env:VAR}`; `cwd` for stdio; transport from the url.
  cursor: plainFormat({ translate: envColon, variables: "${env:VAR}", cwdKey: "cwd" }),
  // docs.github.com (Copilot CLI, mcp-config.json): "local" servers, `tools` required.
  copilot: plainFormat({
    translate: dollarBrace,
    variables: "${VAR}",
    cwdKey: "cwd",
    types: { stdio: "local", http: "http", sse: "sse" },
    extra: { tools: ["*"] },
  }),
  // code.visualstudio.com/docs/copilot/reference/mcp-configuration: `servers`, `${env:VAR}`.
  vscode: plainFormat({ translate: envColon, variables: "${env:VAR}", cwdKey: "cwd", types: { stdio: "stdio", http: "http", sse: "sse" }, root: ["servers"] }),
  // geminicli.com/docs/tools/mcp-server: the key picks the transport; settings expand `${VAR}`.
  gemini: plainFormat({ translate: dollarBrace, variables: "${VAR}", cwdKey: "cwd", urlKey: { http: "httpUrl", sse: "url" } }),
  codex,
  opencode,
  // zed.dev/docs/ai/mcp: `context_servers`, no variable expansion.
  zed: plainFormat({ translate: noVariables, variables: "none", root: ["context_servers"], transports: ["stdio", "http"] }),
  // docs.roocode.com/features/mcp/using-mcp-in-roo: `${env:VAR}`, typed remote entries.
  roo: plainFormat({ translate: envColon, variables: "${env:VAR}", cwdKey: "cwd", types: { http: "streamable-http", sse: "sse" } }),
  // docs.warp.dev/agents/capabilities/mcp: `working_directory`; no documented expansion.
  warp: plainFormat({ translate: noVariables, variables: "none", cwdKey: "working_directory" }),
  // codebuff.com/docs/tips/mcp-servers: a value that is exactly `$VAR` is read from the environment.
  codebuff: plainFormat({
    translate: (value) => (wholeReference(value) ? `$${wholeReference(value)}` : undefined),
    variables: "whole-value $VAR",
    transports: ["stdio", "http"],
  }),
  plain: plainFormat({ translate: noVariables, variables: "none" }),
  // Cline CLI 3.0.65 (@cline/core): `{command, args, cwd, env}` or `{type: "streamableHttp"|"sse", url,
  // headers}`; no variable expansion, and a stdio server is started with Cline's whole environment.
  // Without `timeout` a server gets 3 s to answer `initialize` and is skipped for the run after that
  // (an `npx` start often takes longer); 60 is its default request timeout, now the connect one too.
  cline: plainFormat({
    translate: noVariables,
    variables: "none",
    inherits: true,
    cwdKey: "cwd",
    types: { http: "streamableHttp", sse: "sse" },
    extra: { timeout: 60 },
  }),
  // Auggie 0.36.0 (its bundle): `{command, args, env, cwd}` or `{type: "http"|"sse", url, headers}`; only
  // `$augment-<secret>` references (its secret store), and a stdio server gets HOME, PATH, … only.
  auggie: plainFormat({ translate: noVariables, variables: "none", cwdKey: "cwd", types: { http: "http", sse: "sse" } }),
  // docs.devin.ai/cli/extensibility/mcp/configuration: untyped stdio, remote `transport`, `${env:VAR}`.
  devin: plainFormat({ translate: envColon, variables: "${env:VAR}", typeKey: "transport", types: { http: "http", sse: "sse" } }),
  // charmbracelet/crush internal/config/resolve.go: `$VAR` / `${VAR}` expanded anywhere in a value.
  crush: plainFormat({ translate: dollarBrace, variables: "${VAR}", root: ["mcp"], types: { stdio: "stdio", http: "http", sse: "sse" } }),
  // docs.x.ai/build/features/mcp-servers: `[mcp_servers.<name>]`, `${VAR}` expanded; remote servers by url.
  "grok-build": plainFormat({ translate: dollarBrace, variables: "${VAR}", syntax: "toml", root: ["mcp_servers"], transports: ["stdio", "http"] }),
  // Kimi CLI (fastmcp's config) and Kimi Code: `{command, args, env, cwd}`, `{url, headers}`, SSE as
  // `transport: "sse"`; no expansion (Kimi CLI's stdio servers get the SDK's default environment).
  kimi: plainFormat({ translate: noVariables, variables: "none", cwdKey: "cwd", typeKey: "transport", types: { sse: "sse" } }),
  // superagent-ai/grok-cli: `mcp.servers` is an array of `{id, label, enabled, transport, …}`; the SDK's
  // stdio transport with the entry's env only.
  "grok-cli": plainFormat({
    translate: noVariables,
    variables: "none",
    root: ["mcp", "servers"],
    list: "id",
    named: (name) => ({ id: name, label: name, enabled: true }),
    cwdKey: "cwd",
    typeKey: "transport",
    types: { stdio: "stdio", http: "http", sse: "sse" },
  }),
  // Copilot for JetBrains: VS Code's `servers` shape, variables not documented for that file.
  jetbrains: plainFormat({ translate: noVariables, variables: "none", root: ["servers"], types: { stdio: "stdio", http: "http", sse: "sse" } }),
  goose,
  // Hermes' docs (user-guide/features/mcp): `mcp_servers.<name>` in config.yaml, `{command, args, env}` / `{url, headers}`.
  hermes: plainFormat({ translate: noVariables, variables: "none", root: ["mcp_servers"], transports: ["stdio", "http"], syntax: "yaml" }),
  vibe,
  // docs.windsurf.com/windsurf/cascade/mcp: remote servers under `serverUrl`; `${env:VAR}` interpolated.
  windsurf: plainFormat({ translate: envColon, variables: "${env:VAR}", urlKey: { http: "serverUrl", sse: "serverUrl" } }),
  // Antigravity's mcp_config.json (docs/hosts/antigravity.md): `serverUrl` as Windsurf; no documented expansion.
  antigravity: plainFormat({ translate: noVariables, variables: "none", urlKey: { http: "serverUrl", sse: "serverUrl" } }),
  // ampcode.com/manual#mcp: one flat key with a dot in it (VS Code-style settings), `${VAR}` expanded.
  amp: plainFormat({ translate: dollarBrace, variables: "${VAR}", root: ["amp.mcpServers"] }),
  // docs.openclaw.ai (configuration): `mcp.servers` of openclaw.json; no documented expansion.
  openclaw: plainFormat({ translate: noVariables, variables: "none", root: ["mcp", "servers"] }),
  mux,
};
