/**
 * Prints a signing key set for OAUTH_SIGNING_KEYS: a JSON array of private EC P-256 JWKs, newest
 * first. With --rotate, reads the current set from OAUTH_SIGNING_KEYS and puts a new key in
 * front of it, keeping the previous key so tokens and client ids it signed stay valid.
 *   npm run oauth:keys
 *   OAUTH_SIGNING_KEYS="$(cat current.json)" npm run oauth:keys -- --rotate
 */
import {
  generateSigningKey,
  newKeyId,
  OAuthKeyError,
  parseSigningKeys,
  SIGNING_KEYS_VARIABLE,
} from '../src/oauth/keys.ts';

const rotate = process.argv.includes('--rotate');
const unknown = process.argv.slice(2).filter((argument) => argument !== '--rotate');
if (unknown.length > 0) {
  console.error(`Unknown argument ${unknown.join(' ')}. Usage: npm run oauth:keys [-- --rotate]`);
  process.exit(2);
}
try {
  let previous: object[] = [];
  if (rotate) {
    const current = process.env[SIGNING_KEYS_VARIABLE];
    if (!current) {
      throw new OAuthKeyError(`--rotate needs the current key set in ${SIGNING_KEYS_VARIABLE}.`);
    }
    // Keep the key in use as the previous one; older keys retire.
    previous = parseSigningKeys(current, SIGNING_KEYS_VARIABLE).slice(0, 1);
  }
  const keys = [await generateSigningKey(newKeyId()), ...previous];
  process.stdout.write(`${JSON.stringify(keys)}\n`);
} catch (error) {
  console.error(error instanceof OAuthKeyError ? error.message : error);
  process.exit(1);
}
