import { parseArgs, type ParseArgsConfig } from 'node:util';
import { resolveSiteUrl, SiteUrlError } from '../src/service/site-url.ts';

/**
 * parseArgs for the project's commands (npm run audit, npm run dns-records, the build-scale
 * benchmark): a wrong command line (an unknown option, an option without its value) prints what
 * is wrong and the command's usage, and exits 2, instead of Node's error with a stack.
 */
export function parseCommandLine<T extends ParseArgsConfig>(config: T, usage: string) {
  try {
    return parseArgs(config);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'string' || !code.startsWith('ERR_PARSE_ARGS_')) throw error;
    console.error(`${(error as Error).message}\n\n${usage}`);
    process.exit(2);
  }
}

/**
 * The origin a command asks about: the URL given on its command line, else the origin the
 * environment publishes (SITE_URL, or the local server's HOST/PORT). A URL that does not parse,
 * or a SITE_URL, HOST or PORT that is wrong, prints what is wrong and the usage, and exits 2.
 */
export function resolveTargetOrigin(given: string | undefined, usage: string): string {
  let target: string;
  try {
    target = given ?? resolveSiteUrl(process.env);
  } catch (error) {
    if (!(error instanceof SiteUrlError)) throw error;
    console.error(`${error.message}\n\n${usage}`);
    process.exit(2);
  }
  try {
    return new URL(target).origin;
  } catch {
    console.error(`Not a URL: ${target}\n\n${usage}`);
    process.exit(2);
  }
}
