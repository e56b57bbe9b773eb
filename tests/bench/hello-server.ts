/**
 * The baseline of the server bench: Fastify answering a JSON POST with a small envelope and
 * nothing else, in its own process like the real server. Prints "listening <port>".
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/hello', async () => ({ code: 1, data: { hello: 'world' }, info: 'ok' }));
void app.listen({ port: 0, host: '127.0.0.1' }).then(() => {
  const address = app.server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
