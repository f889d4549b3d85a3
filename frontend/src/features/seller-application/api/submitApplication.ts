import { useMutation } from '@tanstack/react-query';
import { SELLER_APPLICATIONS_PATH, commandAnswerSchema, type CommandAnswer, type SellerApplicationRequest } from '@phonemarket/contracts';
import { apiFetch } from '../../../shared/api/client';

/** `POST /api/seller-applications`: the form's values without `confirmEmail`. */
export function submitApplication(application: SellerApplicationRequest): Promise<CommandAnswer> {
  return apiFetch(SELLER_APPLICATIONS_PATH, { method: 'POST', body: application, schema: commandAnswerSchema });
}

export function useSubmitApplication() {
  return useMutation({ mutationFn: submitApplication });
}
