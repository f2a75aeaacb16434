import { readFileSync } from 'node:fs';

/**
 * The README's first command: the first line of the first code block under "## Quick start", without its comment,
 * split at `&&` into the commands a shell would run one after another. Reading it from the README is what keeps the
 * check and the README from drifting. Anything but plain words joined by `&&` is refused rather than half-understood.
 */
export function readmeFirstCommand(readme: string): { line: string; commands: string[][] } {
  const section = /^## Quick start\s*$([\s\S]*?)(?=^## )/m.exec(readme)?.[1];
  if (section === undefined) throw new Error('the README has no "## Quick start" section');
  const block = /^```[a-z]*\n([\s\S]*?)^```/m.exec(section)?.[1];
  if (block === undefined) throw new Error('the quick start has no code block');
  const line = (block.split('\n')[0] ?? '').replace(/\s+#.*$/, '').trim();
  if (!/^[\w@./:=-]+( +(&&|[\w@./:=-]+))*$/.test(line)) throw new Error(`"${line}" is not plain words joined by &&`);
  const commands = line.split(/ +&& +/).map((part) => part.split(/ +/));
  if (commands.some((words) => words.length === 0 || words.includes('&&')))
    throw new Error(`cannot split "${line}" at &&`);
  return { line, commands };
}

export function readReadmeFirstCommand(path: string): { line: string; commands: string[][] } {
  return readmeFirstCommand(readFileSync(path, 'utf8'));
}
