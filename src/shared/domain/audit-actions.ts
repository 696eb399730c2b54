import type { AuditRecord } from '../contracts/compliance.contract.ts'

export type AuditKind = AuditRecord['action']

/** What an action did to which data: the spec's action word, the data, and a sentence. */
export interface ActionMeaning {
  kind: AuditKind
  data: string
  description: string
}

const m = (kind: AuditKind, data: string, description: string): ActionMeaning => ({ kind, data, description })

/**
 * Every action name recordAudit is called with in src/server, mapped once to the spec's audit
 * record (§3). An action not listed falls back to its own name (see describeAuditAction), so a
 * new one shows up readably before it is added here.
 */
export const AUDIT_ACTIONS: Record<string, ActionMeaning> = {
  'client.created': m('created', 'Client record', 'Created a client'),
  'client.updated': m('other', 'Client record', 'Updated a client'),
  'client.deleted': m('other', 'Client record', 'Deleted a client'),
  'client.viewed': m('viewed', 'Client record', 'Viewed a client’s details'),
  'client.sensitive_revealed': m('viewed', 'Client sensitive field', 'Revealed a client’s sensitive field'),
  'client.imported': m('created', 'Client records', 'Imported clients from a file'),
  'application.created': m('created', 'Application', 'Created an application'),
  'application.viewed': m('viewed', 'Application', 'Viewed an application'),
  'application.updated': m('other', 'Application', 'Updated an application'),
  'application.status_changed': m('other', 'Application', 'Changed an application’s status'),
  'application.submitted_to_carriers': m('other', 'Application', 'Submitted an application to carriers'),
  'application.exported': m('downloaded', 'Application list', 'Exported the application list as CSV'),
  'submission.carrier_update': m('other', 'Carrier submission', 'A carrier reported a submission’s status'),
  'submission.status_recorded': m('other', 'Carrier submission', 'Recorded a carrier’s answer'),
  'submission.retried': m('other', 'Carrier submission', 'Retried a carrier submission'),
  'submission.marked_sent': m('other', 'Carrier submission', 'Marked a submission as sent'),
  'appointment.created': m('created', 'Appointment application', 'Submitted an appointment application'),
  'appointment.submitted_to_carriers': m(
    'other',
    'Appointment application',
    'Sent an appointment to carriers',
  ),
  'direct_deposit.saved': m('other', 'Direct deposit details', 'Saved direct deposit details'),
  'direct_deposit.revealed': m('viewed', 'Direct deposit details', 'Revealed bank account numbers'),
  'document.uploaded': m('created', 'Document', 'Uploaded a document'),
  'document.downloaded': m('downloaded', 'Document', 'Downloaded a document'),
  'document.deleted': m('other', 'Document', 'Deleted a document'),
  'carrier.created': m('created', 'Carrier', 'Added a carrier'),
  'policy.created': m('created', 'Policy', 'Entered a policy'),
  'policy.bound': m('created', 'Policy', 'Bound a quote as a policy'),
  'policy.imported': m('created', 'Policy records', 'Imported policies from a file'),
  'policy.endorsed': m('other', 'Policy', 'Endorsed a policy'),
  'policy.cancelled': m('other', 'Policy', 'Cancelled a policy'),
  'policy.reinstated': m('other', 'Policy', 'Reinstated a policy'),
  'policy.status_changed': m('other', 'Policy', 'A policy’s status changed with the calendar'),
  'policy.renewed': m('other', 'Policy', 'Gave a policy its next term'),
  'policy.number_confirmed': m('other', 'Policy', 'The carrier confirmed a policy’s number'),
  'policy.exported': m('downloaded', 'Policy records', 'Exported the policy list'),
  'policy.document_attached': m('created', 'Policy document', 'Added a document to a policy'),
  'policy.document_downloaded': m('downloaded', 'Policy document', 'Downloaded a policy’s document'),
  'renewal.entered': m('created', 'Renewal', 'Policies entered the renewal pipeline'),
  'renewal.changed': m('other', 'Renewal', 'Moved or assigned a renewal'),
  'renewal.offer_recorded': m('other', 'Renewal', 'Recorded a carrier’s renewal offer'),
  'renewal.retention_exported': m(
    'downloaded',
    'Renewal figures',
    'Exported renewal retention figures as CSV',
  ),
  'renewal.remarketed': m('created', 'Renewal', 'Remarketed a renewal as a new application'),
  'renewal.renewed': m('other', 'Renewal', 'Renewed a policy'),
  'renewal.calendar_feed_created': m(
    'created',
    'Calendar feed',
    'Made a new address for the renewals calendar feed',
  ),
  'renewal.calendar_feed_revoked': m('other', 'Calendar feed', 'Revoked the renewals calendar feed'),
  'renewal.exported': m('downloaded', 'Renewal records', 'Exported the renewals list'),
  'commission.rate_set': m('other', 'Commission schedule', 'Set a commission rate from a date'),
  'commission.rate_ended': m('other', 'Commission schedule', 'Ended a commission rate from a date'),
  'commission.override_set': m('other', 'Policy commission', 'Changed a policy’s own commission rate'),
  'commission.split_set': m('other', 'Producer split', 'Changed who shares a policy’s commission'),
  'commission.expected_recorded': m(
    'created',
    'Expected commissions',
    'Recorded what policy transactions should earn',
  ),
  'commission.exception_resolved': m('other', 'Commission exception', 'Resolved a commission exception'),
  'commission.never_paid_recorded': m(
    'created',
    'Commission exceptions',
    'Listed expected commissions no statement has paid',
  ),
  'quote.entered': m('created', 'Quote', 'Entered a carrier’s quote'),
  'quote.received': m('created', 'Quote', 'A carrier sent a quote'),
  'quote.declined': m('created', 'Quote', 'Recorded a carrier’s decline'),
  'quote.bound': m('other', 'Quote', 'Bound a quote'),
  'quote.comparison_downloaded': m(
    'downloaded',
    'Quote comparison',
    'Saved an application’s quote comparison as a PDF for the client',
  ),
  'carrier.activated': m('other', 'Carrier', 'Activated a carrier'),
  'carrier.deactivated': m('other', 'Carrier', 'Deactivated a carrier'),
  'carrier.connection_updated': m('other', 'Carrier connection', 'Changed a carrier’s connection settings'),
  'auth.signup': m('created', 'Account', 'Signed up'),
  'auth.login': m('other', 'Account', 'Signed in'),
  'auth.logout': m('other', 'Account', 'Signed out'),
  'auth.login_failed': m('other', 'Account', 'A sign-in failed'),
  'auth.login_throttled': m('other', 'Account', 'A sign-in was refused after too many failures'),
  'auth.login_locked': m('other', 'Account', 'An account was locked after repeated failures'),
  'auth.password_accepted': m('other', 'Account', 'A password was accepted; the second step is due'),
  'auth.password_changed': m('other', 'Account', 'Changed the password'),
  'auth.password_change_refused': m('other', 'Account', 'A password change was refused'),
  'auth.session_ended': m('other', 'Session', 'Ended a session'),
  'auth.other_sessions_ended': m('other', 'Session', 'Ended the other sessions'),
  'auth.two_factor_enabled': m('other', 'Two-factor sign-in', 'Turned on two-factor sign-in'),
  'auth.two_factor_failed': m('other', 'Two-factor sign-in', 'A two-factor code was wrong'),
  'auth.recovery_code_used': m('other', 'Two-factor sign-in', 'Signed in with a recovery code'),
  'auth.two_factor_disable_refused': m(
    'other',
    'Two-factor sign-in',
    'Turning off two-factor sign-in was refused: wrong password or code',
  ),
  'auth.reauthentication_failed': m(
    'other',
    'Account',
    'A wrong current password was given to change two-factor sign-in or the sign-in email',
  ),
  'auth.sign_in_cancelled': m('other', 'Account', 'A sign-in waiting for its code was cancelled'),
  'agency.two_factor_requirement_changed': m(
    'other',
    'Agency security',
    'Changed the two-factor requirement',
  ),
  'user.disabled': m('other', 'User', 'Disabled a user'),
  'settings.profile_updated': m('other', 'Profile', 'Updated the profile'),
  'settings.notifications_updated': m(
    'other',
    'Notification preferences',
    'Changed notification preferences',
  ),
  'settings.branding_updated': m('other', 'Branding', 'Changed the branding'),
  'settings.logo_uploaded': m('created', 'Branding logo', 'Uploaded a logo'),
  'settings.book_updated': m('other', 'Book settings', 'Changed the agency’s book settings'),
  'settings.data_exported': m('downloaded', 'Account and agency data', 'Exported the account’s data'),
  'authz.denied': m('other', 'Access control', 'An action was refused for lack of permission'),
  'user.role_changed': m('other', 'User', 'Changed a user’s role'),
  'billing.checkout_started': m('other', 'Subscription', 'Started a plan checkout'),
  'billing.checkout_cancelled': m('other', 'Subscription', 'Cancelled a plan checkout'),
  'billing.subscription_activated': m('other', 'Subscription', 'Activated a plan'),
  'billing.subscription_changed': m('other', 'Subscription', 'The plan or its billing changed'),
  'billing.stripe_event_received': m('other', 'Subscription', 'Stripe reported a billing event'),
  'billing.portal_opened': m('viewed', 'Subscription', 'Opened the payment provider’s billing portal'),
  'notification.read': m('viewed', 'Notification', 'Read a notification'),
  'notification.read_all': m('viewed', 'Notifications', 'Marked all notifications read'),
  'audit.chain_verified': m('other', 'Audit log', 'Verified the audit log’s integrity'),
  'audit.checkpoint_exported': m('downloaded', 'Audit log', 'Downloaded a signed audit checkpoint'),
  'audit.checkpoint_verified': m('other', 'Audit log', 'Checked a signed audit checkpoint'),
  'audit.history_viewed': m('viewed', 'Audit history', 'Viewed the audit history'),
  'audit.history_exported': m('downloaded', 'Audit history', 'Exported the audit history as CSV'),
  'audit.trail_viewed': m('viewed', 'Application audit trail', 'Viewed an application’s audit trail'),
  'audit.policy_trail_viewed': m('viewed', 'Policy history', 'Viewed a policy’s history'),
  'audit.retention_applied': m('other', 'Audit log', 'Removed personal data past the retention period'),
  'compliance.report_downloaded': m('downloaded', 'Compliance report', 'Downloaded a compliance report'),
  'compliance.application_data_downloaded': m(
    'downloaded',
    'Application data',
    'Downloaded application data',
  ),
  'compliance.retention_changed': m('other', 'Retention setting', 'Changed the retention period'),
  'esign.document_uploaded': m('created', 'Document for signing', 'Uploaded a document for signing'),
  'esign.document_removed': m('other', 'Document for signing', 'Removed a document nobody had signed'),
  'esign.consent_accepted': m('other', 'E-signing consent', 'Accepted the electronic signature disclosure'),
  'esign.signature_created': m('created', 'Signature', 'Created a signature'),
  'esign.document_signed': m('other', 'Signed document', 'Signed a document'),
  'esign.document_sent': m('other', 'Document for signing', 'Sent a document for signature'),
  'esign.signature_verified': m('viewed', 'Signature', 'Verified a signature'),
  'esign.public_verified': m(
    'viewed',
    'Signature',
    'A signed document was checked on the public verify page',
  ),
  'esign.link_opened': m('viewed', 'Document for signing', 'A signer opened their signing link'),
  'esign.link_document_viewed': m(
    'downloaded',
    'Document for signing',
    'A signer downloaded the document to review',
  ),
  'esign.link_consent_accepted': m(
    'other',
    'E-signing consent',
    'A signer accepted the electronic signature disclosure',
  ),
  'esign.link_signed': m('other', 'Signed document', 'A signer signed through their link'),
  'esign.document_completed': m(
    'other',
    'Signed document',
    'The last signer signed; the document is complete',
  ),
  'esign.provider_event': m('other', 'Document for signing', 'A signing provider reported progress'),
  'marketplace.item_created': m('created', 'Marketplace item', 'Posted to the agent marketplace'),
  'marketplace.item_updated': m('other', 'Marketplace item', 'Edited a marketplace item'),
  'marketplace.item_deleted': m('other', 'Marketplace item', 'Deleted a marketplace item'),
  'marketplace.voted': m('other', 'Marketplace vote', 'Voted on a marketplace item'),
  'marketplace.vote_withdrawn': m('other', 'Marketplace vote', 'Withdrew a marketplace vote'),
  'marketplace.item_reported': m('other', 'Marketplace item', 'Reported a marketplace item'),
  'marketplace.item_restored': m('other', 'Marketplace item', 'Restored a reported marketplace item'),
  'marketplace.item_removed': m('other', 'Marketplace item', 'Removed a marketplace item as moderator'),
  'marketplace.reply_created': m('created', 'Marketplace reply', 'Replied to a community post'),
  'marketplace.reply_deleted': m('other', 'Marketplace reply', 'Deleted a community reply'),
  'owner.dashboard_viewed': m('viewed', 'Platform figures', 'Viewed the owner dashboard'),
  'database.optimized': m('other', 'Database', 'Optimized the database (ANALYZE and missing indexes)'),
  'contact.message_sent': m('created', 'Support message', 'Sent a message to support'),
  'support.message_viewed': m('viewed', 'Support message', 'Read a message in the support inbox'),
  'support.replied': m('other', 'Support message', 'Answered a support message'),
  'support.status_changed': m('other', 'Support message', 'Changed a support message’s status'),
  'assistant.conversation_created': m(
    'created',
    'Assistant conversation',
    'Started an assistant conversation',
  ),
  'assistant.message_sent': m('other', 'Assistant conversation', 'Asked the assistant a question'),
  'assistant.suggestions_generated': m('created', 'Form suggestions', 'The assistant suggested form values'),
  'assistant.suggestion_accepted': m('other', 'Form suggestion', 'Accepted a form suggestion'),
  'assistant.suggestion_withdrawn': m('other', 'Form suggestion', 'Withdrew an accepted form suggestion'),
  'onboarding.agent_added': m('created', 'Onboarding agent', 'Added an agent to onboarding'),
  'onboarding.invitation_sent': m('other', 'Onboarding agent', 'Sent an agent an invitation to join'),
  'onboarding.invitation_accepted': m(
    'other',
    'Onboarding agent',
    'Accepted an invitation and joined the agency',
  ),
  'onboarding.workflow_created': m('created', 'Onboarding workflow', 'Created an onboarding workflow'),
  'onboarding.step_completed': m('other', 'Onboarding agent', 'Completed an onboarding step'),
  'onboarding.license_added': m('created', 'Agent license', 'Added an agent’s license'),
  'onboarding.license_updated': m('other', 'Agent license', 'Updated an agent’s license'),
  'onboarding.training_scheduled': m('created', 'Training session', 'Scheduled a training session'),
  'onboarding.training_updated': m('other', 'Training session', 'Updated a training session'),
  'onboarding.document_added': m('created', 'Onboarding document', 'Added an onboarding document'),
  'onboarding.document_updated': m('other', 'Onboarding document', 'Updated an onboarding document'),
  'onboarding.document_reviewed': m('other', 'Onboarding document', 'Reviewed an onboarding document'),
  'onboarding.document_file_attached': m(
    'other',
    'Onboarding document',
    'Attached a file to an onboarding document',
  ),
  'onboarding.progress_exported': m(
    'downloaded',
    'Onboarding progress',
    'Exported the agents’ onboarding progress as CSV',
  ),
}

/** The meaning of any action name, listed or not ('thing.did_this' reads "Thing: did this"). */
export function describeAuditAction(action: string): ActionMeaning {
  const known = AUDIT_ACTIONS[action]
  if (known) return known
  const [subject = action, verb = ''] = action.split('.')
  const words = (text: string) => text.replaceAll('_', ' ')
  const data = words(subject).replace(/^./, (c) => c.toUpperCase())
  const kind: AuditKind = /created$/.test(verb)
    ? 'created'
    : /viewed$/.test(verb)
      ? 'viewed'
      : /downloaded$/.test(verb)
        ? 'downloaded'
        : 'other'
  return { kind, data, description: verb ? `${data}: ${words(verb)}` : data }
}
