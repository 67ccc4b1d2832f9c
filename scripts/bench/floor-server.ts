/**
 * Serves the built floor page (dist/floor) the way the site is served: precompressed, hashed assets
 * cached for a year. Its own process, like the site's server, so both answer alike.
 * Usage: tsx scripts/bench/floor-server.ts PORT
 */
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { FLOOR_DIR } from '../../bench/floor/vite.config';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  console.error('Usage: tsx scripts/bench/floor-server.ts PORT');
  process.exit(2);
}

const app = Fastify({ logger: false });
await app.register(compress, { global: true, encodings: ['br', 'gzip', 'deflate'] });
await app.register(fastifyStatic, {
  root: FLOOR_DIR,
  cacheControl: false,
  preCompressed: true,
  setHeaders: (reply, file) => {
    reply.header(
      'cache-control',
      file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
  },
});
await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
