import type { Page } from 'playwright-core';
import { api, apiLogin } from './browser';

/**
 * Fills the public sign-up form (/register-company) for a company whose subdomain is `sub`: its
 * name ('E2E Lojistik <sub>'), the invoicing fields (legal name, a valid VKN, tax office), the
 * contact person and the city. The plan is left as the form offers it.
 */
export async function fillSignUpForm(page: Page, sub: string, email: string): Promise<void> {
  await page.getByTestId('reg-company_name').fill(`E2E Lojistik ${sub}`);
  await page.getByTestId('reg-industry').fill('Lojistik');
  await page.getByTestId('reg-legal_name').fill(`E2E Lojistik ${sub} Limited Şirketi`);
  await page.getByTestId('reg-tax_number').fill('987 654 32 17');
  await page.getByTestId('reg-tax_office').fill('Nilüfer');
  await page.getByTestId('reg-contact_person_name').fill('Zeynep Çelik');
  await page.getByTestId('reg-contact_person_email').fill(email);
  await page.getByTestId('reg-contact_person_phone').fill('0532 111 22 33');
  await page.getByTestId('reg-subdomain').fill(sub);
  await page.getByTestId('reg-address_city').fill('Bursa');
}

/** The registration ids of the sign-ups with subdomain `sub`, as the platform admin lists them. */
export async function registrationsOf(baseURL: string, sub: string): Promise<string[]> {
  const { token } = await apiLogin(baseURL, 'default', 'admin');
  const list = await api<{ data: Array<{ id: string; subdomain: string }> }>(
    baseURL,
    'default',
    '/admin/company-registrations',
    { token },
  );
  return list.body.data.filter((r) => r.subdomain === sub).map((r) => r.id);
}

/**
 * Suspends the companies a test signed up (the e2e server is shared by every e2e file: what a test
 * made does not stay open), as the platform admin does; best effort.
 */
export async function suspendRegistrations(baseURL: string, ids: readonly string[]): Promise<void> {
  const { token } = await apiLogin(baseURL, 'default', 'admin');
  for (const id of ids)
    await api(baseURL, 'default', `/admin/company-registrations/${id}/suspend`, {
      method: 'POST',
      token,
      body: { reason: 'e2e temizliği' },
    }).catch(() => {});
}
