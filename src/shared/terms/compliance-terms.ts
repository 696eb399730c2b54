import type { Terms } from '../contracts/compliance.contract.ts'

/**
 * The terms of use the Terms & Compliance tab shows, version 1.0 (spec §9). Kept here rather than
 * in the contract, which stays small; the browser reads them from GET /api/compliance/terms. A new
 * version is a new constant and a new effective date: appointments record the version accepted.
 */
export const COMPLIANCE_TERMS: Terms = {
  version: '1.0',
  effectiveDate: '2026-01-01',
  purpose:
    'This back office lets licensed insurance agents and their agencies keep client records, prepare insurance applications, send them to carriers, apply for carrier appointments and keep the compliance records those activities require. These terms set out what you, as an agent using it, represent to the agency and to the carriers, what data the product collects and why, and how it is protected.',
  agentRepresentation:
    'By using the product you represent that you hold a current resident or non-resident producer licence in every state in which you solicit, negotiate or sell insurance through it, with the lines of authority the business needs; that you act with the consent of each client whose information you enter, for the purpose of obtaining or servicing insurance; that the information you submit to a carrier is true and complete to the best of your knowledge; that you keep your errors and omissions coverage in force and tell your agency of any felony conviction, disciplinary action or lapse of licence; and that you use only your own account and keep your password and two-factor device to yourself.',
  dataCollection: [
    'Client identity and contact details (name, date of birth, address, phone, email) to prepare applications and reach the client.',
    'Social Security numbers, spouse Social Security numbers and driver\u2019s licence numbers, which carriers require for underwriting; they are encrypted at rest (AES-256-GCM) and shown masked unless a user reveals one, which is audited.',
    'Risk information for the lines applied for (vehicles, property, health, business details) to obtain quotes and bind coverage.',
    'Agent licensing, NPN, E&O coverage and background answers, to apply for carrier appointments.',
    'Bank routing and account numbers for commission direct deposit, encrypted at rest and masked.',
    'Uploaded documents (W-9, E&O certificate, voided check, licence copies), checked by content and stored with their SHA-256.',
    'Sign-in and activity records: the IP address, browser and time of each sign-in and of each view, change or download of client and application data, kept in a tamper-evident audit log.',
  ],
  complianceRequirements: [
    'NY DFS Cybersecurity Regulation (23 NYCRR Part 500): multi-factor authentication for every user, audit trails of access to nonpublic information, encryption of nonpublic information and limits on its retention.',
    'NAIC Insurance Data Security Model Law (#668) as adopted by your state: an information security program, access controls, audit trails and notification of cybersecurity events.',
    'Gramm-Leach-Bliley Act and the FTC Safeguards Rule: safeguarding customers\u2019 nonpublic personal information and disclosing it only as the law allows.',
    'State producer licensing laws: you may transact insurance only in states and lines for which you are licensed and, where required, appointed by the carrier.',
    'Record retention: audit records are kept for the agency\u2019s retention period (7 years unless the agency sets another), after which their personal details are removed while the audit chain stays verifiable.',
    'Electronic Signatures in Global and National Commerce Act (ESIGN) and the Uniform Electronic Transactions Act as adopted by your state, for electronic signatures and records.',
  ],
  electronicSignatureConsent:
    'You agree to sign applications, appointment forms and related documents electronically, and that your electronic signature has the same legal effect as a handwritten one under the ESIGN Act (15 U.S.C. 7001 et seq.) and your state\u2019s Uniform Electronic Transactions Act. You consent to receive records and notices electronically. You may withdraw this consent at any time by telling your agency in writing, after which documents will be signed on paper; withdrawing does not affect documents already signed. To use electronic records you need a current web browser and a way to save or print PDF and JSON files; the signed documents can be downloaded from the product.',
  complianceLinks: [
    {
      title: 'NY DFS Cybersecurity Regulation (23 NYCRR 500)',
      description:
        'The New York Department of Financial Services\u2019 cybersecurity requirements for licensees.',
      url: 'https://www.dfs.ny.gov/industry_guidance/cybersecurity',
    },
    {
      title: 'NAIC Insurance Data Security Model Law (#668)',
      description: 'The model law most states have adopted for insurance licensees\u2019 data security.',
      url: 'https://content.naic.org/sites/default/files/model-law-668.pdf',
    },
    {
      title: 'Gramm-Leach-Bliley Act (FTC)',
      description: 'The Federal Trade Commission\u2019s guidance on the GLBA privacy and safeguards rules.',
      url: 'https://www.ftc.gov/business-guidance/privacy-security/gramm-leach-bliley-act',
    },
    {
      title: 'ESIGN Act, 15 U.S.C. 7001',
      description: 'The federal law giving electronic signatures and records legal effect.',
      url: 'https://www.law.cornell.edu/uscode/text/15/7001',
    },
    {
      title: 'State insurance departments (NAIC)',
      description: 'Find the regulator that licenses producers in each state.',
      url: 'https://content.naic.org/state-insurance-departments',
    },
    {
      title: 'National Insurance Producer Registry (NIPR)',
      description: 'Look up and renew producer licences and appointments across states.',
      url: 'https://nipr.com/',
    },
  ],
  fullTermsContent: `Terms of Use for Agents, version 1.0, effective January 1, 2026.

1. Who these terms are for. They apply to every user of the back office: licensed insurance agents and the staff of their agency. Your agency is responsible for the accounts it creates.

2. What the product is for. It is used to keep client records, prepare insurance applications and send them to carriers, apply for carrier appointments and keep the records regulators expect. It is not to be used for any other purpose.

3. Your representations. You confirm that you are licensed, and where required appointed, for the states and lines in which you act; that you enter a client's information only with the client's consent and to obtain or service insurance; that what you submit to carriers is true and complete to the best of your knowledge; and that you keep your E&O coverage in force.

4. Data you enter. Client and agent data belong to your agency. Social Security numbers, driver's licence numbers and bank details are encrypted at rest and shown masked; revealing one is recorded. Do not enter data you are not entitled to hold.

5. Security. Keep your password secret, use two-factor sign-in, and sign out on shared devices. Tell your agency at once if you believe your account or a client's data has been exposed; the agency must assess it and, where the law requires (for example within 72 hours under NY DFS Part 500), notify the regulator.

6. Audit records. Every sign-in and every view, change, download and export of client or application data is recorded with the time, the user, the IP address and the browser, in a log whose events are chained by SHA-256: the integrity check names an event that was altered, removed or reordered, and a signed checkpoint kept off the machine shows whether the log was rewritten as a whole. Agency administrators can review the whole agency's log; agents can review their own activity.

7. Retention. Audit records are kept for the agency's retention period, 7 years unless the agency sets another. After it, their personal details (the event's details, IP address and browser) are removed and replaced by a tombstone that keeps the log verifiable. Client and application records are the agency's book of business and are kept until the agency deletes them.

8. Electronic signatures and records. You agree to sign and receive documents electronically under the ESIGN Act and your state's Uniform Electronic Transactions Act, as described in the electronic signature consent above.

9. Carriers and third parties. Applications and appointment packets go only to the carriers you choose. Carriers handle the data under their own privacy notices and the Gramm-Leach-Bliley Act.

10. Suspension. Your agency may suspend your access, and ending your access ends all your sessions. Records you created remain with the agency.

11. Changes. New versions of these terms take effect on the date they show; you will be asked to accept them.`,
}
