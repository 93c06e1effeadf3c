/**
 * `npm start`: the server from source for development. With the embedded store and no
 * DEV_API_KEY, a key with every scope is generated and printed once.
 */
import { runServer } from './run-server.ts';

await runServer('development');
