/** The pino logger of the donations module. */
export const DONATIONS_LOGGER = Symbol('DONATIONS_LOGGER');
