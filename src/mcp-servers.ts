/** MCP servers a connector declares once (`mcpServers`), and the rules every host's naming imposes. */

/** A server the host starts as a child process and talks to over stdin/stdout. */
export interface McpStdioServer {
  command: string;
  args?: string[];
  /** Values may reference the user's environment as `${VAR}`: each host gets its own reference syntax, never the value. */
  env?: Record<string, string>;
  cwd?: string;
}

/** A server the host reaches over the network. */
export interface McpRemoteServer {
  url: string;
  /** Streamable HTTP (default) or the older HTTP+SSE transport. */
  transport?: "http" | "sse";
  /** Values may reference the user's environment as `${VAR}`, like `env`. */
  headers?: Record<string, string>;
}

export type McpServer = McpStdioServer | McpRemoteServer;

export type McpTransport = "stdio" | "http" | "sse";

export const transportOf = (server: McpServer): McpTransport => ("url" in server ? (server.transport ?? "http") : "stdio");

/**
 * A server name is safe on every host when it matches this. Hosts build the model's tool names
 * from it: Claude Code, Codex and Qwen Code `mcp__<server>__<tool>`, Gemini CLI `mcp_<server>_<tool>`,
 * OpenCode and its forks `<server>_<tool>`, Copilot CLI `<server>-<tool>`, Droid `<server>___<tool>`,
 * Auggie `<tool>_<server>`, Grok CLI `mcp_<server>__<tool>` (each adapter's `mcp.toolName`); the model APIs take
 * function names of at most 64 characters from [A-Za-z0-9_-] (Anthropic, OpenAI), so no dots,
 * no spaces, and no underscores (they would make the `_`/`__` separators ambiguous: Gemini
 * splits `mcp_<server>_<tool>` at the first underscore after the prefix). 32 characters leave
 * the tool's own name at least 25 of the 64.
 */
export const MCP_NAME = /^[A-Za-z][A-Za-z0-9-]{0,31}$/;
export const MCP_NAME_RULE =
  "a letter, then letters, digits or dashes, at most 32 characters (hosts build tool names like mcp__<server>__<tool> from it, limited to 64 characters of [A-Za-z0-9_-], with underscores as separators)";

/** `${VAR}` in an env or header value: a reference to the user's environment, written per host. */
export const VAR_REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The one variable a value is made of (`"${TOKEN}"` → TOKEN), if it is exactly one reference. */
export const wholeReference = (value: string): string | undefined => /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(value)?.[1];

export const hasReference = (value: string): boolean => /\$\{[A-Za-z_][A-Za-z0-9_]*\}/.test(value);
