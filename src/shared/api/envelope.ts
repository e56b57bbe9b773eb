/** Every answer of the contract (SPEC.md section 7): code 1 is success, otherwise `info` says why. */
export const SUCCESS = 1;

/** Session codes: any answer with one of these clears the member's session on the client. */
export const SESSION_INVALID = 409;
export const SESSION_FORBIDDEN = 403;

export interface ApiResponse<T> {
  code: number;
  data: T;
  info: string;
}

export function isSessionEnd(code: number): boolean {
  return code === SESSION_INVALID || code === SESSION_FORBIDDEN;
}
