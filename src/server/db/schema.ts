// Every table, for drizzle-kit and the typed query builder. Add a feature's table file here.
export * from '../features/agencies/agencies.table.ts'
export * from '../features/auth/auth.table.ts'
export * from '../features/billing/billing.table.ts'
export * from '../features/notifications/notifications.table.ts'
export * from '../platform/audit.table.ts'
export * from '../platform/jobs.table.ts'
export * from '../platform/mail.table.ts'
