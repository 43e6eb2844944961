import * as v from "valibot";
import { absolute } from "../paths.ts";
import { isEventName, type ConnectorConfig, type HandlerResult, type HookDefinition } from "../events.ts";
import { severalDefinitions } from "./several.ts";
import { ConnectorConfigError } from "./errors.ts";
import { registerVirtualModule } from "./virtual-module.ts";

/** How a script config is imported; the hook path passes one that runs it under its watchdog. */
export type ConfigImporter = (file: string) => Promise<Record<string, unknown>>;

async function importConfig(file: string, load: ConfigImporter): Promise<unknown> {
  if (file.endsWith(".json")) {
    try {
      return JSON.parse(await Bun.file(file).text());
    } catch (error) {
      if ((error as { code?: string }).code === "ENOENT") throw new ConnectorConfigError(file, "", "file not found");
      throw new ConnectorConfigError(file, "", `not valid JSON (${(error as Error).message})`);
    }
  }
  registerVirtualModule();
  let module: Record<string, unknown>;
  try {
    module = await load(file);
  } catch (error) {
    // No separate existence check: it would cost every hook call a stat.
    if (!(await Bun.file(file).exists())) throw new ConnectorConfigError(file, "", "file not found");
    throw new ConnectorConfigError(file, "", `cannot be loaded: ${buildErrors(error) ?? (error as Error).message}`);
  }
  return configExport(file, module);
}

/** A config module's connector: its default export (or `config`). */
export function configExport(file: string, module: Record<string, unknown>): unknown {
  const config = module.default ?? module.config;
  if (config === undefined) {
    throw new ConnectorConfigError(file, "", "has no default export; export default defineConnector({ ... })");
  }
  return config;
}

interface BuildMessage {
  message: string;
  position?: { file: string; line: number; column: number; lineText: string } | null;
}

/** Bun reports a syntax error as "N errors building …": the first few, each with file:line:col and its source line. */
function buildErrors(error: unknown, shown = 3): string | undefined {
  const errors = (error as { errors?: BuildMessage[] })?.errors;
  if (!Array.isArray(errors) || !errors.length) return undefined;
  const lines = errors.slice(0, shown).map(({ message, position: p }) => {
    if (!p) return message;
    const gutter = `${p.line} | `;
    return `${p.file}:${p.line}:${p.column}: ${message}\n  ${gutter}${p.lineText}\n  ${" ".repeat(gutter.length - 2)}| ${" ".repeat(Math.max(0, p.column - 1))}^`;
  });
  const more = errors.length > shown ? `\n(${errors.length - shown} more)` : "";
  return `${errors.length === 1 ? "a syntax error" : `${errors.length} syntax errors`}:\n${lines.join("\n")}${more}`;
}

/**
 * Imports a connector config and checks it against `schema` (install: everything, src/config/load.ts;
 * the hook path: what one call uses, hook-call-schema.ts). JSON hooks' fixed `response` becomes a handler.
 */
export async function readConnectorConfig(path: string, schema: v.GenericSchema, load: ConfigImporter = (file) => import(file)): Promise<ConnectorConfig> {
  const file = absolute(path);
  return checkConnectorConfig(file, await importConfig(file, load), schema);
}

/** A key that must be there and is not: valibot says `Invalid key: Expected "id" but received undefined`, which names no fix. */
function whatToDo(issue: v.BaseIssue<unknown>): string {
  const key = /^"(.+)"$/.exec(issue.expected ?? "")?.[1];
  if (issue.kind !== "schema" || !issue.type.endsWith("object") || issue.received !== "undefined" || !key) return issue.message;
  if (key === "id") return `missing; add an id, the connector's name: lowercase letters, digits and dashes (e.g. id: "my-guard")`;
  return `missing; add "${key}"`;
}

/** Checks a config already loaded (a compiled connector's exports, src/hook/load-compiled.ts). */
export function checkConnectorConfig(file: string, raw: unknown, schema: v.GenericSchema): ConnectorConfig {
  const result = v.safeParse(schema, raw);
  if (!result.success) {
    const issue = result.issues[0];
    throw new ConnectorConfigError(file, v.getDotPath(issue) ?? "", whatToDo(issue));
  }
  const config = result.output as ConnectorConfig;
  const hooks = (config.hooks ?? {}) as Record<string, HookDefinition | HookDefinition[]>;
  for (const [event, entry] of Object.entries(hooks)) {
    const definitions = (Array.isArray(entry) ? entry : [entry]) as (HookDefinition & { response?: unknown })[];
    for (const hook of definitions) {
      if (hook?.response) {
        const response = hook.response;
        hook.handler = () => response as HandlerResult;
      }
    }
    // A definition with its own timeout goes through the same path as several: its overrun is its own failure.
    if ((Array.isArray(entry) || definitions.some((d) => d?.timeout !== undefined)) && isEventName(event))
      hooks[event] = severalDefinitions(event, definitions, { id: config.id, onFailure: config.onFailure });
  }
  return config;
}
