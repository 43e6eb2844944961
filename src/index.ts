/** The authoring API, imported by connector configs as `agent-connector`. */
export { defineConnector } from "./config/define.ts";
export { EVENT_NAMES } from "./events.ts";
export type {
  AnswerField,
  BaseEvent,
  ConnectorConfig,
  ConnectorInput,
  Decision,
  EventName,
  EventPayloadMap,
  HandlerResult,
  HookDefinition,
  HookResponse,
  HooksConfig,
  HooksInput,
  HostAbilities,
  HostView,
  NativeHookDefinition,
  OnFailure,
  PlatformOptions,
  SessionFields,
} from "./events.ts";
export type { ToolKind, ToolView, UpdatedTool } from "./tools/portable.ts";
export type { McpServer, McpStdioServer, McpRemoteServer } from "./mcp-servers.ts";
