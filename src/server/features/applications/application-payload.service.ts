import type { InsuranceType } from '#shared/domain/insurance-types.ts'

/**
 * What a carrier receives for one submission: as the JSON body of an API delivery, and rendered
 * into the application packet (PDF) for email, pdf and manual carriers. Sensitive fields are
 * masked: the SSN travels as its last four digits only (a carrier that needs the full number asks
 * the agent through its own secure channel).
 */
export interface ApplicationPayload {
  submissionId: string
  applicationId: string
  submittedAt: string
  insuranceType: InsuranceType
  carrier: { id: string; code: string; name: string }
  agency: { id: string; name: string }
  agent: { name: string; email: string } | null
  client: {
    firstName: string
    lastName: string
    email: string | null
    phone: string | null
    dateOfBirth: string | null
    address: string | null
    city: string | null
    state: string | null
    zipCode: string | null
    /** '***-**-1234', or null when the agency has no SSN for the client. */
    ssnMasked: string | null
  }
  /** The application's type blocks (autoData, propertyData, lifeData, …) and preferences as entered. */
  applicationData: Record<string, unknown>
  notes: string | null
}

/** The packet adds every carrier the application goes to. */
export interface PacketInput extends ApplicationPayload {
  carriers: { name: string; code: string }[]
}
