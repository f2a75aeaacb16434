// The baseline of the one-instance comparison: a bare node:http server answering every request with the same 302
// a redirector sends. Its own process, like the redirector, so it shares no event loop with the load generator.
const { createServer } = require('node:http');

const server = createServer((_req, res) => {
  res.writeHead(302, { location: 'https://example.com/landing', 'cache-control': 'private, no-store, max-age=0' });
  res.end();
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
process.on('message', (message) => message === 'exit' && process.exit(0));
