/**
 * Company registrations: a company signs up on the public page, a platform admin reviews it
 * (platform admins and subdomain rules: ./platform.ts). Registrations are stored under the
 * platform tenant.
 */

export const REGISTRATION_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const REGISTRATION_ACTIONS = ['approve', 'reject', 'suspend'] as const;
export type RegistrationAction = (typeof REGISTRATION_ACTIONS)[number];

/**
 * The state machine, as data: each action, the status it leads to and the statuses it may start
 * from. pending → approved | rejected; approved → suspended. Nothing else moves: a rejected or
 * suspended registration is final (a company signs up again for a new review).
 */
export const REGISTRATION_TRANSITIONS: Record<
  RegistrationAction,
  { to: RegistrationStatus; from: readonly RegistrationStatus[] }
> = {
  approve: { to: 'approved', from: ['pending'] },
  reject: { to: 'rejected', from: ['pending'] },
  suspend: { to: 'suspended', from: ['approved'] },
};

/**
 * Whether an action needs a written reason. Rejecting and suspending are final (nothing moves out
 * of rejected or suspended), so the company and the platform's record are owed the why; an
 * approval's reason is optional.
 */
export const REGISTRATION_REASON_REQUIRED: Record<RegistrationAction, boolean> = {
  approve: false,
  reject: true,
  suspend: true,
};

/** Whether `reason` (as typed) is missing where `action` needs one. */
export function registrationReasonMissing(
  action: RegistrationAction,
  reason: string | null | undefined,
): boolean {
  return REGISTRATION_REASON_REQUIRED[action] && (reason ?? '').trim() === '';
}

/**
 * What an action does from a status: 'apply' (a legal move), 'already' (the registration is
 * already where the action leads: repeating it changes nothing), or 'refuse' (an illegal move).
 */
export function registrationMove(
  from: RegistrationStatus,
  action: RegistrationAction,
): 'apply' | 'already' | 'refuse' {
  const rule = REGISTRATION_TRANSITIONS[action];
  if (from === rule.to) return 'already';
  return rule.from.includes(from) ? 'apply' : 'refuse';
}
