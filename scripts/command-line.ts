import { parseArgs, type ParseArgsConfig } from 'node:util';

/**
 * parseArgs for the project's commands (npm run audit, npm run dns-records): a wrong command line
 * (an unknown option, an option without its value) prints what is wrong and the command's usage,
 * and exits 2, instead of Node's error with a stack.
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
