import { terminalSafe, terminalSafeJson } from './terminal-text';

describe('server text shown on a terminal', () => {
  it.each([
    ['a window title (OSC, BEL-terminated)', 'a\u001b]0;pwned\u0007b', 'ab'],
    ['a hyperlink (OSC 8, ST-terminated)', '\u001b]8;;https://evil.example\u001b\\click\u001b]8;;\u001b\\', 'click'],
    ['colours and line erasing (CSI)', '\u001b[2K\u001b[1;31mred\u001b[0m', 'red'],
    ['the 8-bit CSI and other C1 controls', '\u009b31mred\u0085\u008d', 'red'],
    ['a carriage return that rewrites the line', 'done\rfailed', 'donefailed'],
    ['other C0 controls and DEL', 'a\u0000\u0007\u0008\u007fb', 'ab'],
    ['an unterminated device control string', 'ok\u001bPq#0;2;0;0;0', 'ok'],
  ])('removes %s', (_what, text, shown) => {
    expect(terminalSafe(text)).toBe(shown);
  });

  it('keeps tabs, newlines, CRLF line ends and any printable Unicode', () => {
    const text = 'a\tb\r\nc\nÄ → 漢字 😀\n';
    expect(terminalSafe(text)).toBe(text);
  });

  it('escapes DEL and C1 controls in JSON, which JSON.stringify leaves raw, keeping the same value', () => {
    const value = { title: 'a\u009b31m\u007fb\u001b' };
    const text = terminalSafeJson(value);
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
