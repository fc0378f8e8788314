/** Every error code the service answers with, and its HTTP status. */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  INVALID_INPUT: 400,
  INVALID_DATES: 400,
  INVALID_FTE: 400,
  EXACTLY_ONE_RESOURCE: 400,
  NO_LINKED_USER: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  PLAN_NOT_EDITABLE: 403,
  FEATURE_DISABLED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  OVER_ALLOCATED: 409,
  OUTSIDE_ACTIVE_DATES: 409,
  HIERARCHY_CYCLE: 409,
  OVERLAPPING_PARENTS: 409,
  DUPLICATE_EXTERNAL_ID: 409,
  FUTURE_CHANGES_EXIST: 409,
  POSITION_AREA_IMMUTABLE: 409,
  ASSIGNMENT_IDENTITY_IMMUTABLE: 409,
  GONE: 410,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INTERNAL_ERROR: 500,
  NOT_IMPLEMENTED: 501,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface FieldError {
  field: string;
  message: string;
  /** The value to send in the field instead, where the error names one (410 GONE: the oldest retained cursor). */
  value?: string;
}
