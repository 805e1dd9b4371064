/** Error codes shared by services, the gateway and the web client. */
export const ERROR_CODES = {
  VALIDATION_FAILED: 400,
  INVALID_EMAIL: 400,
  INVALID_FORM: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  INVALID_CREDENTIALS: 403,
  EMAIL_EXISTS: 403,
  ACCOUNT_BLOCKED: 403,
  NOT_FOUND: 404,
  EMAIL_NOT_FOUND: 404,
  INVALID_REQUEST: 404,
  WATCHDOG_DUPLICATE: 409,
  WATCHDOG_COVERED: 409,
  WATCHDOG_LIMIT: 409,
  PHONE_EXISTS: 409,
  SUBSCRIPTION_CONFLICT: 409,
  /** A feature the person's tier does not include (digests, sharing): the message names the tier that does. */
  FEATURE_NOT_IN_PLAN: 403,
  /** Mail to this address bounced: no invitation is sent to it. */
  EMAIL_BOUNCED: 409,
  /** A watchdog shared with as many people as the tier allows, or the address invited already. */
  MEMBER_CONFLICT: 409,
  PAYMENT_MISMATCH: 409,
  OFFER_INACTIVE: 410,
  /** A campaign cannot take this step in its state (submit without banners, edit once approved). */
  CAMPAIGN_CONFLICT: 409,
  /** A dead letter that cannot be replayed or discarded: already done, or replayed too often (the loop guard). */
  DEAD_LETTER_CONFLICT: 409,
  /** A team seat that cannot be taken: the plan is full, the person has a plan or a seat already. */
  TEAM_CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  PAYMENT_PROVIDER_FAILED: 502,
  UNAVAILABLE: 503,
  /** Not HTTP: an event that fails its schema, on publish or on consume. */
  EVENT_SCHEMA_INVALID: 422,
  EVENT_HANDLER_FAILED: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

export const httpStatusOf = (code: ErrorCode): number => ERROR_CODES[code];

/** Body of every failed API call. `fields` maps a form field to its first message. */
export type ApiErrorBody = {
  /** `fields`: the first message per form field; `details`: related records (e.g. the watchdog that already covers a selection). */
  error: { code: ErrorCode; message: string; fields?: Record<string, string>; details?: Record<string, unknown> };
};
