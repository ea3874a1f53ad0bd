/**
 * AppError and its subclasses: a stable `code` (its message is `errors.<code>` in locales),
 * an HTTP status, and optional details. Services throw these; only the error handler turns
 * them into responses (design: The API contract).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly details?: unknown[],
    readonly params?: Record<string, string | number>,
  ) {
    super(code);
    this.name = new.target.name;
  }
}

/** 400: a request that fails its schema; details are "field: reason" strings. */
export class ValidationError extends AppError {
  constructor(details: string[]) {
    super(400, 'VALIDATION_FAILED', details);
  }
}

/** 401: no token, or a token that is not valid (any reason). */
export class UnauthorizedError extends AppError {
  constructor(code = 'UNAUTHORIZED') {
    super(401, code);
  }
}

/** 403: a role that may not do this. */
export class ForbiddenError extends AppError {
  constructor(code = 'FORBIDDEN') {
    super(403, code);
  }
}

/** 404: no such record (or not visible to the caller). */
export class NotFoundError extends AppError {
  constructor(code = 'NOT_FOUND') {
    super(404, code);
  }
}

/** 409: the change conflicts with what is already stored (used today, duplicate). */
export class ConflictError extends AppError {
  constructor(code: string) {
    super(409, code);
  }
}

/** 422: a business rule refuses the request (not nearby, campaign over, key reused). */
export class BusinessRuleError extends AppError {
  constructor(code: string, params?: Record<string, string | number>) {
    super(422, code, undefined, params);
  }
}
