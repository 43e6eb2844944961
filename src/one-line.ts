/**
 * Every text we write to hook.log or a terminal is one line, and shows what it holds: a carriage
 * return, a vertical tab, NEL (U+0085), the line and paragraph separators (U+2028, U+2029), an
 * ANSI escape sequence or a bidirectional override in a message (a handler's error, a tool's
 * command) could otherwise hide the line, or forge another one, in a terminal, an editor or a
 * log shipper. A line break becomes " | " (messages are often several lines: a stack); every
 * other control character (C0, DEL, C1), the separators and the bidi controls become a visible
 * escape (\r, \t, \u001b, \u2028, …). A backslash stays as it is: Windows paths stay readable.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is matched.
const HIDING = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { "\r": "\\r", "\t": "\\t" };

const escaped = (char: string): string => NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** What could hide or forge a line escaped, line breaks kept: a report of several lines (the CLI's human output). */
export const visible = (text: string): string => text.replace(HIDING, escaped);

export const oneLine = (text: string): string => visible(text.replace(/\r?\n/g, " | "));

/**
 * `oneLine` as source text, made from the same pattern and names, for the plugin modules we
 * generate (src/install/plugin-module/generate.ts): they run in the host's process and import
 * nothing of ours, yet their hook.log lines follow the same rule (one-line.test.ts runs both).
 */
export const oneLineSource = (): string =>
  [
    `const HIDING = ${HIDING};`,
    `const NAMED: Record<string, string> = ${JSON.stringify(NAMED)};`,
    'const oneLine = (text: string): string => text.replace(/\\r?\\n/g, " | ").replace(HIDING, (char) => NAMED[char] ?? `\\\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);',
  ].join("\n");
