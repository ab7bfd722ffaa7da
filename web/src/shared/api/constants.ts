/** Spec §9: request timeout and how long an error message stays (shared without loading the request layer). */
export const REQUEST_TIMEOUT_MS = 20_000;
export const ERROR_MESSAGE_SECONDS = 2;
