import { randomBytes } from 'node:crypto'

/**
 * The new client an application carries (`clientData`), valid, with a unique email. Free of test
 * runner imports, so the benches use it too.
 */
export function sampleClientData(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Nia',
    lastName: 'Okoye',
    email: `nia-${randomBytes(5).toString('hex')}@agency-test.example`,
    phone: '555-201-7788',
    dateOfBirth: '1988-02-10',
    ssn: '123-45-6789',
    address: '9 Elm Street',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    ...overrides,
  }
}
