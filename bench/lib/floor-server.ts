/**
 * Serves the built floor page (dist/floor) the way the site is served: precompressed, hashed assets
 * cached for a year. Its own process, like the site's server, so both answer alike.
 * Usage: tsx bench/lib/floor-server.ts PORT
 */
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { FLOOR_DIR } from '../floor/vite.config';
import { immutableAssets, sendAsset } from '../../server/immutable-assets';
import { ASSET_CACHE, PAGE_CACHE } from '../../server/static-site';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  console.error('Usage: tsx bench/lib/floor-server.ts PORT');
  process.exit(2);
}

const app = Fastify({ logger: false });
await app.register(compress, { global: true, encodings: ['br', 'gzip', 'deflate'] });
await app.register(fastifyStatic, {
  root: FLOOR_DIR,
  cacheControl: false,
  preCompressed: true,
  setHeaders: (reply, file) => {
    reply.header('cache-control', file.includes('/assets/') ? ASSET_CACHE : PAGE_CACHE);
  },
});
// Hashed scripts from memory, as the site's server answers them.
const assets = immutableAssets(FLOOR_DIR);
app.get('/assets/:file', async (request, reply) => {
  const { file } = request.params as { file: string };
  const kept = /^[\w-][\w.-]*$/.test(file) ? await assets.lookup(`assets/${file}`) : undefined;
  if (!kept) return reply.sendFile(`assets/${file}`);
  return sendAsset(request, reply.header('cache-control', ASSET_CACHE), kept);
});
await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
