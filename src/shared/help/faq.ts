/**
 * The FAQ (spec part 3 §2): six categories of four questions, answered about this product as it
 * works. The spec's claims appear only where they hold here (decision 017). The assistant searches
 * these with the help articles and links to each entry as /faq#<id>.
 */
export interface FaqEntry {
  id: string
  question: string
  answer: string
}

export interface FaqCategory {
  id: string
  label: string
  entries: readonly FaqEntry[]
}

export const FAQ_TEXTS = {
  title: 'FAQ',
  subtitle: 'Answers to common questions about the platform',
  searchLabel: 'Search the FAQ',
  searchPlaceholder: 'Search questions and answers...',
  noResults: 'No FAQ entries found',
  resultCount: (count: number) => `${count} ${count === 1 ? 'result' : 'results'} found`,
  emailSupportTitle: 'Email Support',
  emailSupport:
    "Can't find your answer? Write to our support team and we'll get back to you within 24 hours.",
  guidesTitle: 'How-to guides',
} as const

const q = (id: string, question: string, answer: string): FaqEntry => ({ id, question, answer })

export const FAQ_CATEGORIES: readonly FaqCategory[] = [
  {
    id: 'getting-started',
    label: 'Getting Started',
    entries: [
      q(
        'faq-get-started',
        'How do I get started?',
        'Sign up, choose a plan (Free includes 5 applications a month), then add your clients from Clients › Add Client or import them from a spreadsheet on Client Import. From there, New Application walks you through an application in four steps: insurance type, client, coverage and carriers.',
      ),
      q(
        'faq-add-clients',
        'How do I add my clients?',
        'One at a time with Add Client on the Clients page, or many at once on Client Import: download the template, fill it in and upload a CSV, XLSX or XLS file of up to 10 MB. Rows whose email is already in your agency are listed as duplicates instead of being added twice.',
      ),
      q(
        'faq-application-time',
        'How long does an application take?',
        'Usually 5-10 minutes. The four steps ask for the insurance type, the client (pick an existing one or enter a new one), the coverage details for that type, and the carriers to send it to. Form suggestions fill the city and state from a ZIP code and the model year and maker from a VIN.',
      ),
      q(
        'faq-demo',
        'Can I try the platform before signing up?',
        'Yes. Press Try Demo Account on the sign-in page: it opens a demo agency with sample clients, applications, appointments and an assistant conversation, so every screen has something to show.',
      ),
    ],
  },
  {
    id: 'carriers-applications',
    label: 'Carriers & Applications',
    entries: [
      q(
        'faq-carrier-count',
        'How many carriers can I submit to?',
        "The carrier catalogue lists 95 carriers (93+), across auto, property, life, commercial and healthcare; the Carriers page shows each one's lines, states and status. An agency admin can add the agency's own carriers and switch any carrier off for the agency.",
      ),
      q(
        'faq-submission',
        'How are applications sent to carriers?',
        'Each carrier gets the application by its own method: carriers with an API connection receive a signed request, email carriers receive the application packet (a PDF) by email, and PDF or manual carriers get a packet and a task for you to send it. You can send to specific carriers, to every carrier matching filters, or to all matching carriers.',
      ),
      q(
        'faq-carrier-response',
        'How long do carriers take to respond?',
        "That depends on the carrier. The application's status changes as soon as a carrier reports back through its API, or when an agency admin records an answer that came by email or phone, and you get a notification each time.",
      ),
      q(
        'faq-statuses',
        'What do the application statuses mean?',
        'Draft: not sent yet. Pending: sent and waiting. Review: the carrier is reviewing it. Approved and Rejected are the answers. A rejected application can be reopened as a draft; an approval is final.',
      ),
    ],
  },
  {
    id: 'compliance-security',
    label: 'Compliance & Security',
    entries: [
      q(
        'faq-data-protection',
        'How is my clients’ data protected?',
        "Social Security numbers, driver's license numbers and bank account numbers are encrypted at rest (AES-256-GCM) and shown masked. Revealing one takes a deliberate click and is written to the audit trail. Every change to a record is audited too.",
      ),
      q(
        'faq-retention',
        'How long are records kept?',
        "Audit records are kept for your agency's retention period: 7 years unless an admin changes it (1 to 100 years) on Compliance › Terms & Compliance. Client and application records are never deleted automatically.",
      ),
      q(
        'faq-audit-trail',
        'Is there an audit trail?',
        'Yes. Every change, sign-in and view of sensitive data is recorded with who, when and from where. Compliance › Audit History lists and filters it and exports it as CSV, and admins can verify that no record was altered or removed.',
      ),
      q(
        'faq-two-factor',
        'Can I turn on two-factor sign-in?',
        'Yes: Settings › Security sets up an authenticator app and gives you ten single-use recovery codes. An agency admin can require two-factor sign-in for everyone in the agency.',
      ),
    ],
  },
  {
    id: 'billing-subscriptions',
    label: 'Billing & Subscriptions',
    entries: [
      q(
        'faq-plans',
        'What plans are there?',
        'Free (5 applications a month), Starter (50, $29.99 a month), Professional (200, $49.99), Enterprise (1,000, $64.99) and Executive (10,000, $424.99), billed monthly or yearly. The Subscription page compares them.',
      ),
      q(
        'faq-quota',
        'What happens when I reach my monthly application limit?',
        'Each application counts against the calendar month (UTC). Once the limit is reached, new applications are refused with a message naming your plan until the next month or until you upgrade; drafts and clients are unaffected.',
      ),
      q(
        'faq-change-plan',
        'How do I change my plan?',
        'On the Subscription page, choose the plan and the billing period. If this installation has no payment processor configured, checkout runs in test mode and says so: no card is charged.',
      ),
      q(
        'faq-refund',
        'Can I get a refund?',
        'Write to us from the Contact page with the category Billing and we will look at your account. Refunds are handled by our support team, not automatically.',
      ),
    ],
  },
  {
    id: 'technical-support',
    label: 'Technical Support',
    entries: [
      q(
        'faq-file-limits',
        'Which files can I upload?',
        'Client imports: CSV, XLSX or XLS files under 10 MB. Appointment documents: PDF, JPEG or PNG, 2 to 10 MB depending on the document. Branding logos: PNG or JPG up to 2 MB. Every file is checked by its content, not its name.',
      ),
      q(
        'faq-password',
        'I forgot my password. What can I do?',
        'There is no self-service password reset yet. If you signed up with Google, use Continue with Google. Otherwise write to us from the Contact page (you can do so without signing in) and we will help you back in.',
      ),
      q(
        'faq-browsers',
        'Which browsers and devices are supported?',
        'Current versions of Chrome, Edge, Firefox and Safari, on a computer or a phone: every screen works from 390 pixels wide.',
      ),
      q(
        'faq-missing-email',
        "Why didn't an email arrive?",
        'If this installation has no mail server (SMTP) configured, emails are kept in the Outbox (in the menu) instead of being sent: look there first. Otherwise check the spam folder, and the Notifications tab of Settings for the kinds of email you receive.',
      ),
    ],
  },
  {
    id: 'common-issues',
    label: 'Common Issues',
    entries: [
      q(
        'faq-duplicate-email',
        "Why can't I add a client with this email?",
        'A client’s email is unique within your agency, whatever its capitals: the client is already on file. Search for the email on the Clients page.',
      ),
      q(
        'faq-submission-failed',
        'Why does a carrier show Submission Failed?',
        "The carrier's system refused the application or could not be reached. Temporary failures are retried automatically; a refusal shows the carrier's reason, and you can retry from the application once it is fixed.",
      ),
      q(
        'faq-partial-import',
        'Why were only some rows of my import added?',
        'The results list each row that was not added: duplicates (the email is already in your agency) and errors, with the row number and the reason. Fix those rows and import the file again; rows already in are skipped.',
      ),
      q(
        'faq-signed-out',
        'Why was I signed out?',
        'By default a session ends after 30 minutes without activity and 12 hours after sign-in, and changing your password ends your other sessions. Sign in again to carry on.',
      ),
    ],
  },
]

export const FAQ_ENTRIES: readonly FaqEntry[] = FAQ_CATEGORIES.flatMap((category) => category.entries)

/** Case-insensitive match on the question or the answer, across every category (spec §2). */
export function searchFaq(query: string): FaqEntry[] {
  const needle = query.trim().toLowerCase()
  if (!needle) return [...FAQ_ENTRIES]
  return FAQ_ENTRIES.filter(
    (entry) => entry.question.toLowerCase().includes(needle) || entry.answer.toLowerCase().includes(needle),
  )
}
