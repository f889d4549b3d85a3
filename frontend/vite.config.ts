import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { laterRecipeModules, laterRecipesOnDemand, LATER_RECIPES_GROUP } from './build/laterRecipes.ts';
import { lazyChakraGlobal } from './build/lazyChakraGlobal.ts';
import { lowPriorityScripts } from './build/lowPriorityScripts.ts';
import { precompress } from './build/precompress.ts';
import { routePreloads, withoutStartupPreloads } from './build/routePreloads.ts';
import { steppedChakraSystem } from './build/steppedChakraSystem.ts';

const api = process.env.API_ORIGIN ?? 'http://localhost:3000';
const LATER_RECIPES = fileURLToPath(new URL('./src/shared/theme/laterRecipes.ts', import.meta.url));

const startupPreloads = withoutStartupPreloads();

export default defineConfig({
  plugins: [
    react(),
    lazyChakraGlobal(),
    steppedChakraSystem(),
    lowPriorityScripts(),
    routePreloads(
      fileURLToPath(new URL('./src/app/routes.tsx', import.meta.url)),
      // lazy parts of a page that the server renders: preloaded with the page (ADR 009)
      [fileURLToPath(new URL('./src/features/home/HomeBelowFold.tsx', import.meta.url))],
      // what every page but the home page waits for beside its chunk (shared/theme/system.ts `withLaterRecipes`)
      [LATER_RECIPES],
    ),
    laterRecipesOnDemand(LATER_RECIPES),
    startupPreloads.plugin,
    precompress(),
  ],
  // The server render (app/entry-server.tsx → dist/.ssr) carries its dependencies, so the built
  // dist folder runs wherever it is copied.
  ssr: { noExternal: true, target: 'node' },
  server: {
    proxy: {
      '/api': api,
      '/images': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  // modulepreload is native in every browser the app supports: no polyfill in the entry (ADR 009).
  build: {
    outDir: 'dist',
    sourcemap: false,
    modulePreload: { polyfill: false, resolveDependencies: startupPreloads.resolveDependencies },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The Socket.IO client, loaded on first use (shared/socket.ts), under a name that says so.
          groups: [
            { name: 'socket-client', test: /node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io)[\\/]/ },
            // React and React DOM: the entry's first stage (app/main.tsx). Named here so that the
            // router's group below does not take React along as one of its dependencies.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // React Router (~90 KB) in a chunk of its own, evaluated in a stage of its own (app/main.tsx, ADR 009).
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/ },
            // The recipes no first screen renders (shared/theme/laterRecipes.ts), loaded with the first page that may.
            // Without their dependencies (Chakra's anatomy, its recipe helpers): those stay with the system.
            { name: LATER_RECIPES_GROUP, test: laterRecipeModules(LATER_RECIPES), includeDependenciesRecursively: false },
            // The small contracts every page's shell uses (payment, pictures, the text rules, socket event names,
            // the plain constants with the roles): one request instead of five ~500-byte ones, each with its own
            // headers. No zod: answer schemas load with their first request (shared/api/client.ts `LazySchema`).
            { name: 'contracts-core', test: /contracts[\\/]src[\\/](payment|images|textRules|realtime|constants)\.ts$/ },
          ],
        },
      },
    },
  },
});
