import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, timestamptz, updatedAt } from '#server/db/columns.ts'
import type { DirectDeposit } from '#shared/contracts/appointments-direct-deposit.contract.ts'
import { agencyRef } from '../agencies/agencies.table.ts'
import { users } from '../auth/auth.table.ts'

/**
 * An agent's universal appointment application (spec part 2 §3), as signed: it is the record of
 * what the agent attested, so it is never edited; a new one is sent instead, and the newest is
 * the agent's producer profile.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: id(),
    agencyId: agencyRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    fullName: text('full_name').notNull(),
    npn: text('npn').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    stateLicenses: text('state_licenses').array().notNull(),
    linesOfAuthority: text('lines_of_authority').array().notNull(),
    eoInsuranceCarrier: text('eo_insurance_carrier').notNull(),
    /** Whole dollars: one of the spec's five amounts. */
    eoInsuranceAmount: integer('eo_insurance_amount').notNull(),
    eoExpirationDate: date('eo_expiration_date').notNull(),
    felonyConviction: boolean('felony_conviction').notNull(),
    disciplinaryAction: boolean('disciplinary_action').notNull(),
    backgroundDetails: text('background_details').notNull().default(''),
    w9Signed: boolean('w9_signed').notNull(),
    eoDocumentSigned: boolean('eo_document_signed').notNull(),
    voidedCheckSubmitted: boolean('voided_check_submitted').notNull(),
    agencyAffiliation: text('agency_affiliation').notNull().default(''),
    agencyCode: text('agency_code').notNull().default(''),
    eSignature: text('e_signature').notNull(),
    /** What the form reported ('unknown' when it had none) … */
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    /** … and what the server saw: the evidence of the signature does not rest on the browser's word. */
    requestIpAddress: text('request_ip_address'),
    requestUserAgent: text('request_user_agent'),
    geoLocation: text('geo_location').notNull().default(''),
    termsAccepted: boolean('terms_accepted').notNull(),
    termsVersion: text('terms_version').notNull(),
    privacyPolicyAccepted: boolean('privacy_policy_accepted').notNull(),
    consentToElectronicSignature: boolean('consent_to_electronic_signature').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('appointments_agency_user_idx').on(t.agencyId, t.userId, t.createdAt)],
)

/**
 * The account an agent's commissions are paid into: one per agent, replaced when saved again.
 * Both numbers are encrypted (platform/crypto) and kept with their last four for the masked view.
 */
export const directDeposits = pgTable(
  'direct_deposits',
  {
    agencyId: agencyRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    bankName: text('bank_name').notNull(),
    accountType: text('account_type').$type<DirectDeposit['accountType']>().notNull(),
    routingNumberEncrypted: text('routing_number_encrypted').notNull(),
    routingNumberLast4: text('routing_number_last4').notNull(),
    accountNumberEncrypted: text('account_number_encrypted').notNull(),
    accountNumberLast4: text('account_number_last4').notNull(),
    accountHolderName: text('account_holder_name').notNull(),
    /** When the agent last agreed to the direct deposit terms (each save agrees again). */
    agreedAt: timestamptz('agreed_at').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.userId] }),
    check('direct_deposits_account_type_check', sql`${t.accountType} in ('checking', 'savings')`),
  ],
)
