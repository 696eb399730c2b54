import { US_STATES } from '../domain/us-states.ts'

/** Texts of spec part 3 §2 (Agency Onboarding), §5 and §8, and our own where the spec shows none. */
export const ONBOARDING_TEXTS = {
  title: 'Agency Onboarding',
  subtitle: 'Bring new agents into your agency: workflows, licenses, training and documents',
  required: 'Please fill in all required fields',
  newAgentRequiredTitle: 'Validation Error',
  newAgentRequired: 'Please fill in all required fields (Agent ID, First Name, Last Name, Email).',
  moreExpiring: '+{n} more licenses expiring soon',
  alertsTitle: 'License Expiration Alerts',
  fetchWorkflows: 'Failed to fetch workflows',
  fetchLicenses: 'Failed to fetch licenses',
  fetchTraining: 'Failed to fetch training schedules',
  fetchDocuments: 'Failed to fetch documents',
  fetchDashboard: 'Failed to fetch dashboard data',
  fetchProgress: 'Failed to fetch progress data',
  fetchAgentProgress: 'Failed to fetch agent progress',
  fetchExpiring: 'Failed to fetch expiring licenses',
  workflowCreateFailed: 'Failed to create workflow',
  licenseAddFailed: 'Failed to add license',
  licenseUpdateFailed: 'Failed to update license',
  trainingScheduleFailed: 'Failed to schedule training',
  trainingUpdateFailed: 'Failed to update training',
  documentAddFailed: 'Failed to add document',
  documentUpdateFailed: 'Failed to update document',
  agentAddFailed: 'Error: Failed to add new agent. Please try again.',
  workflowCreated: 'Workflow created successfully',
  licenseAdded: 'License added successfully',
  licenseUpdated: 'License updated successfully',
  trainingScheduled: 'Training scheduled successfully',
  trainingUpdated: 'Training updated successfully',
  documentAdded: 'Document added successfully',
  documentUpdated: 'Document updated successfully',
  agentAdded: 'Success: New agent added successfully!',
  // Ours.
  email: 'Enter a valid email address',
  date: 'Use a date like 2026-04-23',
  scheduledDate: 'Give the date and time as one ISO 8601 timestamp, like 2026-04-23T15:00:00.000Z',
  state: 'Choose one of the 50 state codes',
  licenseType: 'Choose one of the license types',
  licenseStatus: 'Choose active, expired, suspended or revoked',
  trainingType: 'Choose one of the training types',
  trainingStatus: 'Choose scheduled, in_progress, completed, cancelled or no_show',
  documentType: 'Choose one of the document types',
  documentStatus: 'Choose pending, approved, rejected or needs_revision',
  department: 'Choose one of the departments',
  progressStatus: 'Choose all, completed, in_progress, not_started or blocked',
  sort: 'Choose progress, agent_id, last_activity or completion_date',
  duration: 'Duration is a whole number of minutes from 1 to 1440',
  estimatedDays: 'Estimated days is a whole number from 0 to 365',
  url: 'Enter a web address starting with http:// or https://',
  tooLong: 'Use at most {max} characters',
  unknownAgent: 'No agent of your agency has this agent ID.',
  agentIdTaken: 'An agent with this agent ID is already in your agency.',
  agentEmailTaken: 'This person is already an agent of your agency (agent ID {agentId}).',
  emailOtherAgency:
    'This email already has an account with another agency. An agent belongs to one agency only.',
  agentOnly: 'Agents can add and change only their own records.',
  reviewAdminOnly: 'Only an agency admin can review documents.',
  attendanceMismatch:
    'A session that requires attendance is completed exactly when attendance is confirmed (Present), and a no-show has none.',
  stepDone: 'This step is already done.',
  stepByRecords: 'This step is done by its records ({item}), not by hand.',
  stepWaiting: 'This step cannot be completed before the steps it depends on: {steps}.',
  invitationInvalid: 'This invitation link is not valid. Ask your agency for a new one.',
  invitationUsed: 'This invitation has already been used. Sign in with your email and password.',
  invitationExpired: 'This invitation has expired. Ask your agency for a new one.',
  agentJoined: 'This agent has already joined: there is nothing to invite them to.',
  joined: 'You have joined {agency}. Sign in with your email and new password.',
  passwordsDontMatch: "Passwords don't match",
  noAgents: 'No agents yet. Add your first agent to start their onboarding.',
  noMatchingAgents: 'No agents match these filters.',
  noWorkflows: 'No workflows yet. Create one from the default template.',
  noLicenses: 'No licenses yet.',
  noTraining: 'No training sessions scheduled yet.',
  noDocuments: 'No documents yet.',
  noUpdates: 'No progress updates yet.',
} as const

/** The 50 states (the spec's list has no DC). */
export const LICENSE_STATES = US_STATES.map(([code]) => code).filter((code) => code !== 'DC')

export const LICENSE_TYPES = [
  'Life & Health',
  'Property & Casualty',
  'Life Only',
  'Health Only',
  'Property Only',
  'Casualty Only',
  'Variable Life',
  'Variable Annuity',
  'Long-term Care',
  'Medicare Supplement',
  'Surplus Lines',
  'Adjuster',
  'Public Adjuster',
  'Managing General Agent',
  'Broker',
] as const

export const TRAINING_TYPES = [
  'onboarding',
  'continuing_education',
  'product_training',
  'compliance',
  'sales_training',
  'technology_training',
  'customer_service',
  'leadership_development',
] as const

export const ONBOARDING_DOCUMENT_TYPES = [
  'license',
  'w9',
  'eo_insurance',
  'background_check',
  'voided_check',
  'resume',
  'references',
  'contract',
  'compliance_training',
  'product_training',
  'photo_id',
  'social_security',
  'other',
] as const
export type OnboardingDocumentType = (typeof ONBOARDING_DOCUMENT_TYPES)[number]

export const DEPARTMENTS = [
  'sales',
  'personal-lines',
  'commercial-lines',
  'life-health',
  'customer-service',
  'claims',
] as const

/** 'continuing_education' → 'Continuing Education'; 'life-health' → 'Life Health'. */
export function humanize(value: string): string {
  return value
    .split(/[_-]/)
    .map((word) =>
      word === 'eo' ? 'E&O' : word === 'w9' ? 'W-9' : `${word[0]?.toUpperCase()}${word.slice(1)}`,
    )
    .join(' ')
}

/** The spec's '+N more licenses expiring soon'. */
export function moreExpiringText(n: number): string {
  return ONBOARDING_TEXTS.moreExpiring.replace('{n}', String(n))
}
