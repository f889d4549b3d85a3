/**
 * React Router's library, for a stage of the browser's entry (app/main.tsx) that evaluates its
 * chunk (vite.config.ts puts react-router in one) before the app's code: less in the app's own
 * evaluation task. One name is enough to load the chunk, and naming one keeps the library's
 * tree-shaking (importing its whole namespace would not).
 */
export { BrowserRouter } from 'react-router-dom';
