// What the weekly report reads: an agency's week in counts, and who wants the report.
export {
  agenciesWantingWeekly,
  countAgencyWeek,
  type Period,
  type WeeklyCounts,
  weeklyRecipients,
} from './weekly-report.repository.ts'
