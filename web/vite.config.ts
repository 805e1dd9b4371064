import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Dev server proxies the API to the gateway; the production build goes to dist/, which the gateway serves. */
export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
  preview: { port: 4173, proxy: { '/api': 'http://localhost:8080' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
  },
});
