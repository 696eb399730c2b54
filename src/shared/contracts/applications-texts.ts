/** Texts of spec part 1 §2 (Applications, wizard), §5 (wizard validation) and §8. */
export const APPLICATION_TEXTS = {
  title: 'Applications',
  filterDateInvalid: 'Use a date like 2026-01-31',
  dialogTitle: 'Create New Application - Enhanced Form',
  steps: ['Insurance Type', 'Client Info', 'Coverage Details', 'Carrier Selection'],
  submitAll: 'Submit to All Carriers',
  submitFiltered: 'Submit to {n} Carriers',
  submitSpecific: 'Create Application',
  emptyList: 'No applications found. Submit your first application to get started.',
  emptyDashboard: 'No applications found. Create your first application to get started.',
  promo: 'AI-powered carrier matching across 93+ carriers',
  created: 'Application created successfully',
  createdTitle: 'Application Created',
  createFailed: 'Failed to create application',
  updateFailed: 'Failed to update application',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailInvalid: 'Valid email is required',
  phoneRequired: 'Phone number is required',
  dateOfBirthRequired: 'Date of birth is required',
  ssnRequired: 'SSN is required',
  addressRequired: 'Address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  zipRequired: 'ZIP code is required',
  primaryCarrierRequired: 'Choose a primary carrier',
  clientRequired: 'Choose a client or enter the client information',
  noMatchingCarriers: 'No active carrier matches this application. Widen the filters or choose carriers.',
  carrierUnavailable: 'That carrier is not available to your agency.',
  planLimit:
    'Your {plan} plan includes {limit} applications a month and this month has used them all. Upgrade your plan on the Subscription page to send more.',
} as const

/** A CSV download of the filtered list (same query as the list, without paging). */
export const APPLICATIONS_EXPORT_PATH = '/api/applications/export'
