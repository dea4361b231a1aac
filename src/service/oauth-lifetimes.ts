/** Access tokens live one hour; clients get a new one with the same grant. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 3600;

/** Authorization codes live one minute and are redeemed once. */
export const AUTHORIZATION_CODE_LIFETIME_SECONDS = 60;

/** A confirmation link on the authorization page works for ten minutes. */
export const AUTHORIZATION_APPROVAL_LIFETIME_SECONDS = 600;
