import { sql } from 'drizzle-orm'
import { bigint, boolean, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '#server/db/columns.ts'
import { agencyRef } from '../agencies/agencies.table.ts'

/**
 * An insured person (spec part 1 §3). Sensitive numbers are stored encrypted (`*_encrypted`,
 * AES-256-GCM) with their last four characters beside them, so an answer can be masked without
 * decrypting. Email is unique per agency, case-insensitively: import deduplicates on it.
 * The search index (migration 0003) is a trigram GIN over `search_text`.
 */
export const clients = pgTable(
  'clients',
  {
    id: id(),
    agencyId: agencyRef(),
    createdByUserId: uuid('created_by_user_id'),
    // core
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    middleName: text('middle_name'),
    suffix: text('suffix'),
    email: text('email'),
    phone: text('phone'),
    dateOfBirth: date('date_of_birth'),
    ssnEncrypted: text('ssn_encrypted'),
    ssnLast4: text('ssn_last4'),
    gender: text('gender'),
    maritalStatus: text('marital_status'),
    spouseFirstName: text('spouse_first_name'),
    spouseLastName: text('spouse_last_name'),
    spouseDateOfBirth: date('spouse_date_of_birth'),
    spouseSsnEncrypted: text('spouse_ssn_encrypted'),
    spouseSsnLast4: text('spouse_ssn_last4'),
    alternatePhone: text('alternate_phone'),
    workPhone: text('work_phone'),
    alternateEmail: text('alternate_email'),
    preferredContactMethod: text('preferred_contact_method'),
    // address
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    mailingAddress: text('mailing_address'),
    mailingCity: text('mailing_city'),
    mailingState: text('mailing_state'),
    mailingZipCode: text('mailing_zip_code'),
    residenceType: text('residence_type'),
    yearsAtAddress: integer('years_at_address'),
    previousAddress: text('previous_address'),
    // work
    employer: text('employer'),
    occupation: text('occupation'),
    jobTitle: text('job_title'),
    workAddress: text('work_address'),
    annualIncomeCents: bigint('annual_income_cents', { mode: 'number' }),
    employmentStatus: text('employment_status'),
    yearsWithEmployer: integer('years_with_employer'),
    creditScore: integer('credit_score'),
    // banking
    bankName: text('bank_name'),
    accountType: text('account_type'),
    // insurance history
    currentInsuranceCarrier: text('current_insurance_carrier'),
    currentPolicyNumber: text('current_policy_number'),
    currentPolicyExpiration: date('current_policy_expiration'),
    yearsWithCurrentCarrier: integer('years_with_current_carrier'),
    priorCarrier: text('prior_carrier'),
    yearsInsured: text('years_insured'),
    lapsesInCoverage: boolean('lapses_in_coverage'),
    lapsesDetails: text('lapses_details'),
    // driving
    driversLicenseNumberEncrypted: text('drivers_license_number_encrypted'),
    driversLicenseNumberLast4: text('drivers_license_number_last4'),
    driversLicenseState: text('drivers_license_state'),
    driversLicenseExpiration: date('drivers_license_expiration'),
    driversLicenseClass: text('drivers_license_class'),
    accidentsLast5Years: integer('accidents_last_5_years').notNull().default(0),
    violationsLast5Years: integer('violations_last_5_years').notNull().default(0),
    dui: boolean('dui'),
    duiDate: date('dui_date'),
    suspendedLicense: boolean('suspended_license'),
    suspensionDate: date('suspension_date'),
    // health
    height: text('height'),
    weight: text('weight'),
    smoker: boolean('smoker'),
    smokingHistory: text('smoking_history'),
    medications: text('medications'),
    medicalConditions: text('medical_conditions'),
    familyMedicalHistory: text('family_medical_history'),
    // home
    homeOwner: boolean('home_owner'),
    mortgageCompany: text('mortgage_company'),
    mortgageAccountEncrypted: text('mortgage_account_encrypted'),
    mortgageAccountLast4: text('mortgage_account_last4'),
    // preferences
    budgetRange: text('budget_range'),
    preferredCoverage: text('preferred_coverage'),
    specialRequirements: text('special_requirements'),
    insuranceType: text('insurance_type'),
    notes: text('notes'),
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(first_name || ' ' || last_name || ' ' || coalesce(email, ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('clients_agency_created_idx').on(t.agencyId, t.createdAt, t.id),
    // The book import finds an insured without an email by name and ZIP code (migration 0025).
    index('clients_agency_name_zip_idx').on(
      t.agencyId,
      sql`lower(${t.lastName})`,
      sql`lower(${t.firstName})`,
      t.zipCode,
    ),
  ],
)
