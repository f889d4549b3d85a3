import { ApiError, ApiResponseError } from './client';

/** A short Korean sentence for an error, for toasts and alerts. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status >= 500) {
      return '서버에 일시적인 문제가 발생했습니다. 잠시 후 다시 시도해 주세요.';
    }
    return error.detail || error.message;
  }
  if (error instanceof ApiResponseError) return '서버 응답을 이해하지 못했습니다. 잠시 후 다시 시도해 주세요.';
  if (error instanceof TypeError) return '서버에 연결할 수 없습니다. 네트워크 상태를 확인해 주세요.';
  if (error instanceof Error && error.message) return error.message;
  return '알 수 없는 오류가 발생했습니다.';
}
