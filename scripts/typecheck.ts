import { runSideBySide, TYPECHECKS } from './sideBySide.ts';

/** `npm run typecheck`: every tsc configuration, side by side. */
process.exit((await runSideBySide(TYPECHECKS)) ? 0 : 1);
