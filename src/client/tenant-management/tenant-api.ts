import { type UseMutationResult, useMutation } from '@tanstack/react-query';
import type { Endpoint, ResponseOf } from '../../shared/api/endpoint';
import { ApiError } from '../api/errors';
import { type ApiMutationInput, apiMutationFn, RequiresServerError } from '../api/query';
import { type MessageKey, t } from '../shared-ui/i18n';
import { useUi } from '../state/ui';

/**
 * What a failed tenant call shows in the red snackbar: the server's own message when it gave one
 * (a refusal, a field it names, DNS not configured), the 'requires the server' text offline, else
 * the screen's fallback for that action ('Tenant oluşturulurken hata oluştu.' …).
 */
export function failureText(error: unknown, fallback: MessageKey): string {
  if (error instanceof ApiError && typeof error.body?.error === 'string' && error.body.error)
    return error.body.error;
  if (error instanceof RequiresServerError) return error.message;
  return t(fallback);
}

/**
 * A write of tenant management (never queued: these screens need the server). Its failure is
 * shown with `failureText`; on success the listed reads are asked again.
 */
export function useTenantMutation<E extends Endpoint>(
  entry: E,
  fallback: MessageKey,
  invalidates: readonly Endpoint[] = [],
): UseMutationResult<ResponseOf<E>, Error, ApiMutationInput<E>> {
  return useMutation<ResponseOf<E>, Error, ApiMutationInput<E>>({
    mutationFn: apiMutationFn(entry),
    onError: (error) => useUi.getState().showError(failureText(error, fallback)),
    onSuccess: async (_data, _input, _result, context) => {
      for (const target of [entry, ...invalidates])
        await context.client.invalidateQueries({ queryKey: ['api', 'GET', target.path] });
    },
  });
}
