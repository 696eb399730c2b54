/**
 * Short how-to guides, shown under the FAQ and searched by the built-in assistant with the FAQ
 * entries. Each names the screen it is about; the assistant cites it as /faq#<id>.
 */
export interface HelpArticle {
  id: string
  title: string
  /** The screen the guide is about. */
  screen: { label: string; path: string }
  body: string
}

const a = (id: string, title: string, screen: [string, string], body: string): HelpArticle => ({
  id,
  title,
  screen: { label: screen[0], path: screen[1] },
  body,
})

export const HELP_ARTICLES: readonly HelpArticle[] = [
  a(
    'guide-assistant',
    'Using the assistant',
    ['Dashboard', '/'],
    "The assistant button at the bottom right of every screen opens a chat. Without an AI model configured, the built-in assistant answers: product questions from this FAQ and these guides, with a link to the entry it used, and questions about your agency's own data read from the database: how many clients and applications you have, recent clients and applications, applications by status, active carriers, and how many applications your plan has left this month. Each answer says which assistant gave it. Conversations are kept per user; minimize the chat to keep it at hand.",
  ),
  a(
    'guide-form-suggestions',
    'Form suggestions',
    ['Clients', '/clients'],
    "While you fill in a client or an application, the assistant suggests values with how sure it is and what it was based on: the city and state of a ZIP code, the model year and maker of a VIN (after checking the VIN's check digit), and for auto applications a coverage type, deductible and liability limit from documented rules using the vehicle's age, the client's budget, income and home. Up to three show at a time; Accept fills the field.",
  ),
  a(
    'guide-import-clients',
    'Importing clients from a spreadsheet',
    ['Client Import', '/client-import'],
    'Download the template (XLSX or CSV), keep its header row, and fill in one client per row: first name, last name, email and phone are required. Upload the file (CSV, XLSX or XLS, up to 10 MB). The results show how many rows were imported, the duplicates that were skipped and every row with an error.',
  ),
  a(
    'guide-new-application',
    'Creating and sending an application',
    ['Applications', '/applications?new=1'],
    'New Application opens a four-step wizard: choose the insurance type, pick or enter the client, fill in the coverage details, then choose carriers: specific carriers, every carrier matching your price and rating filters, or all matching carriers. Each application counts against your plan’s monthly limit.',
  ),
  a(
    'guide-bulk-submission',
    'Smart bulk submission',
    ['Dashboard', '/'],
    'Smart Submit scores the carriers that fit a client profile and coverage need, shows a match score, an estimated yearly quote and the reasons for each, and sends the application to the carriers you select, reporting the outcome per carrier.',
  ),
  a(
    'guide-appointments',
    'Carrier appointments',
    ['Appointments', '/appointments'],
    'Fill in the universal appointment application once (it is prefilled from your last one), upload the required documents (W-9, E&O certificate, voided check), sign, and send the packet to each carrier you choose. Each carrier’s status shows under Application History.',
  ),
  a(
    'guide-outbox',
    'Where emails wait: the Outbox',
    ['Outbox', '/outbox'],
    'Every email the platform sends is recorded. When no mail server (SMTP) is configured, emails are kept in the Outbox instead of being sent, so nothing is lost: email submissions to carriers wait there for you to forward.',
  ),
  a(
    'guide-audit-history',
    'Reviewing the audit history',
    ['Compliance', '/compliance'],
    'Compliance › Audit History lists who did what and when, newest first. Filter by user, action, record or date, open an application’s own trail, export the list as CSV, and (admins) verify the integrity of the log.',
  ),
  a(
    'guide-contact-support',
    'Contacting support',
    ['Contact', '/contact'],
    'The Contact page sends your message to our support team and emails you a confirmation with a reference number. We aim to answer general inquiries within 24-48 hours, technical support in 4-8 hours, bug reports in 2-4 hours and urgent issues in 1-2 hours.',
  ),
]
