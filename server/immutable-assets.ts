/**
 * The build's hashed scripts and stylesheets (dist/client/assets), answered from memory.
 *
 * A hashed file never changes under its name, so each is read once, with the Brotli and gzip
 * copies the build writes beside it (scripts/precompress.ts), and kept. A page asks for all of
 * its chunks at once right after its first paint (src/boot/boot-script.ts); read from disk, each
 * answer waited on a stat, an open and reads in Node's thread pool while the browser was busy on
 * the same cores, far longer than the page's own answer (docs/performance.md, point 6). Lighthouse
 * adds that wait to the page's own response in its simulation (it takes the median wait of every
 * request to the origin as the server's response time), so it showed in every page's largest
 * paint. From memory the answer needs no I/O.
 *
 * Files of other types, and files over MAX_FILE_BYTES, are left to the caller (sent from disk).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The content types of the files kept in memory (what Vite writes to assets/ for this site). */
const MEMORY_ASSET_TYPES: Readonly<Record<string, string>> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** The largest file kept (uncompressed): well above the site's biggest chunk. */
const MAX_FILE_BYTES = 2 * 1024 * 1024;

/** The encodings the build writes, by preference, and the suffix of each copy. */
const COPIES = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

type Encoding = (typeof COPIES)[number][0];

export interface MemoryAsset {
  type: string;
  identity: Buffer;
  copies: Partial<Record<Encoding, Buffer>>;
}

async function readOptional(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch {
    return undefined;
  }
}

async function load(root: string, relative: string): Promise<MemoryAsset | undefined> {
  const type = MEMORY_ASSET_TYPES[path.extname(relative)];
  if (!type) return undefined;
  const file = path.join(root, relative);
  const identity = await readOptional(file);
  if (!identity || identity.length > MAX_FILE_BYTES) return undefined;
  const copies: MemoryAsset['copies'] = {};
  for (const [encoding, suffix] of COPIES) {
    const copy = await readOptional(file + suffix);
    if (copy) copies[encoding] = copy;
  }
  return { type, identity, copies };
}

/**
 * The assets under root, each read on first use (later requests share the same read). A file
 * that is missing is looked for again next time: a build made after the server started is found.
 */
export function immutableAssets(root: string) {
  const kept = new Map<string, Promise<MemoryAsset | undefined>>();
  return {
    /** The asset at `relative` (a safe path inside root), or undefined when it is not kept. */
    async lookup(relative: string): Promise<MemoryAsset | undefined> {
      let entry = kept.get(relative);
      if (!entry) {
        entry = load(root, relative);
        kept.set(relative, entry);
      }
      const asset = await entry;
      if (!asset) kept.delete(relative);
      return asset;
    },
  };
}

/** Sends a kept asset in the best encoding the request accepts of those the build wrote. */
export function sendAsset(request: FastifyRequest, reply: FastifyReply, asset: MemoryAsset): FastifyReply {
  const available = COPIES.map(([encoding]) => encoding).filter((e) => asset.copies[e]);
  if (available.length > 0) reply.header('vary', 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  // "*" stands for gzip, as @fastify/static and @fastify/compress read it.
  const encoding =
    typeof accepted === 'string' && available.length > 0
      ? (negotiate(accepted.toLowerCase().replace(/\*/g, 'gzip'), available) as Encoding | null)
      : null;
  const copy = encoding ? asset.copies[encoding] : undefined;
  reply.type(asset.type);
  if (encoding && copy) return reply.header('content-encoding', encoding).send(copy);
  return reply.send(asset.identity);
}
