// npm run user:role -- <email> <role>: gives an existing user a role, e.g. the business owner
// platform_owner after signing up. A changed role ends the user's sessions. Runs against the same database as the app (DATA_DIR or DATABASE_URL).
import { loadConfig } from '#server/config.ts'
import { openDatabase } from '#server/db/connect.ts'
import { DataDirInUseError } from '#server/db/data-dir-lock.ts'
import { setUserRole } from '#server/features/auth/auth.service.ts'
import { AppError } from '#server/platform/app-error.ts'
import { ROLES, type Role } from '#shared/domain/roles.ts'

const [email, role] = process.argv.slice(2)
if (!email || !role || !ROLES.includes(role as Role)) {
  console.error(`Usage: npm run user:role -- <email> <${ROLES.join('|')}>`)
  process.exit(2)
}

// On the embedded database a running app holds DATA_DIR: refused with its pid (data-dir-lock.ts).
const database = await openDatabase(loadConfig()).catch((error: unknown) => {
  if (!(error instanceof DataDirInUseError)) throw error
  console.error(error.message)
  process.exit(1)
})
try {
  await database.migrate()
  const { user, sessionsEnded } = await setUserRole(database.db, email, role as Role)
  const signedOut = sessionsEnded === 1 ? '1 session was ended' : `${sessionsEnded} sessions were ended`
  console.log(`${user.email} is now ${role}; ${signedOut}, so they sign in again as ${role}.`)
} catch (error) {
  console.error(error instanceof AppError ? error.message : error)
  process.exitCode = 1
} finally {
  await database.close()
}
