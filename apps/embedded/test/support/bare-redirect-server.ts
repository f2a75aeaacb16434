import { spawn } from 'node:child_process';

const SERVER = `
const server = require('node:http').createServer((req, res) => {
  res.writeHead(302, { location: 'https://example.com/bare' }).end();
});
server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));
`;

export interface BareRedirectServer {
  port: number;
  location: string;
  stop(): void;
}

/**
 * A bare node:http 302 in a process of its own: the machine's floor for a redirect answered by one event loop,
 * measured beside the redirector in the same run, so a p99 can be read against what the host allowed at that moment.
 */
export async function startBareRedirectServer(): Promise<BareRedirectServer> {
  const child = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.setEncoding('utf8').once('data', (line: string) => resolve(Number(line.trim())));
    child.once('exit', (code) => reject(new Error(`the bare redirect server exited with ${code}`)));
  });
  return { port, location: 'https://example.com/bare', stop: () => void child.kill() };
}
