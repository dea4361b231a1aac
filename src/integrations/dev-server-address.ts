import type { AstroIntegration } from 'astro';
import {
  checkDevServerAddress,
  DevServerAddressError,
  findDevPortMismatch,
} from '../server/dev-server-address.ts';
import { withoutStackForOwner } from '../server/owner-errors.ts';

/**
 * `npm run dev` listens where the site publishes: astro.config.mjs gives Astro HOST and PORT as
 * its `server` (and Vite `strictPort`); this stops the dev server, in one line and before the
 * content is read, when a `--port` flag would make it listen elsewhere than the origin it
 * publishes or when the port is taken (src/server/dev-server-address.ts). A restart (a changed
 * config) keeps the listening server, so it is not checked again.
 */
export function devServerAddressIntegration(
  env: NodeJS.ProcessEnv = process.env,
): AstroIntegration {
  return {
    name: 'dev-server-address',
    hooks: {
      'astro:config:setup': async ({ command, config, isRestart }) => {
        if (command !== 'dev' || isRestart) return;
        try {
          const mismatch = findDevPortMismatch(env, config.server.port);
          if (mismatch) throw new DevServerAddressError(mismatch);
          await checkDevServerAddress(config.server.host, config.server.port);
        } catch (error) {
          throw withoutStackForOwner(error);
        }
      },
    },
  };
}
