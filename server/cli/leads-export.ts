/**
 * Writes every stored lead as CSV for the sales team (format: server/leads-csv.ts):
 *   npm run leads:export -- --salida prospectos.csv
 * Exit codes: 0 done, 1 database or file error, 2 bad arguments (usage printed).
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { EXPORT_USAGE, csvHeader, csvRow, parseExportArgs } from '../leads-csv';
import { runStorageCommand } from './storage-env';

const PAGE_SIZE = 500;

async function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}

process.exitCode = await runStorageCommand({
  parse: parseExportArgs,
  usage: EXPORT_USAGE,
  failure: 'No se pudo exportar',
  run: async (storage, args, where) => {
    let file: WriteStream | undefined;
    try {
      file = args.out === undefined ? undefined : createWriteStream(args.out, { encoding: 'utf8' });
      const out = file ?? process.stdout;
      await write(out, csvHeader(args.delimiter));
      let count = 0;
      for (let after = 0; ;) {
        const page = await storage.listProspects(after, PAGE_SIZE);
        for (const lead of page) await write(out, csvRow(lead, args.delimiter));
        count += page.length;
        const last = page.at(-1);
        if (!last || page.length < PAGE_SIZE) break;
        after = last.seq;
      }
      if (file) {
        file.end();
        await once(file, 'finish');
      }
      console.error(`Exportados ${count} prospectos${args.out ? ` a ${args.out}` : ''}. Base: ${where}`);
    } finally {
      file?.destroy();
    }
  },
});
