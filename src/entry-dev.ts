/**
 * The client entry of the development server (scripts/dev-pages.ts). Its pages start their code
 * as built pages do, from the boot script after the first paint, so React's refresh runtime is
 * installed here, before any component module runs, rather than by an inline script that could
 * run after them.
 */
import '@vitejs/plugin-react/preamble';
import './entry-client';

// The server's stylesheet links let the page paint styled; once Vite updates a stylesheet in place,
// the link's old rules would outlive the edit.
import.meta.hot?.on('vite:beforeUpdate', ({ updates }) => {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-dev-css]')) {
    const file = new URL(link.href).pathname;
    if (updates.some((update) => update.path.split('?')[0] === file)) link.remove();
  }
});
