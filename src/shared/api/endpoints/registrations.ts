import { endpoint } from '../endpoint';
import {
  createRegistrationBody,
  createRegistrationResponse,
  registrationFormResponse,
  subdomainCheckQuery,
  subdomainCheckResponse,
  verifyEmailBody,
  verifyEmailResponse,
} from '../registrations';
import { ROUTES } from '../routes';

/**
 * A company's own sign-up (public): the form, the subdomain check, the request, its e-mail
 * verification. Spread into `API` (./index.ts).
 */
export const REGISTRATION_ENDPOINTS = {
  registrationForm: endpoint({ ...ROUTES.registrationForm, response: registrationFormResponse }),
  registrationSubdomainCheck: endpoint({
    ...ROUTES.registrationSubdomainCheck,
    query: subdomainCheckQuery,
    response: subdomainCheckResponse,
  }),
  registrationCreate: endpoint({
    ...ROUTES.registrationCreate,
    body: createRegistrationBody,
    response: createRegistrationResponse,
    statuses: [200, 201],
    emptyBodyAsObject: true,
  }),
  registrationVerifyEmail: endpoint({
    ...ROUTES.registrationVerifyEmail,
    body: verifyEmailBody,
    response: verifyEmailResponse,
    emptyBodyAsObject: true,
  }),
} as const;
