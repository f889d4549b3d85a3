import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.API_ORIGIN ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': api,
      '/images': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  build: { outDir: 'dist', sourcemap: false },
});
