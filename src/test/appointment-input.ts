import type { AppointmentInput } from '#shared/contracts/appointments.contract.ts'

/** A complete universal appointment application as the form sends it. */
export function sampleAppointment(overrides: Partial<AppointmentInput> = {}): AppointmentInput {
  return {
    fullName: 'Riley Producer',
    npn: '12345678',
    email: 'riley@agency-test.example',
    phone: '(512) 555-0142',
    stateLicenses: ['TX', 'CA'],
    linesOfAuthority: ['Life & Health', 'Auto Insurance'],
    eoInsuranceCarrier: 'Lakeside E&O Mutual',
    eoInsuranceAmount: 1000000,
    eoExpirationDate: '2030-06-30',
    felonyConviction: false,
    disciplinaryAction: false,
    backgroundDetails: '',
    w9Signed: true,
    eoDocumentSigned: true,
    voidedCheckSubmitted: true,
    agencyAffiliation: 'Harbor Point',
    agencyCode: 'HP-01',
    eSignature: 'Riley Producer',
    ipAddress: 'unknown',
    userAgent: 'Mozilla/5.0 (test)',
    geoLocation: '30.2672,-97.7431',
    termsAccepted: true,
    termsVersion: '1.0',
    privacyPolicyAccepted: true,
    consentToElectronicSignature: true,
    ...overrides,
  }
}
