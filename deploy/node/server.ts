/**
 * The production entry (`node dist/node/server.js` after `npm run build`; docs/operations.md):
 * never generates or prints an API key.
 */
import { runServer } from './run-server.ts';

await runServer('production');
