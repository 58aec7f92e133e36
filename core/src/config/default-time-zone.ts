/** The school's time zone when TIME_ZONE is not set (env.dto.ts), and the web app's when no page tells it. */
export const DEFAULT_TIME_ZONE = 'America/Chicago';
