import type { ArgDef, CommandDef, CommandMeta } from "citty";
import { examplesOf } from "./_examples.ts";
import { wrap } from "./_wrap.ts";

const resolve = async <T>(value: T | (() => T | Promise<T>) | Promise<T>): Promise<T> =>
  typeof value === "function" ? await (value as () => T | Promise<T>)() : await value;

/** Names longer than this get their description on the lines below, so descriptions keep room to read. */
const NAME_COLUMN_MAX = 30;

/** Rows of name and description: descriptions wrapped beside the names, in one column. */
function columns(rows: readonly (readonly [string, string])[], width: number): string {
  const nameWidth = Math.min(NAME_COLUMN_MAX, Math.floor(width / 3), Math.max(...rows.map(([name]) => name.length)));
  const at = 2 + nameWidth + 2;
  return rows
    .map(([name, description]) => {
      if (name.length > nameWidth) return `  ${name}\n${wrap(description, width, at, " ".repeat(at))}`;
      return wrap(description, width, at, `  ${name.padEnd(nameWidth)}  `);
    })
    .join("\n");
}

const valueHint = (name: string, arg: ArgDef): string =>
  arg.type === "string" || arg.type === "enum" ? `=<${(arg as { valueHint?: string }).valueHint ?? name.replace(/-/g, "_")}>` : "";

const aliasesOf = (arg: ArgDef): string[] => [(arg as { alias?: string | string[] }).alias ?? []].flat();

function describe(arg: ArgDef, required: boolean): string {
  const notes = [required ? "(required)" : "", arg.default === undefined ? "" : `(default: ${String(arg.default)})`];
  return [arg.description ?? "", ...notes].filter(Boolean).join(" ");
}

/**
 * A command's help: what it does, its usage line, arguments, options, subcommands and examples,
 * wrapped to `width` (citty's own help leaves every description on one long line). `bold` marks
 * the headings for a terminal.
 */
export async function renderHelp(
  cmd: CommandDef<any>,
  parent: CommandDef<any> | undefined,
  width: number,
  bold: (text: string) => string = (text) => text,
): Promise<string> {
  const meta = ((await resolve(cmd.meta)) ?? {}) as CommandMeta;
  const parentMeta = ((await resolve(parent?.meta)) ?? {}) as CommandMeta;
  const name = [parentMeta.name, meta.name].filter(Boolean).join(" ");
  const version = meta.version ?? parentMeta.version;
  const args = Object.entries(((await resolve(cmd.args)) ?? {}) as Record<string, ArgDef>);
  const positionals = args.filter(([, arg]) => arg.type === "positional");
  const options = args.filter(([, arg]) => arg.type !== "positional");
  const subCommands = Object.entries(((await resolve(cmd.subCommands)) ?? {}) as Record<string, unknown>);

  const usage = [
    name,
    options.length ? "[OPTIONS]" : "",
    ...positionals.map(([key, arg]) => (arg.required === false || arg.default !== undefined ? `[${key.toUpperCase()}]` : `<${key.toUpperCase()}>`)),
    subCommands.length ? "<COMMAND>" : "",
  ];
  const sections = [
    wrap(`${meta.description ?? ""} (${name}${version ? ` v${version}` : ""})`, width),
    wrap(usage.filter(Boolean).join(" "), width, 6, `${bold("USAGE")} `),
  ];
  if (positionals.length)
    sections.push(
      `${bold("ARGUMENTS")}\n${columns(
        positionals.map(([key, arg]) => [key.toUpperCase(), describe(arg, arg.required !== false && arg.default === undefined)]),
        width,
      )}`,
    );
  if (options.length)
    sections.push(
      `${bold("OPTIONS")}\n${columns(
        options.map(([key, arg]) => [
          `${aliasesOf(arg)
            .map((alias) => `-${alias}, `)
            .join("")}--${key}${valueHint(key, arg)}`,
          describe(arg, arg.required === true),
        ]),
        width,
      )}`,
    );
  if (subCommands.length) {
    const rows: [string, string][] = [];
    for (const [sub, load] of subCommands) {
      const subMeta = ((await resolve(((await resolve(load)) as CommandDef<any>)?.meta)) ?? {}) as CommandMeta;
      if (!subMeta.hidden) rows.push([sub, subMeta.description ?? ""]);
    }
    sections.push(`${bold("COMMANDS")}\n${columns(rows, width)}\n\n${wrap(`Use ${name} <command> --help for more information about a command.`, width)}`);
  }
  const examples = examplesOf(meta.name ?? "");
  if (examples.length) sections.push(`${bold("EXAMPLES")}\n${examples.map((example) => wrap(example, width, 4, "  ")).join("\n")}`);
  return `${sections.join("\n\n")}\n`;
}
