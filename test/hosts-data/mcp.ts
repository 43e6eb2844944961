/**
 * The MCP servers the MCP tests install (test/mcp.test.ts, test/mcp-hosts.test.ts), and the entries
 * of the formats several hosts share: what the records' `mcp` expectations are written with.
 */
export const URL_HTTP = "https://example.test/mcp";
export const URL_SSE = "https://example.test/sse";
/** `rec` (stdio), `api` (http), `old` (SSE), as the connector declares them. */
export const SERVERS = { rec: { command: "node", args: ["server.mjs"] }, api: { url: URL_HTTP }, old: { url: URL_SSE, transport: "sse" } };

/** A file's text as install writes JSON. */
export const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const nest = (root: string[], value: unknown) => root.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
/** A JSON file holding only a user's own server named `rec`, under `root`. */
export const ownServer = (root: string[]) => json(nest(root, { rec: { command: "mine" } }));

/** The entries where the host takes them as the connector declares them (no type key). */
export const PLAIN = { rec: SERVERS.rec, api: SERVERS.api };
/** The "claude" format's typed entries. */
export const CLAUDE = { rec: { type: "stdio", ...SERVERS.rec }, api: { type: "http", url: URL_HTTP }, old: { type: "sse", url: URL_SSE } };
/** The "kimi" format: SSE named by `transport`. */
export const KIMI = { rec: SERVERS.rec, api: { url: URL_HTTP }, old: { transport: "sse", url: URL_SSE } };
/** The "opencode" format (OpenCode and its forks): a local command array, a remote url, both enabled. */
export const OPENCODE = { rec: { type: "local", command: ["node", "server.mjs"], enabled: true }, api: { type: "remote", url: URL_HTTP, enabled: true } };
