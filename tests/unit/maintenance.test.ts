import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/client/api/errors';
import { observeMaintenance, useMaintenance } from '../../src/client/api/maintenance';
import { isTransient } from '../../src/client/local/sync/backoff';
import { SETTINGS_MESSAGES } from '../../src/shared/api/admin-settings';

/**
 * Maintenance mode on the device: a 503 MAINTENANCE is "try again later" for the outbox (postponed
 * with backoff, never refused, so nothing is discarded), and the notice follows the server's mark.
 */
describe('maintenance on the device', () => {
  it('a 503 MAINTENANCE is transient for the outbox, not a refusal', () => {
    const error = new ApiError(SETTINGS_MESSAGES.maintenance, 503, 'MAINTENANCE', {
      success: false,
      error: SETTINGS_MESSAGES.maintenance,
      code: 'MAINTENANCE',
    });
    expect(isTransient(error)).toBe(true);
  });

  it('the notice turns on with the mark or the code, and off with an answer without them', () => {
    useMaintenance.setState({ on: false });
    observeMaintenance(new Headers({ 'X-Maintenance': '1' }));
    expect(useMaintenance.getState().on).toBe(true);
    observeMaintenance(new Headers());
    expect(useMaintenance.getState().on).toBe(false);
    observeMaintenance(undefined, 'MAINTENANCE');
    expect(useMaintenance.getState().on).toBe(true);
    observeMaintenance(new Headers(), 'CONFLICT');
    expect(useMaintenance.getState().on).toBe(false);
  });
});
