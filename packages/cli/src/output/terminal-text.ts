/* eslint-disable no-control-regex -- matching control characters is this file's job */

/**
 * Escape sequences in their 7-bit (ESC ...) and 8-bit (C1) forms: CSI (colours, cursor moves, screen clearing);
 * OSC, DCS, SOS, PM and APC strings up to their terminator (window titles, hyperlinks, clipboard writes); and the
 * two-character ESC commands. An unterminated string runs to the end, as a terminal would read it.
 */
const ESCAPE_SEQUENCE =
  /(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]?|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[\s\S]*?(?:\x07|\x1b\\|\x9c|$)|\x1b[\x20-\x2f]*[\x30-\x7e]?/g;

/** C0 controls but tab and newline, a carriage return not ending a line, DEL, and the C1 controls. */
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]|\r(?!\n)/g;

/**
 * Text from a server as it may be shown on a terminal: escape sequences and control characters removed, so an
 * answer cannot recolour, retitle, clear or rewrite the screen, or forge a line of the CLI's own output.
 */
export function terminalSafe(text: string): string {
  return text.replace(ESCAPE_SEQUENCE, '').replace(CONTROL, '');
}

/**
 * JSON for a terminal or a pipe: JSON.stringify escapes C0 controls but leaves DEL and C1 (U+0080 to U+009F, which
 * some terminals obey) raw; they are escaped too, so the text is the same JSON value and shows no sequence.
 */
export function terminalSafeJson(value: unknown, indent = 2): string {
  return (JSON.stringify(value, null, indent) ?? 'null').replace(
    /[\x7f-\x9f]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
