import { readFileSync, existsSync } from 'node:fs';
import { bootModules } from '../src/boot/boot-script';
const route = process.argv[2] ?? 'registro/index.html';
const html = readFileSync('dist/client/' + route, 'utf8');
const urls = new Set<string>(bootModules(html));
for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) if (m[1]) urls.add(m[1]);
let t = 0;
for (const u of urls) { const f = 'dist/client' + u; const s = existsSync(f + '.gz') ? readFileSync(f + '.gz').length : readFileSync(f).length; t += s; console.log((s/1024).toFixed(1).padStart(6), (readFileSync(f).length/1024).toFixed(1).padStart(7), u); }
console.log('total', (t/1024).toFixed(1));
