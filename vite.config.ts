import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { flowVersions } from '@tienda/flow-workbench/behaviour';
import { blogContentPlugin } from './scripts/blog-content';
import { customMediaPlugin } from './scripts/custom-media';
import { devApi } from './scripts/dev-api';
import { devPages } from './scripts/dev-pages';
import { stripDescriptionsPlugin } from './scripts/strip-descriptions';
import { chatNumberText } from './src/config/chat-number-text';
import { loadConfig, type SiteConfig } from './src/config/load';

function defines(config: SiteConfig): Record<string, string> {
  return {
    __SITE_CONFIG__: JSON.stringify(config),
    __CHAT_NUMBER_TEXT__: JSON.stringify(chatNumberText(config.chatNumber)),
    // Each flow's version, its behaviour's fingerprint (src/config/flow-versions.ts).
    __FLOW_VERSIONS__: JSON.stringify(flowVersions(process.cwd())),
  };
}

export default defineConfig(({ command, isSsrBuild, mode }) => ({
  plugins: [
    react(),
    customMediaPlugin(),
    blogContentPlugin(),
    stripDescriptionsPlugin(),
    // The development server only: pages rendered as the build renders them, and the local API.
    devPages(),
    devApi(),
  ],
  // The site's configuration, validated here once (an invalid VITE_* value fails the build), and the
  // chat number as it is written for reading.
  define: defines(loadConfig(loadEnv(mode, process.cwd(), 'VITE_'))),
  resolve: {
    // React 19 has useSyncExternalStore: wouter and @xstate/react ask for the pre-18 fallbacks,
    // which would otherwise ship in the entry and again beside XState. Builds only: the package's
    // development entry logs an error in the console on every page, and the shim costs nothing there.
    alias:
      command === 'build'
        ? [
            {
              find: /^use-sync-external-store\/shim(\/index\.js)?$/,
              replacement: 'use-sync-external-store',
            },
            {
              find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
              replacement: 'use-sync-external-store/with-selector',
            },
          ]
        : [],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    // One JSON manifest lets the prerender step link each page's own chunk.
    manifest: true,
    // The boot script preloads a page's chunks itself; a browser without modulepreload (none we
    // support) would still load them through the imports. The polyfill would be bytes on every page
    // for nothing (docs/performance.md, "Measurements behind the code").
    modulePreload: {
      polyfill: false,
      // The entry's dynamic imports are the pages: the boot script already preloads the current
      // page's chunks from its HTML, so the entry need not carry every page's list of files (bytes
      // on every page: docs/performance.md, "Measurements behind the code"). Other chunks' lazy
      // imports keep their lists. The import still goes through Vite's helper, so a file gone after
      // a deploy still fires vite:preloadError.
      resolveDependencies: (_file, deps, { hostType, hostId }) =>
        hostType === 'js' && /(^|\/)index-[^/]*\.js$/.test(hostId) ? [] : deps,
    },
    // Chunk groups shape what the browser downloads; the server render keeps the default split.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                // React, React DOM and the scheduler in one file, which every page loads. Left to itself,
                // Rolldown put React alone in a small chunk of its own once some lazy chunk imported it,
                // and every page paid for the split.
                {
                  name: 'react',
                  test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                },
                // XState's entry points in one file: a page with a machine loads one request, not three.
                // Its dependencies (React) stay where they are, or every page would load XState.
                {
                  name: 'xstate',
                  // The flows' one hook to start a machine goes with it (a file of its own cost a request).
                  test: /node_modules[\\/](xstate[\\/]|@xstate[\\/]react[\\/]|use-sync-external-store[\\/].*with-selector|use-isomorphic-layout-effect[\\/])|src[\\/]ui[\\/]hooks[\\/]use-flow-actor/,
                  includeDependenciesRecursively: false,
                },
                // The words and numbers every flow shares (each a few hundred bytes), with the names the
                // boot script and the code agree on, in one file: a file costs a request and its
                // headers, more than the bytes a page loads without using them.
                {
                  name: 'shared',
                  test: /src[\\/](content[\\/]common|domain[\\/]constants|boot[\\/]boot-script)\.ts$/,
                  includeDependenciesRecursively: false,
                },
                // The wizard's rules (its options and the lead's body), shared by its first and later steps.
                {
                  name: 'wizard-rules',
                  test: /src[\\/]domain[\\/](wizard-options|lead-payload)\.ts$/,
                  includeDependenciesRecursively: false,
                },
                // The messages and save failures step 1 shows, which the wizard's machine and the lead
                // API share (all three loaded after hydration): one file, not three.
                {
                  name: 'lead-wizard',
                  test: /src[\\/]domain[\\/](messages|save-failure|lead-key|lead-wizard-rules)\.ts$/,
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
  },
  optimizeDeps: {
    // The site's one page template; without it the scan also reads the flow explorer's, whose
    // virtual modules exist only in its own build (workbench/vite.config.ts), and gives up.
    entries: ['index.html'],
  },
}));
