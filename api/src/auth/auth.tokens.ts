/** The pino logger of the auth module (same level and output as the API's own). */
export const AUTH_LOGGER = Symbol('AUTH_LOGGER');
